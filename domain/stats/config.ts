/**
 * Minimum group sizes (DESIGN section 5). The configured minimum can only be raised: below the
 * default of 5 a single answer is too easy to single out. A filter on a special-category
 * dimension (religion or worldview, ethnicity or cultural heritage, sexual orientation,
 * disability: GDPR article 9) raises it to at least 10, because such a selection already says
 * something sensitive about everyone in it.
 */

export const DEFAULT_MIN_GROUP_SIZE = 5;
export const SPECIAL_CATEGORY_MIN_GROUP_SIZE = 10;

/**
 * Dimension names (filter keys, question and table names of SPEC sections 3 and 7) that hold
 * special-category data, by category.
 */
export const SPECIAL_CATEGORIES = {
  religion: ['worldview', 'worldviews', 'religion', 'branch', 'branches', 'denomination', 'denominations'],
  ethnicity: [
    'ethnicity',
    'ethnicities',
    'heritage',
    'cultural-heritage',
    'cultural-families',
    'cultural-family',
    'ethnic-region',
    'ethnic-regions',
    'culture-belong',
    'culture-identity',
    'appearance',
    'appearances',
  ],
  sexualOrientation: ['lgbtiq', 'sexual-orientation', 'sexual-orientations'],
  disability: ['disability', 'disabilities'],
} as const;

export const SPECIAL_CATEGORY_DIMENSIONS: readonly string[] = Object.values(SPECIAL_CATEGORIES).flat();

const SPECIAL = new Set(SPECIAL_CATEGORY_DIMENSIONS);

export const isSpecialCategory = (dimension: string): boolean => SPECIAL.has(dimension);

export interface DisclosureConfig {
  /** k for ordinary selections; at least DEFAULT_MIN_GROUP_SIZE. */
  readonly minGroupSize: number;
}

/** Why a configured minimum is refused, or null when it is acceptable. */
export const minGroupSizeProblem = (value: number): string | null => {
  if (!Number.isInteger(value)) return 'The minimum group size must be a whole number.';
  if (value < DEFAULT_MIN_GROUP_SIZE) return `The minimum group size cannot be below ${DEFAULT_MIN_GROUP_SIZE}.`;
  return null;
};

/** Builds a configuration; throws a RangeError for a minimum below the default (configurable upward only). */
export const disclosureConfig = (minGroupSize: number = DEFAULT_MIN_GROUP_SIZE): DisclosureConfig => {
  const problem = minGroupSizeProblem(minGroupSize);
  if (problem !== null) throw new RangeError(problem);
  return { minGroupSize };
};

export const defaultDisclosureConfig: DisclosureConfig = disclosureConfig();

const isActive = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * k for a request: the configured minimum, or at least 10 when any active filter is a
 * special-category dimension. `extraDimensions` names what the statistic itself breaks down
 * by, for callers that want the higher threshold there too (not required by the SPEC).
 */
export const thresholdFor = (
  filter: Readonly<Record<string, unknown>>,
  config: DisclosureConfig = defaultDisclosureConfig,
  extraDimensions: readonly string[] = [],
): number => {
  const problem = minGroupSizeProblem(config.minGroupSize);
  if (problem !== null) throw new RangeError(problem);
  const special =
    Object.entries(filter).some(([key, value]) => isSpecialCategory(key) && isActive(value)) ||
    extraDimensions.some(isSpecialCategory);
  return special ? Math.max(config.minGroupSize, SPECIAL_CATEGORY_MIN_GROUP_SIZE) : config.minGroupSize;
};
