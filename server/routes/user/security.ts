import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AuthMessages,
  getTwoFactorToken,
  sendTwoFactorCode,
  toggleTwoFactor,
  type TwoFactorMethod,
  updatePassword,
  updatePassword2fa,
} from '../../../domain/contracts/auth';
import { registerEndpoint } from '../../http/route';
import { type AuthContext, authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { acceptedTotpStep, consumeEmailCode, consumeSecondFactor, consumeTotpCode, createEmailCode, newTotpSecret, totpFor } from '../../services/auth/challenges';
import { assertNotLockedOut, recordFailedAttempt } from '../../services/auth/credentials';
import { type FieldErrors, fieldFailure, invalidCode, invalidData } from '../../services/auth/errors';
import { hashPassword, passwordErrors, verifyPassword } from '../../services/auth/passwords';
import { issueSession, replacePassword } from '../../services/auth/sessions';

interface PasswordChange {
  readonly current_password: string;
  readonly password: string;
  readonly password_confirmation: string;
  /** The second factor, required when two-factor authentication is on. */
  readonly code?: string;
}

/**
 * A signed-in password change: the current password (a wrong one counts toward the lockout),
 * the policy, a different password, the second factor when 2FA is on. Every session of the
 * user is revoked and a new one is issued, whose token is answered.
 */
const changeOwnPassword = async (app: FastifyInstance, request: FastifyRequest, auth: AuthContext, change: PasswordChange): Promise<{ access_token: string }> => {
  const { user } = auth;
  await assertNotLockedOut(app.db, app.config, { email: user.email, address: request.ip }, user);
  const currentOk = user.password_hash !== null && (await verifyPassword(user.password_hash, change.current_password));
  if (!currentOk) {
    await recordFailedAttempt(app.db, { email: user.email, address: request.ip }, 'current_password', user);
    throw invalidData({ current_password: [AuthMessages.currentPasswordWrong] });
  }
  const errors: FieldErrors = { ...passwordErrors(app.config.passwordRegex, change.password, change.password_confirmation) };
  if (errors.password === undefined && change.password === change.current_password) errors.password = [AuthMessages.samePassword];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  if (user.two_factor !== 'off' && !(await consumeSecondFactor(app.db, user, (change.code ?? '').trim()))) {
    await recordFailedAttempt(app.db, { email: user.email, address: request.ip }, 'invalid_code', user);
    throw invalidCode();
  }
  const passwordHash = await hashPassword(app.config.argon2, change.password);
  const token = await app.db.transaction().execute(async (trx) => {
    await replacePassword(trx, user, passwordHash);
    return (await issueSession(trx, user, { address: request.ip })).token;
  });
  await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.password_changed', address: request.ip });
  return { access_token: token };
};

const sendCode = async (app: FastifyInstance, request: FastifyRequest, auth: AuthContext): Promise<{ expired_time: string }> => {
  const { user } = auth;
  const { code, expiresAt } = await createEmailCode(app.db, user, 'toggle');
  await app.mailer.send({
    organizationId: user.organization_id,
    to: user.email,
    subject: 'Your Diversity Atlas security code',
    text: `Your code to confirm a change of your account's security is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not ask for it, change your password.\n`,
  });
  await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.two_factor_code_sent', address: request.ip, details: { purpose: 'toggle' } });
  return { expired_time: expiresAt.toISOString() };
};

/** Turning a method on or off; false when the code does not confirm it. */
const applyToggle = async (app: FastifyInstance, auth: AuthContext, method: TwoFactorMethod, code: string): Promise<boolean> => {
  const { user } = auth;
  const scoped = app.db.updateTable('users').where('id', '=', user.id).where('organization_id', '=', user.organization_id);
  if (method === 'totp') {
    // The authenticator app proves it holds the pending secret; it becomes the active one.
    if (user.totp_pending_secret === null) return false;
    const step = acceptedTotpStep(user.totp_pending_secret, code, null);
    if (step === undefined) return false;
    const result = await scoped
      .set({ two_factor: 'totp', totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_last_step: step })
      .where('totp_pending_secret', '=', user.totp_pending_secret)
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }
  // Email on, or off: confirmed by the current authenticator when TOTP is on, else by an emailed code.
  const confirmed = user.two_factor === 'totp' ? await consumeTotpCode(app.db, user, code) : await consumeEmailCode(app.db, user.id, 'toggle', code);
  if (!confirmed) return false;
  await scoped.set({ two_factor: method, totp_secret: null, totp_pending_secret: null, totp_last_step: null }).execute();
  return true;
};

/** /user/update-password(-2fa) and the 2FA set-up: get-token, send-2fa-code, toggle-2fa. */
export const securityRoutes = async (app: FastifyInstance): Promise<void> => {
  // Also for a session issued with an expired password: changing it is what that session is for.
  await app.register(
    authenticated(
      async (scope) => {
        registerEndpoint(scope, updatePassword, async ({ body, request }) => {
          const auth = authOf(request);
          if (auth.user.two_factor !== 'off') throw fieldFailure(AuthMessages.twoFactorCodeRequired, 'code');
          return changeOwnPassword(app, request, auth, body);
        });

        registerEndpoint(scope, updatePassword2fa, async ({ body, request }) => changeOwnPassword(app, request, authOf(request), body));

        registerEndpoint(scope, sendTwoFactorCode, async ({ request }) => sendCode(app, request, authOf(request)), {
          config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        });
      },
      { allowRestricted: true },
    ),
  );

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getTwoFactorToken, async ({ request }) => {
        const { user } = authOf(request);
        const secret = newTotpSecret();
        await app.db
          .updateTable('users')
          .set({ totp_pending_secret: secret })
          .where('id', '=', user.id)
          .where('organization_id', '=', user.organization_id)
          .execute();
        await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.two_factor_setup_started', address: request.ip });
        return { secret, uri: totpFor(secret, user.email).toString() };
      });

      registerEndpoint(scope, toggleTwoFactor, async ({ body, request }) => {
        const auth = authOf(request);
        const { user } = auth;
        await assertNotLockedOut(app.db, app.config, { email: user.email, address: request.ip }, user);
        if (!(await applyToggle(app, auth, body.method, body.code.trim()))) {
          await recordFailedAttempt(app.db, { email: user.email, address: request.ip }, 'invalid_code', user);
          throw invalidCode();
        }
        await audit(app.db, {
          organizationId: user.organization_id,
          actor: user.id,
          action: 'auth.two_factor_changed',
          address: request.ip,
          details: { from: user.two_factor, to: body.method },
        });
        return { two_factor: body.method };
      });
    }),
  );
};
