import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Organisation details and logo, and view-as sessions:
 * - organizations.details: free text shown with the organisation;
 * - organizations.logo_hash: sha-256 of the stored logo (null: none). The bytes live in
 *   organization_logos, not in organizations: every authenticated request reads the whole
 *   organisation row, and a logo of up to 1 MB must not ride along with each of them;
 * - sessions.parent_session_id: a view-as (secondary) session points to the session that
 *   opened it and dies with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('details', 'text')
    .addColumn('logo_hash', 'text')
    .execute();

  await db.schema
    .createTable('organization_logos')
    .addColumn('organization_id', 'uuid', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) =>
      col.notNull().check(sql`content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('parent_session_id', 'uuid', (col) => col.references('sessions.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addCheckConstraint('sessions_parent_only_secondary', sql`parent_session_id is null or kind = 'secondary'`)
    .execute();
  await db.schema.createIndex('sessions_parent_idx').on('sessions').column('parent_session_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_parent_idx').execute();
  await db.schema.alterTable('sessions').dropConstraint('sessions_parent_only_secondary').execute();
  await db.schema.alterTable('sessions').dropColumn('parent_session_id').execute();
  await db.schema.dropTable('organization_logos').execute();
  await db.schema.alterTable('organizations').dropColumn('logo_hash').dropColumn('details').execute();
}
