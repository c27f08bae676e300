import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { BenchmarkData } from '../../../domain/contracts/benchmark';
import { type CompareData, CompareQuery } from '../../../domain/contracts/compare';
import type { ExtraDetails } from '../../../domain/contracts/extraSurvey';
import { fieldErrors } from '../../../domain/contracts/fieldErrors';
import { FilterQuery } from '../../../domain/contracts/filterQuery';
import { type MutualityData, MutualityQuery } from '../../../domain/contracts/mutuality';
import { encodeQuery, type QueryParams } from '../../../domain/filters/encoding';
import type { Kysely } from 'kysely';
import type { StatisticsEndpoint } from '../../../domain/contracts/statistics';
import type { Filters } from '../../../domain/filters/model';
import { type Release, refused } from '../../../domain/stats';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { invalidData, notFound } from '../errors';
import { extraResultsOf } from '../extraSurvey/results';
import { mutualityOf } from '../mutuality';
import { departmentScopeOf } from '../organization/scope';
import { benchmarkOf } from './benchmark';
import { compareOf } from './compare';
import { campaignParticipationOf, latestParticipationOf } from './participation';
import type { CampaignParticipation } from '../../../domain/contracts/campaigns';
import type { LatestParticipation } from '../../../domain/contracts/homeParticipation';
import type { SelectionBudget } from './budget';
import type { PopulationCache } from './cache';
import { StatisticsFigures, type StatsRequest, statsRequestOf } from './figures';
import { type StatisticsRoute, statisticsTable } from './table';

/** Who asks: the signed-in caller (their organisation, group scope and view-as group). */
export type StatisticsCaller = Pick<AuthContext, 'user' | 'organization' | 'viewAsGroupId'>;

/**
 * The one door through which figures about people leave the server. Every released figure (a
 * dashboard card, a spreadsheet's sheet, a report's chart, a key fact, a certificate's count, the
 * calendar's shares) is asked here, in the process, with the caller's scope: the hourly allowance
 * admits the selection, the figures are counted once per population (the cache), and disclosure
 * control releases them (domain/stats). A figure refused here is refused everywhere.
 */
export class ReleasedStatistics {
  readonly figures: StatisticsFigures;
  private readonly byPath: ReadonlyMap<string, StatisticsRoute>;

  constructor(
    private readonly db: Kysely<Database>,
    cache: PopulationCache,
    readonly budget: SelectionBudget,
  ) {
    this.figures = new StatisticsFigures(db, cache);
    this.byPath = new Map(statisticsTable(this.figures).map((row) => [row.endpoint.path, row]));
  }

  /** Every statistic's endpoint and compute, in the table's order (the routes register them). */
  get rows(): readonly StatisticsRoute[] {
    return [...this.byPath.values()];
  }

  /** The caller's request for the filters, or the refusal when the organisation has asked too many different selections this hour. */
  async admitted(caller: StatisticsCaller, filters: Filters): Promise<StatsRequest | Release<never>> {
    const req = await statsRequestOf(this.db, caller.organization.id, await departmentScopeOf(this.db, caller), filters);
    return (await this.budget.allow(req.context)) ? req : refused();
  }

  /** One statistic released to the caller, typed by its endpoint's data codec. */
  async section<D extends t.Mixed>(caller: StatisticsCaller, endpoint: StatisticsEndpoint<D>, filters: Filters): Promise<Release<t.TypeOf<D>>> {
    return (await this.sectionAt(caller, endpoint.path, filters)) as Release<t.TypeOf<D>>;
  }

  /**
   * One statistic by its path ('/language/languages' or 'language/languages', as export cards
   * name them). A path that names no statistic is undefined: the caller decides what that means.
   */
  async sectionAt(caller: StatisticsCaller, path: string, filters: Filters): Promise<Release<unknown> | undefined> {
    const row = this.byPath.get(path.startsWith('/') ? path : `/${path}`);
    if (row === undefined) return undefined;
    const req = await this.admitted(caller, filters);
    return 'context' in req ? row.compute(req) : req;
  }

