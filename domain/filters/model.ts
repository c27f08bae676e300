import * as t from 'io-ts';

/** The dashboard filters of SPEC section 3, in the order the filter panel shows them. */
export const FILTER_KEYS = ['position-level', 'gender', 'age-range', 'disability', 'lgbtiq', 'generation', 'date-tag'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const GENERATIONS = ['Gen X', 'Gen Y', 'Gen Z'] as const;
export const Generation = t.keyof({ 'Gen X': null, 'Gen Y': null, 'Gen Z': null });

export const Filters = t.partial({
  'position-level': t.array(t.string),
  gender: t.array(t.string),
  /** 'low-high', e.g. '25-34' */
  'age-range': t.string,
  disability: t.string,
  lgbtiq: t.string,
  generation: t.array(Generation),
  'date-tag': t.string,
});
export type Filters = t.TypeOf<typeof Filters>;

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The number shown on the Apply filter badge: each filter with a value counts once. */
export const countActiveFilters = (filters: Filters): number =>
  FILTER_KEYS.filter((key) => !isEmpty(filters[key])).length;

/** Drops empty values so that two equal selections compare and encode the same way. */
export const normaliseFilters = (filters: Filters): Filters => {
  const out: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (!isEmpty(filters[key])) out[key] = filters[key];
  return out as Filters;
};

const AGE_RANGE = /^(\d{1,3})-(\d{1,3})$/;

/** Why a selection cannot be applied, or null when it can. */
export const filterProblem = (filters: Filters): string | null => {
  const range = filters['age-range'];
  if (range !== undefined && range !== '') {
    const match = AGE_RANGE.exec(range);
    if (!match) return 'The age range must look like 25-34.';
    if (Number(match[1]) > Number(match[2])) return 'The age range must start below its end.';
  }
  return null;
};
