import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthMessages, type LoginResult } from '../../../domain/contracts/auth';
import type { OrganizationRow, UserRow } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { audit } from './audit';
import { createEmailCode } from './challenges';
import { clearFailures } from './lockout';
import { isPasswordExpired } from './passwords';
import { issueSession } from './sessions';
import { findOrganization, mayOpenEndedPackage, organizationUsable, toUser } from './users';

/** How the person proved who they are, as recorded in the audit log. */
export type SignInMethod = 'password' | 'email_code' | 'totp' | 'sso';

/**
 * Refuses (HTTP 403, audited) a user whose organisation is inactive or whose package ended,
 * except an administrator of a package that ended, who is let in to see it.
 */
export const assertOrganizationUsable = async (app: FastifyInstance, request: FastifyRequest, user: UserRow): Promise<OrganizationRow> => {
  const organization = await findOrganization(app.db, user.organization_id);
  if (organizationUsable(organization)) return organization;
  // Their requests still answer 403, except what the Upgrade account page needs (server/plugins/auth.ts).
  if (mayOpenEndedPackage(user, organization)) return organization;
  await audit(app.db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'auth.sign_in_failed',
    address: request.ip,
    details: { reason: 'no_active_package' },
  });
  throw new ApiError(403, AuthMessages.noActivePackage);
};

/**
 * The last step of every sign-in (password, second factor, single sign-on): refuses an
 * inactive user (422) or an unusable organisation (403), issues a new session, restricted to
 * the password change when the password has expired, audits, and answers the LoginResult of
 * POST /login. The caller has already checked the credentials or the provider's answer.
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  method: SignInMethod = 'sso',
): Promise<LoginResult> {
  if (!user.active) throw new ApiError(422, AuthMessages.userNotActive, { email: [AuthMessages.userNotActive] });
  await assertOrganizationUsable(app, request, user);
  const expired = user.password_hash !== null && isPasswordExpired(user.password_changed_at, app.config.passwordExpiryDays);
  const { token } = await issueSession(app.db, user, { restricted: expired, address: request.ip });
  await audit(app.db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'auth.signed_in',
    address: request.ip,
    details: { method, password_expired: expired },
  });
  return { user: toUser(user), access_token: token, password_expired: expired };
}

/**
 * What POST /login answers once the password is checked: the second factor first when it is
 * on (an emailed code is sent now), otherwise a signed-in session. Shared by every route that
 * signs in with a password (/login, /login-second-admin).
 */
export const signInWithCheckedPassword = async (app: FastifyInstance, request: FastifyRequest, user: UserRow, email: string): Promise<LoginResult> => {
  await assertOrganizationUsable(app, request, user);
  if (user.two_factor === 'email') {
    const { code, expiresAt } = await createEmailCode(app.db, user, 'login');
    await app.mailer.send({
      organizationId: user.organization_id,
      to: user.email,
      subject: 'Your Diversity Atlas sign-in code',
      text: `Your sign-in code is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not try to sign in, change your password.\n`,
    });
    await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.two_factor_code_sent', address: request.ip, details: { purpose: 'login' } });
    return { password_expired: false, two_factor: 'email', expired_time: expiresAt.toISOString() };
  }
  if (user.two_factor === 'totp') return { password_expired: false, two_factor: 'totp' };
  await clearFailures(app.db, email);
  return completeSignIn(app, request, user, 'password');
};
