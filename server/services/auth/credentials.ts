import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { UserRow } from '../../db/database';
import { audit } from './audit';
import { fieldFailure, invalidCredentials, tooManyAttempts } from './errors';
import { isLockedOut, recordFailure } from './lockout';
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from './passwords';
import { findUserByEmail } from './users';

const ACTOR_MAX = 320;

/** The actor of an audit entry about a sign-in attempt: the user id, else the email that was tried. */
export const attemptActor = (email: string, user?: UserRow): string => user?.id ?? email.trim().slice(0, ACTOR_MAX);

/** 429 before anything else when the email or the address is locked out (audited). */
export const assertNotLockedOut = async (app: FastifyInstance, request: FastifyRequest, email: string, user?: UserRow): Promise<void> => {
  if (!(await isLockedOut(app.db, app.config, email, request.ip))) return;
  await audit(app.db, {
    organizationId: user?.organization_id ?? null,
    actor: attemptActor(email, user),
    action: 'auth.sign_in_failed',
    address: request.ip,
    details: { reason: 'locked_out' },
  });
  throw tooManyAttempts();
};

/** Counts a failed attempt toward the lockout and audits it. */
export const recordFailedAttempt = async (app: FastifyInstance, request: FastifyRequest, email: string, reason: string, user?: UserRow): Promise<void> => {
  await recordFailure(app.db, email, request.ip);
  await audit(app.db, {
    organizationId: user?.organization_id ?? null,
    actor: attemptActor(email, user),
    action: 'auth.sign_in_failed',
    address: request.ip,
    details: { reason },
  });
};

/**
 * Email and password, as POST /login and /login-2fa check them: lockout first (429, the
 * password is not even looked at); an unknown email and a wrong password get the same 422
 * after the same argon2 work; an inactive user is told so only after a correct password.
 * A hash weaker than the configuration is replaced.
 */
export const checkCredentials = async (app: FastifyInstance, request: FastifyRequest, email: string, password: string): Promise<UserRow> => {
  const user = await findUserByEmail(app.db, email);
  await assertNotLockedOut(app, request, email, user);
  const passwordHash = user?.password_hash ?? null;
  const ok = passwordHash === null ? await verifyDummy(app.config.argon2, password) : await verifyPassword(passwordHash, password);
  if (user === undefined || passwordHash === null || !ok) {
    await recordFailedAttempt(app, request, email, 'invalid_credentials', user);
    throw invalidCredentials();
  }
  if (!user.active) {
    await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'auth.sign_in_failed', address: request.ip, details: { reason: 'inactive' } });
    throw fieldFailure(AuthMessages.userNotActive, 'email');
  }
  if (needsRehash(passwordHash, app.config.argon2)) {
    const rehashed = await hashPassword(app.config.argon2, password);
    await app.db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', user.id).execute();
    return { ...user, password_hash: rehashed };
  }
  return user;
};
