import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Single sign-on through each organisation's own OpenID Connect provider (issue 30):
 * - sso_oidc_settings: one row per organisation that set a provider; the client secret is kept
 *   only encrypted (AES-256-GCM, server/services/sso/oidcSecrets.ts).
 * - sso_domains: the email domains an organisation claims; only a verified one routes sign-ins,
 *   and a domain can be verified by one organisation at most.
 * - sso_oidc_states: a started sign-in (state hash, browser hash, PKCE verifier, nonce and the
 *   page to return to), deleted when used, so it works once and until expires_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_oidc_settings')
    .addColumn('organization_id', 'uuid', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('preset', 'text', (col) => col.notNull().defaultTo('custom'))
    .addColumn('issuer_url', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('client_secret_encrypted', 'text')
    .addColumn('sso_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('jit_allowed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('jit_role', 'text', (col) => col.notNull().defaultTo('staff'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sso_oidc_settings_jit_role_check', sql`jit_role in ('staff', 'sub_admin')`)
    .execute();

  await db.schema
    .createTable('sso_domains')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    // dns: the value the TXT record must hold; email: the sha-256 of the code that was mailed.
    .addColumn('challenge', 'text', (col) => col.notNull())
    .addColumn('challenge_expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sso_domains_method_check', sql`method in ('dns', 'email')`)
    .execute();
  await db.schema.createIndex('sso_domains_organization_domain_idx').on('sso_domains').columns(['organization_id', 'domain']).unique().execute();
  await sql`create unique index sso_domains_verified_domain_idx on sso_domains (domain) where verified_at is not null`.execute(db);

  await db.schema
    .createTable('sso_oidc_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('return_to', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sso_oidc_states_expires_at_idx').on('sso_oidc_states').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_oidc_states').execute();
  await db.schema.dropTable('sso_domains').execute();
  await db.schema.dropTable('sso_oidc_settings').execute();
}
