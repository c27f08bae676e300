import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';
import { type StatsRequest, statsRequestOf } from './figures';

/** How a home-page figure is computed for a request (the statistics table's computes). */
export type WarmCompute = (req: StatsRequest) => Promise<unknown>;

/**
 * The organisations to warm after a start: those whose statistics were read in the last hour
 * (their selections in the allowance's table, shared by every process), most read first, then
 * the largest by responses, up to `limit`.
 */
export const organizationsToWarm = async (db: Kysely<Database>, limit: number): Promise<string[]> => {
  if (limit <= 0) return [];
  const read = await db
    .selectFrom('statistics_selections')
    .select(['organization_id', (eb) => eb.fn.countAll<number | string>().as('reads')])
    .groupBy('organization_id')
    .orderBy('reads', 'desc')
    .limit(limit)
    .execute();
  const chosen = read.map((row) => row.organization_id);
  if (chosen.length >= limit) return chosen;
  const largest = await sql<{ organization_id: string }>`
    select organization_id from responses group by organization_id order by count(*) desc limit ${limit}`.execute(db);
  for (const { organization_id: id } of largest.rows) if (chosen.length < limit && !chosen.includes(id)) chosen.push(id);
  return chosen;
};

/**
 * Computes the home page's figures of each organisation, whole and unfiltered, into the
 * statistics cache, one organisation at a time, so the first visitor after a restart or deploy
 * is answered from kept figures rather than waiting for every GROUP BY. Nothing is released to
 * anyone and no allowance is spent: the figures stay in the process until a request asks for them
 * and is admitted as usual. A failure only leaves an organisation cold.
 */
export const warmHomePages = async (
  db: Kysely<Database>,
  computes: readonly WarmCompute[],
  options: { readonly limit: number; readonly log: (line: string) => void; readonly stopped?: () => boolean },
): Promise<number> => {
  const organizations = await organizationsToWarm(db, options.limit);
  let warmed = 0;
  for (const organizationId of organizations) {
    if (options.stopped?.() === true) break;
    try {
      const req = await statsRequestOf(db, organizationId, { kind: 'organization' }, {});
      await Promise.all(computes.map((compute) => compute(req)));
      warmed += 1;
    } catch (error) {
      options.log(`Warming the statistics of organisation ${organizationId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return warmed;
};
