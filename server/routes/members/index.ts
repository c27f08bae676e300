import type { FastifyPluginAsync } from 'fastify';
import { authenticated } from '../../plugins/auth';
import { acceptRoutes } from './accept';
import { inviteRoutes } from './invite';
import { staffRoutes } from './staff';

/**
 * Members and invitations (domain/contracts/members.ts holds the rules and their reasons):
 * invitation checks, acceptance and the second administrator's sign-in for signed-out callers;
 * invitations, groups with assignees, the members list, removal and moves behind sign-in.
 */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  acceptRoutes(app);
  await app.register(
    authenticated(async (scope) => {
      inviteRoutes(scope, app);
      staffRoutes(scope, app);
    }),
  );
};
