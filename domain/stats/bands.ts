/**
 * Percentile bands of a benchmark (Benchmark → Internal): the median and the P10–P90 band of
 * one metric across groups, and where one group stands. Pure maths over figures that were
 * released already (each group's value comes from disclosure-controlled counts), so the bands
 * add no new information about people: they are order statistics of released numbers.
 *
 * Quantiles interpolate linearly between order statistics (Hyndman and Fan's type 7, the
 * default of R and of spreadsheets' PERCENTILE.INC): for n sorted values x(0) ≤ … ≤ x(n-1), the
 * p-quantile is x(h) with h = p·(n − 1), interpolated between the two neighbours of h.
 */

export interface Band {
  /** How many values the band is made of. */
  readonly n: number;
  readonly p10: number;
  readonly median: number;
  readonly p90: number;
}

/** Values below this many make no band (one group is its own median). */
export const BAND_MIN_VALUES = 2;

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** The p-quantile (0 ≤ p ≤ 1) of values already sorted ascending; NaN for none. */
export const quantileSorted = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const h = Math.min(Math.max(p, 0), 1) * (sorted.length - 1);
  const low = Math.floor(h);
  const high = Math.ceil(h);
  const a = sorted[low]!;
  const b = sorted[high]!;
  return a + (h - low) * (b - a);
};

const finite = (values: readonly (number | null)[]): number[] => values.filter((value): value is number => value !== null && Number.isFinite(value));

/** The median and P10–P90 band of the values given (nulls left out), rounded to 3 decimals; null below BAND_MIN_VALUES. */
export const bandOf = (values: readonly (number | null)[]): Band | null => {
  const sorted = finite(values).sort((x, y) => x - y);
  if (sorted.length < BAND_MIN_VALUES) return null;
  return { n: sorted.length, p10: round3(quantileSorted(sorted, 0.1)), median: round3(quantileSorted(sorted, 0.5)), p90: round3(quantileSorted(sorted, 0.9)) };
};

/**
 * Rank of `value` among `values` (nulls left out), 1 for the highest; ties share the better
 * rank (1, 2, 2, 4). Null when the value is itself null.
 */
export const rankOf = (values: readonly (number | null)[], value: number | null): number | null =>
  value === null || !Number.isFinite(value) ? null : finite(values).filter((other) => other > value).length + 1;

/** Where a value sits against a band: below P10, within P10–P90, or above P90. */
export const placeOf = (band: Band, value: number): 'below' | 'within' | 'above' => (value < band.p10 ? 'below' : value > band.p90 ? 'above' : 'within');

/** The pooled benchmark across organisations is shown only when at least this many contribute (issue 15). */
export const POOL_MIN_ORGANIZATIONS = 10;

export interface Contribution {
  /** The organisation's released respondents. */
  readonly respondents: number;
  /** Its released value of the metric, or null when withheld. */
  readonly value: number | null;
}

/**
 * The pooled band of one metric across organisations: only organisations with at least k
 * released respondents and a released value count, and with fewer than POOL_MIN_ORGANIZATIONS
 * of them there is no band at all (null), so no one organisation's figure can be read back.
 */
export const pooledBandOf = (contributions: readonly Contribution[], k: number): Band | null => {
  const counted = contributions.filter((item) => item.respondents >= k && item.value !== null && Number.isFinite(item.value));
  if (counted.length < POOL_MIN_ORGANIZATIONS) return null;
  return bandOf(counted.map((item) => item.value));
};
