import { type RawBuilder, sql } from 'kysely';
import type { Selection } from '../../../domain/stats';
import type { DimensionSourceName } from './dimensions';
import { selectionWhere } from './dimensionSql';
import type { StatsContext } from './population';

/**
 * The release blocks a selection counts, each with its weight (domain/stats/blocks.ts): the
 * share of the block's people who are in the selection's staff-file part (gender, position
 * level, age band, generation), among blocks inside the caller's group scope whose median
 * submission time is in the period. Every figure is then a weighted sum of whole blocks' counts,
 * so any sum or difference of figures concerns whole blocks of at least m people. Weights come
 * from the blocks' atoms (staff-file counts kept at release), never from an answer.
 *
 * `by`: the staff-file source columns a breakdown needs (a table by gender): one weight per
 * block and value, the share of the block's people in the selection with that value. `inside`
 * is that number of people (the weight's numerator), which the cell keys are made with. Weights
 * are exact decimals, so a figure's sum does not depend on the order PostgreSQL adds its rows in.
 */
export const weightsCte = (context: StatsContext, staff: Selection, codes: ReadonlyMap<number, string>, by: readonly DimensionSourceName[]): RawBuilder<unknown> => {
  const matching = selectionWhere(staff, context.year, codes, 'atom');
  const { from, to } = context.period;
  const conditions = [
    sql`atom.organization_id = ${context.organizationId}`,
    ...(from !== null ? [sql`atom.submitted_median >= ${from}`] : []),
    ...(to !== null ? [sql`atom.submitted_median < ${to}`] : []),
    ...matching,
    ...(context.scope.kind === 'departments' ? [withinScope(context.organizationId, context.scope.ids)] : []),
  ];
  const byColumns = by.map((name) => sql`, ${sql.ref(`atom.${name}`)}`);
  return sql`weights as (
    select atom.block_id ${sql.join(byColumns, sql``)}, sum(atom.count) as inside, sum(atom.count)::numeric / min(b.size) as weight
    from release_block_atoms atom join release_blocks b on b.id = atom.block_id
    where ${sql.join(conditions, sql` and `)}
    group by atom.block_id ${sql.join(byColumns, sql``)}
  )`;
};

/** Blocks all of whose people are in the scope's groups: a group's figures never take in a part of another group's block. */
const withinScope = (organizationId: string, ids: readonly string[]): RawBuilder<unknown> =>
  ids.length === 0
    ? sql`false`
    : sql`atom.block_id in (
        select inside.block_id from release_block_atoms inside where inside.organization_id = ${organizationId}
        group by inside.block_id having bool_and(coalesce(inside.department_id in (${sql.join([...ids])}), false)))`;

/** Whether a selection weighs every released block in full: no staff-file filter, scope, period or breakdown. */
export const countsEveryBlock = (context: StatsContext, staff: Selection, codes: ReadonlyMap<number, string>, by: readonly DimensionSourceName[]): boolean =>
  by.length === 0 && context.scope.kind === 'organization' && context.period.from === null && context.period.to === null && selectionWhere(staff, context.year, codes).length === 0;
