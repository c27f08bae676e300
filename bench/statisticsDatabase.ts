import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { type ServerConfig, loadConfig } from '../server/config';
import { openDatabase, type OpenDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { migrations } from '../server/db/migrations';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { DEFAULT_DEMO_SEED, DEMO_PASSWORD, createDemoOrganization } from '../server/demo';
import { seedLookups } from '../server/services/lookups/seed';

/**
 * The database the statistics benches read.
 *
 * - Quick mode (default): PGlite in memory with a 2,000-response demo organisation, written on
 *   every run (a few seconds).
 * - PostgreSQL mode: BENCH_DATABASE_URL names a PostgreSQL server (any database on it, e.g.
 *   postgres://postgres@127.0.0.1:5432/postgres). The bench works in the database
 *   BENCH_DATABASE_NAME (default bench_stats) on that server, creating it when missing, and
 *   in it an organisation of BENCH_RESPONSES (default 1,000,000) demo responses, written once
 *   (about 5 to 10 minutes) and found again by its name on later runs.
 */

export interface BenchDatabase {
  readonly database: OpenDatabase;
  readonly label: string;
  readonly organizationId: string;
  readonly adminEmail: string;
  readonly password: string;
  readonly responses: number;
  readonly config: ServerConfig;
}

const QUICK_RESPONSES = 2000;

/** Test settings (quiet logs), but the statistics cache waits for fresh figures as long as in production. */
export const benchConfig = (): ServerConfig => ({ ...loadConfig({ NODE_ENV: 'test' }), rateLimit: { sessionMax: 1_000_000_000, addressMax: 1_000_000_000 }, statisticsFreshWaitMs: loadConfig({}).statisticsFreshWaitMs });

const wholeNumber = (raw: string | undefined, fallback: number, name: string): number => {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};

export const benchOrganizationName = (responses: number): string => `Statistics bench (${responses.toLocaleString('en-AU')} responses)`;

/** Creates the named database on the server when it is missing. */
const ensureDatabase = async (serverUrl: string, name: string): Promise<string> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_DATABASE_NAME must be a plain lowercase identifier');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${name}`);
      console.log(`  created database ${name}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The bench database outlives branches in which migrations were written in a different order
 * than they are numbered, so it accepts one landed out of order rather than refusing to run.
 */
const migrateBenchDatabase = async (database: OpenDatabase): Promise<void> => {
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
};

const adminOf = async (database: OpenDatabase, organizationId: string): Promise<string> =>
  (
    await database.db
      .selectFrom('users')
      .select('email')
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .executeTakeFirstOrThrow()
  ).email;

/**
 * The state autovacuum leaves a table in some minutes after a bulk load (statistics gathered,
 * pages marked all-visible so that index-only scans need not visit the table), reached at
 * once; quick when nothing changed since the last run.
 */
const settle = async (database: OpenDatabase): Promise<void> => {
  await sql`vacuum (analyze) responses, response_languages, response_heritages`.execute(database.db);
};

const openPostgresBench = async (serverUrl: string): Promise<BenchDatabase> => {
  const config = benchConfig();
  const name = process.env.BENCH_DATABASE_NAME?.trim() || 'bench_stats';
  const responses = wholeNumber(process.env.BENCH_RESPONSES, 1_000_000, 'BENCH_RESPONSES');
  const database = await openDatabase({ databaseUrl: await ensureDatabase(serverUrl, name), dataDir: '' });
  try {
    await migrateBenchDatabase(database);
    await seedReferenceData(database.db);
    await seedLookups(database.db);
    const organizationName = benchOrganizationName(responses);
    const existing = await database.db.selectFrom('organizations').select('id').where('name', '=', organizationName).orderBy('created_at').execute();
    for (const organization of existing) {
      const row = await sql<{ count: number }>`select count(*)::int as count from responses where organization_id = ${organization.id}`.execute(database.db);
      if (Number(row.rows[0]?.count) === responses) {
        await settle(database);
        return { database, label: `PostgreSQL ${database.description}`, organizationId: organization.id, adminEmail: await adminOf(database, organization.id), password: DEMO_PASSWORD, responses, config };
      }
      // A seed that was interrupted: written again from the start.
      console.log(`  removing an incomplete "${organizationName}" (${row.rows[0]?.count} responses)`);
      await database.db.deleteFrom('organizations').where('id', '=', organization.id).execute();
    }
    console.log(`  writing "${organizationName}" into ${database.description} (once; about 4,000 responses per second)`);
    let lastReport = 0;
    const demo = (await createDemoOrganization(database.db, {
      seed: DEFAULT_DEMO_SEED,
      responses,
      organizationName,
      argon2: config.argon2,
      batchSize: 5000,
      concurrency: 3,
      onProgress: (written, total) => {
        if (written < total && performance.now() - lastReport < 15_000) return;
        lastReport = performance.now();
        console.log(`    ${written.toLocaleString('en-AU')} / ${total.toLocaleString('en-AU')}`);
      },
    }))!;
    await settle(database);
    return { database, label: `PostgreSQL ${database.description}`, organizationId: demo.organizationId, adminEmail: demo.adminEmail, password: DEMO_PASSWORD, responses, config };
  } catch (error) {
    await database.close();
    throw error;
  }
};

const openQuickBench = async (): Promise<BenchDatabase> => {
  const config = benchConfig();
  const database = await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    await seedLookups(database.db);
    const demo = (await createDemoOrganization(database.db, { seed: 'bench', responses: QUICK_RESPONSES, organizationName: 'Bench', argon2: config.argon2, batchSize: 500 }))!;
    return { database, label: 'PGlite in memory', organizationId: demo.organizationId, adminEmail: demo.adminEmail, password: DEMO_PASSWORD, responses: QUICK_RESPONSES, config };
  } catch (error) {
    await database.close();
    throw error;
  }
};

/** PostgreSQL when BENCH_DATABASE_URL is set, else the quick PGlite mode. */
export const openBenchDatabase = (): Promise<BenchDatabase> => {
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  return serverUrl ? openPostgresBench(serverUrl) : openQuickBench();
};
