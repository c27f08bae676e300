import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * error_reports: errors of the client (reported through POST /api/error-reports) and of the
 * server (the 500 path), already scrubbed. Identical reports share one row by fingerprint
 * (sha-256 of source, kind, code, url and message) and are counted on it, so a failure
 * repeated a thousand times is one row with count 1000.
 *
 * organizations.package_starts_at: when the current package began (existing organisations:
 * their creation). package_reminders: each reminder email sent, once per organisation, package
 * end and number of days before it; the primary key is what makes sending idempotent.
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

  await db.schema.alterTable('organizations').addColumn('package_starts_at', 'timestamptz').execute();
  await sql`update organizations set package_starts_at = created_at`.execute(db);
  await sql`alter table organizations alter column package_starts_at set default now()`.execute(db);
  await db.schema
    .createTable('package_reminders')
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('package_ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('days_before', 'integer', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('package_reminders_pkey', ['organization_id', 'package_ends_at', 'days_before'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('package_reminders').execute();
  await db.schema.alterTable('organizations').dropColumn('package_starts_at').execute();
  await db.schema.dropTable('error_reports').execute();
}
