import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * saml_service_provider_keys: the key and self-signed certificate our SAML service provider signs
 * its requests and logout messages with, when none is configured (SAML_SP_PRIVATE_KEY and
 * SAML_SP_CERTIFICATE), made at first use; one row, so several servers on one database publish
 * the same certificate in their metadata.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saml_service_provider_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('certificate', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saml_service_provider_keys').execute();
}
