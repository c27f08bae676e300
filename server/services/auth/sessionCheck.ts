import { type Kysely, sql } from 'kysely';
import type { SessionCheck } from '../../../domain/contracts/auth';
import type { Database } from '../../db/database';
import type { AuthContext } from './context';
import { departmentScopeOf, primaryDepartments } from '../organization/scope';
import { toOrganization, toUser } from './users';

/**
 * The group the session looks at: the one viewed as, otherwise the caller's own department;
 * null for someone who belongs to no group.
 */
const cohortOf = async (db: Kysely<Database>, auth: AuthContext): Promise<SessionCheck['cohort']> => {
  const departmentId = auth.viewAsGroupId ?? auth.user.department_id;
  if (departmentId === null) return null;
  const department = await db
    .selectFrom('departments')
    .select(['id', 'name', 'parent_id'])
    .where('organization_id', '=', auth.organization.id)
    .where('id', '=', departmentId)
    .executeTakeFirst();
  return department ?? null;
};

/** The organisation's industry as an item of the industries list, when its text names one. */
const industriesOf = async (db: Kysely<Database>, industry: string | null): Promise<SessionCheck['industries']> => {
  if (industry === null || industry.trim() === '') return [];
  const rows = await db
    .selectFrom('lookup_principles')
    .select(['id', 'name'])
    .where('list', '=', 'industries')
    .where('active', '=', true)
    .where(sql<string>`lower(name)`, '=', industry.trim().toLowerCase())
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ value: row.name, principleId: row.id }));
};

/**
 * POST /check-access-token: who is signed in, with what the session is confined to. `filter`
 * is the department scope every read of this session applies (null: the whole organisation),
 * the same one the statistics are computed over.
 */
export const checkSession = async (db: Kysely<Database>, auth: AuthContext): Promise<SessionCheck> => {
  const [cohort, scope, industries, primary] = await Promise.all([
    cohortOf(db, auth),
    departmentScopeOf(db, auth),
    industriesOf(db, auth.organization.industry),
    primaryDepartments(db, auth),
  ]);
  return {
    user: toUser(auth.user),
    cohort,
    organization: toOrganization(auth.organization),
    filter: scope.kind === 'organization' ? null : { departments: [...scope.ids] },
    industries,
    primary_departments: primary,
  };
};
