import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { ServerConfig } from '../../config';
import type { Database, UserRow } from '../../db/database';
import { audit } from './audit';
import { invalidCredentials, tooManyAttempts } from './errors';
import { fieldFailure } from '../errors';
import { isLockedOut, recordFailure } from './lockout';
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from './passwords';
import { findUserByEmail } from './users';
import { assertSignInAllowedBesideSso } from '../sso/ssoRequired';

const ACTOR_MAX = 320;

/** The server rules a password check follows: the argon2 cost and the lockout limits. */
export type CredentialsConfig = Pick<ServerConfig, 'argon2' | 'loginMaxFailures' | 'loginLockoutMinutes'>;

/** Who tries to sign in, and from where (the lockout counts both). */
export interface SignInAttempt {
  readonly email: string;
  readonly address: string | null;
}

/** The actor of an audit entry about a sign-in attempt: the user id, else the email that was tried. */
export const attemptActor = (email: string, user?: UserRow): string => user?.id ?? email.trim().slice(0, ACTOR_MAX);

/** 429 before anything else when the email or the address is locked out (audited). */
export const assertNotLockedOut = async (
  db: Kysely<Database>,
  config: Pick<CredentialsConfig, 'loginMaxFailures' | 'loginLockoutMinutes'>,
  attempt: SignInAttempt,
  user?: UserRow,
): Promise<void> => {
  if (!(await isLockedOut(db, config, attempt.email, attempt.address))) return;
  await audit(db, {
    organizationId: user?.organization_id ?? null,
    actor: attemptActor(attempt.email, user),
    action: 'auth.sign_in_failed',
    address: attempt.address,
    details: { reason: 'locked_out' },
  });
  throw tooManyAttempts();
};

/** Counts a failed attempt toward the lockout and audits it. */
export const recordFailedAttempt = async (db: Kysely<Database>, attempt: SignInAttempt, reason: string, user?: UserRow): Promise<void> => {
  await recordFailure(db, attempt.email, attempt.address);
  await audit(db, {
    organizationId: user?.organization_id ?? null,
    actor: attemptActor(attempt.email, user),
    action: 'auth.sign_in_failed',
    address: attempt.address,
    details: { reason },
  });
};

/**
 * Email and password, as POST /login and /login-2fa check them: lockout first (429, the
 * password is not even looked at); an unknown email and a wrong password get the same 422
 * after the same argon2 work; an inactive user is told so only after a correct password.
 * A hash weaker than the configuration is replaced.
 */
export const checkCredentials = async (
  db: Kysely<Database>,
  config: CredentialsConfig,
  attempt: SignInAttempt & { readonly password: string },
): Promise<UserRow> => {
  const { password } = attempt;
  const user = await findUserByEmail(db, attempt.email);
  await assertNotLockedOut(db, config, attempt, user);
  const passwordHash = user?.password_hash ?? null;
  const ok = passwordHash === null ? await verifyDummy(config.argon2, password) : await verifyPassword(passwordHash, password);
  if (user === undefined || passwordHash === null || !ok) {
    await recordFailedAttempt(db, attempt, 'invalid_credentials', user);
    throw invalidCredentials();
  }
  if (!user.active) {
    await audit(db, { organizationId: user.organization_id, actor: user.id, action: 'auth.sign_in_failed', address: attempt.address, details: { reason: 'inactive' } });
    throw fieldFailure(AuthMessages.userNotActive, 'email');
  }
  // Only now, with the password proven: "SSO required" tells nothing to someone without it.
  await assertSignInAllowedBesideSso(db, user, { method: 'password', address: attempt.address });
  if (needsRehash(passwordHash, config.argon2)) {
    const rehashed = await hashPassword(config.argon2, password);
    await db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', user.id).execute();
    return { ...user, password_hash: rehashed };
  }
  return user;
};
