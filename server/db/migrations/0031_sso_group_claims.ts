import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Group claims of single sign-on mapped to the organisation's groups (issue 30):
 * - sso_oidc_settings.group_claim: the name of the OpenID Connect claim, or of the SAML
 *   attribute, that lists the person's groups at the identity provider.
 * - sso_group_mappings: one value of that claim and the group (department) a person carrying it
 *   is placed in on sign-in; position keeps the administrator's order, the first match wins.
 * - sso_saml_requests.verified_groups: the claim's values (a JSON array of strings) the verified
 *   assertion carried, kept with the other verified_* columns until the browser confirms; with
 *   verified_name_id_format and verified_session_index, what a SAML LogoutRequest must name.
 * - sso_sessions: for a session opened through the provider, what single logout needs: the
 *   OpenID Connect ID token (the id_token_hint), or the SAML NameID and SessionIndex. It goes
 *   with the session (revoked sessions are kept, so the row is deleted when it is used).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sso_oidc_settings')
    .addColumn('group_claim', 'text', (col) => col.notNull().defaultTo('groups'))
    .execute();

  await db.schema
    .createTable('sso_group_mappings')
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('claim_value', 'text', (col) => col.notNull())
    .addColumn('department_id', 'uuid', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sso_group_mappings_pkey', ['organization_id', 'claim_value'])
    .execute();
  await db.schema.createIndex('sso_group_mappings_department_idx').on('sso_group_mappings').column('department_id').execute();

  await db.schema
    .alterTable('sso_saml_requests')
    .addColumn('verified_groups', 'jsonb')
    .addColumn('verified_name_id_format', 'text')
    .addColumn('verified_session_index', 'text')
    .execute();

  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'uuid', (col) => col.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('id_token', 'text')
    .addColumn('saml_name_id', 'text')
    .addColumn('saml_name_id_format', 'text')
    .addColumn('saml_session_index', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sso_sessions_kind_check', sql`kind in ('oidc', 'saml')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_sessions').execute();
  for (const column of ['verified_session_index', 'verified_name_id_format', 'verified_groups']) {
    await db.schema.alterTable('sso_saml_requests').dropColumn(column).execute();
  }
  await db.schema.dropTable('sso_group_mappings').execute();
  await db.schema.alterTable('sso_oidc_settings').dropColumn('group_claim').execute();
}
