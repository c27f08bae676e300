import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { normalizeEmail } from './users';

/** An address may fail this many times the per-account limit before it is locked out too. */
export const ADDRESS_FAILURE_FACTOR = 4;

type LockoutConfig = Pick<ServerConfig, 'loginMaxFailures' | 'loginLockoutMinutes'>;

/** Emails are cut to a sane length: the table must not grow by what a client chooses to send. */
const EMAIL_KEY_MAX = 320;
const emailKey = (email: string): string => normalizeEmail(email).slice(0, EMAIL_KEY_MAX);

const since = (config: LockoutConfig, now: Date): Date => new Date(now.getTime() - config.loginLockoutMinutes * 60_000);

/**
 * Temporary lockout: at least loginMaxFailures failed sign-ins for this email, or four times
 * that from this address, within the last loginLockoutMinutes. Known and unknown emails are
 * counted alike, so the lockout says nothing about whether an account exists.
 */
export const isLockedOut = async (db: Kysely<Database>, config: LockoutConfig, email: string, address: string | null, now = new Date()): Promise<boolean> => {
  const from = since(config, now);
  const byEmail = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email_lower', '=', emailKey(email))
    .where('at', '>', from)
    .executeTakeFirstOrThrow();
  if (Number(byEmail.count) >= config.loginMaxFailures) return true;
  if (address === null) return false;
  const byAddress = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('address', '=', address)
    .where('at', '>', from)
    .executeTakeFirstOrThrow();
  return Number(byAddress.count) >= config.loginMaxFailures * ADDRESS_FAILURE_FACTOR;
};


export const recordFailure = async (db: Kysely<Database>, email: string, address: string | null, now = new Date()): Promise<void> => {
  await db
    .insertInto('login_failures')
    .values({ email_lower: emailKey(email), address, at: now })
    .execute();
};

/** A successful sign-in clears the failures of its email (not those of the address). */
export const clearFailures = async (db: Kysely<Database>, email: string): Promise<void> => {
  await db.deleteFrom('login_failures').where('email_lower', '=', emailKey(email)).execute();
};
