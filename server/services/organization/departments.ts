import { type Kysely, sql } from 'kysely';
import type { DataOf } from '../../../domain/contracts/endpoint';
import { type Assignee, type DepartmentEntry, type Group, GroupMessages, type OptionNode, type removeDepartment, type SubGroup } from '../../../domain/contracts/groups';
import type { Database } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { conflict, DomainError, notFound } from '../errors';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { departmentScopeOf, inDepartmentScope, isUuid, requireRole } from './scope';

type DepartmentRemoved = DataOf<typeof removeDepartment>;

/** A department the caller may see, with what the lists show of it. */
export interface VisibleDepartment {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly parentName: string | null;
  readonly capacity: number | null;
  readonly assignee: Assignee | null;
  /** Active members whose department is this one (not counting sub-groups). */
  readonly directMembers: number;
  /** Answers counted against the capacity (a group's include its sub-groups'); null without a capacity. */
  readonly answersCounted: number | null;
}

/** The caller's view of the structure: groups and sub-groups, each list sorted by name. */
export interface VisibleStructure {
  readonly groups: readonly VisibleDepartment[];
  /** Sub-groups of each visible group, by group id. */
  readonly subGroupsOf: ReadonlyMap<string, readonly VisibleDepartment[]>;
  /** Visible sub-groups whose group is not visible (a sub-group assignee's). */
  readonly detachedSubGroups: readonly VisibleDepartment[];
}

type Caller = Pick<AuthContext, 'user' | 'organization' | 'viewAsGroupId'>;

export const loadVisibleStructure = async (db: Kysely<Database>, caller: Caller): Promise<VisibleStructure> => {
  const organizationId = caller.organization.id;
  const scope = await departmentScopeOf(db, caller);
  const rows = await db
    .selectFrom('departments as d')
    .leftJoin('departments as p', (join) => join.onRef('p.id', '=', 'd.parent_id').onRef('p.organization_id', '=', 'd.organization_id'))
    .leftJoin('users as a', (join) => join.onRef('a.id', '=', 'd.assignee_id').onRef('a.organization_id', '=', 'd.organization_id'))
    .select(['d.id', 'd.name', 'd.parent_id', 'd.capacity', 'p.name as parent_name', 'a.id as assignee_id', 'a.first_name', 'a.last_name', 'a.email'])
    .select((eb) =>
      eb
        .selectFrom('users as m')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('m.department_id', '=', 'd.id')
        .where('m.organization_id', '=', organizationId)
        .where('m.active', '=', true)
        .as('direct_members'),
    )
    // Counted only for a department with a capacity, as the submit counts them (responses/placement.ts).
    .select(
      sql<number | null>`case when d.capacity is null then null else (
        select count(*)::int from responses r
        where r.organization_id = d.organization_id
          and (case when d.parent_id is null then r.group_id else r.department_id end) = d.id
      ) end`.as('answers_counted'),
    )
    .where('d.organization_id', '=', organizationId)
    .where(inDepartmentScope(scope, 'd.id'))
    .orderBy(sql`lower(d.name)`)
    .orderBy('d.id')
    .execute();

  const departments: VisibleDepartment[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    parentName: row.parent_name,
    capacity: row.capacity,
    assignee:
      row.assignee_id === null
        ? null
        : { id: row.assignee_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '', email: row.email ?? '' },
    directMembers: Number(row.direct_members ?? 0),
    answersCounted: row.answers_counted === null ? null : Number(row.answers_counted),
  }));
  const groups = departments.filter((department) => department.parentId === null);
  const groupIds = new Set(groups.map((group) => group.id));
  const subGroupsOf = new Map<string, VisibleDepartment[]>(groups.map((group) => [group.id, []]));
  const detachedSubGroups: VisibleDepartment[] = [];
  for (const department of departments) {
    if (department.parentId === null) continue;
    if (groupIds.has(department.parentId)) subGroupsOf.get(department.parentId)!.push(department);
    else detachedSubGroups.push(department);
  }
  return { groups, subGroupsOf, detachedSubGroups };
};

const allSubGroups = (structure: VisibleStructure): VisibleDepartment[] => [
  ...structure.groups.flatMap((group) => structure.subGroupsOf.get(group.id) ?? []),
  ...structure.detachedSubGroups,
];

