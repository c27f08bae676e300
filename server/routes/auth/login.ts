import type { FastifyInstance } from 'fastify';
import { checkAccessToken, login, login2fa, loginProfile, logout } from '../../../domain/contracts/auth';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { confirmProfile, logIn, logInWithCode, signOut } from '../../services/auth/login';
import { checkSession } from '../../services/auth/sessionCheck';
import { bearerToken } from '../../http/bearer';

/** POST /login, /login-2fa, /login-profile, /logout and /check-access-token. */
export const loginRoutes = async (app: FastifyInstance): Promise<void> => {
  registerEndpoint(app, login, async ({ body, request }) => logIn(app.db, app.config, app.mailer, { ...body, address: request.ip }));

  registerEndpoint(app, login2fa, async ({ body, request }) => logInWithCode(app.db, app.config, { ...body, address: request.ip }));

  // Never fails: a database that cannot revoke the session is logged, and the client signs out anyway.
  registerEndpoint(app, logout, async ({ request }) => {
    try {
      await signOut(app.db, bearerToken(request.headers.authorization), request.ip);
    } catch (error) {
      request.log.error({ err: error }, 'logout could not revoke the session');
    }
    return null;
  });

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, loginProfile, async ({ body, request }) => {
        const { user, session } = authOf(request);
        return confirmProfile(app.db, app.config, app.mailer, { user, session, password: body.password, code: body.code, address: request.ip });
      });
    }),
  );

  await app.register(
    authenticated(
      async (scope) => {
        registerEndpoint(scope, checkAccessToken, async ({ request }) => checkSession(app.db, authOf(request)));
      },
      { allowRestricted: true, allowEndedPackage: true },
    ),
  );
};
