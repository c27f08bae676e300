import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { openDatabase, type OpenDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedReferenceData } from '../../../server/db/seeds/referenceData';
import { seedLookups } from '../../../server/services/lookups/seed';
import {
  PGLITE_TEMPLATES_ENV,
  pgliteTemplateFile,
  POSTGRES_TEMPLATE_ENV,
  postgresTemplateName,
  type TemplateOptions,
  withAdmin,
} from './templateDatabases';

/**
 * A migrated and seeded database for one test file: a fresh `ci_<random>` database on the
 * server named by DATABASE_URL (dropped by `close()`), else PGlite in memory.
 * Create one per file, in `beforeAll`.
 * `lookups: true` also fills the lookup lists (about 20,000 rows), which the server always does
 * at start; only the files that read lookups ask for it.
 *
 * Under vitest each database is a copy of this run's template (templateDatabases.ts): PGlite
 * loads the template's data folder (about 2 s) instead of running initdb, the migrations and the
 * seeds (6 to 9 s, many times that on a busy machine); PostgreSQL copies a template database.
 * The first file to need a template builds it while the others wait for it. Without vitest's
 * set-up (a benchmark, a script) the database is built from nothing.
 */
/** `url`: the database's address on the PostgreSQL server, for another process to open (absent on PGlite). */
export type TestDatabase = OpenDatabase & { readonly url?: string };

export const createTestDatabase = async (options: TemplateOptions = {}): Promise<TestDatabase> => {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = process.env[POSTGRES_TEMPLATE_ENV];
    if (template) return copyOfServerTemplate(serverUrl, postgresTemplateName(template, options), options);
    return prepareDatabase(await createServerDatabase(serverUrl), options);
  }
  const templates = process.env[PGLITE_TEMPLATES_ENV];
  if (templates) return copyOfPGliteTemplate(pgliteTemplateFile(templates, options), options);
  return prepareDatabase(await openDatabase({ memory: true }), options);
};

/** Migrates and seeds `database` (closed if that fails): what every test database starts from. */
const prepareDatabase = async <T extends OpenDatabase>(database: T, options: TemplateOptions): Promise<T> => {
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

/**
 * PGlite from the template's tar file. The file that finds no template and takes the lock builds
 * one, dumps it for the others (written aside, then renamed, so nobody reads half a file) and
 * keeps the database it built.
 */
const copyOfPGliteTemplate = async (file: string, options: TemplateOptions): Promise<TestDatabase> => {
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(file)]) });
    if (takeLock(lock)) {
      try {
        const database = await prepareDatabase(await openDatabase({ memory: true }), options);
        try {
          // Uncompressed: PGlite loads a plain tar about twice as fast as its gzipped dump.
          writeFileSync(`${file}.${process.pid}`, gunzipSync(await database.dumpDataDir!()));
          renameSync(`${file}.${process.pid}`, file);
        } catch (error) {
          await database.close();
          throw error;
        }
        return database;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    await sleep(200);
    removeIfAbandoned(lock);
  }
};

/** The lock file holds its owner's process id: created only if absent, so one owner at a time. */
const takeLock = (lock: string): boolean => {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
};

/** A builder that died holding the lock leaves it behind; the next waiter takes its place. */
const removeIfAbandoned = (lock: string): void => {
  let owner: number;
  try {
    owner = Number(readFileSync(lock, 'utf8'));
  } catch {
    return; // released meanwhile
  }
  if (!Number.isInteger(owner) || owner <= 0) return; // being written
  try {
    process.kill(owner, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') rmSync(lock, { force: true });
  }
};

/**
 * A copy of the template database, which the first caller builds under an advisory lock held on
 * the server (so the others wait there, and a caller that dies releases it with its connection).
 * The template is closed before any copy: PostgreSQL copies no database someone is connected to.
 */
const copyOfServerTemplate = async (serverUrl: string, template: string, options: TemplateOptions): Promise<TestDatabase> => {
  await withAdmin(serverUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount !== 0) return;
      await admin.query(`create database ${template}`);
      try {
        const built = await prepareDatabase(await openDatabase({ databaseUrl: urlOf(serverUrl, template), dataDir: '' }), options);
        await built.close();
      } catch (error) {
        await admin.query(`drop database if exists ${template} with (force)`);
        throw error;
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return createServerDatabase(serverUrl, template);
};

/** A new database on the server, empty or a copy of `template`, dropped by `close()`. */
const createServerDatabase = async (serverUrl: string, template?: string): Promise<TestDatabase> => {
  const name = `ci_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(template === undefined ? `create database ${name}` : `create database ${name} template ${template}`));
  const url = urlOf(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  let dropping: Promise<void> | undefined;
  const dropDatabase = async () => {
    await database.close();
    await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  };
  return { ...database, url, description: `${database.description} (test)`, close: () => (dropping ??= dropDatabase()) };
};

const urlOf = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
};
