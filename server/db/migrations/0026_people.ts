import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * The people an organisation imports (issue 29), so a later campaign can pick its recipients
 * from them, and the staging of an import between its upload and its confirmation.
 *
 * - people: one row per address and organisation (the address compared in any letter case);
 *   always in a group, perhaps in one of its sub-groups. A group that still holds people cannot
 *   be removed (the foreign key refuses, answered as "still in use"); a removed sub-group leaves
 *   its people in their group. preferred_language is one of the five catalogues, or null for the
 *   organisation's survey language. bounced_at and unsubscribed_at are set by the campaigns.
 * - people_imports and people_import_rows: an uploaded file, parsed as a stream into rows of
 *   cells, kept in the database (not a temporary file) so that any server process can answer
 *   the next step; the mapping is stored when the rows are checked, so the confirmation writes
 *   exactly what was reviewed. An import is deleted when confirmed, or a day after its upload.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('group_id', 'uuid', (col) => col.notNull().references('departments.id'))
    .addColumn('sub_group_id', 'uuid', (col) => col.references('departments.id').onDelete('set null'))
    .addColumn('preferred_language', 'text', (col) => col.check(sql`preferred_language in ('en', 'fr', 'es', 'ar', 'zh')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('bounced_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .execute();
  await sql`create unique index people_organization_email on people (organization_id, lower(email))`.execute(db);
  await db.schema.createIndex('people_group').on('people').columns(['organization_id', 'group_id']).execute();
  // For the foreign key's set null when a sub-group goes.
  await sql`create index people_sub_group on people (sub_group_id) where sub_group_id is not null`.execute(db);

  await db.schema
    .createTable('people_imports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('columns', 'jsonb', (col) => col.notNull())
    .addColumn('row_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('complete', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('mapping', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('people_imports_created').on('people_imports').column('created_at').execute();
  await db.schema
    .createTable('people_import_rows')
    .addColumn('import_id', 'uuid', (col) => col.notNull().references('people_imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (col) => col.notNull())
    .addColumn('cells', 'jsonb', (col) => col.notNull())
    .addPrimaryKeyConstraint('people_import_rows_pkey', ['import_id', 'row_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('people_import_rows').execute();
  await db.schema.dropTable('people_imports').execute();
  await db.schema.dropTable('people').execute();
}
