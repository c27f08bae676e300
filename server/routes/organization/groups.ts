import type { FastifyPluginAsync } from 'fastify';
import {
  getDepartments,
  getGroups,
  getGroupsSubGroups,
  getSelectionGroups,
  getSubGroups,
  removeDepartment,
} from '../../../domain/contracts/groups';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import {
  loadVisibleStructure,
  removeDepartmentOf,
  toDepartmentEntries,
  toGroups,
  toOptionTree,
  toSubGroups,
} from '../../services/organization/departments';

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

  registerEndpoint(scope, removeDepartment, async ({ body, request }) =>
    removeDepartmentOf(db, { auth: authOf(request), address: request.ip, departmentId: body.department_id }),
  );
});
