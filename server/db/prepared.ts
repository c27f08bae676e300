import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Statements whose text is written once and run often (the survey submit's): on PostgreSQL
 * they are prepared by name, once per pooled connection, so the server parses and plans them
 * once instead of at every call (node-postgres keeps the names per connection). PGlite, one
 * connection in this process, runs the text through Kysely as any other query.
 */
export interface PreparedStatement {
  /** Unique among the prepared statements. */
  readonly name: string;
  readonly text: string;
}

const pools = new WeakMap<Kysely<any>, pg.Pool>();

/** Called by connect.ts for a PostgreSQL database: its statements go through this pool by name. */
export const preparesOn = (db: Kysely<any>, pool: pg.Pool): void => {
  pools.set(db, pool);
};

/** The rows of a prepared statement run outside any transaction (a single statement is one on its own). */
export const runPrepared = async <Row>(db: Kysely<any>, statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]> => {
  const pool = pools.get(db);
  if (pool !== undefined) return (await pool.query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[];
  return (await db.executeQuery<Row>(CompiledQuery.raw(statement.text, [...values]))).rows;
};
