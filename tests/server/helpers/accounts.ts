import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Role } from '../../../domain/contracts/auth';
import { type Database, toJson } from '../../../server/db/database';
import { hashPassword } from '../../../server/services/auth/passwords';
import { testConfig } from './testConfig';

/** A password that satisfies the default rule; most test users share it (one argon2 hash per file). */
export const PASSWORD = 'Correct-Horse1';

let sharedHash: Promise<string> | undefined;
export const passwordHash = (): Promise<string> => (sharedHash ??= hashPassword(testConfig().argon2, PASSWORD));

let counter = 0;
export const uniqueEmail = (prefix = 'user'): string => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.org`;

/** A distinct client address per test keeps the per-address lockout of one test out of the others. */
let addressCounter = 0;
export const freshAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

export interface OrganizationOptions {
  readonly packageExpiresAt?: Date | null;
  readonly active?: boolean;
}

export const insertOrganization = async (db: Kysely<Database>, options: OrganizationOptions = {}): Promise<string> => {
  const row = await db
    .insertInto('organizations')
    .values({
      name: 'Test organisation',
      country: 'AU',
      industry: null,
      package_expires_at: options.packageExpiresAt === undefined ? new Date(Date.now() + 86_400_000) : options.packageExpiresAt,
      active: options.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export interface UserOptions {
  readonly organizationId?: string;
  readonly email?: string;
  readonly role?: Role;
  readonly active?: boolean;
  readonly passwordHash?: string | null;
  readonly passwordChangedAt?: Date;
  readonly organization?: OrganizationOptions;
}

export interface TestUser {
  readonly id: string;
  readonly organizationId: string;
  readonly email: string;
}

/** A user inserted directly (no HTTP, no extra hashing), with the shared PASSWORD by default. */
export const insertUser = async (db: Kysely<Database>, options: UserOptions = {}): Promise<TestUser> => {
  const organizationId = options.organizationId ?? (await insertOrganization(db, options.organization));
  const email = options.email ?? uniqueEmail();
  const row = await db
    .insertInto('users')
    .values({
      organization_id: organizationId,
      email,
      password_hash: options.passwordHash === undefined ? await passwordHash() : options.passwordHash,
      role: options.role ?? 'admin',
      first_name: 'Ada',
      last_name: 'Lovelace',
      locale_id: null,
      active: options.active ?? true,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      settings: toJson({}),
      ...(options.passwordChangedAt ? { password_changed_at: options.passwordChangedAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, organizationId, email };
};

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export interface CallOptions {
  readonly token?: string;
  readonly address?: string;
}

/** Every call through these helpers also checks that the response carries no secret. */
export const call = async (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, options: CallOptions = {}) => {
  const response = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: options.token ? bearer(options.token) : {},
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
  expectNoSecrets(response);
  return response;
};

export const post = (app: FastifyInstance, url: string, payload: unknown = {}, options: CallOptions = {}) => call(app, 'POST', url, payload, options);
export const patch = (app: FastifyInstance, url: string, payload: unknown, options: CallOptions = {}) => call(app, 'PATCH', url, payload, options);
export const get = (app: FastifyInstance, url: string, options: CallOptions = {}) => call(app, 'GET', url, undefined, options);

/** Signs in with email and password and answers the access token (fails the test otherwise). */
export const signIn = async (app: FastifyInstance, email: string, password = PASSWORD, address = freshAddress()): Promise<string> => {
  const response = await post(app, '/api/login', { email, password }, { address });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json().data.access_token as string;
  expect(typeof token).toBe('string');
  return token;
};

/** Words that must never appear in a response: stored hashes, secrets, codes. */
const SECRET_MARKERS = ['password_hash', 'totp_secret', 'totp_pending_secret', 'token_hash', 'code_hash', '$argon2'];

export const expectNoSecrets = (response: LightMyRequestResponse): void => {
  for (const marker of SECRET_MARKERS) expect(response.body, marker).not.toContain(marker);
};

/** A fresh organisation and the session token of one signed-in member per role. */
export interface SignedInOrganization {
  readonly organizationId: string;
  readonly tokens: Map<Role, string>;
}

/** Inserts an organisation with one user in each of `roles`, each signed in. */
export const signedInOrganization = async (app: FastifyInstance, db: Kysely<Database>, roles: readonly Role[]): Promise<SignedInOrganization> => {
  const organizationId = await insertOrganization(db);
  const tokens = new Map<Role, string>();
  for (const role of roles) tokens.set(role, await signIn(app, (await insertUser(db, { organizationId, role })).email));
  return { organizationId, tokens };
};
