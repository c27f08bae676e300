import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * statistics_selections: the different selections (scope, date range, filters) an organisation's
 * statistics answered in each hour, the allowance against averaging (README: "What an attacker
 * can and cannot learn"). In the database rather than in a process, so that several server
 * processes behind a load balancer share one allowance instead of each granting a full one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_selections')
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('hour', 'bigint', (col) => col.notNull())
    .addColumn('selection', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('statistics_selections_pkey', ['organization_id', 'hour', 'selection'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statistics_selections').execute();
}
