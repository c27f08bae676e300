import { type Kysely, sql } from 'kysely';
import { type LookupList, PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import type { Database } from '../../db/database';

/** A lookup item an answer names, with what the survey's dependent questions need to know. */
export interface AnsweredPrinciple {
  readonly id: number;
  readonly list: string;
  readonly code: string;
  readonly parentId: number | null;
  readonly active: boolean;
  /** The item has active items in its child list (a country with states, a worldview with branches). */
  readonly hasChildren: boolean;
}

/** The list whose items hang under an item of `list`, for the lists the survey asks about. */
export const CHILD_LIST: Readonly<Partial<Record<LookupList, LookupList>>> = {
  countries: 'states',
  worldviews: 'branches',
  branches: 'denominations',
  'position-levels': 'position-types',
};

const INT4_MAX = 2_147_483_647;

/**
 * The items of the given principleIds in one query (ids outside the integer range cannot be
 * stored and are left out, as unknown). The same rules as principleExists in
 * server/services/lookups/service.ts apply to the result (see `principleFits`); one query per
 * submission instead of one per answer keeps the submit fast.
 */
export const loadPrinciples = async (db: Kysely<Database>, ids: Iterable<number>): Promise<ReadonlyMap<number, AnsweredPrinciple>> => {
  const wanted = storableIds(ids);
  if (wanted.length === 0) return new Map();
  const childList = sql<string | null>`case p.list ${sql.join(
    Object.entries(CHILD_LIST).map(([parent, child]) => sql`when ${parent} then ${child}`),
    sql` `,
  )} end`;
  const rows = await db
    .selectFrom('lookup_principles as p')
    .select([
      'p.id',
      'p.list',
      'p.code',
      'p.parent_id',
      'p.active',
      sql<boolean>`exists (select 1 from lookup_principles c where c.parent_id = p.id and c.active and c.list = ${childList})`.as('has_children'),
    ])
    .where('p.id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { id: row.id, list: row.list, code: row.code, parentId: row.parent_id, active: row.active, hasChildren: row.has_children === true }]),
  );
};

/** The ids loadPrinciples reads (the same range rule), in the order given, without repeats. */
export const storableIds = (ids: Iterable<number>): number[] => [...new Set([...ids].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= INT4_MAX))];

/**
 * loadPrinciples as SQL text for a statement written once (services/responses/direct.ts): a
 * JSON array of [id, list, code, parent_id, active, has_children] for the ids in the
 * comma-separated parameter `$n`. The child lists are our own constants. (`|| ''` keeps the
 * planner on the parent index: matched on the list index too, it reads the whole child list.)
 */
export const principlesJsonSql = (parameter: string): string => {
  const childList = `case p.list ${Object.entries(CHILD_LIST)
    .map(([parent, child]) => `when '${parent}' then '${child}'`)
    .join(' ')} end`;
  return `(select coalesce(json_agg(json_build_array(p.id, p.list, p.code, p.parent_id, p.active,
      exists (select 1 from lookup_principles c where c.parent_id = p.id and c.active and c.list || '' = ${childList}))), '[]'::json)
    from lookup_principles p where p.id = any(string_to_array(${parameter}, ',')::int[]))`;
};

/** The rows of principlesJsonSql as loadPrinciples answers them. */
export const principlesFromJson = (rows: readonly (readonly [number, string, string, number | null, boolean, boolean])[]): ReadonlyMap<number, AnsweredPrinciple> =>
  new Map(rows.map(([id, list, code, parentId, active, hasChildren]) => [id, { id, list, code, parentId, active, hasChildren }]));

/**
 * Whether an item may answer a question of `list`: an active item of that list and, for a
 * child list, one under `parentId` or the list's shared "Prefer not to answer".
 */
export const principleFits = (item: AnsweredPrinciple | undefined, list: LookupList, parentId?: number): boolean => {
  if (item === undefined || item.list !== list || !item.active) return false;
  return parentId === undefined || item.parentId === parentId || (item.parentId === null && item.code === PREFER_NOT_CODE);
};
