import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

export async function up(db: Kysely<any>): Promise<void> {
  // Every message is written here first; sent_at stays null until an SMTP server accepted it.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'uuid')
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_created_at_idx').on('outbox').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('outbox_to_address_idx').on('outbox').expression(sql`lower(to_address)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
