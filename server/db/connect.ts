import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import pg from 'pg';
import type { Database } from './database';
import { preparesOn } from './prepared';
import { serialDialect } from './serialDriver';

export type DbKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  readonly db: Kysely<Database>;
  readonly kind: DbKind;
  /** Where the data lives, for the start-up message (never includes a password). */
  readonly description: string;
  /** Must be awaited before exit: an unclosed PGlite folder runs crash recovery at next start. */
  close(): Promise<void>;
  /**
   * The embedded database's data folder as one gzipped tarball, taken between two queries (PGlite
   * runs one at a time), so it is consistent while the server runs. Undefined on PostgreSQL,
   * which has pg_dump.
   */
  readonly dumpDataDir?: () => Promise<Uint8Array>;
  /** Connections of the PostgreSQL pool (the embedded database has one, always busy or idle). */
  readonly poolStats?: () => { readonly total: number; readonly idle: number; readonly waiting: number };
  /** The read replica the statistics count on (DATABASE_REPLICA_URL), closed with the primary. */
  readonly replica?: Kysely<Database>;
}

export type DatabaseTarget = { readonly databaseUrl?: string; readonly databaseReplicaUrl?: string; readonly dataDir: string } | { readonly memory: true; readonly loadDataDir?: Blob };

/** PostgreSQL when a URL is given, else PGlite in the data folder (created if missing), or in memory. */
export const openDatabase = async (target: DatabaseTarget): Promise<OpenDatabase> => {
  // loadDataDir: a folder from dumpDataDir to start from instead of an empty one (the tests' template).
  if ('memory' in target) return openPGlite(undefined, 'PGlite in memory', target.loadDataDir);
  if (target.databaseUrl !== undefined) return openPostgres(target.databaseUrl, target.databaseReplicaUrl);
  mkdirSync(target.dataDir, { recursive: true });
  return openPGlite(target.dataDir, `PGlite in ${target.dataDir}`);
};

/** The Kysely instances over PGlite. */
const embedded = new WeakSet<Kysely<Database>>();

/**
 * Whether `db` is the embedded database. PGlite runs no autovacuum, so its planner has no
 * statistics of the tables and guesses their sizes: a query whose best shape depends on them
 * (statistics/topics.ts: answers per person) is written for the embedded database's small
 * organisations there.
 */
export const isEmbedded = (db: Kysely<Database>): boolean => embedded.has(db);

const openPGlite = async (dataDir: string | undefined, description: string, loadDataDir?: Blob): Promise<OpenDatabase> => {
  const { dialect, client } = await (loadDataDir === undefined ? KyselyPGlite.create(dataDir) : KyselyPGlite.create({ loadDataDir }));
  const db = new Kysely<Database>({ dialect: serialDialect(dialect) });
  embedded.add(db);
  // Holding the one connection, so that no transaction is half-way; the checkpoint writes the
  // data files and the control file, without which the copied folder would come back as it
  // was at the last checkpoint.
  const dumpDataDir = (): Promise<Uint8Array> =>
    db.connection().execute(async (connection) => {
      await sql`checkpoint`.execute(connection);
      return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    });
  return { ...withClose(db, 'pglite', description), dumpDataDir };
};

// node-postgres returns int8 as a string; PGlite returns a number. Align on number (ids, counts).
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const postgresPool = (databaseUrl: string, options: pg.PoolConfig = {}): { pool: pg.Pool; db: Kysely<Database> } => {
  const pool = new pg.Pool({ connectionString: databaseUrl, types: pgTypes, ...options });
  // An idle client losing its server emits here; unhandled, it would end the process.
  pool.on('error', (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
  // So does a checked-out client whose server ends it between two statements (a restarted replica,
  // pg_terminate_backend): the statement in flight fails and is retried or answered, the process lives on.
  pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL client error: ${error.message}`)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { pool, db };
};

const openPostgres = async (databaseUrl: string, replicaUrl?: string): Promise<OpenDatabase> => {
  const { pool, db } = postgresPool(databaseUrl);
  preparesOn(db, pool);
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  const primary = { ...withClose(db, 'postgres' as const, `PostgreSQL at ${describeUrl(databaseUrl)}`), poolStats };
  if (replicaUrl === undefined) return primary;
  // A replica that does not answer fails a count quickly, and the primary takes it (db/replica.ts).
  const replica = postgresPool(replicaUrl, { connectionTimeoutMillis: 2_000 }).db;
  let closing: Promise<void> | undefined;
  return {
    ...primary,
    description: `${primary.description}, statistics on its replica at ${describeUrl(replicaUrl)}`,
    replica,
    close: () => (closing ??= Promise.all([primary.close(), replica.destroy()]).then(() => undefined)),
  };
};

const describeUrl = (databaseUrl: string): string => {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
};

const withClose = (db: Kysely<Database>, kind: DbKind, description: string): OpenDatabase => {
  let closing: Promise<void> | undefined;
  return { db, kind, description, close: () => (closing ??= db.destroy()) };
};
