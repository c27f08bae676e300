import type { Kysely } from 'kysely';
import type { Filters } from '../../../domain/filters/model';
import type { Database } from '../../db/database';
import type { StatsContext } from './population';

/**
 * The bound on averaging (README: "What an attacker can and cannot learn").
 *
 * Every figure is its true count plus an adjustment fixed by its records, so asking one
 * selection again teaches nothing. Two different selections that differ by one person carry two
 * independent adjustments, and someone who builds many such pairs can average the adjustments
 * away. Each pair needs two selections nobody asked before, so an organisation's statistics
 * answer a limited number of different selections (scope, date range and filters) per hour;
 * further different selections that hour get "Not enough data to show.". A selection already
 * answered within the hour costs nothing, so a dashboard's many charts of one selection count
 * once. The count lives in the database (migration 0020), shared by every server process.
 */
export class SelectionBudget {
  /** Selections this process already saw admitted, by organisation, for the current hour only. */
  private readonly admitted = new Map<string, { readonly hour: number; readonly selections: Set<string> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the selection may be answered (it is then counted for the hour, for every process). */
  async allow(context: StatsContext, filters: Filters): Promise<boolean> {
    const hour = Math.floor(this.now() / 3_600_000);
    const key = selectionKey(context, filters);
    let seen = this.admitted.get(context.organizationId);
    if (seen === undefined || seen.hour !== hour) {
      seen = { hour, selections: new Set() };
      this.admitted.set(context.organizationId, seen);
    }
    if (seen.selections.has(key)) return true;
    const allowed = await this.claim(context.organizationId, hour, key);
    if (allowed) seen.selections.add(key);
    return allowed;
  }

  /** Each of a comparison's selections, admitted one after the other so which one the allowance refuses is predictable. */
  async allowEach(requests: readonly { readonly context: StatsContext; readonly filters: Filters }[]): Promise<boolean[]> {
    const admitted: boolean[] = [];
    for (const request of requests) admitted.push(await this.allow(request.context, request.filters));
    return admitted;
  }

  /**
   * Counts the selection in the organisation's hour unless the allowance is spent. The
   * organisation's row is locked for the check and the insert, so two processes cannot both take
   * the last place; the hours before are let go on the way.
   */
  private claim(organizationId: string, hour: number, selection: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
      await trx.deleteFrom('statistics_selections').where('organization_id', '=', organizationId).where('hour', '<', hour).execute();
      const known = await trx
        .selectFrom('statistics_selections')
        .select('selection')
        .where('organization_id', '=', organizationId)
        .where('hour', '=', hour)
        .where('selection', '=', selection)
        .executeTakeFirst();
      if (known !== undefined) return true;
      const { used } = await trx
        .selectFrom('statistics_selections')
        .select((eb) => eb.fn.countAll<number | string>().as('used'))
        .where('organization_id', '=', organizationId)
        .where('hour', '=', hour)
        .executeTakeFirstOrThrow();
      if (Number(used) >= this.perHour) return false;
      await trx.insertInto('statistics_selections').values({ organization_id: organizationId, hour, selection }).execute();
      return true;
    });
  }
}

/** One name per different selection: lists sorted, empty values left out. */
export const selectionKey = (context: StatsContext, filters: Filters): string => {
  const scope = context.scope.kind === 'organization' ? '*' : [...context.scope.ids].sort().join(',');
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
    .map(([name, value]) => `${name}=${Array.isArray(value) ? [...new Set(value as string[])].sort().join(',') : String(value)}`)
    .sort();
  return [scope, context.period.from?.toISOString() ?? '', context.period.to?.toISOString() ?? '', ...parts].join('|');
};
