import type { FastifyPluginAsync } from 'fastify';
import { loginRoutes } from './login';
import { registerRoutes } from './register';
import { resetRoutes } from './reset';

/** Accounts and sessions for signed-out callers: registration, sign-in and out, password reset, session check. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  registerRoutes(app);
  await loginRoutes(app);
  resetRoutes(app);
};
