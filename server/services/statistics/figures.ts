import type { Kysely } from 'kysely';
import { BADGES, BADGE_THRESHOLD, type Waiting } from '../../../domain/contracts/statistics';
import { waitingCount } from './releaseBatches';
import { type CrossTable, type DiversityIndex, type Distribution, type ReleasedCell, type StatTree, isSuppressed } from '../../../domain/contracts/stats';
import type { Filters } from '../../../domain/filters/model';
import { type PillarInput, type ProtectedQuestion, type Release, type Selection, pillarFromReleased, releaseDiversity, selectionFromFilters, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { type DepartmentScope } from '../organization/scope';
import type { PopulationCache } from './cache';
import { AGE_BANDS, type StatsContext, lookupValues, periodOf, withSelection } from './population';
import * as topics from './topics';

/**
 * The figures the statistics endpoints release (SPEC section 7), each from the protected
 * population and questions of the statistics cache. A request's dashboard filters are applied
 * in SQL, so every figure here is released for the selection as a whole.
 */

export interface StatsRequest {
  /** The caller's respondents: organisation, scope, date range and the dashboard filters (applied in SQL). */
  readonly context: StatsContext;
  readonly filters: Filters;
  readonly k: number;
}

/** The request of a caller of `organizationId` who sees `scope`, with the dashboard filters. */
export const statsRequestOf = async (db: Kysely<Database>, organizationId: string, scope: DepartmentScope, filters: Filters): Promise<StatsRequest> => ({
  context: {
    organizationId,
    scope,
    period: await periodOf(db, organizationId, filters['date-tag']),
    year: new Date().getUTCFullYear(),
    selection: selectionFromFilters(filters, AGE_BANDS),
    by: [],
  },
  filters,
  k: thresholdFor(filters),
});

/** The figures are counted over the selected respondents already: disclosure control releases them whole. */
const EVERYONE: Selection = {};

/** Values a released distribution shows (Prefer not to answer left out): what its chart draws. */
export const shownValues = (release: Release<Distribution>): number =>
  release.status === 200 ? release.data.cells.filter((cell) => !isSuppressed(cell) && cell.count > 0 && cell.preferNot !== true).length : 0;

/** The released values of a distribution other than Prefer not to answer, largest first. */
const largestFirst = (distribution: Distribution): ReleasedCell[] =>
  distribution.cells.filter((cell): cell is ReleasedCell => !isSuppressed(cell) && cell.preferNot !== true && cell.count > 0).sort((x, y) => y.count - x.count);

/** The largest released value (Prefer not to answer left out). */
export const top = (release: Release<Distribution>): ReleasedCell | undefined => (release.status !== 200 ? undefined : largestFirst(release.data)[0]);

export const cellOf = (release: Release<Distribution>, key: string): ReleasedCell | undefined =>
  release.status !== 200 ? undefined : release.data.cells.find((cell): cell is ReleasedCell => cell.key === key && !isSuppressed(cell));

/** Headline items renamed (a cell key to the name the row shows). */
export const renameItems =
  (names: Readonly<Record<string, string>>) =>
  <R extends Release<{ items: { key: string; value: number }[] }>>(release: R): R =>
    release.status === 200 ? ({ ...release, data: { items: release.data.items.map((item) => ({ ...item, key: names[item.key] ?? item.key })) } } as R) : release;

const answeredAny = (_key: string, preferNot: boolean) => !preferNot;

type Headline = Release<{ items: { key: string; value: number }[] }>;

type ReleasedOf = Pick<ProtectedQuestion, 'distribution' | 'tree'>;

/**
 * The releases of each protected question (one per population and question, so per responses),
 * by kind and k: a figure is released once and then read, as a comparison reads the same
 * distribution for its index, its tops and its counts of values shown (at 1,000,000 responses
 * the thousands of languages and heritages of four selections took most of a warm call).
 */
const releases = new WeakMap<ReleasedOf, Map<string, Release<unknown>>>();

const releasedOnce = <T>(question: ReleasedOf, key: string, release: () => Release<T>): Release<T> => {
  let known = releases.get(question);
  if (!known) releases.set(question, (known = new Map()));
  let value = known.get(key) as Release<T> | undefined;
  if (value === undefined) known.set(key, (value = release()));
  return value;
};

export class StatisticsFigures {
  constructor(
    private readonly db: Kysely<Database>,
    readonly cache: PopulationCache,
  ) {}

  /** A topic's question over a context, with its population. */
  private questionOf(context: StatsContext, topic: topics.Topic) {
    return this.cache.question(context, topic.name, (given) => topic.build(this.db, given), topic.countsPopulation === true);
  }

  /** A figure derived from released ones (e.g. a benchmark group's metrics), kept with the request's population until its responses change. */
  async derived<T>(req: StatsRequest, key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.figure(req.context, `${key}|k=${req.k}`, compute);
  }

  async distributionOf(req: StatsRequest, topic: topics.Topic): Promise<Release<Distribution>> {
    const { population, question } = await this.questionOf(req.context, topic);
    const answers = population.question(question);
    return releasedOnce(answers, `distribution|${req.k}`, () => answers.distribution(EVERYONE, req.k));
  }

  async treeOf(req: StatsRequest, topic: topics.Topic): Promise<Release<StatTree>> {
    const { population, question } = await this.questionOf(req.context, topic);
    const answers = population.question(question);
    return releasedOnce(answers, `tree|${req.k}`, () => answers.tree(EVERYONE, req.k));
  }

  /** The respondents of the request's selection narrowed by `extra`, released at `k`. */
  async countOf(req: StatsRequest, extra: Selection = {}, k = req.k): Promise<Release<{ count: number }>> {
    const population = await this.cache.population(withSelection(req.context, extra));
    const guard = population.guard(EVERYONE, k);
    return 'ok' in guard ? { status: 200, data: { count: guard.total.value } } : guard;
  }

  /** Respondents with a long-term condition: a disability selection, so k is the special-category one. */
  async ltcOf(req: StatsRequest): Promise<Release<{ count: number }>> {
    const k = thresholdFor({ ...req.filters, disability: 'yes' });
    return this.countOf(req, { disability: req.filters.disability === 'no' ? ['\u0000'] : ['yes'] }, k);
  }

  /** Distinct values with a released count; withheld with the selection itself. */
  async distinctOf(req: StatsRequest, topic: topics.Topic): Promise<Release<{ count: number }>> {
    const release = await this.distributionOf(req, topic);
    return release.status === 200 ? { status: 200, data: { count: shownValues(release) } } : release;
  }

  /** Headline items: the respondents (null) or the number of values a topic's chart shows. */
  async headline(req: StatsRequest, items: readonly (readonly [string, topics.Topic | null])[]): Promise<Headline> {
    const total = await this.countOf(req);
    if (total.status !== 200) return total;
    const values = await Promise.all(items.map(async ([key, topic]) => ({ key, value: topic === null ? total.data.count : shownValues(await this.distributionOf(req, topic)) })));
    return { status: 200, data: { items: values } };
  }

  /** Released counts of named cells of one distribution; a suppressed cell is left out. */
  async cellHeadline(req: StatsRequest, topic: topics.Topic, keys: readonly string[]): Promise<Headline> {
    const release = await this.distributionOf(req, topic);
    if (release.status !== 200) return release;
    const items = keys.flatMap((key) => {
      const cell = cellOf(release, key);
      return cell === undefined ? [] : [{ key, value: cell.count }];
    });
    return { status: 200, data: { items } };
  }

  /** The released values of a distribution, largest first, at most `limit`. */
  async mostCommonOf(req: StatsRequest, topic: topics.Topic, limit = 10): Promise<Release<Distribution>> {
    const release = await this.distributionOf(req, topic);
    if (release.status !== 200) return release;
    return { status: 200, data: { ...release.data, cells: largestFirst(release.data).slice(0, limit) } };
  }

  async byGender(req: StatsRequest, topic: topics.Topic): Promise<Release<CrossTable>> {
    const { population, question } = await this.questionOf(withSelection(req.context, {}, ['gender']), topic);
    return population.question(question).byDimension(EVERYONE, 'gender', req.k);
  }

  /** Respondents by gender and age band. */
  async pyramid(req: StatsRequest): Promise<Release<CrossTable>> {
    const population = await this.cache.population(withSelection(req.context, {}, ['gender', 'age-range']));
    return population.crossTable(EVERYONE, 'gender', 'age-range', req.k);
  }

  /** Groups and sub-groups the caller sees (not people: no disclosure control). */
  async groupCount(req: StatsRequest): Promise<number> {
    const scope = req.context.scope;
    if (scope.kind === 'departments' && scope.ids.length === 0) return 0;
    const query = this.db.selectFrom('departments').select((eb) => eb.fn.countAll<number>().as('count')).where('organization_id', '=', req.context.organizationId);
    const row = await (scope.kind === 'organization' ? query : query.where('id', 'in', [...scope.ids])).executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** The selection narrowed to managers (position level code 1), keeping a position filter's intersection. */
  async womanManager(req: StatsRequest): Promise<Release<Distribution>> {
    const managers = (await lookupValues(this.db, 'position-levels')).filter((item) => item.code === '1').map((item) => String(item.id));
    const chosen = req.filters['position-level'];
    const positions = chosen === undefined || chosen.length === 0 ? managers : managers.filter((id) => chosen.includes(id));
    const { population, question } = await this.questionOf(withSelection(req.context, { 'position-level': positions.length > 0 ? positions : ['\u0000'] }), topics.gender);
    return population.question(question).distribution(EVERYONE, req.k);
  }

  /** Perturbed number of people who gave any of the values `keep` accepts (a single-answer topic). */
  private async answeredOf(req: StatsRequest, topic: topics.Topic, keep: (key: string, preferNot: boolean) => boolean): Promise<number | null> {
    const { population, question } = await this.questionOf(req.context, topic);
    const release = population.question(question).union(EVERYONE, keep, req.k);
    return release.status === 200 ? release.data.count : null;
  }

  private async pillarOf(req: StatsRequest, pillar: PillarInput['pillar'], topic: topics.Topic, answered: topics.Topic): Promise<PillarInput | Release<never>> {
    const [release, count] = await Promise.all([this.distributionOf(req, topic), this.answeredOf(req, answered, answeredAny)]);
    if (release.status !== 200) return release;
    return pillarFromReleased(pillar, release.data, count ?? 0, req.k);
  }

  /**
   * The organisation's diversity index from released figures only: each pillar's distribution
   * and the perturbed number of people who answered it (for languages and heritages, the people
   * who named at least one: the mono- and multilingual, those with one or several heritages).
   */
  async mutualityIndex(req: StatsRequest): Promise<Release<DiversityIndex>> {
    const results = await Promise.all([
      this.pillarOf(req, 'country', topics.countryBirth, topics.countryBirth),
      this.pillarOf(req, 'worldview', topics.worldviews, topics.worldviews),
      this.pillarOf(req, 'heritage', topics.ethnicities, topics.heritageCount),
      this.pillarOf(req, 'language', topics.languages, topics.languageCount),
    ]);
    const pillars = results.filter((result): result is PillarInput => 'pillar' in result);
    if (pillars.length === 0) {
      const first = results[0] as Release<never>;
      return first.status === 204 ? first : releaseDiversity([], req.k);
    }
    return releaseDiversity(pillars, req.k);
  }

  /** The scope's answers waiting for their batch, rounded down to a multiple of m (domain/contracts/statistics.ts: Waiting). */
  async waiting(req: StatsRequest): Promise<Release<Waiting>> {
    const scope = req.context.scope;
    // What is due is released first, as before any figure, so the note and the figures beside it agree.
    await this.cache.releasedFor(req.context.organizationId);
    const count = await waitingCount(this.db, req.context.organizationId, scope.kind === 'organization' ? undefined : scope.ids);
    const blockSize = this.cache.blockSize;
    return { status: 200, data: { some: count > 0, atLeast: Math.floor(count / blockSize) * blockSize, blockSize } };
  }

  async badges(req: StatsRequest): Promise<Release<{ badges: { key: string; earned: boolean }[] }>> {
    const index = await this.mutualityIndex(req);
    if (index.status !== 200) return index;
    const value = (of: string) => (of === 'overall' ? index.data.overall : index.data.pillars.find((pillar) => pillar.pillar === of)?.giniSimpson);
    return { status: 200, data: { badges: Object.entries(BADGES).map(([key, of]) => ({ key, earned: (value(of) ?? 0) >= BADGE_THRESHOLD })) } };
  }
}
