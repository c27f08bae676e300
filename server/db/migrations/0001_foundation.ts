import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('locales')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('translations')
    .addColumn('locale_code', 'text', (col) => col.notNull().references('locales.code').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('translations_pkey', ['locale_code', 'key'])
    .execute();

  // organization_id null is the installation-wide value; NULLS NOT DISTINCT keeps it unique too.
  await db.schema
    .createTable('settings')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'uuid')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addUniqueConstraint('settings_organization_key_unique', ['organization_id', 'key'], (uc) => uc.nullsNotDistinct())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'uuid')
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('address', 'text')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_organization_at_idx').on('audit_log').columns(['organization_id', 'at']).execute();

  await sql`
    create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_refuse_change()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_refuse_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_refuse_change()`.execute(db);
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('translations').execute();
  await db.schema.dropTable('locales').execute();
}
