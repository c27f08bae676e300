import { languageFor } from '../../../domain/i18n/precedence';
import { mailTexts } from '../../../domain/i18n/mails';
import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { ServerConfig } from '../../config';
import type { Database, UserRow } from '../../db/database';
import type { MailMessage } from '../mail';
import { audit } from './audit';
import { fieldFailure, invalidData } from '../errors';
import { isAcceptableEmail } from './fields';
import { clearFailures } from './lockout';
import { hashPassword, passwordErrors } from './passwords';
import { replacePassword } from './sessions';
import { randomToken, sha256Hex } from './tokens';
import { findActiveUserByEmail } from './users';

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

export interface ResetRequest {
  readonly email: string;
  readonly appUrl: string;
  readonly address: string | null;
  /** The language the request was made in; the account's own setting comes first. */
  readonly locale?: string;
}

/**
 * What a reset request did: the mail to send, if a link was issued, and the failure that
 * stopped it, if any. The caller answers the same either way.
 */
export interface ResetRequestOutcome {
  readonly mail?: MailMessage;
  readonly failure?: unknown;
}

/**
 * POST /reset-password-request: a new link (the older one stops working) for an active
 * account that has not had five in the last hour; nothing for any other address.
 */
export const requestPasswordReset = async (db: Kysely<Database>, request: ResetRequest): Promise<ResetRequestOutcome> => {
  if (!isAcceptableEmail(request.email)) throw invalidData({ email: [AuthMessages.invalidEmail] });
  const user = await findActiveUserByEmail(db, request.email);
  const now = new Date();
  if (user === undefined || (await resetsInTheLastHour(db, user.id, now)) >= RESET_MAILS_PER_HOUR) return {};
  let mail: MailMessage | undefined;
  try {
    const token = randomToken();
    await db.transaction().execute(async (trx) => {
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
    const link = `${request.appUrl}/password/reset?token=${encodeURIComponent(token)}`;
    const words = mailTexts(languageFor('resetMail', { account: user.locale_id, request: request.locale }));
    mail = {
      organizationId: user.organization_id,
      to: user.email,
      subject: words.resetSubject,
      text: words.resetBody(link),
      link,
    };
    await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.password_reset_requested', address: request.address });
    return { mail };
  } catch (failure) {
    return { ...(mail === undefined ? {} : { mail }), failure };
  }
};

/** POST /check-reset-password-token: the address of a usable link. */
export const resetLinkEmail = async (db: Kysely<Database>, token: string): Promise<string> => {
  const reset = await findValidReset(db, token);
  if (reset === undefined) throw tokenNoLongerValid();
  return reset.user.email;
};

export interface PasswordReset {
  readonly token: string;
  readonly password: string;
  readonly passwordConfirmation: string;
  readonly address: string | null;
}

/** POST /change-password: the new password of a usable link, which is then used up; every session of the account ends. */
export const resetPassword = async (db: Kysely<Database>, config: Pick<ServerConfig, 'passwordRegex' | 'argon2'>, change: PasswordReset): Promise<void> => {
  const reset = await findValidReset(db, change.token);
  if (reset === undefined) throw tokenNoLongerValid();
  const errors = passwordErrors(config.passwordRegex, change.password, change.passwordConfirmation);
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const passwordHash = await hashPassword(config.argon2, change.password);
  const { user } = reset;
  await db.transaction().execute(async (trx) => {
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
  await clearFailures(db, user.email);
  await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.password_reset', address: change.address });
};
