import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * error_reports: errors of the client (reported through POST /api/error-reports) and of the
 * server (the 500 path), already scrubbed. Identical reports share one row by fingerprint
 * (sha-256 of source, kind, code, url and message) and are counted on it, so a failure
 * repeated a thousand times is one row with count 1000.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('fingerprint', 'text', (col) => col.notNull().unique())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('client', 'server')`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('stack', 'text')
    .addColumn('url', 'text')
    .addColumn('code', 'text')
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('error_reports_last_seen_idx').on('error_reports').columns(['last_seen_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('error_reports').execute();
}
