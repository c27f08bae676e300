import { type BenchmarkData, type BenchmarkMetric, metricKind } from '../contracts/benchmark';

/**
 * What the report's one-page summary says, chosen from released figures only: the largest
 * differences between the organisation and its census, and between its groups and the median
 * of the groups (Benchmark → Internal). The service words them in the reader's language.
 */

/** One compared category of a census pillar, as mutuality/data releases it. */
export interface CensusValue {
  readonly label: string;
  readonly share: number;
  readonly census: number;
  readonly listed: boolean;
}

export interface CensusPillar {
  readonly pillar: string;
  readonly status: number;
  readonly values?: readonly CensusValue[];
}

export interface CensusGap extends CensusValue {
  readonly pillar: string;
  /** Share minus census, in points. */
  readonly gap: number;
}

/** The `count` categories whose share differs most from the census (either way), largest first. */
export const largestCensusGaps = (pillars: readonly CensusPillar[], count = 3): CensusGap[] =>
  pillars
    .flatMap((pillar) => (pillar.status === 200 ? (pillar.values ?? []).map((value) => ({ ...value, pillar: pillar.pillar, gap: value.share - value.census })) : []))
    // A category the organisation's figures do not list has a share of 0 for the maths only: it is not a finding.
    .filter((value) => value.listed && Number.isFinite(value.gap))
    .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap) || a.label.localeCompare(b.label))
    .slice(0, count);

export interface BenchmarkGap {
  readonly group: string;
  readonly metric: BenchmarkMetric;
  readonly value: number;
  readonly median: number;
  /** How many groups the median is taken over. */
  readonly groups: number;
}

/**
 * The `count` largest differences between a group's share and the median share of the groups
 * (shares in percent only: points are comparable across metrics, indexes and counts are not).
 * One finding per group, so a single unusual group does not fill the summary.
 */
export const largestBenchmarkGaps = (data: BenchmarkData, count = 3): BenchmarkGap[] => {
  const gaps: BenchmarkGap[] = [];
  for (const { metric, band } of data.bands) {
    if (band === null || metricKind(metric) !== 'percent' || metric === 'participation') continue;
    for (const group of data.groups) {
      const value = group.values[metric];
      if (value === null || value === undefined) continue;
      gaps.push({ group: group.name, metric, value, median: band.median, groups: band.n });
    }
  }
  const byGap = gaps.sort((a, b) => Math.abs(b.value - b.median) - Math.abs(a.value - a.median) || a.group.localeCompare(b.group));
  const seen = new Set<string>();
  return byGap.filter((gap) => (seen.has(gap.group) ? false : (seen.add(gap.group), true))).slice(0, count);
};
