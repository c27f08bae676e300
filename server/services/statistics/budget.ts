import type { Filters } from '../../../domain/filters/model';
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
 * once.
 */
export class SelectionBudget {
  private readonly windows = new Map<string, { readonly start: number; readonly selections: Set<string> }>();

  constructor(
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the selection may be answered (it is then counted for the hour). */
  allow(context: StatsContext, filters: Filters): boolean {
    const hour = Math.floor(this.now() / 3_600_000);
    let window = this.windows.get(context.organizationId);
    if (window === undefined || window.start !== hour) {
      window = { start: hour, selections: new Set() };
      this.windows.set(context.organizationId, window);
    }
    const key = selectionKey(context, filters);
    if (window.selections.has(key)) return true;
    if (window.selections.size >= this.perHour) return false;
    window.selections.add(key);
    return true;
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
