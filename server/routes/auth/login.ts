import type { FastifyInstance } from 'fastify';
import { checkAccessToken, login, login2fa, type LoginResult, logout } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { consumeEmailCode, consumeTotpCode } from '../../services/auth/challenges';
import { checkCredentials, recordFailedAttempt } from '../../services/auth/credentials';
import { invalidCode, invalidData } from '../../services/auth/errors';
import { clearFailures } from '../../services/auth/lockout';
import { bearerToken, revokeSessionByToken } from '../../services/auth/sessions';
import { assertOrganizationUsable, completeSignIn, type SignInMethod, signInWithCheckedPassword } from '../../services/auth/signIn';
import { toOrganization, toUser } from '../../services/auth/users';
import { primaryDepartments } from '../../services/organization/scope';

const requireCredentials = (email: string, password: string): void => {
  const errors: Record<string, string[]> = {};
  if (email.trim() === '') errors.email = [Messages.fieldRequired('email')];
  if (password === '') errors.password = [Messages.fieldRequired('password')];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
};

/** POST /login, /login-2fa, /logout and /check-access-token. */
export const loginRoutes = async (app: FastifyInstance): Promise<void> => {
  registerEndpoint(app, login, async ({ body, request }): Promise<LoginResult> => {
    requireCredentials(body.email, body.password);
    const user = await checkCredentials(app, request, body.email, body.password);
    return signInWithCheckedPassword(app, request, user, body.email);
  });

  registerEndpoint(app, login2fa, async ({ body, request }) => {
    requireCredentials(body.email, body.password);
    const user = await checkCredentials(app, request, body.email, body.password);
    await assertOrganizationUsable(app, request, user);
    let method: SignInMethod | undefined;
    if (user.two_factor === 'email' && (await consumeEmailCode(app.db, user.id, 'login', body.code.trim()))) method = 'email_code';
    else if (user.two_factor === 'totp' && (await consumeTotpCode(app.db, user, body.code.trim()))) method = 'totp';
    if (method === undefined) {
      await recordFailedAttempt(app, request, body.email, 'invalid_code', user);
      throw invalidCode();
    }
    await clearFailures(app.db, body.email);
    return completeSignIn(app, request, user, method);
  });

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
    authenticated(
      async (scope) => {
        registerEndpoint(scope, checkAccessToken, async ({ request }) => {
          const auth = authOf(request);
          const { user, organization } = auth;
          return {
            user: toUser(user),
            cohort: null,
            organization: toOrganization(organization),
            filter: null,
            industries: [],
            primary_departments: await primaryDepartments(app.db, auth),
          };
        });
      },
      { allowRestricted: true },
    ),
  );
};
