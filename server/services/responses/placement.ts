import type { Kysely } from 'kysely';
import { SurveyMessages } from '../../../domain/contracts/survey';
import type { Database } from '../../db/database';
import { isUuid } from '../invitations';

/** Where a response is counted: its group or sub-group, and the tier 2 group above it. */
export interface Placement {
  readonly departmentId: string | null;
  readonly groupId: string | null;
}

export type PlacementResult = { readonly placement: Placement } | { readonly error: string };

const UNPLACED: Placement = { departmentId: null, groupId: null };

export const placementOf = (department: { id: string; parent_id: string | null }): Placement => ({
  departmentId: department.id,
  groupId: department.parent_id ?? department.id,
});

/**
 * A link for one group or sub-group places every response there (a department since removed:
 * nowhere), while the group has room: its capacity binds answers through its own links as it
 * binds those choosing it on a whole-organisation link (same count, same locks). 'full' when
 * it has none. An edit (`exceptResponseId`) keeps its place: the response is counted there
 * already, and what was paid for stays, even if the capacity was lowered since.
 */
export const linkPlacement = async (
  trx: Kysely<Database>,
  organizationId: string,
  departmentId: string | null,
  exceptResponseId?: string,
): Promise<Placement | 'full'> => {
  if (departmentId === null) return UNPLACED;
  const department = await trx
    .selectFrom('departments as d')
    .leftJoin('departments as p', (join) => join.onRef('p.id', '=', 'd.parent_id').onRef('p.organization_id', '=', 'd.organization_id'))
    .select(['d.id', 'd.parent_id', 'd.capacity', 'p.capacity as parent_capacity'])
    .where('d.organization_id', '=', organizationId)
    .where('d.id', '=', departmentId)
    .executeTakeFirst();
  if (department === undefined) return UNPLACED;
  if ((department.capacity === null && department.parent_capacity === null) || exceptResponseId !== undefined) return placementOf(department);
  return (await hasRoom(trx, organizationId, department, undefined)) ? placementOf(department) : 'full';
};

/** The responses counted against a department's capacity: a group's include its sub-groups'. */
const countedIn = async (
  db: Kysely<Database>,
  organizationId: string,
  department: { readonly id: string; readonly parent_id: string | null },
  exceptResponseId: string | undefined,
): Promise<number> => {
  const counted = await db
    .selectFrom('responses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .where(department.parent_id === null ? 'group_id' : 'department_id', '=', department.id)
    .$if(exceptResponseId !== undefined, (query) => query.where('id', '<>', exceptResponseId!))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
};

/** The department and the group above it, when they have a capacity; `lock`: locked in id order until the transaction ends. */
const limitedDepartments = (db: Kysely<Database>, organizationId: string, department: { readonly id: string; readonly parent_id: string | null }, lock: boolean) =>
  db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'capacity'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', department.parent_id === null ? [department.id] : [department.id, department.parent_id])
    .where('capacity', 'is not', null)
    .orderBy('id')
    .$if(lock, (query) => query.forNoKeyUpdate())
    .execute();

/**
 * Whether a department with a capacity (or under a group with one) takes one more response.
 * Departments with a capacity are locked in id order until the transaction ends, then
 * counted, so two submits, in one process or in two over one database, cannot both take a
 * group's last place: the second waits for the first's commit and counts its response.
 */
const hasRoom = async (
  trx: Kysely<Database>,
  organizationId: string,
  department: { readonly id: string; readonly parent_id: string | null },
  exceptResponseId: string | undefined,
): Promise<boolean> => {
  for (const each of await limitedDepartments(trx, organizationId, department, true)) {
    if ((await countedIn(trx, organizationId, each, exceptResponseId)) >= each.capacity!) return false;
  }
  return true;
};

/**
 * Whether a group link's group (or the group above its sub-group) is full now, read without
 * a lock: the link check says so before anyone fills the survey in; the submit decides.
 */
export const linkGroupFull = async (db: Kysely<Database>, organizationId: string, departmentId: string | null): Promise<boolean> => {
  if (departmentId === null) return false;
  const department = await db
    .selectFrom('departments')
    .select(['id', 'parent_id'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', departmentId)
    .executeTakeFirst();
  if (department === undefined) return false;
  for (const each of await limitedDepartments(db, organizationId, department, false)) {
    if ((await countedIn(db, organizationId, each, undefined)) >= each.capacity!) return true;
  }
  return false;
};

/**
 * The group a participant chose on a whole-organisation link (question 3): a department of
 * the link's organisation (another organisation's id reads as unknown), not full. A capacity
 * counts the responses in the department (a group's include its sub-groups'); choosing a
 * sub-group also needs room in its group. Departments with a capacity are locked in id order
 * until the transaction ends, so two participants cannot both take a group's last place.
 * `exceptResponseId`: an edited response does not count against its own new group.
 */
export const chosenPlacement = async (
  trx: Kysely<Database>,
  organizationId: string,
  chosen: string,
  exceptResponseId?: string,
): Promise<PlacementResult> => {
  const id = chosen.trim();
  if (!isUuid(id)) return { error: SurveyMessages.groupNotFound };
  const department = await trx
    .selectFrom('departments as d')
    .leftJoin('departments as p', (join) => join.onRef('p.id', '=', 'd.parent_id').onRef('p.organization_id', '=', 'd.organization_id'))
    .select(['d.id', 'd.parent_id', 'd.capacity', 'p.capacity as parent_capacity'])
    .where('d.organization_id', '=', organizationId)
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (department === undefined) return { error: SurveyMessages.groupNotFound };
  if (department.capacity === null && department.parent_capacity === null) return { placement: placementOf(department) };

  if (!(await hasRoom(trx, organizationId, department, exceptResponseId))) return { error: SurveyMessages.groupFull };
  return { placement: placementOf(department) };
};