  /** The figures bound to one caller and language: what a service that writes them elsewhere is given. */
  for(caller: AuthContext, locale: string | undefined): CallerStatistics {
    return new CallerStatistics(this, this.db, caller, locale);
  }

  /**
   * A campaign's participation (issue 29): its answered figures released by the cell key method
   * at k (./participation.ts), beside the staff-list counts of mails and addresses.
   */
  participation(caller: StatisticsCaller, campaignId: string): Promise<CampaignParticipation> {
    return campaignParticipationOf(this.db, caller, campaignId);
  }

  /** The same figures of the most recent running or closed campaign, for home's card; undefined when there is none. */
  latestParticipation(caller: StatisticsCaller): Promise<LatestParticipation | undefined> {
    return latestParticipationOf(this.db, caller);
  }

  /** Whether a path names a released statistic. */
  has(path: string): boolean {
    return this.byPath.has(path.startsWith('/') ? path : `/${path}`);
  }
}

/**
 * A query as a statistics endpoint reads it: the dashboard filters spelled as on the wire
 * (filter[name][i]) and decoded by the same codec, so an in-process read refuses exactly what the
 * endpoint would, with the same field errors.
 */
const decoded = <C extends t.Mixed>(codec: C, params: QueryParams): t.TypeOf<C> => {
  const result = codec.decode(Object.fromEntries(encodeQuery(params)));
  if (isLeft(result)) throw invalidData(fieldErrors(result.left, 'query'));
  return result.right;
};

/**
 * The released figures one caller may read, in their language: exports, reports, key facts,
 * certificates and the calendar read through this, never through HTTP, and get the endpoints'
 * data types rather than JSON text.
 */
export class CallerStatistics {
  constructor(
    private readonly released: ReleasedStatistics,
    private readonly db: Kysely<Database>,
    readonly caller: AuthContext,
    readonly locale: string | undefined,
  ) {}

  /** One statistic, typed by its endpoint. */
  section<D extends t.Mixed>(endpoint: StatisticsEndpoint<D>, filters: QueryParams): Promise<Release<t.TypeOf<D>>> {
    return this.released.section(this.caller, endpoint, decoded(FilterQuery, filters));
  }

  /** One statistic by its path, as export cards and report definitions name them; an unknown path is not found. */
  async sectionAt(path: string, filters: QueryParams): Promise<Release<unknown>> {
    const release = await this.released.sectionAt(this.caller, path, decoded(FilterQuery, filters));
    if (release === undefined) throw notFound('Not Found');
    return release;
  }

  /** Compare → Internal: each selection admitted on its own. */
  compare(query: QueryParams): Promise<CompareData> {
    return compareOf(this.db, this.released.figures, this.released.budget, this.caller, decoded(CompareQuery, query));
  }

  /** Benchmark → Internal: every group the caller sees. */
  benchmark(filters: QueryParams): Promise<BenchmarkData> {
    return benchmarkOf(this.db, this.released.figures, this.released.budget, this.caller, decoded(FilterQuery, filters));
  }

  /** Compare → External: the organisation against a country's census. */
  mutuality(query: QueryParams): Promise<Release<MutualityData>> {
    return mutualityOf(this.db, this.released.figures, this.released.budget, this.caller, decoded(MutualityQuery, query), this.locale);
  }

  /** A campaign's participation, released as GET /campaigns/participation releases it. */
  participation(campaignId: string): Promise<CampaignParticipation> {
    return this.released.participation(this.caller, campaignId);
  }

  /** The extra survey's results, released like the dashboard's. */
  async extraSurveyDetails(filters: QueryParams): Promise<Release<ExtraDetails>> {
    const req = await this.released.admitted(this.caller, decoded(FilterQuery, filters));
    if (!('context' in req)) return req;
    return { status: 200, data: await extraResultsOf(this.db, this.released.figures.cache, this.caller, req, this.locale) };
  }
}