export const toGroups = (structure: VisibleStructure): Group[] =>
  structure.groups.map((group) => {
    // A visible group always comes with all its sub-groups (scope.ts), so these are complete.
    const subGroups = structure.subGroupsOf.get(group.id) ?? [];
    return {
      id: group.id,
      name: group.name,
      capacity: group.capacity,
      assignee: group.assignee,
      sub_group_count: subGroups.length,
      member_count: group.directMembers + subGroups.reduce((sum, subGroup) => sum + subGroup.directMembers, 0),
      places_left: group.capacity === null ? null : Math.max(0, group.capacity - (group.answersCounted ?? 0)),
    };
  });

export const toSubGroups = (structure: VisibleStructure, groupId?: string): SubGroup[] =>
  allSubGroups(structure)
    .filter((subGroup) => groupId === undefined || subGroup.parentId === groupId)
    .map((subGroup) => ({
      id: subGroup.id,
      name: subGroup.name,
      capacity: subGroup.capacity,
      assignee: subGroup.assignee,
      member_count: subGroup.directMembers,
      parent_id: subGroup.parentId!,
      parent_name: subGroup.parentName ?? '',
    }));

export const toDepartmentEntries = (structure: VisibleStructure): DepartmentEntry[] => {
  const entry = (department: VisibleDepartment): DepartmentEntry => ({
    id: department.id,
    name: department.name,
    parent_id: department.parentId,
    level: department.parentId === null ? 2 : 3,
    capacity: department.capacity,
  });
  return [
    ...structure.groups.flatMap((group) => [entry(group), ...(structure.subGroupsOf.get(group.id) ?? []).map(entry)]),
    ...structure.detachedSubGroups.map(entry),
  ];
};

export const toOptionTree = (structure: VisibleStructure): OptionNode[] => {
  const leaf = (subGroup: VisibleDepartment): OptionNode => ({ id: subGroup.id, name: subGroup.name, children: [], parent: subGroup.parentId! });
  return [
    ...structure.groups.map((group) => ({ id: group.id, name: group.name, children: (structure.subGroupsOf.get(group.id) ?? []).map(leaf) })),
    ...structure.detachedSubGroups.map(leaf),
  ];
};

const notBelonging = (): DomainError => notFound(GroupMessages.notBelongToOrganization);

export interface DepartmentRemoval {
  readonly auth: AuthContext;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  readonly departmentId: string;
}

/** Inside the caller's transaction: members of the department lose it, views of it end, the row goes. */
const removeInside = async (trx: Kysely<Database>, input: DepartmentRemoval, departmentId: string): Promise<DepartmentRemoved> => {
  const organizationId = input.auth.organization.id;
  // Locked: a sub-group created meanwhile waits for this transaction, then finds no group.
  const department = await trx
    .selectFrom('departments')
    .select(['id', 'name', 'parent_id'])
    .where('id', '=', departmentId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (department === undefined) throw notBelonging();
  const child = await trx
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('parent_id', '=', departmentId)
    .limit(1)
    .executeTakeFirst();
  if (child !== undefined) throw conflict(GroupMessages.departmentHasSubGroups);

  const unassigned = await trx
    .updateTable('users')
    .set({ department_id: null })
    .where('organization_id', '=', organizationId)
    .where('department_id', '=', departmentId)
    .returning('id')
    .execute();
  const endedViews = await trx
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('view_as_group_id', '=', departmentId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  await trx.deleteFrom('departments').where('id', '=', departmentId).where('organization_id', '=', organizationId).execute();
  await audit(trx, {
    organizationId,
    actor: input.auth.user.id,
    action: 'organization.department_removed',
    address: input.address,
    details: {
      department_id: department.id,
      name: department.name,
      level: department.parent_id === null ? 2 : 3,
      parent_id: department.parent_id,
      unassigned_members: unassigned.length,
      ended_view_as_sessions: endedViews.length,
    },
  });
  return { id: department.id, unassigned_members: unassigned.length };
};

/** DELETE /organization/remove-department (administrator or second administrator): a department without sub-groups. */
export const removeDepartmentOf = async (db: Kysely<Database>, input: DepartmentRemoval): Promise<DepartmentRemoved> => {
  requireRole(input.auth, ['admin', 'second_admin']);
  const departmentId = input.departmentId.trim();
  if (!isUuid(departmentId)) throw notBelonging();
  try {
    return await db.transaction().execute((trx) => removeInside(trx, input, departmentId));
  } catch (error) {
    // Something else still points at the department (a table added later that keeps it).
    if (isForeignKeyViolation(error)) throw conflict(GroupMessages.departmentInUse);
    throw error;
  }
};
