import type { Kysely } from 'kysely';
import type { LoginResult } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import type { Database, SessionRow, UserRow } from '../../db/database';
import type { Mailer } from '../mail';
import { audit } from './audit';
import { consumeEmailCode, consumeTotpCode } from './challenges';
import { checkCredentials, type CredentialsConfig, recordFailedAttempt, type SignInAttempt } from './credentials';
import { invalidCode } from './errors';
import { invalidData } from '../errors';
import { clearFailures } from './lockout';
import { revokeSessionById, revokeSessionByToken } from './sessions';
import { assertOrganizationUsable, completeSignIn, type SessionConfig, type SignInMethod, signInWithCheckedPassword } from './signIn';

/** Longer than any token we issue: not worth a lookup. */
const TOKEN_MAX = 256;

/**
 * POST /logout: the session of `token` ends and the sign-out is audited. An unknown, expired or
 * missing token is simply nothing to revoke.
 */
export const signOut = async (db: Kysely<Database>, token: string | undefined, address: string | null): Promise<SessionRow | undefined> => {
  if (token === undefined || token.length > TOKEN_MAX) return undefined;
  const session = await revokeSessionByToken(db, token);
  if (session !== undefined) await audit(db, { organizationId: session.organization_id, actor: session.user_id, action: 'auth.signed_out', address });
  // Answered so single logout (sso/singleLogout.ts) knows which session ended.
  return session;
};

/** The rules of the sign-in calls: the password check's and the new session's. */
export type LoginConfig = CredentialsConfig & SessionConfig;

export interface PasswordSignIn extends SignInAttempt {
  readonly password: string;
}

const requireCredentials = (email: string, password: string): void => {
  const errors: Record<string, string[]> = {};
  if (email.trim() === '') errors.email = [Messages.fieldRequired('email')];
  if (password === '') errors.password = [Messages.fieldRequired('password')];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
};

/** How the code proved the second factor, or undefined when it did not. */
const secondFactor = async (db: Kysely<Database>, user: UserRow, code: string): Promise<SignInMethod | undefined> => {
  if (user.two_factor === 'email' && (await consumeEmailCode(db, user.id, 'login', code))) return 'email_code';
  if (user.two_factor === 'totp' && (await consumeTotpCode(db, user, code))) return 'totp';
  return undefined;
};

/** The second step of a checked password: a wrong code counts toward the lockout (422), a right one signs in. */
const signInWithCode = async (db: Kysely<Database>, config: LoginConfig, attempt: SignInAttempt, user: UserRow, code: string): Promise<LoginResult> => {
  const method = await secondFactor(db, user, code);
  if (method === undefined) {
    await recordFailedAttempt(db, attempt, 'invalid_code', user);
    throw invalidCode();
  }
  await clearFailures(db, attempt.email);
  return completeSignIn(db, config, { user, method, address: attempt.address });
};

/** POST /login: email and password, then a session or the second factor to ask for. */
export const logIn = async (db: Kysely<Database>, config: LoginConfig, mailer: Mailer, attempt: PasswordSignIn): Promise<LoginResult> => {
  requireCredentials(attempt.email, attempt.password);
  const user = await checkCredentials(db, config, attempt);
  return signInWithCheckedPassword(db, config, mailer, { user, email: attempt.email, address: attempt.address });
};

/** POST /login-2fa: email, password and the second factor's code at once. */
export const logInWithCode = async (db: Kysely<Database>, config: LoginConfig, attempt: PasswordSignIn & { readonly code: string }): Promise<LoginResult> => {
  requireCredentials(attempt.email, attempt.password);
  const user = await checkCredentials(db, config, attempt);
  await assertOrganizationUsable(db, user, attempt.address);
  return signInWithCode(db, config, attempt, user, attempt.code.trim());
};

export interface ProfileConfirmation {
  readonly user: UserRow;
  /** The session the call came with: it ends once a new one is issued. */
  readonly session: SessionRow;
  readonly password: string;
  readonly code: string | undefined;
  readonly address: string | null;
}

/** POST /login-profile: the signed-in person proves who they are again, and gets a new session for it. */
export const confirmProfile = async (db: Kysely<Database>, config: LoginConfig, mailer: Mailer, confirmation: ProfileConfirmation): Promise<LoginResult> => {
  const { user, address } = confirmation;
  if (confirmation.password === '') throw invalidData({ password: [Messages.fieldRequired('password')] });
  const attempt = { email: user.email, address };
  const checked = await checkCredentials(db, config, { ...attempt, password: confirmation.password });
  const code = confirmation.code?.trim() ?? '';
  const result =
    checked.two_factor === 'off' || code === ''
      ? await signInWithCheckedPassword(db, config, mailer, { user: checked, email: user.email, address })
      : await signInWithCode(db, config, attempt, checked, code);
  if ('access_token' in result && result.access_token !== undefined) await revokeSessionById(db, confirmation.session.id);
  return result;
};
