import type { Kysely } from 'kysely';
import { BENCHMARK_METRICS, type BenchmarkData, type BenchmarkGroup, type BenchmarkMetric, type BenchmarkValues, type PooledBenchmark, sizeBandOf } from '../../../domain/contracts/benchmark';
import { type Distribution, isSuppressed } from '../../../domain/contracts/stats';
import type { Filters } from '../../../domain/filters/model';
import { POOL_MIN_ORGANIZATIONS, type Release, SPECIAL_CATEGORY_MIN_GROUP_SIZE, bandOf, percentOf, pooledBandOf, thresholdFor } from '../../../domain/stats';
import { type Database, toJson } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { requireRole, visibleDepartmentIds } from '../organization/scope';
import type { SelectionBudget } from './budget';
import { lgbtiqOf } from './compare';
import { type StatisticsFigures, type StatsRequest, statsRequestOf } from './figures';
import { lookupValues } from './population';
import * as topics from './topics';

/**
 * Benchmark → Internal (POST /benchmark/internal/process). Each group the caller may see (with
 * its sub-groups) and each sub-group is an ordinary statistics request, exactly as a Compare →
 * Internal selection is: its figures come from the statistics cache (computed once per
 * population version, so the benchmark follows the responses as they change and costs only
 * the cache's version check while they do not) and are released by the cell key method at k.
 * A group below k, or refused by the hourly allowance, is left out by name. Every value below
 * is arithmetic on released figures only; the bands are order statistics of those values.
 */

interface Unit {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly ids: readonly string[];
}

const released = <T>(release: Release<T>): T | null => (release.status === 200 ? release.data : null);

/**
 * The released share (percent, one decimal) of the cells whose key `pick` accepts; null when
 * withheld. A distribution lists released values only, so a value it does not list is unknown
 * (below k, or nobody): null, never 0.
 */
const shareOf = (release: Release<Distribution>, pick: (key: string, preferNot: boolean) => boolean): number | null => {
  if (release.status !== 200) return null;
  const cells = release.data.cells.filter((cell) => pick(cell.key, cell.preferNot === true));
  if (cells.length === 0 || cells.some(isSuppressed)) return null;
  const count = cells.reduce((sum, cell) => sum + (isSuppressed(cell) ? 0 : cell.count), 0);
  return percentOf(count, release.data.total);
};

const preferNot = (_key: string, isPreferNot: boolean) => isPreferNot;

/** The groups and sub-groups the caller sees; a group stands for itself and its visible sub-groups. */
const unitsOf = async (db: Kysely<Database>, auth: AuthContext): Promise<Unit[]> => {
  const visible = new Set(await visibleDepartmentIds(db, auth));
  if (visible.size === 0) return [];
  const rows = await db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('organization_id', '=', auth.organization.id).where('id', 'in', [...visible]).orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    ids: [row.id, ...rows.filter((child) => child.parent_id === row.id).map((child) => child.id)],
  }));
};

/** Seats of a unit: the capacity of its survey links, or else of its groups; null when nothing caps it. */
const seatsOf = async (db: Kysely<Database>, organizationId: string, units: readonly Unit[]): Promise<Map<string, number | null>> => {
  const ids = [...new Set(units.flatMap((unit) => unit.ids))];
  const links = ids.length === 0 ? [] : await db.selectFrom('survey_tokens').select(['department_id', 'capacity']).where('organization_id', '=', organizationId).where('department_id', 'in', ids).execute();
  const groups = ids.length === 0 ? [] : await db.selectFrom('departments').select(['id', 'capacity']).where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
  return new Map(
    units.map((unit) => {
      const inUnit = new Set(unit.ids);
      const linkSeats = links.filter((link) => link.department_id !== null && inUnit.has(link.department_id)).reduce((sum, link) => sum + link.capacity, 0);
      const capacities = groups.filter((group) => inUnit.has(group.id) && group.capacity !== null).map((group) => group.capacity!);
      const seats = linkSeats > 0 ? linkSeats : capacities.reduce((sum, value) => sum + value, 0);
      return [unit.id, seats > 0 ? seats : null];
    }),
  );
};

/**
 * The metrics of one released unit (respondents is its released count), kept in the statistics
 * cache with the unit's population: a warm benchmark reads one cached figure per group, and a
 * change to the responses recomputes them (participation is added after: seats are not responses).
 */
