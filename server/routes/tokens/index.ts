import type { FastifyPluginAsync } from 'fastify';
import { authenticated } from '../../plugins/auth';
import { checkRoutes } from './check';
import { emailRoutes } from './email';
import { linkRoutes } from './links';

/**
 * Survey links: /token/* and /survey/manipulation-email for signed-in members, and the
 * public /check-register-token that the survey registration page asks first.
 */
export const tokenRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    authenticated(async (scope) => {
      linkRoutes(scope);
      emailRoutes(scope);
    }),
  );
  checkRoutes(app);
};
