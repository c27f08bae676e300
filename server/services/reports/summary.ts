import { type BenchmarkData, type BenchmarkMetric, metricKind } from '../../../domain/contracts/benchmark';
import type { Pillar } from '../../../domain/contracts/stats';
import { text } from '../../../domain/exports/table';
import type { QueryParams } from '../../../domain/filters/encoding';
import type { NumberFormats } from '../../../domain/i18n/numbers';
import { type CensusPillar, largestBenchmarkGaps, largestCensusGaps } from '../../../domain/reports/summary';
import type { ReportTable } from '../../../domain/reports/tables';
import type { AuthContext } from '../auth/context';
import type { Translate } from '../exports/words';
import type { CallerStatistics } from '../statistics/released';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { DomainError } from '../errors';
import { countriesList } from '../mutuality';
import type { Release } from '../../../domain/stats';
import { statisticsEndpoints } from '../../../domain/contracts/statistics';
import type { ReportBlock, ReportTextPage } from './pdf';

/**
 * The report's summary and closing pages. Every number on them is one an endpoint releases to
 * the caller (read through the one door, statistics/released.ts, with the report's filters); the seats are the
 * organisation's package, not a figure about people.
 */

/** A released figure's data, or null when it is withheld or refused (the summary then says less, it does not fail). */
const dataOf = async <D>(read: () => Promise<Release<D>>): Promise<D | null> => {
  try {
    const release = await read();
    return release.status === 200 ? release.data : null;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
};

interface CensusData {
  readonly pillars: readonly (CensusPillar & { readonly source?: { readonly name?: string; readonly publisher?: string } })[];
}

export interface SummaryInput {
  /** The figures are the whole organisation's, unfiltered: only then are they set against its seats. */
  readonly wholeOrganization: boolean;
  readonly db: Kysely<Database>;
  readonly auth: AuthContext;
  readonly statistics: CallerStatistics;
  readonly filters: QueryParams;
  readonly t: Translate;
  readonly numbers: NumberFormats;
}

const index = (value: number): string => value.toFixed(2);

const participationBlock = async ({ wholeOrganization, auth, statistics, filters, t, numbers }: SummaryInput): Promise<ReportBlock> => {
  const respondents = await dataOf(() => statistics.section(statisticsEndpoints.overview.totalRegistered, filters));
  if (respondents === null) return { sentences: [t('report_summary_no_respondents')] };
  const sentences = [t('report_summary_respondents', { count: numbers.count(respondents.count) })];
  const seats = auth.organization.seat_capacity;
  if (wholeOrganization && seats > 0) sentences.push(t('report_summary_participation', { share: numbers.percent(Math.min(100, (100 * respondents.count) / seats)), seats: numbers.count(seats) }));
  return { sentences };
};

const indexBlock = async ({ statistics, filters, t, numbers }: SummaryInput): Promise<ReportBlock> => {
  const heading = t('report_summary_index_heading');
  const data = await dataOf(() => statistics.section(statisticsEndpoints.general.mutualityIndex, filters));
  if (data === null) return { heading, sentences: [t('report_summary_index_none')] };
  const table: ReportTable = {
    header: [t('report_col_pillar'), t('report_col_index'), t('report_col_groups')],
    rows: data.pillars.map((pillar) => ({
      cells: [text(t(`compare_pillar.${pillar.pillar}`)), text(index(pillar.giniSimpson)), text(numbers.count(Math.round(pillar.effectiveGroups * 10) / 10))],
      depth: 0,
    })),
  };
  return { heading, sentences: [t('report_summary_index', { index: index(data.overall) })], table };
};

const censusBlock = async ({ db, auth, statistics, filters, t, numbers }: SummaryInput): Promise<ReportBlock> => {
  const heading = t('report_summary_census_heading');
  const countries = await countriesList(db, statistics.locale, auth.organization.id);
  const country = countries.find((entry) => entry.code.toUpperCase() === auth.organization.country?.toUpperCase());
  if (country === undefined) return { heading, sentences: [t('report_summary_census_none', { country: auth.organization.country ?? '–' })] };
  const data: CensusData | null = await dataOf(() => statistics.mutuality({ ...filters, country_id: String(country.id) }));
  const gaps = data === null ? [] : largestCensusGaps(data.pillars);
  if (data === null || gaps.length === 0) return { heading, sentences: [t('report_summary_census_no_gaps', { country: country.name })] };
  const sources = [...new Set(data.pillars.flatMap((pillar) => (pillar.source?.name === undefined ? [] : [[pillar.source.name, pillar.source.publisher].filter(Boolean).join(', ')])))];
  return {
    heading,
    sentences: [
      ...gaps.map((gap) =>
        t(gap.gap >= 0 ? 'report_summary_census_above' : 'report_summary_census_below', {
          label: gap.label,
          pillar: t(`compare_pillar.${gap.pillar as Pillar}`),
          share: numbers.percent(gap.share),
          census: numbers.percent(gap.census),
          country: country.name,
        }),
      ),
      ...(sources.length === 0 ? [] : [t('report_summary_census_source', { sources: sources.join('; ') })]),
    ],
  };
};

const metricValue = (metric: BenchmarkMetric, value: number, numbers: NumberFormats): string =>
  metricKind(metric) === 'percent' ? numbers.percent(value) : metricKind(metric) === 'index' ? index(value) : numbers.count(value);

const benchmarkBlock = async ({ statistics, filters, t, numbers }: SummaryInput): Promise<ReportBlock> => {
  const heading = t('report_summary_benchmark_heading');
  const data = await dataOf(async (): Promise<Release<BenchmarkData>> => ({ status: 200, data: await statistics.benchmark(filters) }));
  const gaps = data === null ? [] : largestBenchmarkGaps(data);
  if (gaps.length === 0) return { heading, sentences: [t('report_summary_benchmark_none')] };
  return {
    heading,
    sentences: gaps.map((gap) =>
      t(gap.value >= gap.median ? 'report_summary_benchmark_above' : 'report_summary_benchmark_below', {
        group: gap.group,
        metric: t(`benchmark_metric.${gap.metric}`),
        value: metricValue(gap.metric, gap.value, numbers),
        median: metricValue(gap.metric, gap.median, numbers),
        groups: numbers.count(gap.groups),
      }),
    ),
  };
};

/** The one-page summary: respondents and participation, the diversity index and its pillars, the largest differences. */
export const summaryPage = async (input: SummaryInput): Promise<ReportTextPage> => ({
  title: input.t('report_summary_title'),
  blocks: [await participationBlock(input), await indexBlock(input), await censusBlock(input), await benchmarkBlock(input)],
});

/** The closing page: how the figures are made and what "hidden" means. */
export const methodPage = (t: Translate, k: number, d: number, hidden: string): ReportTextPage => ({
  title: t('report_method_title'),
  blocks: [
    { heading: t('report_method_released_heading'), sentences: [t('report_method_released')] },
    { heading: t('report_method_k_heading'), sentences: [t('report_method_k', { k })] },
    { heading: t('report_method_adjustment_heading'), sentences: [t('report_method_adjustment', { d })] },
    { heading: t('report_method_hidden_heading'), sentences: [t('report_method_hidden', { k, hidden })] },
    { heading: t('report_method_index_heading'), sentences: [t('report_method_index')] },
  ],
});
