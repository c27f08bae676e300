import { languageFor } from '../../../domain/i18n/precedence';
import { mailTexts } from '../../../domain/i18n/mails';
import type { Kysely } from 'kysely';
import { AuthMessages, type TwoFactorMethod } from '../../../domain/contracts/auth';
import type { ServerConfig } from '../../config';
import type { Database, UserRow } from '../../db/database';
import type { Mailer } from '../mail';
import { audit } from './audit';
import { acceptedTotpStep, consumeEmailCode, consumeSecondFactor, consumeTotpCode, createEmailCode, newTotpSecret, totpFor } from './challenges';
import { assertNotLockedOut, type CredentialsConfig, recordFailedAttempt } from './credentials';
import { invalidCode } from './errors';
import { type FieldErrors, invalidData } from '../errors';
import { hashPassword, passwordErrors, verifyPassword } from './passwords';
import { issueSession, replacePassword } from './sessions';

/** The signed-in person changing their own account's security, and from where. */
export interface AccountHolder {
  readonly user: UserRow;
  readonly address: string | null;
}

export interface PasswordChange {
  readonly current_password: string;
  readonly password: string;
  readonly password_confirmation: string;
  /** The second factor, required when two-factor authentication is on. */
  readonly code?: string;
}

const attemptOf = ({ user, address }: AccountHolder) => ({ email: user.email, address });

/**
 * A signed-in password change: the current password (a wrong one counts toward the lockout),
 * the policy, a different password, the second factor when 2FA is on. Every session of the
 * user is revoked and a new one is issued, whose token is answered.
 */
export const changeOwnPassword = async (
  db: Kysely<Database>,
  config: CredentialsConfig & Pick<ServerConfig, 'passwordRegex'>,
  holder: AccountHolder,
  change: PasswordChange,
): Promise<{ access_token: string }> => {
  const { user, address } = holder;
  await assertNotLockedOut(db, config, attemptOf(holder), user);
  const currentOk = user.password_hash !== null && (await verifyPassword(user.password_hash, change.current_password));
  if (!currentOk) {
    await recordFailedAttempt(db, attemptOf(holder), 'current_password', user);
    throw invalidData({ current_password: [AuthMessages.currentPasswordWrong] });
  }
  const errors: FieldErrors = { ...passwordErrors(config.passwordRegex, change.password, change.password_confirmation) };
  if (errors.password === undefined && change.password === change.current_password) errors.password = [AuthMessages.samePassword];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  if (user.two_factor !== 'off' && !(await consumeSecondFactor(db, user, (change.code ?? '').trim()))) {
    await recordFailedAttempt(db, attemptOf(holder), 'invalid_code', user);
    throw invalidCode();
  }
  const passwordHash = await hashPassword(config.argon2, change.password);
  const token = await db.transaction().execute(async (trx) => {
    await replacePassword(trx, user, passwordHash);
    return (await issueSession(trx, user, { address })).token;
  });
  await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.password_changed', address });
  return { access_token: token };
};

/** POST /user/update/send-2fa-code: an emailed code that confirms a change of the account's security. */
export const sendSecurityCode = async (db: Kysely<Database>, mailer: Mailer, holder: AccountHolder): Promise<{ expired_time: string }> => {
  const { user } = holder;
  const { code, expiresAt } = await createEmailCode(db, user, 'toggle');
  await mailer.send({
    organizationId: user.organization_id,
    to: user.email,
    subject: mailTexts(languageFor('accountMail', { account: user.locale_id })).securitySubject,
    text: mailTexts(languageFor('accountMail', { account: user.locale_id })).securityBody(code),
  });
  await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.two_factor_code_sent', address: holder.address, details: { purpose: 'toggle' } });
  return { expired_time: expiresAt.toISOString() };
};

/** POST /user/update/get-token: a new authenticator secret, pending until a toggle confirms it. */
export const startAuthenticatorSetup = async (db: Kysely<Database>, holder: AccountHolder): Promise<{ secret: string; uri: string }> => {
  const { user } = holder;
  const secret = newTotpSecret();
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', user.id).where('organization_id', '=', user.organization_id).execute();
  await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.two_factor_setup_started', address: holder.address });
  return { secret, uri: totpFor(secret, user.email).toString() };
};

/** Turning a method on or off; false when the code does not confirm it. */
const applyToggle = async (db: Kysely<Database>, user: UserRow, method: TwoFactorMethod, code: string): Promise<boolean> => {
  const scoped = db.updateTable('users').where('id', '=', user.id).where('organization_id', '=', user.organization_id);
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
  const confirmed = user.two_factor === 'totp' ? await consumeTotpCode(db, user, code) : await consumeEmailCode(db, user.id, 'toggle', code);
  if (!confirmed) return false;
  await scoped.set({ two_factor: method, totp_secret: null, totp_pending_secret: null, totp_last_step: null }).execute();
  return true;
};

/** POST /user/update/toggle-2fa: the method changes once the code confirms it; a wrong code counts toward the lockout. */
export const toggleSecondFactor = async (
  db: Kysely<Database>,
  config: Pick<CredentialsConfig, 'loginMaxFailures' | 'loginLockoutMinutes'>,
  holder: AccountHolder,
  toggle: { readonly method: TwoFactorMethod; readonly code: string },
): Promise<{ two_factor: TwoFactorMethod }> => {
  const { user } = holder;
  await assertNotLockedOut(db, config, attemptOf(holder), user);
  if (!(await applyToggle(db, user, toggle.method, toggle.code.trim()))) {
    await recordFailedAttempt(db, attemptOf(holder), 'invalid_code', user);
    throw invalidCode();
  }
  await audit(db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'auth.two_factor_changed',
    address: holder.address,
    details: { from: user.two_factor, to: toggle.method },
  });
  return { two_factor: toggle.method };
};
