import type { FastifyPluginAsync } from 'fastify';
import { viewAs } from '../../../domain/contracts/groups';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { startViewAs } from '../../services/organization/viewAs';

/** POST /organization/view-as: a secondary session for the same person that sees one group (services/organization/viewAs.ts). */
export const viewAsRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  registerEndpoint(scope, viewAs, async ({ body, request }) => startViewAs(scope.db, { auth: authOf(request), address: request.ip, groupId: body.group_id }));
});
