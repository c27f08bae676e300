import type { FastifyPluginAsync } from 'fastify';
import {
  getDepartments,
  getGroups,
  getGroupsSubGroups,
  getSelectionGroups,
  getSubGroups,
  GroupMessages,
  removeDepartment,
} from '../../../domain/contracts/groups';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { loadVisibleStructure, toDepartmentEntries, toGroups, toOptionTree, toSubGroups } from '../../services/organization/departments';
import { isUuid, requireRole } from '../../services/organization/scope';

const notBelonging = (): ApiError => new ApiError(404, GroupMessages.notBelongToOrganization);

/** PostgreSQL foreign_key_violation: a row of another table still points at the department. */
const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

/**
 * GET /organization/groups, /sub-groups, /departments, /groups-sub-groups, selection-groups and
 * DELETE /organization/remove-department. Every read is cut to what the caller may see
 * (server/services/organization/scope.ts) within their own organisation.
 */
export const groupRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;

  registerEndpoint(scope, getGroups, async ({ request }) => toGroups(await loadVisibleStructure(db, authOf(request))));

  registerEndpoint(scope, getSubGroups, async ({ query, request }) =>
    toSubGroups(await loadVisibleStructure(db, authOf(request)), query.group_id?.trim()),
  );

  registerEndpoint(scope, getDepartments, async ({ request }) => toDepartmentEntries(await loadVisibleStructure(db, authOf(request))));

  registerEndpoint(scope, getGroupsSubGroups, async ({ request }) => toOptionTree(await loadVisibleStructure(db, authOf(request))));

  registerEndpoint(scope, getSelectionGroups, async ({ request }) => toOptionTree(await loadVisibleStructure(db, authOf(request))));

  registerEndpoint(scope, removeDepartment, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, ['admin', 'second_admin']);
    const organizationId = auth.organization.id;
    const departmentId = body.department_id.trim();
    if (!isUuid(departmentId)) throw notBelonging();
    try {
      return await db.transaction().execute(async (trx) => {
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
        if (child !== undefined) throw new ApiError(409, GroupMessages.departmentHasSubGroups);

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
          actor: auth.user.id,
          action: 'organization.department_removed',
          address: request.ip,
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
      });
    } catch (error) {
      // Something else still points at the department (a table added later that keeps it).
      if (isForeignKeyViolation(error)) throw new ApiError(409, GroupMessages.departmentInUse);
      throw error;
    }
  });
});
