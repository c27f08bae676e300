import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * SAML 2.0 as the second kind of an organisation's single sign-on provider (issue 30):
 * - sso_oidc_settings.kind says which provider the row's sign-ins go to; the SAML columns keep
 *   the identity provider's metadata (as pasted, or as read from its address) and what was
 *   taken from it (entity id, sign-in address, signing certificates). The shared columns
 *   (sso_required, jit_allowed, jit_role) mean the same for both kinds.
 * - sso_saml_requests: an AuthnRequest we issued (its ID, the RelayState hash and the browser's
 *   hash), so a response is accepted only in answer to it; verified_* holds the person the
 *   assertion named between the identity provider's POST and the browser's own confirmation.
 * - sso_saml_assertions: every accepted assertion ID until its NotOnOrAfter, so none is used twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sso_oidc_settings')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('oidc'))
    .addColumn('saml_idp_metadata', 'text')
    .addColumn('saml_idp_metadata_url', 'text')
    .addColumn('saml_idp_entity_id', 'text')
    .addColumn('saml_idp_sso_url', 'text')
    // The identity provider's signing certificates (PEM), one after the other.
    .addColumn('saml_idp_certificates', 'text')
    .execute();
  await sql`alter table sso_oidc_settings add constraint sso_oidc_settings_kind_check check (kind in ('oidc', 'saml'))`.execute(db);

  await db.schema
    .createTable('sso_saml_requests')
    .addColumn('request_id', 'text', (col) => col.primaryKey())
    .addColumn('relay_hash', 'text', (col) => col.notNull().unique())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('return_to', 'text', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('verified_email', 'text')
    .addColumn('verified_given_name', 'text')
    .addColumn('verified_family_name', 'text')
    .addColumn('verified_subject', 'text')
    // The sentence to answer when the response did not verify (its audit row is already written).
    .addColumn('refusal', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sso_saml_requests_expires_at_idx').on('sso_saml_requests').column('expires_at').execute();

  await db.schema
    .createTable('sso_saml_assertions')
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('assertion_id', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('sso_saml_assertions_pkey', ['organization_id', 'assertion_id'])
    .execute();
  await db.schema.createIndex('sso_saml_assertions_expires_at_idx').on('sso_saml_assertions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_saml_assertions').execute();
  await db.schema.dropTable('sso_saml_requests').execute();
  await sql`alter table sso_oidc_settings drop constraint sso_oidc_settings_kind_check`.execute(db);
  for (const column of ['saml_idp_certificates', 'saml_idp_sso_url', 'saml_idp_entity_id', 'saml_idp_metadata_url', 'saml_idp_metadata', 'kind']) {
    await db.schema.alterTable('sso_oidc_settings').dropColumn(column).execute();
  }
}
