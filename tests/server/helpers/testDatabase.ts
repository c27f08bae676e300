import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedReferenceData } from '../../../server/db/seeds/referenceData';

/**
 * A migrated and seeded database for one test file: a fresh `ci_<random>` database on the
 * server named by DATABASE_URL (dropped by `close()`), else PGlite in memory.
 * Create one per file, in `beforeAll`: PGlite's initdb takes 6 to 9 s.
 */
export const createTestDatabase = async (): Promise<OpenDatabase> => {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createServerDatabase(serverUrl) : await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};

const createServerDatabase = async (serverUrl: string): Promise<OpenDatabase> => {
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
  return { ...database, description: `${database.description} (test)`, close: () => (dropping ??= dropDatabase()) };
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
