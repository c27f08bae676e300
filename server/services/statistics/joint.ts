import { type Kysely, sql } from 'kysely';
import { type KeyedCount, type Overlap, addCounts, emptyCount, jointlyWithheld } from '../../../domain/stats';
import type { Database } from '../../db/database';
import type { DepartmentScope } from '../organization/scope';
import { type Period, type StatsContext, keySum, runStatistics, whereOf } from './population';

/**
 * The joint protection of one comparison's selections (domain/stats/joint.ts) over the
 * database: how many people each selection holds and how many two hold in common. The
 * selections of one comparison share the organisation and the dashboard filters and differ by
 * group scope and period, so the counts come from respondents per group within a period: one
 * GROUP BY per distinct period (and per distinct overlap of two periods), each with the sum of
 * its record keys, so a difference of two selections is perturbed as any figure is before the
 * rule reads it. Never sent.
 *
 * The counts leave the dashboard filters out on purpose. With a filter on an answer
 * (LGBTIQ+: yes), a group against its sub-group that leaves out one known person would be
 * released when he answered no (nobody separates the two) and withheld when he answered yes:
 * the refusal itself would say his answer. Without the filters the decision rests only on who
 * responded in which group and when, and the filtered difference is never larger than the
 * unfiltered one, so the rule still holds for the filtered figures.
 */

const NO_DEPARTMENT = '';

const periodKey = (period: Period) => `${period.from?.toISOString() ?? ''}|${period.to?.toISOString() ?? ''}`;

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: Date | null, b: Date | null) => (a === null ? b : b === null ? a : a < b ? a : b);

const inScope = (scope: DepartmentScope, department: string): boolean => scope.kind === 'organization' || (department !== NO_DEPARTMENT && scope.ids.includes(department));

/** Respondents per group (department id, '' for none) of a context with the organisation's scope, with their key sums: one GROUP BY. */
export type RespondentsByGroup = (context: StatsContext) => Promise<ReadonlyMap<string, KeyedCount>>;

export const respondentsByGroup =
  (db: Kysely<Database>): RespondentsByGroup =>
  async (context) => {
    const rows = await runStatistics(db, sql<{ department: string | null; count: number; key: number }>`select r.department_id as department, count(*)::int as count,
      ${keySum(sql`r.record_key`)} as key
      from responses r where ${await whereOf(db, context)} group by r.department_id`);
    return new Map(rows.map((row) => [row.department ?? NO_DEPARTMENT, { count: Number(row.count), key: Number(row.key) }]));
  };

/**
 * The indices (into `contexts`, among `candidates`) to withhold so that no two released selections
 * differ by 1 to k-1 people (domain/stats/joint.ts). `countsOf` gives the respondents per group of a period (the
 * statistics figures keep them with the population, so a warm comparison does not count again).
 */
export const withheldTogether = async (countsOf: RespondentsByGroup, contexts: readonly StatsContext[], candidates: readonly number[], k: number): Promise<Set<number>> => {
  if (candidates.length < 2) return new Set();
  const byPeriod = new Map<string, Promise<ReadonlyMap<string, KeyedCount>>>();
  const countsIn = (template: StatsContext, period: Period): Promise<ReadonlyMap<string, KeyedCount>> => {
    const key = periodKey(period);
    let counts = byPeriod.get(key);
    if (counts === undefined) {
      counts = countsOf({ organizationId: template.organizationId, year: template.year, scope: { kind: 'organization' }, period, by: [] });
      byPeriod.set(key, counts);
    }
    return counts;
  };
  const sizeOf = async (template: StatsContext, period: Period, within: (department: string) => boolean): Promise<KeyedCount> => {
    if (period.from !== null && period.to !== null && period.from >= period.to) return emptyCount;
    let total = emptyCount;
    for (const [department, counted] of await countsIn(template, period)) if (within(department)) total = addCounts(total, counted);
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
