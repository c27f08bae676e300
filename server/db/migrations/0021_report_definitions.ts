import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * report_definitions: the report builder's saved definitions (issue 16), per organisation: a
 * name, who saved it, and the definition (title, pages and cards, filters and date range) as
 * domain/contracts/reports.ts codes it. A definition holds no figure: running it again reads
 * the data as it is then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_definitions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('definition', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('report_definitions_organization_idx').on('report_definitions').columns(['organization_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_definitions').execute();
}