const valuesOf = async (figures: StatisticsFigures, req: StatsRequest, respondents: number, seats: number | null, female: ReadonlySet<string>): Promise<BenchmarkValues> => {
  const values = await figures.derived(req, `benchmark:${respondents}`, () => computeValues(figures, req, respondents, female));
  return { ...values, participation: seats === null ? null : Math.min(100, percentOf(respondents, seats)) };
};

const computeValues = async (figures: StatisticsFigures, req: StatsRequest, respondents: number, female: ReadonlySet<string>): Promise<BenchmarkValues> => {
  const special = { ...req, k: Math.max(req.k, SPECIAL_CATEGORY_MIN_GROUP_SIZE) };
  const [index, born, languages, ltc, lgbtiq, gender, managers, tertiary, worldviews, orientation] = await Promise.all([
    figures.mutualityIndex(req),
    figures.distributionOf(req, topics.bornCountryRegistration),
    figures.distributionOf(req, topics.languageCount),
    figures.ltcOf(req),
    lgbtiqOf(figures, req),
    figures.distributionOf(req, topics.gender),
    figures.womanManager(req),
    figures.distributionOf(req, topics.tertiaryEducation),
    figures.distributionOf(special, topics.worldviews),
    figures.distributionOf(special, topics.sexualOrientation),
  ]);
  const diversity = released(index);
  const pillar = (name: string) => diversity?.pillars.find((item) => item.pillar === name) ?? null;
  const countShare = (release: Release<{ count: number }>) => (release.status === 200 ? percentOf(release.data.count, respondents) : null);
  const values: Record<BenchmarkMetric, number | null> = {
    participation: null,
    respondents,
    index_overall: diversity?.overall ?? null,
    index_heritage: pillar('heritage')?.giniSimpson ?? null,
    index_country: pillar('country')?.giniSimpson ?? null,
    index_language: pillar('language')?.giniSimpson ?? null,
    index_worldview: pillar('worldview')?.giniSimpson ?? null,
    groups_heritage: pillar('heritage')?.effectiveGroups ?? null,
    groups_country: pillar('country')?.effectiveGroups ?? null,
    groups_language: pillar('language')?.effectiveGroups ?? null,
    groups_worldview: pillar('worldview')?.effectiveGroups ?? null,
    born_abroad: shareOf(born, (key) => key === 'other'),
    multilingual: shareOf(languages, (key) => key === 'multilingual'),
    long_term_condition: countShare(ltc),
    lgbtiq: countShare(lgbtiq),
    women: shareOf(gender, (key) => female.has(key)),
    women_managers: shareOf(managers, (key) => female.has(key)),
    tertiary: shareOf(tertiary, (key) => key === 'tertiary'),
    prefer_not_religion: shareOf(worldviews, preferNot),
    prefer_not_sexual_orientation: shareOf(orientation, preferNot),
  };
  return values;
};

/** The settings key of the organisation's choice to pool (jsonb true or false; absent: off). */
export const POOLING_KEY = 'benchmark_pooling';

const femaleKeys = async (db: Kysely<Database>): Promise<Set<string>> => new Set((await lookupValues(db, 'genders')).filter((item) => item.code === 'female').map((item) => String(item.id)));

const poolingOf = async (db: Kysely<Database>, organizationId: string): Promise<boolean> => {
  const row = await db.selectFrom('settings').select('value').where('organization_id', '=', organizationId).where('key', '=', POOLING_KEY).executeTakeFirst();
  return row?.value === true;
};

/** POST /benchmark/pooling: the administrator only, audited like the organisation's other settings. */
export const setPooling = async (db: Kysely<Database>, input: { auth: AuthContext; address: string | null; pooling: boolean }): Promise<{ pooling: boolean }> => {
  const { auth, pooling } = input;
  requireRole(auth, ['admin']);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ organization_id: auth.organization.id, key: POOLING_KEY, value: toJson(pooling) })
      .onConflict((oc) => oc.constraint('settings_organization_key_unique').doUpdateSet({ value: toJson(pooling) }))
      .execute();
    await audit(trx, { organizationId: auth.organization.id, actor: auth.user.id, action: 'organization.benchmark_pooling_changed', address: input.address, details: { pooling } });
    return { pooling };
  });
};

