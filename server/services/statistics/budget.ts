import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { type StatsContext, populationName } from './population';

/**
 * The bound on averaging (docs/privacy.md: "The method", point 5, and "What is not protected").
 *
 * Every figure is a weighted sum of whole release blocks plus an adjustment fixed by its
 * blocks, so asking one selection again teaches nothing. Selections of different people get
 * different adjustments, and someone who builds many of them can average adjustments away, at
 * best down to whole blocks. So an organisation's statistics answer a limited number of
 * different populations in any hour (a sliding window, not the clock hour): a population is
 * the people a selection counts (./population.ts: populationName), so two spellings of the same
 * people count once, and a dashboard's many charts of one selection count once. Further new
 * populations within the hour get "Not enough data to show.". The count lives in the database
 * (migration 0020), shared by every server process.
 */
const WINDOW_MS = 3_600_000;

export class SelectionBudget {
  /** Populations this process saw admitted, by organisation, with when: free again until the window has passed. */
  private readonly admitted = new Map<string, Map<string, number>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the selection may be answered (its population is then counted in the window, for every process). */
  async allow(context: StatsContext): Promise<boolean> {
    const now = this.now();
    const key = await populationName(this.db, context);
    let seen = this.admitted.get(context.organizationId);
    if (seen === undefined) this.admitted.set(context.organizationId, (seen = new Map()));
    const at = seen.get(key);
    if (at !== undefined && now - at < WINDOW_MS) return true;
    const allowed = await this.claim(context.organizationId, now, key);
    if (allowed) seen.set(key, now);
    for (const [name, when] of seen) if (now - when >= WINDOW_MS) seen.delete(name);
    return allowed;
  }

  /** Each of a comparison's selections, admitted one after the other so which one the allowance refuses is predictable. */
  async allowEach(requests: readonly { readonly context: StatsContext }[]): Promise<boolean[]> {
    const admitted: boolean[] = [];
    for (const request of requests) admitted.push(await this.allow(request.context));
    return admitted;
  }

  /**
   * Counts the population in the organisation's window unless the allowance is spent. The
   * organisation's row is locked for the check and the insert, so two processes cannot both take
   * the last place; populations asked before the window are let go on the way.
   */
  private claim(organizationId: string, now: number, selection: string): Promise<boolean> {
    const since = new Date(now - WINDOW_MS);
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
      await trx.deleteFrom('statistics_selections').where('organization_id', '=', organizationId).where('created_at', '<=', since).execute();
      const known = await trx
        .selectFrom('statistics_selections')
        .select('selection')
        .where('organization_id', '=', organizationId)
        .where('selection', '=', selection)
        .executeTakeFirst();
      if (known !== undefined) return true;
      const { used } = await trx
        .selectFrom('statistics_selections')
        .select((eb) => eb.fn.countAll<number | string>().as('used'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      if (Number(used) >= this.perHour) return false;
      await trx.insertInto('statistics_selections').values({ organization_id: organizationId, hour: Math.floor(now / WINDOW_MS), selection, created_at: new Date(now) }).execute();
      return true;
    });
  }
}
