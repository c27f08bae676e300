import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { FilterQuery } from './filterQuery';
import type { StatisticsEndpoint } from './statistics';

/**
 * Benchmark → Internal (`POST /benchmark/internal/process`, SPEC section 7): every group and
 * sub-group the caller may see, measured on the same metrics, with the median and P10–P90 band
 * of each metric across the groups (domain/stats/bands.ts).
 *
 * Every group value is computed from released figures of that group alone (the cell key
 * method, k checked: server/services/statistics/benchmark.ts), so the bands are order
 * statistics of numbers the dashboards would release anyway. A group whose respondents are
 * below k is named in `leftOut` and has no figure at all. The query is the dashboard filters;
 * there is no body.
 */

/** How a metric is written: a share in percent (one decimal), an index from 0 to 1, a number of groups, or people. */
export const MetricKind = t.keyof({ percent: null, index: null, groups: null, count: null });
export type MetricKind = t.TypeOf<typeof MetricKind>;

export const BENCHMARK_METRICS = [
  ['participation', 'percent'],
  ['respondents', 'count'],
  ['index_overall', 'index'],
  ['index_heritage', 'index'],
  ['index_country', 'index'],
  ['index_language', 'index'],
  ['index_worldview', 'index'],
  ['groups_heritage', 'groups'],
  ['groups_country', 'groups'],
  ['groups_language', 'groups'],
  ['groups_worldview', 'groups'],
  ['born_abroad', 'percent'],
  ['multilingual', 'percent'],
  ['long_term_condition', 'percent'],
  ['lgbtiq', 'percent'],
  ['women', 'percent'],
  ['women_managers', 'percent'],
  ['tertiary', 'percent'],
  ['prefer_not_religion', 'percent'],
  ['prefer_not_sexual_orientation', 'percent'],
] as const satisfies readonly (readonly [string, MetricKind])[];

export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number][0];
export const BenchmarkMetric = t.keyof(Object.fromEntries(BENCHMARK_METRICS.map(([key]) => [key, null])) as Record<BenchmarkMetric, null>);
export const metricKind = (metric: BenchmarkMetric): MetricKind => BENCHMARK_METRICS.find(([key]) => key === metric)![1];

const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** One group's values: null where the figure behind it is withheld (e.g. LGBTIQ+ below 10) or has no meaning (no seats). */
export const BenchmarkValues = t.record(BenchmarkMetric, Nullable(t.number));
export type BenchmarkValues = t.TypeOf<typeof BenchmarkValues>;

export const BenchmarkGroup = t.strict({
  id: t.string,
  name: t.string,
  /** The group of a sub-group; null for a group. */
  parentId: Nullable(t.string),
  values: BenchmarkValues,
});
export type BenchmarkGroup = t.TypeOf<typeof BenchmarkGroup>;

export const Band = t.strict({ n: t.number, p10: t.number, median: t.number, p90: t.number });
export type Band = t.TypeOf<typeof Band>;

export const BenchmarkBand = t.strict({ metric: BenchmarkMetric, band: Nullable(Band) });
export type BenchmarkBand = t.TypeOf<typeof BenchmarkBand>;

export const LeftOut = t.strict({ id: t.string, name: t.string });

/**
 * Size bands of the pooled benchmark, by the organisation's seats (its package's capacity):
 * organisations are pooled with those of the same industry and band.
 */
export const SIZE_BANDS = [
  ['1-49', 1, 49],
  ['50-249', 50, 249],
  ['250-999', 250, 999],
  ['1000+', 1000, Number.POSITIVE_INFINITY],
] as const;
export const sizeBandOf = (seats: number): string => (SIZE_BANDS.find(([, low, high]) => seats >= low && seats <= high) ?? SIZE_BANDS[0])[0];

/**
 * The opt-in pooled benchmark: the median and P10–P90 of the whole organisations of the same
 * industry and size band that agreed to pool, shown only when at least 10 of them (this one
 * included) contribute, each with at least k respondents (domain/stats/bands.ts: pooledBandOf).
 * 'off': this organisation does not pool (it sees the pool only if it gives to it);
 * 'too_few': fewer than 10 contribute.
 */
export const PooledBenchmark = t.union([
  t.strict({ status: t.literal('off') }),
  t.strict({ status: t.literal('too_few'), industry: Nullable(t.string), sizeBand: t.string }),
  t.strict({ status: t.literal('shown'), industry: t.string, sizeBand: t.string, organizations: t.number, bands: t.array(BenchmarkBand) }),
]);
export type PooledBenchmark = t.TypeOf<typeof PooledBenchmark>;

export const BenchmarkData = t.strict({
  /** The minimum group size that applied. */
  k: t.number,
  groups: t.array(BenchmarkGroup),
  bands: t.array(BenchmarkBand),
  /** Groups with fewer than k respondents, refused by the hourly allowance or too close to another group: named, never measured. */
  leftOut: t.array(LeftOut),
  pooled: PooledBenchmark,
});
export type BenchmarkData = t.TypeOf<typeof BenchmarkData>;

export const benchmarkProcess: StatisticsEndpoint<typeof BenchmarkData> = {
  ...endpoint({ method: 'POST', path: '/benchmark/internal/process', query: FilterQuery, data: BenchmarkData }),
  filtered: true,
};

/** Administrator only, audited: whether the organisation pools its whole-organisation figures with its peers (off by default). */
export const benchmarkPooling = endpoint({
  method: 'POST',
  path: '/benchmark/pooling',
  body: t.strict({ pooling: t.boolean }),
  data: t.strict({ pooling: t.boolean }),
  primary: true,
});
