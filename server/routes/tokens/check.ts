import type { FastifyInstance } from 'fastify';
import { checkRegisterToken } from '../../../domain/contracts/tokens';
import { registerEndpoint } from '../../http/route';
import { checkLink } from '../../services/tokens/opening';

/** GET /check-register-token (public): the link's survey page, or why it cannot be answered (services/tokens/opening.ts). */
export const checkRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, checkRegisterToken, async ({ query }) =>
    checkLink(app.db, { token: query.token, alias: query.alias, invitation: query.invitation, now: new Date() }),
  );
};
