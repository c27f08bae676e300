import { type Kysely, sql } from 'kysely';
import { RECORD_KEY_RANGE } from '../../../domain/stats/cellkey';
import type { AnswerGroup, PopulationGroup } from '../../../domain/stats';
import type { Database } from '../../db/database';

/**
 * What changed in an organisation's responses since a statistics version (migration 0023): the
 * responses added, when nothing else changed, so that figures counted at that version are
 * brought up to date by counting the new responses alone and adding them; otherwise a recount.
 * Counts and record-key sums of disjoint sets of people add up, so the sum is exactly what a
 * full count of the newer version gives (tests/server/statisticsRefresh.test.ts checks it).
 */
export interface AddedResponses {
  readonly kind: 'added';
  readonly version: number;
  readonly responses: readonly string[];
}
export type Changes = AddedResponses | { readonly kind: 'recount'; readonly version: number };

/** More new responses than this are counted again with the rest (the list becomes the query's cost). */
const MAX_ADDED = 20_000;
/** Rows of the change log are kept this long; figures older than half of it are counted again. */
const KEPT_MS = 60 * 60 * 1000;
export const REFRESH_WINDOW_MS = KEPT_MS / 2;
/** How often a server deletes the log's old rows. */
export const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** Deletes the log's rows older than it keeps (every organisation's: the server does it every PRUNE_EVERY_MS). */
export const pruneStatisticsChanges = async (db: Kysely<Database>): Promise<void> => {
  await sql`delete from statistics_changes where at < now() - ${`${KEPT_MS} milliseconds`}::interval`.execute(db);
};

/** The changes after `since` up to the organisation's current version, read in one snapshot. */
export const changesSince = async (db: Kysely<Database>, organizationId: string, since: number): Promise<Changes> =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx): Promise<Changes> => {
      const found = await sql<{ version: number | string }>`select version from statistics_versions where organization_id = ${organizationId}`.execute(trx);
      const version = Number(found.rows[0]?.version ?? 0);
      if (version < since) return { kind: 'recount', version };
      if (version === since) return { kind: 'added', version, responses: [] };
      const rows = await sql<{ response_id: string | null }>`select response_id from statistics_changes
        where organization_id = ${organizationId} and version > ${since} and version <= ${version} limit ${MAX_ADDED + 1}`.execute(trx);
      if (rows.rows.length > MAX_ADDED || rows.rows.some((row) => row.response_id === null)) return { kind: 'recount', version };
      return { kind: 'added', version, responses: [...new Set(rows.rows.map((row) => row.response_id!))] };
    });

const groupName = (values: Readonly<Record<string, string>>, answer = ''): string =>
  `${Object.keys(values)
    .sort()
    .map((key) => `${key}\u0001${values[key]}`)
    .join('\u0002')}\u0003${answer}`;

/** Groups of the same values (and answer) added: their counts, and their key sums modulo the record key range. */
const added = <G extends PopulationGroup>(earlier: readonly G[], later: readonly G[], nameOf: (group: G) => string): G[] => {
  const sums = new Map<string, G>();
  for (const group of [...earlier, ...later]) {
    const name = nameOf(group);
    const known = sums.get(name);
    sums.set(name, known ? { ...known, count: known.count + group.count, key: (known.key + group.key) % RECORD_KEY_RANGE } : group);
  }
  return [...sums.values()];
};

export const addPopulationGroups = (earlier: readonly PopulationGroup[], later: readonly PopulationGroup[]): PopulationGroup[] =>
  added(earlier, later, (group) => groupName(group.values));

export const addAnswerGroups = (earlier: readonly AnswerGroup[], later: readonly AnswerGroup[]): AnswerGroup[] =>
  added(earlier, later, (group) => groupName(group.values, group.answer));
