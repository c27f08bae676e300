import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Database, UserRow } from '../../db/database';
import { sameDigest, sha256Hex } from './tokens';

/** Emailed codes: 6 digits, valid 10 minutes, single use, at most 5 tries. */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export type ChallengePurpose = 'login' | 'toggle';

const codeHash = (userId: string, code: string): string => sha256Hex(`${userId}:${code}`);

export const isSixDigits = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * A new emailed code for a user; any earlier unused code of the same purpose stops working.
 * Answers the code (to send) and its expiry.
 */
export const createEmailCode = async (
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'organization_id'>,
  purpose: ChallengePurpose,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MS);
  await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('user_id', '=', user.id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('login_challenges')
    .values({
      organization_id: user.organization_id,
      user_id: user.id,
      code_hash: codeHash(user.id, code),
      purpose,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { code, expiresAt };
};

/**
 * Checks an emailed code: the newest unused, unexpired one of that purpose, with tries left.
 * A right code is used up; a wrong one costs a try.
 */
export const consumeEmailCode = async (db: Kysely<Database>, userId: string, purpose: ChallengePurpose, code: string, now = new Date()): Promise<boolean> => {
  const challenge = await db
    .selectFrom('login_challenges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (challenge === undefined || challenge.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return false;
  if (!isSixDigits(code) || !sameDigest(challenge.code_hash, codeHash(userId, code))) {
    await db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', challenge.id)
      .execute();
    return false;
  }
  // Conditional on used_at still null: two concurrent uses cannot both succeed.
  const used = await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('id', '=', challenge.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
};

/** Authenticator apps: RFC 6238 with SHA1, 6 digits, 30 s steps, one step of drift either way. */
export const TOTP_ISSUER = 'Commonweave';
const TOTP_PERIOD_S = 30;
const TOTP_WINDOW = 1;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const totpFor = (secretBase32: string, label: string): TOTP =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });

/**
 * The time step a TOTP code belongs to, or undefined if it does not match (within the window)
 * or its step is not after `lastStep` (a code is accepted once).
 */
export const acceptedTotpStep = (secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | undefined => {
  if (!isSixDigits(code)) return undefined;
  let delta: number | null;
  try {
    delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, timestamp: now, window: TOTP_WINDOW });
  } catch {
    return undefined;
  }
  if (delta === null) return undefined;
  const step = TOTP.counter({ period: TOTP_PERIOD_S, timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
};

/**
 * Checks a code against the user's active TOTP secret and records its step, so the same
 * code (or an older one) is refused afterwards. The update is conditional on the stored
 * step, so two concurrent uses of one code cannot both pass.
 */
export const consumeTotpCode = async (db: Kysely<Database>, user: UserRow, code: string, now = Date.now()): Promise<boolean> => {
  if (user.totp_secret === null) return false;
  const step = acceptedTotpStep(user.totp_secret, code, user.totp_last_step, now);
  if (step === undefined) return false;
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
};

/** A second factor for a signed-in change: the authenticator when TOTP is on, else the emailed 'toggle' code. */
export const consumeSecondFactor = (db: Kysely<Database>, user: UserRow, code: string): Promise<boolean> =>
  user.two_factor === 'totp' ? consumeTotpCode(db, user, code) : consumeEmailCode(db, user.id, 'toggle', code);
