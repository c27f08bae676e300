import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Role } from '../../../domain/contracts/auth';
import type { PrimaryDepartment } from '../../../domain/contracts/groups';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import type { Database } from '../../db/database';
import { forbidden } from '../errors';
import type { AuthContext } from '../auth/context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before a query: PostgreSQL answers a malformed uuid with an error, which would be a 500. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Roles that see the whole organisation (and may view as any of its groups). */
export const ORGANIZATION_WIDE_ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin'];

/** 403 'Only the administrator can do this.' unless the caller has one of the roles. */
export const requireRole = (auth: Pick<AuthContext, 'user'>, roles: readonly Role[]): void => {
  if (!roles.includes(auth.user.role)) throw forbidden(OrganizationMessages.onlyAdministrator);
};

/**
 * Which part of the organisation a caller may see:
 * - 'organization': all of it, people in no department included;
 * - 'departments': these departments only (possibly none, e.g. staff).
 * Every query must still filter by the caller's organisation: the scope never crosses it.
 */
export type DepartmentScope = { readonly kind: 'organization' } | { readonly kind: 'departments'; readonly ids: readonly string[] };

type Caller = Pick<AuthContext, 'user' | 'organization' | 'viewAsGroupId'>;

/** The departments a person runs: their own department, and any naming them as its assignee. */
const runDepartments = (db: Kysely<Database>, caller: Pick<AuthContext, 'user' | 'organization'>) => {
  const { user, organization } = caller;
  return db
    .selectFrom('departments')
    .select(['id', 'name', 'parent_id'])
    .where('organization_id', '=', organization.id)
    .where((eb) => eb.or([eb('assignee_id', '=', user.id), ...(user.department_id === null ? [] : [eb('id', '=', user.department_id)])]));
};

/** The roots with their sub-groups, all within the organisation. */
const withSubGroups = async (db: Kysely<Database>, organizationId: string, rootIds: readonly string[]): Promise<string[]> => {
  if (rootIds.length === 0) return [];
  const children = await db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('parent_id', 'in', [...rootIds])
    .execute();
  return [...new Set([...rootIds, ...children.map((row) => row.id)])];
};

/**
 * The one scoping rule of the organisation's structure, reused by every read that shows
 * departments or what is in them (lists here, statistics later):
 * - a view-as session: the viewed group and its sub-groups, whatever the role;
 * - administrator, second administrator, sub-administrator: the whole organisation;
 * - group assignee: the departments they run and their sub-groups;
 * - sub-group assignee: the departments they run;
 * - staff: nothing.
 */
export const departmentScopeOf = async (db: Kysely<Database>, caller: Caller): Promise<DepartmentScope> => {
  const { user, organization, viewAsGroupId } = caller;
  if (viewAsGroupId !== null) {
    const viewed = await db
      .selectFrom('departments')
      .select('id')
      .where('organization_id', '=', organization.id)
      .where('id', '=', viewAsGroupId)
      .execute();
    return { kind: 'departments', ids: await withSubGroups(db, organization.id, viewed.map((row) => row.id)) };
  }
  if (ORGANIZATION_WIDE_ROLES.includes(user.role)) return { kind: 'organization' };
  if (user.role === 'group_assignee') {
    const run = await runDepartments(db, caller).execute();
    return { kind: 'departments', ids: await withSubGroups(db, organization.id, run.map((row) => row.id)) };
  }
  if (user.role === 'subgroup_assignee') {
    const run = await runDepartments(db, caller).execute();
    return { kind: 'departments', ids: run.map((row) => row.id) };
  }
  return { kind: 'departments', ids: [] };
};

/** Every department id of the organisation the caller may see. */
export const visibleDepartmentIds = async (db: Kysely<Database>, caller: Caller): Promise<string[]> => {
  const scope = await departmentScopeOf(db, caller);
  if (scope.kind === 'departments') return [...scope.ids];
  const rows = await db.selectFrom('departments').select('id').where('organization_id', '=', caller.organization.id).execute();
  return rows.map((row) => row.id);
};

/**
 * A where-condition keeping the rows whose department column is within the scope, for any
 * table (`users.department_id`, `departments.id`, a response's department...). For the whole
 * organisation it keeps every row, null departments included; the caller still filters by
 * organization_id.
 */
export const inDepartmentScope = (scope: DepartmentScope, column: string): Expression<SqlBool> => {
  if (scope.kind === 'organization') return sql<SqlBool>`true`;
  if (scope.ids.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join([...scope.ids])})`;
};

/**
 * The groups a person may view as (SPEC sections 3 and 6, primary departments), never
 * narrowed by a view-as session: administrators, second administrators and sub-administrators
 * every tier 2 group; an assignee the departments they run (their own department first);
 * staff none.
 */
export const primaryDepartments = async (db: Kysely<Database>, caller: Pick<AuthContext, 'user' | 'organization'>): Promise<PrimaryDepartment[]> => {
  const { user, organization } = caller;
  if (ORGANIZATION_WIDE_ROLES.includes(user.role)) {
    const groups = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('organization_id', '=', organization.id)
      .where('parent_id', 'is', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    // SPEC section 4: the first primary department is one's own view ('default'); for the
    // organisation-wide roles that is the whole organisation, so every group can be viewed as.
    return groups.length === 0 ? [] : [{ id: organization.id, name: organization.name }, ...groups];
  }
  if (user.role !== 'group_assignee' && user.role !== 'subgroup_assignee') return [];
  const run = await runDepartments(db, caller).orderBy(sql`lower(name)`).orderBy('id').execute();
  const own = run.filter((row) => row.id === user.department_id);
  return [...own, ...run.filter((row) => row.id !== user.department_id)].map((row) => ({ id: row.id, name: row.name }));
};
