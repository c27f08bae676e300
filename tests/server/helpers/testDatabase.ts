import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedReferenceData } from '../../../server/db/seeds/referenceData';
import { seedLookups } from '../../../server/lookups/seed';

/**
 * A migrated and seeded database for one test file: a fresh `ci_<random>` database on the
 * server named by DATABASE_URL (dropped by `close()`), else PGlite in memory.
 * Create one per file, in `beforeAll`: PGlite's initdb takes 6 to 9 s.
 * `lookups: true` also fills the lookup lists (about 20,000 rows, 1 to 3 s on PGlite), which
 * the server always does at start; only the files that read lookups ask for it.
 */
/** `url`: the database's address on the PostgreSQL server, for another process to open (absent on PGlite). */
export type TestDatabase = OpenDatabase & { readonly url?: string };

export const createTestDatabase = async (options: { readonly lookups?: boolean } = {}): Promise<TestDatabase> => {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createServerDatabase(serverUrl) : await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    if (options.lookups === true) await seedLookups(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};

const createServerDatabase = async (serverUrl: string): Promise<TestDatabase> => {
  const name = `ci_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  let dropping: Promise<void> | undefined;
  const dropDatabase = async () => {
    await database.close();
    await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  };
  return { ...database, url: url.href, description: `${database.description} (test)`, close: () => (dropping ??= dropDatabase()) };
};

const withAdmin = async (serverUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
};
