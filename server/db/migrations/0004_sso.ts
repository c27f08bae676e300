import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per started single sign-on: the state is kept only as a hash, and the row is
  // deleted when it is used, so a state works once and only until expires_at.
  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sso_states_expires_at_idx').on('sso_states').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_states').execute();
}
