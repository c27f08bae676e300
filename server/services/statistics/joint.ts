import { type Kysely, sql } from 'kysely';
import { type Overlap, jointlyWithheld } from '../../../domain/stats';
import type { Database } from '../../db/database';
import type { DepartmentScope } from '../organization/scope';
import { type Period, type StatsContext, runStatistics, whereOf } from './population';

/**
 * The joint protection of one comparison's selections (domain/stats/joint.ts) over the
 * database: how many people each selection holds and how many two hold in common. The
 * selections of one comparison share the organisation and the dashboard filters and differ by
 * group scope and period, so the counts come from respondents per group within a period: one
 * GROUP BY per distinct period (and per distinct overlap of two periods). True counts, used
 * only to decide what is withheld, never sent.
 */

const NO_DEPARTMENT = '';

const periodKey = (period: Period) => `${period.from?.toISOString() ?? ''}|${period.to?.toISOString() ?? ''}`;

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: Date | null, b: Date | null) => (a === null ? b : b === null ? a : a < b ? a : b);

const inScope = (scope: DepartmentScope, department: string): boolean => scope.kind === 'organization' || (department !== NO_DEPARTMENT && scope.ids.includes(department));

/** The indices (into `contexts`, among `candidates`) to withhold so that no two released selections differ by 1 to k-1 people. */
export const withheldTogether = async (db: Kysely<Database>, contexts: readonly StatsContext[], candidates: readonly number[], k: number): Promise<Set<number>> => {
  if (candidates.length < 2) return new Set();
  const byPeriod = new Map<string, Promise<Map<string, number>>>();
  const countsIn = (template: StatsContext, period: Period): Promise<Map<string, number>> => {
    const key = periodKey(period);
    let counts = byPeriod.get(key);
    if (counts === undefined) {
      const context: StatsContext = { ...template, scope: { kind: 'organization' }, period, by: [] };
      counts = (async () => {
        const rows = await runStatistics(db, sql<{ department: string | null; count: number }>`select r.department_id as department, count(*)::int as count
          from responses r where ${await whereOf(db, context)} group by r.department_id`);
        return new Map(rows.map((row) => [row.department ?? NO_DEPARTMENT, Number(row.count)]));
      })();
      byPeriod.set(key, counts);
    }
    return counts;
  };
  const sizeOf = async (template: StatsContext, period: Period, within: (department: string) => boolean): Promise<number> => {
    if (period.from !== null && period.to !== null && period.from >= period.to) return 0;
    let total = 0;
    for (const [department, count] of await countsIn(template, period)) if (within(department)) total += count;
    return total;
  };
  const chosen = candidates.map((index) => contexts[index]!);
  const sizes = await Promise.all(chosen.map((context) => sizeOf(context, context.period, (department) => inScope(context.scope, department))));
  const overlaps = new Map<string, Overlap>();
  for (let j = 0; j < chosen.length; j += 1) {
    for (let i = 0; i < j; i += 1) {
      const [a, b] = [chosen[i]!, chosen[j]!];
      const period = { from: later(a.period.from, b.period.from), to: earlier(a.period.to, b.period.to) };
      const both = await sizeOf(a, period, (department) => inScope(a.scope, department) && inScope(b.scope, department));
      overlaps.set(`${i} ${j}`, { a: sizes[i]!, b: sizes[j]!, both });
    }
  }
  const withheld = jointlyWithheld(chosen.length, (i, j) => overlaps.get(`${i} ${j}`)!, k);
  return new Set([...withheld].map((position) => candidates[position]!));
};
