import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import pg from 'pg';
import type { Database } from './database';
import { serialDialect } from './serialDriver';

export type DbKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  readonly db: Kysely<Database>;
  readonly kind: DbKind;
  /** Where the data lives, for the start-up message (never includes a password). */
  readonly description: string;
  /** Must be awaited before exit: an unclosed PGlite folder runs crash recovery at next start. */
  close(): Promise<void>;
}

export type DatabaseTarget = { readonly databaseUrl?: string; readonly dataDir: string } | { readonly memory: true };

/** PostgreSQL when a URL is given, else PGlite in the data folder (created if missing), or in memory. */
export const openDatabase = async (target: DatabaseTarget): Promise<OpenDatabase> => {
  if ('memory' in target) return openPGlite(undefined, 'PGlite in memory');
  if (target.databaseUrl !== undefined) return openPostgres(target.databaseUrl);
  mkdirSync(target.dataDir, { recursive: true });
  return openPGlite(target.dataDir, `PGlite in ${target.dataDir}`);
};

const openPGlite = async (dataDir: string | undefined, description: string): Promise<OpenDatabase> => {
  const { dialect } = await KyselyPGlite.create(dataDir);
  return withClose(new Kysely<Database>({ dialect: serialDialect(dialect) }), 'pglite', description);
};

// node-postgres returns int8 as a string; PGlite returns a number. Align on number (ids, counts).
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const openPostgres = async (databaseUrl: string): Promise<OpenDatabase> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, types: pgTypes });
  // An idle client losing its server emits here; unhandled, it would end the process.
  pool.on('error', (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return withClose(db, 'postgres', `PostgreSQL at ${describeUrl(databaseUrl)}`);
};

const describeUrl = (databaseUrl: string): string => {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
};

const withClose = (db: Kysely<Database>, kind: DbKind, description: string): OpenDatabase => {
  let closing: Promise<void> | undefined;
  return { db, kind, description, close: () => (closing ??= db.destroy()) };
};
