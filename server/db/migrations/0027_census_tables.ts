import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Census tables loaded from a statistical office's own file (docs/dashboards.md, "Loading an
 * office's table"): one row per country and pillar and owner. `organization_id` is null for a
 * table the operator loaded (`npm run census:load`), shown to every organisation; an
 * administrator's upload belongs to their organisation and, for it, replaces the operator's.
 *
 * - `pillar`: the CensusPillar as compared (categories mapped onto the lookup lists, its source);
 * - `provenance`: office, table id and title, year, licence and every file's name and sha256;
 * - `report`: what did not map, what was not stated and the counts that could not be read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('census_tables')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('organization_id', 'uuid', (col) => col.references('organizations.id').onDelete('cascade'))
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('pillar', 'text', (col) => col.notNull())
    .addColumn('office', 'text', (col) => col.notNull())
    .addColumn('table_id', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('dataset', 'jsonb', (col) => col.notNull())
    .addColumn('provenance', 'jsonb', (col) => col.notNull())
    .addColumn('report', 'jsonb', (col) => col.notNull())
    .addColumn('loaded_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('loaded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('census_tables_owner').on('census_tables').columns(['organization_id', 'country', 'pillar']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('census_tables').execute();
}
