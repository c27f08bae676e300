import type { FastifyInstance } from 'fastify';
import { checkAccessToken, login, login2fa, loginProfile, type LoginResult, logout } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { consumeEmailCode, consumeTotpCode } from '../../services/auth/challenges';
import { checkCredentials, recordFailedAttempt } from '../../services/auth/credentials';
import { invalidCode, invalidData } from '../../services/auth/errors';
import { clearFailures } from '../../services/auth/lockout';
import { bearerToken, revokeSessionById, revokeSessionByToken } from '../../services/auth/sessions';
import { assertOrganizationUsable, completeSignIn, type SignInMethod, signInWithCheckedPassword } from '../../services/auth/signIn';
import { toOrganization, toUser } from '../../services/auth/users';
import type { UserRow } from '../../db/database';
import { primaryDepartments } from '../../services/organization/scope';

const requireCredentials = (email: string, password: string): void => {
  const errors: Record<string, string[]> = {};
  if (email.trim() === '') errors.email = [Messages.fieldRequired('email')];
  if (password === '') errors.password = [Messages.fieldRequired('password')];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
};

/** POST /login, /login-2fa, /login-profile, /logout and /check-access-token. */
export const loginRoutes = async (app: FastifyInstance): Promise<void> => {
  /** How the code proved the second factor, or undefined when it did not. */
  const secondFactor = async (user: UserRow, code: string): Promise<SignInMethod | undefined> => {
    if (user.two_factor === 'email' && (await consumeEmailCode(app.db, user.id, 'login', code))) return 'email_code';
    if (user.two_factor === 'totp' && (await consumeTotpCode(app.db, user, code))) return 'totp';
    return undefined;
  };

  registerEndpoint(app, login, async ({ body, request }): Promise<LoginResult> => {
    requireCredentials(body.email, body.password);
    const user = await checkCredentials(app, request, body.email, body.password);
    return signInWithCheckedPassword(app, request, user, body.email);
  });

  registerEndpoint(app, login2fa, async ({ body, request }) => {
    requireCredentials(body.email, body.password);
    const user = await checkCredentials(app, request, body.email, body.password);
    await assertOrganizationUsable(app, request, user);
    const method = await secondFactor(user, body.code.trim());
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
    authenticated(async (scope) => {
      registerEndpoint(scope, loginProfile, async ({ body, request }) => {
        const { user, session } = authOf(request);
        if (body.password === '') throw invalidData({ password: [Messages.fieldRequired('password')] });
        const checked = await checkCredentials(app, request, user.email, body.password);
        const code = body.code?.trim() ?? '';
        let result: LoginResult;
        if (checked.two_factor === 'off' || code === '') {
          result = await signInWithCheckedPassword(app, request, checked, user.email);
        } else {
          const method = await secondFactor(checked, code);
          if (method === undefined) {
            await recordFailedAttempt(app, request, user.email, 'invalid_code', checked);
            throw invalidCode();
          }
          await clearFailures(app.db, user.email);
          result = await completeSignIn(app, request, checked, method);
        }
        // A new session was issued: the one this call came with ends.
        if ('access_token' in result && result.access_token !== undefined) await revokeSessionById(app.db, session.id);
        return result;
      });
    }),
  );

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
      { allowRestricted: true, allowEndedPackage: true },
    ),
  );
};
