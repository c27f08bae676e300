import type { FastifyInstance } from 'fastify';
import { checkAccessToken, login, login2fa, loginProfile, logout } from '../../../domain/contracts/auth';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { confirmProfile, logIn, logInWithCode } from '../../services/auth/login';
import { checkSession } from '../../services/auth/sessionCheck';
import { bearerToken, revokeSessionByToken } from '../../services/auth/sessions';

/** POST /login, /login-2fa, /login-profile, /logout and /check-access-token. */
export const loginRoutes = async (app: FastifyInstance): Promise<void> => {
  registerEndpoint(app, login, async ({ body, request }) => logIn(app.db, app.config, app.mailer, { ...body, address: request.ip }));

  registerEndpoint(app, login2fa, async ({ body, request }) => logInWithCode(app.db, app.config, { ...body, address: request.ip }));

  // Never fails: an unknown, expired or missing token is simply nothing to revoke.
  registerEndpoint(app, logout, async ({ request }) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || token.length > 256) return null;
    try {
      const session = await revokeSessionByToken(app.db, token);
      if (session !== undefined) {
        await audit(app.db, { organizationId: session.organization_id, actor: session.user_id, action: 'auth.signed_out', address: request.ip });
      }
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
