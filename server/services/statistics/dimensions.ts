/**
 * The filter dimensions of a respondent, from the few columns of their response they are
 * computed from. The statistics SQL groups respondents by these source columns (integers, so
 * the grouping is cheap) and the groups are turned into dimension keys here, once per group.
 */

export const PREFER_NOT_CODE = 'prefer_not';
export const UNKNOWN = 'unknown';

/** Five-year bands (SPEC section 9: the range helper rounds to multiples of 5). */
export const AGE_BANDS = ['0-14', ...Array.from({ length: 10 }, (_, i) => `${15 + i * 5}-${19 + i * 5}`), '65+'] as const;

/** Birth years of the generations (Pew Research Center's boundaries). */
export const GENERATION_YEARS = [
  ['Gen X', 1965, 1980],
  ['Gen Y', 1981, 1996],
  ['Gen Z', 1997, 2012],
] as const;

export const LGBTIQ_ORIENTATIONS: readonly string[] = ['gay_lesbian', 'bisexual', 'other'];

/** Filter dimensions, named as the filter keys. */
export const DIMENSION_NAMES = ['gender', 'position-level', 'age-range', 'generation', 'disability', 'lgbtiq'] as const;

/** The response columns every filter dimension is computed from, in the order the SQL selects them. */
export const DIMENSION_SOURCES = ['gender_id', 'position_level_id', 'birth_year', 'disability_id', 'sexual_orientation_id'] as const;

export type DimensionSource = Readonly<Record<(typeof DIMENSION_SOURCES)[number], number | null>>;

export const ageBandOf = (birthYear: number | null, year: number): string => {
  if (birthYear === null) return UNKNOWN;
  const age = year - birthYear;
  if (age >= 65) return '65+';
  if (age < 15) return '0-14';
  const low = Math.floor(age / 5) * 5;
  return `${low}-${low + 4}`;
};

export const generationOf = (birthYear: number | null): string => {
  if (birthYear === null) return UNKNOWN;
  return GENERATION_YEARS.find(([, from, to]) => birthYear >= from && birthYear <= to)?.[0] ?? 'other';
};

/**
 * The dimension keys of a group of respondents. `codeOf` gives a lookup item's code by id
 * (disability, sexual orientation and gender are read by their codes).
 */
export const dimensionKeysOf = (source: DimensionSource, year: number, codeOf: (id: number) => string | undefined): Record<string, string> => {
  const code = (id: number | null) => (id === null ? undefined : codeOf(id));
  const disability = code(source.disability_id);
  const orientation = code(source.sexual_orientation_id);
  const lgbtiq =
    (orientation !== undefined && LGBTIQ_ORIENTATIONS.includes(orientation)) || code(source.gender_id) === 'non_binary'
      ? 'yes'
      : orientation === 'straight'
        ? 'no'
        : UNKNOWN;
  return {
    gender: source.gender_id === null ? UNKNOWN : String(source.gender_id),
    'position-level': source.position_level_id === null ? UNKNOWN : String(source.position_level_id),
    'age-range': ageBandOf(source.birth_year, year),
    generation: generationOf(source.birth_year),
    disability: disability === undefined || disability === PREFER_NOT_CODE ? UNKNOWN : disability === 'none' ? 'no' : 'yes',
    lgbtiq,
  };
};

export type DimensionName = (typeof DIMENSION_NAMES)[number];
export type DimensionSourceName = (typeof DIMENSION_SOURCES)[number];

/** The response columns each filter dimension is computed from. */
const SOURCES_OF: Readonly<Record<DimensionName, readonly DimensionSourceName[]>> = {
  gender: ['gender_id'],
  'position-level': ['position_level_id'],
  'age-range': ['birth_year'],
  generation: ['birth_year'],
  disability: ['disability_id'],
  lgbtiq: ['sexual_orientation_id', 'gender_id'],
};

/** The source columns a breakdown by `by` groups on, in DIMENSION_SOURCES order. */
export const sourcesOf = (by: readonly DimensionName[]): DimensionSourceName[] => {
  const needed = new Set(by.flatMap((name) => SOURCES_OF[name]));
  return DIMENSION_SOURCES.filter((name) => needed.has(name));
};

export const isDimensionName = (name: string): name is DimensionName => (DIMENSION_NAMES as readonly string[]).includes(name);

/** Dimensions an administrator's staff file holds (domain/stats/blocks.ts): they decide which release blocks a selection covers. */
export const STAFF_DIMENSIONS: readonly DimensionName[] = ['gender', 'position-level', 'age-range', 'generation'];

export const isStaffDimension = (name: string): boolean => (STAFF_DIMENSIONS as readonly string[]).includes(name);
