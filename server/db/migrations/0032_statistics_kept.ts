import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * statistics_kept: the counted groups of the statistics cache (server/services/statistics/
 * cache.ts) kept across restarts, so that the first home page after a start or deploy is
 * released from them rather than waiting for every GROUP BY (issue 33). One row per
 * organisation, selection (the cache's key of it) and part: 'population' (its groups) or
 * 'question:<name>' (the built question). `version` is the statistics version
 * (statistics_versions) the value counts exactly, `saved_at` the database's clock when it was
 * written (compared with the change log's rows, migration 0023), `format` the shape of the value
 * (keptGroups.ts: KEPT_FORMAT). The values are unprotected counts, like the responses they
 * count: they leave the server only through the release of the statistics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_kept')
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('selection_key', 'text', (col) => col.notNull())
    .addColumn('part', 'text', (col) => col.notNull())
    .addColumn('format', 'integer', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addPrimaryKeyConstraint('statistics_kept_pkey', ['organization_id', 'selection_key', 'part'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statistics_kept').execute();
}
