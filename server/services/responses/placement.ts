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

/** A link for one group or sub-group places every response there (a department since removed: nowhere). */
export const linkPlacement = async (db: Kysely<Database>, organizationId: string, departmentId: string | null): Promise<Placement> => {
  if (departmentId === null) return UNPLACED;
  const department = await db
    .selectFrom('departments')
    .select(['id', 'parent_id'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', departmentId)
    .executeTakeFirst();
  return department === undefined ? UNPLACED : placementOf(department);
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

  const limited = await trx
    .selectFrom('departments')
    .select(['id', 'parent_id', 'capacity'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', department.parent_id === null ? [department.id] : [department.id, department.parent_id])
    .where('capacity', 'is not', null)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  for (const each of limited) {
    const counted = await trx
      .selectFrom('responses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organization_id', '=', organizationId)
      .where(each.parent_id === null ? 'group_id' : 'department_id', '=', each.id)
      .$if(exceptResponseId !== undefined, (query) => query.where('id', '<>', exceptResponseId!))
      .executeTakeFirstOrThrow();
    if (Number(counted.count) >= each.capacity!) return { error: SurveyMessages.groupFull };
  }
  return { placement: placementOf(department) };
};
