import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * The lookup lists (schema only; server/lookups/seed.ts fills them):
 * - lookup_principles: every item of every list, one row per natural key (list, code). The
 *   id is the principleId answers store, so a row is never deleted nor its key reused: an item
 *   a newer build no longer has is only marked inactive. parent_id is the item it hangs under
 *   (a country's state, a worldview's branch), family_id a heritage's cultural family,
 *   region_id the micro-zone of a country, language or heritage. `search` is the name (and
 *   aliases) lower-cased without accents, made in JavaScript since PGlite has no unaccent.
 * - lookup_names: names in the product's other locales, where the data has them.
 * - lookup_builds: the builds applied, by content hash, so a start re-seeds only on change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lookup_principles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('search', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'integer', (col) => col.references('lookup_principles.id'))
    .addColumn('family_id', 'integer', (col) => col.references('lookup_principles.id'))
    .addColumn('region_id', 'integer', (col) => col.references('lookup_principles.id'))
    .addColumn('sort', 'integer', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addUniqueConstraint('lookup_principles_list_code_unique', ['list', 'code'])
    .execute();
  await db.schema.createIndex('lookup_principles_list_sort_idx').on('lookup_principles').columns(['list', 'sort']).execute();
  await db.schema.createIndex('lookup_principles_parent_idx').on('lookup_principles').columns(['parent_id', 'sort']).execute();
  // Prefix search (search like 'abc%') within a list; text_pattern_ops serves LIKE under any collation.
  await sql`create index lookup_principles_search_idx on lookup_principles (list, search text_pattern_ops)`.execute(db);

  await db.schema
    .createTable('lookup_names')
    .addColumn('principle_id', 'integer', (col) => col.notNull().references('lookup_principles.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull().references('locales.code').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('search', 'text', (col) => col.notNull())
    // Alphabetical rank in the locale for lists shown alphabetically; null: the row's sort.
    .addColumn('sort', 'integer')
    .addPrimaryKeyConstraint('lookup_names_pkey', ['principle_id', 'locale'])
    .execute();

  await db.schema
    .createTable('lookup_builds')
    .addColumn('version', 'text', (col) => col.primaryKey())
    .addColumn('rows', 'integer', (col) => col.notNull())
    .addColumn('built_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lookup_builds').execute();
  await db.schema.dropTable('lookup_names').execute();
  await db.schema.dropTable('lookup_principles').execute();
}
