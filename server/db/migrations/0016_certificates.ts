import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * certificates: each certificate issued, with the exact payload that was signed and its
 * signature, so the code can be rebuilt and a revocation found. certificate_keys: the server's
 * Ed25519 key pair when none is configured (CERTIFICATE_SIGNING_KEY), made at first use; one row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('signature', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'uuid')
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'uuid')
    .execute();
  await db.schema.createIndex('certificates_organization_idx').on('certificates').columns(['organization_id', 'issued_at']).execute();
  await db.schema
    .createTable('certificate_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_keys').execute();
  await db.schema.dropTable('certificates').execute();
}
