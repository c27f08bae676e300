import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { ServerConfig } from '../../config';

type Argon2Config = ServerConfig['argon2'];

/** argon2id in @node-rs/argon2's enum (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** Longer passwords are refused: hashing megabytes on request is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 1024;

const options = (argon2: Argon2Config) => ({ memoryCost: argon2.memoryKib, timeCost: argon2.timeCost, parallelism: 1 });

/** argon2id with the configured cost (at least 19 MiB, 2 passes, 1 lane), as a PHC string. */
export const hashPassword = (argon2: Argon2Config, password: string): Promise<string> => hash(password, options(argon2));

/** False for a wrong password and for a hash that cannot be read. */
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** True when the stored hash is weaker than the configuration: rehash it at the next sign-in. */
export const needsRehash = (passwordHash: string, argon2: Argon2Config): boolean => {
  try {
    const parsed = parseOptions(passwordHash);
    return (parsed.algorithm as number) !== ARGON2ID || parsed.memoryCost < argon2.memoryKib || parsed.timeCost < argon2.timeCost;
  } catch {
    return true;
  }
};

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Checks a password against a hash of a random password with the same cost, so that an
 * unknown email takes as long to refuse as a wrong password (no user enumeration by timing).
 */
export const verifyDummy = async (argon2: Argon2Config, password: string): Promise<false> => {
  const key = `${argon2.memoryKib}:${argon2.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (dummy === undefined) {
    dummy = hashPassword(argon2, randomBytes(16).toString('hex'));
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
};

export type PasswordFieldErrors = Partial<Record<'password' | 'password_confirmation', string[]>>;

/** The policy of every password change: the configured rule, a sane length, and the confirmation. */
export const passwordErrors = (passwordRegex: string, password: string, confirmation: string): PasswordFieldErrors => {
  const errors: PasswordFieldErrors = {};
  if (password.length > PASSWORD_MAX_LENGTH || !new RegExp(passwordRegex).test(password)) errors.password = [AuthMessages.invalidPassword];
  if (password !== confirmation) errors.password_confirmation = [AuthMessages.passwordsDiffer];
  return errors;
};

/** Password expiry (`passwordExpiryDays`, 0 = never). */
export const isPasswordExpired = (changedAt: Date, expiryDays: number, now = new Date()): boolean =>
  expiryDays > 0 && changedAt.getTime() + expiryDays * 86_400_000 < now.getTime();
