import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { populationCacheOf } from './cache';
import { DIMENSION_NAMES } from './dimensions';
import { type SourceRow, type StatsContext, baseCte, byDimensions, preferNotIds, runStatistics, sourceList } from './population';

/**
 * Fractional shares of the multi-answer pillars of the diversity index (domain/stats/diversity.ts).
 */

type SelectionLists = Readonly<Record<string, string | readonly string[] | null | undefined>>;

/** Whether a group's dimension keys fall in a filter selection (an empty list accepts any value). */
const inSelection = (values: Readonly<Record<string, string>>, selection: SelectionLists): boolean => {
  for (const [name, raw] of Object.entries(selection)) {
    if (raw === undefined || raw === null || raw.length === 0) continue;
    if (!(DIMENSION_NAMES as readonly string[]).includes(name)) throw new RangeError(`unknown dimension ${name}`);
    if (typeof raw === 'string' ? values[name] !== raw : !raw.includes(values[name])) return false;
  }
  return true;
};

interface ShareGroup {
  readonly values: Readonly<Record<string, string>>;
  readonly answer: string;
  readonly share: number;
}

/**
 * Fractional counts of a multi-answer topic within a selection: a person with m answers counts
 * 1/m under each (domain/stats/diversity.ts), and how many people answered at all. The shares
 * are summed per group of filter values once per population; a selection adds up its groups.
 * A person's shares add up to 1, so the people who answered are the sum of all their shares.
 */
export const fractionalShares = async (
  db: Kysely<Database>,
  context: StatsContext,
  selection: SelectionLists,
  table: 'response_languages' | 'response_heritages',
  column: 'language_id' | 'ethnicity_id',
): Promise<{ shares: Map<string, number>; answered: number }> => {
  const compute = () => shareGroups(db, context, table, column);
  const cache = populationCacheOf(db);
  const groups = await (cache === undefined ? compute() : cache.figure(context, `fractional-shares|${table}|${column}`, compute));
  const shares = new Map<string, number>();
  let answered = 0;
  for (const group of groups) {
    if (!inSelection(group.values, selection)) continue;
    shares.set(group.answer, (shares.get(group.answer) ?? 0) + group.share);
    answered += group.share;
  }
  return { shares, answered: Math.round(answered) };
};

const shareGroups = async (
  db: Kysely<Database>,
  context: StatsContext,
  table: 'response_languages' | 'response_heritages',
  column: 'language_id' | 'ethnicity_id',
): Promise<ShareGroup[]> => {
  // People are counted per number of answers m (a window over each person's rows) rather than
  // summing 1/m in SQL: integer counting, and numeric division on a million rows was most of it.
  // "Prefer not to answer" is left out by its ids: a join to the lookups under the window cost
  // a second per million rows.
  const skipped = [...(await preferNotIds(db)), -1];
  const rows = await runStatistics(
    db,
    sql<SourceRow & { readonly m: number }>`with ${baseCte(context)},
    named as (
      select x.response_id, x.${sql.ref(column)} as answer, count(*) over (partition by x.response_id) as m
      from ${sql.table(table)} x
      where x.organization_id = ${context.organizationId} and x.${sql.ref(column)} not in (${sql.join(skipped)})
    )
    select ${sourceList('base')}, named.answer::text as answer, named.m::int as m, count(*)::int as count
    from base join named on named.response_id = base.id
    group by ${sourceList('base')}, named.answer, named.m`,
  );
  const weighted = rows.map((row) => ({ ...row, share: Number(row.count) / row.m }));
  return (await byDimensions(db, context, weighted)).map(({ values, answer, share }) => ({ values, answer: String(answer), share }));
};