/**
 * The pooled benchmark of the caller's organisation: its peers are the organisations of the same
 * industry (compared without case) and size band that pool. Each contributes its whole
 * organisation's released figures, without the dashboard filters (another organisation's
 * filters mean nothing here), read through the statistics cache and not counted against the
 * caller's hourly allowance (the selections are fixed: one per organisation). Participation is
 * left out of the pool (seats differ in meaning between organisations).
 */
const pooledOf = async (db: Kysely<Database>, figures: StatisticsFigures, auth: AuthContext, female: ReadonlySet<string>): Promise<PooledBenchmark> => {
  if (!(await poolingOf(db, auth.organization.id))) return { status: 'off' };
  const own = await db.selectFrom('organizations').select(['industry', 'seat_capacity']).where('id', '=', auth.organization.id).executeTakeFirstOrThrow();
  const sizeBand = sizeBandOf(own.seat_capacity);
  const industry = own.industry?.trim() ?? '';
  if (industry === '') return { status: 'too_few', industry: null, sizeBand };
  const peers = (
    await db
      .selectFrom('organizations as o')
      .innerJoin('settings as s', (join) => join.onRef('s.organization_id', '=', 'o.id').on('s.key', '=', POOLING_KEY))
      .select(['o.id', 'o.seat_capacity', 's.value'])
      .where('o.active', '=', true)
      .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['o.industry'])]), '=', industry.toLowerCase()))
      .execute()
  ).filter((row) => row.value === true && sizeBandOf(row.seat_capacity) === sizeBand);
  if (peers.length < POOL_MIN_ORGANIZATIONS) return { status: 'too_few', industry, sizeBand };
  const contributions = await Promise.all(
    peers.map(async (peer) => {
      const req = await statsRequestOf(db, peer.id, { kind: 'organization' }, {});
      const total = await figures.countOf(req);
      if (total.status !== 200) return null;
      return { respondents: total.data.count, values: await valuesOf(figures, req, total.data.count, null, female) };
    }),
  );
  const counted = contributions.filter((item): item is NonNullable<typeof item> => item !== null);
  const k = thresholdFor({});
  if (counted.filter((item) => item.respondents >= k).length < POOL_MIN_ORGANIZATIONS) return { status: 'too_few', industry, sizeBand };
  const bands = BENCHMARK_METRICS.filter(([metric]) => metric !== 'participation').map(([metric]) => ({
    metric,
    band: pooledBandOf(counted.map((item) => ({ respondents: item.respondents, value: item.values[metric] })), k),
  }));
  return { status: 'shown', industry, sizeBand, organizations: counted.length, bands };
};

export const benchmarkOf = async (db: Kysely<Database>, figures: StatisticsFigures, budget: SelectionBudget, auth: AuthContext, filters: Filters): Promise<BenchmarkData> => {
  const units = await unitsOf(db, auth);
  const [seats, female] = await Promise.all([seatsOf(db, auth.organization.id, units), femaleKeys(db)]);
  const requests = await Promise.all(units.map((unit) => statsRequestOf(db, auth.organization.id, { kind: 'departments', ids: unit.ids }, filters)));
  const k = requests[0]?.k ?? thresholdFor(filters);
  // Counted in the order listed, so which group the allowance refuses is predictable.
  const admitted = await budget.allowEach(requests);
  const measured = await Promise.all(
    units.map(async (unit, index): Promise<BenchmarkGroup | null> => {
      const req = requests[index]!;
      if (!admitted[index]) return null;
      const total = await figures.countOf(req);
      if (total.status !== 200) return null;
      return { id: unit.id, name: unit.name, parentId: unit.parentId, values: await valuesOf(figures, req, total.data.count, seats.get(unit.id) ?? null, female) };
    }),
  );
  // Each group counts whole release blocks (./releasedBlocks.ts): a group with a few people of its own beside its
  // sub-group shares blocks with it, so the sub-group's own figures hold too few whole blocks and it is left out as below k.
  const groups = measured.filter((group): group is BenchmarkGroup => group !== null);
  const leftOut = units.filter((_, index) => measured[index] === null).map((unit) => ({ id: unit.id, name: unit.name }));
  const bands = BENCHMARK_METRICS.map(([metric]) => ({ metric, band: bandOf(groups.map((group) => group.values[metric])) }));
  return { k, groups, bands, leftOut, pooled: await pooledOf(db, figures, auth, female) };
};
