import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AuthMessages, changePassword, checkResetPasswordToken, resetPasswordRequest } from '../../../domain/contracts/auth';
import type { Database, UserRow } from '../../db/database';
import { envelopeReply, registerEndpoint } from '../../http/route';
import { audit } from '../../services/auth/audit';
import { fieldFailure, invalidData } from '../../services/auth/errors';
import { clearFailures } from '../../services/auth/lockout';
import { hashPassword, passwordErrors } from '../../services/auth/passwords';
import { replacePassword } from '../../services/auth/sessions';
import { randomToken, sha256Hex } from '../../services/auth/tokens';
import { findActiveUserByEmail } from '../../services/auth/users';
import { isAcceptableEmail } from '../../services/auth/fields';

/** A reset link works once, for 60 minutes. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/**
 * Reset mails one address receives within an hour, whoever asks and from wherever: the
 * per-address limit alone would let many addresses flood one inbox.
 */
export const RESET_MAILS_PER_HOUR = 5;

/** Links are valid for an hour, so the links still unexpired are those asked for in the last hour. */
const resetsInTheLastHour = async (db: Kysely<Database>, userId: string, now: Date): Promise<number> => {
  const row = await db
    .selectFrom('password_resets')
    .select(db.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

const tokenNoLongerValid = () => fieldFailure(AuthMessages.tokenNoLongerValid, 'token');

/** The unused, unexpired reset of a token, with its (active) user. */
const findValidReset = async (db: Kysely<Database>, token: string, now = new Date()): Promise<{ resetId: string; user: UserRow } | undefined> => {
  if (token === '' || token.length > 256) return undefined;
  const reset = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'organization_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (reset === undefined) return undefined;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', reset.user_id)
    .where('organization_id', '=', reset.organization_id)
    .executeTakeFirst();
  return user?.active ? { resetId: reset.id, user } : undefined;
};

/** POST /reset-password-request, /check-reset-password-token and /change-password. */
export const resetRoutes = (app: FastifyInstance): void => {
  // The same answer whether or not an account exists.
  registerEndpoint(
    app,
    resetPasswordRequest,
    async ({ body, request }) => {
      if (!isAcceptableEmail(body.email)) throw invalidData({ email: [AuthMessages.invalidEmail] });
      const user = await findActiveUserByEmail(app.db, body.email);
      const now = new Date();
      if (user !== undefined && (await resetsInTheLastHour(app.db, user.id, now)) < RESET_MAILS_PER_HOUR) {
        try {
          const token = randomToken();
          await app.db.transaction().execute(async (trx) => {
            // An older link stops working when a new one is asked for.
            await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
            await trx
              .insertInto('password_resets')
              .values({
                organization_id: user.organization_id,
                user_id: user.id,
                token_hash: sha256Hex(token),
                expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
                used_at: null,
              })
              .execute();
          });
          const link = `${app.config.appUrl}/password/reset?token=${encodeURIComponent(token)}`;
          // Sent in the background: waiting for SMTP would make the answer for an existing
          // account measurably slower than for an unknown one.
          void app.mailer
            .send({
              organizationId: user.organization_id,
              to: user.email,
              subject: 'Reset your Diversity Atlas password',
              text: `A new password was asked for your account.\nChoose it here within 60 minutes: ${link}\nIf you did not ask for it, ignore this message.\n`,
              link,
            })
            .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
          await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.password_reset_requested', address: request.ip });
        } catch (error) {
          // A failure must not make the answer differ from the one for an unknown email.
          request.log.error({ err: error }, 'password reset request failed');
        }
      }
      return envelopeReply({ data: null, message: AuthMessages.resetRequested });
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );

  registerEndpoint(app, checkResetPasswordToken, async ({ body }) => {
    const reset = await findValidReset(app.db, body.token);
    if (reset === undefined) throw tokenNoLongerValid();
    return { email: reset.user.email };
  });

  registerEndpoint(app, changePassword, async ({ body, request }) => {
    const reset = await findValidReset(app.db, body.token);
    if (reset === undefined) throw tokenNoLongerValid();
    const errors = passwordErrors(app.config.passwordRegex, body.password, body.password_confirmation);
    if (Object.keys(errors).length > 0) throw invalidData(errors);
    const passwordHash = await hashPassword(app.config.argon2, body.password);
    const { user } = reset;
    await app.db.transaction().execute(async (trx) => {
      // Conditional on used_at still null: a link used twice at once changes the password once.
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('id', '=', reset.resetId)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (used === undefined) throw tokenNoLongerValid();
      await replacePassword(trx, user, passwordHash);
    });
    await clearFailures(app.db, user.email);
    await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.password_reset', address: request.ip });
    return null;
  });
};
