import { type Kysely, sql } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { hashPassword } from '../services/auth/passwords';
import { loadCatalogue } from './catalogue';
import { createDemoGenerator } from './generate';
import { DEMO_EMAIL_DOMAIN, type WriteOptions, writeDemo } from './write';

/**
 * Demo data: a synthetic organisation whose responses follow the Australian census
 * (server/demo/model.ts), so that a newcomer sees full dashboards at once. Written on the first
 * start of an empty database (seedDemoOnFirstStart) and by `npm run seed` (server/demo/cli.ts).
 */

/** The demo accounts' password: printed on the console, so never use a demo organisation for real data. */
export const DEMO_PASSWORD = 'Demo-Weave-2026';
export const DEMO_ADMIN_EMAIL = `demo@${DEMO_EMAIL_DOMAIN}`;
export const DEMO_ORGANIZATION_NAME = 'Riverbend Demo Co.';
export const DEFAULT_DEMO_RESPONSES = 2000;
export const DEFAULT_DEMO_SEED = 'commonweave-demo';

export interface DemoSignIn {
  readonly organizationId: string;
  readonly organizationName: string;
  readonly adminEmail: string;
  readonly password: string;
  readonly assigneeEmails: readonly string[];
  readonly responses: number;
  readonly milliseconds: number;
}

export interface CreateDemoOptions {
  readonly seed: string;
  readonly responses: number;
  readonly organizationName: string;
  readonly argon2: ServerConfig['argon2'];
  readonly now?: Date;
  /** The administrator's email; by default the first free demo@, demo-2@, ... address. */
  readonly adminEmail?: string;
  readonly batchSize?: number;
  readonly singleTransaction?: boolean;
  readonly concurrency?: number;
  readonly onProgress?: WriteOptions['onProgress'];
  readonly guard?: WriteOptions['guard'];
  /** Where census categories that match no lookup item are reported (console.warn by default). */
  readonly warn?: (message: string) => void;
}

/** demo@, else demo-2@, demo-3@... whichever no account has yet. */
export const freeDemoEmail = async (db: Kysely<Database>): Promise<string> => {
  const taken = new Set(
    (await db.selectFrom('users').select(sql<string>`lower(email)`.as('email')).where(sql<string>`lower(email)`, 'like', `demo%@${DEMO_EMAIL_DOMAIN}`).execute()).map((row) => row.email),
  );
  for (let number = 1; ; number++) {
    const email = number === 1 ? DEMO_ADMIN_EMAIL : `demo-${number}@${DEMO_EMAIL_DOMAIN}`;
    if (!taken.has(email)) return email;
  }
};

/** Generates and writes one demo organisation; undefined when `guard` refused. */
export const createDemoOrganization = async (db: Kysely<Database>, options: CreateDemoOptions): Promise<DemoSignIn | undefined> => {
  const started = performance.now();
  const now = options.now ?? new Date();
  const catalogue = await loadCatalogue(db, options.warn);
  const generator = createDemoGenerator(catalogue, { seed: options.seed, responses: options.responses, now, organizationName: options.organizationName });
  const passwordHash = await hashPassword(options.argon2, DEMO_PASSWORD);
  const adminEmail = options.adminEmail ?? (await freeDemoEmail(db));
  const written = await writeDemo(
    db,
    generator.plan,
    generator.responses(),
    {
      passwordHash,
      adminEmail,
      batchSize: options.batchSize ?? 1000,
      singleTransaction: options.singleTransaction ?? false,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      seed: options.seed,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.guard ? { guard: options.guard } : {}),
    },
    now,
  );
  if (written === undefined) return undefined;
  return {
    organizationId: written.organizationId,
    organizationName: options.organizationName,
    adminEmail: written.adminEmail,
    password: DEMO_PASSWORD,
    assigneeEmails: written.assigneeEmails,
    responses: options.responses,
    milliseconds: Math.round(performance.now() - started),
  };
};

/**
 * DEMO_SEED: 'on' writes the demo organisation on the first start of an empty database, 'off'
 * never. Unset: on, except in production (NODE_ENV=production), where a known password
 * printed on the console has no place.
 */
export const demoSeedEnabled = (raw: string | undefined, production: boolean): boolean => {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return !production;
  if (value === 'on' || value === 'true' || value === '1') return true;
  if (value === 'off' || value === 'false' || value === '0') return false;
  throw new Error(`Invalid DEMO_SEED "${raw}": expected on or off.`);
};

const hasOrganization = async (db: Kysely<Database>): Promise<boolean> =>
  (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) !== undefined;

/**
 * On a database with no organisation at all (and only then), writes the demo organisation in
 * one transaction. Two servers starting on one empty PostgreSQL database take turns on an
 * advisory lock, and the second finds the first one's organisation.
 */
export const seedDemoOnFirstStart = async (
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'argon2' | 'production'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<DemoSignIn | undefined> => {
  if (!demoSeedEnabled(env.DEMO_SEED, config.production)) return undefined;
  if (await hasOrganization(db)) return undefined;
  return createDemoOrganization(db, {
    seed: DEFAULT_DEMO_SEED,
    responses: DEFAULT_DEMO_RESPONSES,
    organizationName: DEMO_ORGANIZATION_NAME,
    argon2: config.argon2,
    adminEmail: DEMO_ADMIN_EMAIL,
    singleTransaction: true,
    guard: async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('demo_organization'))`.execute(trx);
      return !(await hasOrganization(trx));
    },
  });
};
