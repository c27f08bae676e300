import { languageFor } from '../../../domain/i18n/precedence';
import { mailTexts } from '../../../domain/i18n/mails';
import type { Kysely } from 'kysely';
import { AuthMessages, type LoginResult } from '../../../domain/contracts/auth';
import type { ServerConfig } from '../../config';
import type { Database, OrganizationRow, UserRow } from '../../db/database';
import { fieldFailure, forbidden } from '../errors';
import type { Mailer } from '../mail';
import { audit } from './audit';
import { createEmailCode } from './challenges';
import { clearFailures } from './lockout';
import { isPasswordExpired } from './passwords';
import { issueSession } from './sessions';
import { findOrganization, mayOpenEndedPackage, organizationUsable, toUser } from './users';

/** How the person proved who they are, as recorded in the audit log. */
export type SignInMethod = 'password' | 'email_code' | 'totp' | 'sso';

/** The server rule a new session follows: how long a password lasts. */
export type SessionConfig = Pick<ServerConfig, 'passwordExpiryDays'>;

/**
 * Refuses (HTTP 403, audited) a user whose organisation is inactive or whose package ended,
 * except an administrator of a package that ended, who is let in to see it.
 */
export const assertOrganizationUsable = async (db: Kysely<Database>, user: UserRow, address: string | null): Promise<OrganizationRow> => {
  const organization = await findOrganization(db, user.organization_id);
  if (organizationUsable(organization)) return organization;
  // Their requests still answer 403, except what the Upgrade account page needs (server/plugins/auth.ts).
  if (mayOpenEndedPackage(user, organization)) return organization;
  await audit(db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'auth.sign_in_failed',
    address,
    details: { reason: 'no_active_package' },
  });
  throw forbidden(AuthMessages.noActivePackage);
};

/** A person whose proof was accepted, how, and from where. */
export interface ProvenSignIn {
  readonly user: UserRow;
  readonly method: SignInMethod;
  readonly address: string | null;
}

/**
 * The last step of every sign-in (password, second factor, single sign-on): refuses an
 * inactive user (422) or an unusable organisation (403), issues a new session, restricted to
 * the password change when the password has expired, audits, and answers the LoginResult of
 * POST /login. The caller has already checked the credentials or the provider's answer.
 */
export async function completeSignIn(db: Kysely<Database>, config: SessionConfig, proven: ProvenSignIn): Promise<LoginResult> {
  const { user, method, address } = proven;
  if (!user.active) throw fieldFailure(AuthMessages.userNotActive, 'email');
  await assertOrganizationUsable(db, user, address);
  const expired = user.password_hash !== null && isPasswordExpired(user.password_changed_at, config.passwordExpiryDays);
  const { token } = await issueSession(db, user, { restricted: expired, address });
  await audit(db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'auth.signed_in',
    address,
    details: { method, password_expired: expired },
  });
  return { user: toUser(user), access_token: token, password_expired: expired };
}

/** A user whose password was just checked, with the email as typed (its failures are cleared on success). */
export interface CheckedPassword {
  readonly user: UserRow;
  readonly email: string;
  readonly address: string | null;
}

/**
 * What POST /login answers once the password is checked: the second factor first when it is
 * on (an emailed code is sent now), otherwise a signed-in session. Shared by every route that
 * signs in with a password (/login, /login-second-admin).
 */
export const signInWithCheckedPassword = async (db: Kysely<Database>, config: SessionConfig, mailer: Mailer, checked: CheckedPassword): Promise<LoginResult> => {
  const { user, address } = checked;
  await assertOrganizationUsable(db, user, address);
  if (user.two_factor === 'email') {
    const { code, expiresAt } = await createEmailCode(db, user, 'login');
    await mailer.send({
      organizationId: user.organization_id,
      to: user.email,
      subject: mailTexts(languageFor('accountMail', { account: user.locale_id })).signInSubject,
      text: mailTexts(languageFor('accountMail', { account: user.locale_id })).signInBody(code),
    });
    await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.two_factor_code_sent', address, details: { purpose: 'login' } });
    return { password_expired: false, two_factor: 'email', expired_time: expiresAt.toISOString() };
  }
  if (user.two_factor === 'totp') return { password_expired: false, two_factor: 'totp' };
  await clearFailures(db, checked.email);
  return completeSignIn(db, config, { user, method: 'password', address });
};
