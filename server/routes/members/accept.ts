import type { FastifyInstance } from 'fastify';
import {
  acceptInvitation,
  checkActivation,
  checkActivationAssignee,
  checkDepartmentInvitation,
  checkInvitation,
  checkSubAdminToken,
  type InvitationKind,
  loginSecondAdmin,
} from '../../../domain/contracts/members';
import { type EndpointOptions, registerEndpoint } from '../../http/route';
import { ACCOUNT_KINDS } from '../../services/invitations';
import { acceptAccountInvitation, checkInvitationToken, signInSecondAdministrator } from '../../services/invitations/acceptance';

// Tokens are 256-bit, so this only spares the database and the argon2 work.
const checkLimit: EndpointOptions = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };
const acceptLimit: EndpointOptions = { config: { rateLimit: { max: 20, timeWindow: 60_000 } } };

/** The invitation pages' checks, acceptance and the second administrator's sign-in: no session needed (services/invitations/acceptance.ts). */
export const acceptRoutes = (app: FastifyInstance): void => {
  const checks: readonly [typeof checkActivation, readonly InvitationKind[]][] = [
    [checkDepartmentInvitation, ['group_assignee']],
    [checkActivationAssignee, ['subgroup_assignee']],
    [checkInvitation, ['sub_admin']],
    [checkSubAdminToken, ['sub_admin']],
    [checkActivation, ACCOUNT_KINDS],
  ];
  for (const [endpoint, kinds] of checks) {
    registerEndpoint(app, endpoint, async ({ query }) => checkInvitationToken(app.db, query.token, kinds), checkLimit);
  }

  registerEndpoint(app, acceptInvitation, async ({ body, request }) => acceptAccountInvitation(app.db, app.config, { ...body, address: request.ip }), acceptLimit);

  registerEndpoint(
    app,
    loginSecondAdmin,
    async ({ body, request }) => signInSecondAdministrator(app.db, app.config, app.mailer, { ...body, address: request.ip }),
    acceptLimit,
  );
};
