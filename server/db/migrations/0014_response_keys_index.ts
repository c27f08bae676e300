import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * The number of an organisation's respondents and the sum of their record keys (the cell key of
 * a selection with no filter, domain/stats) from a narrow index alone: with the keys beside the
 * organisation, the protected count reads as little as the plain count(*) does, rather than the
 * wide statistics index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index responses_organization_keys_idx on responses (organization_id) include (record_key)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists responses_organization_keys_idx`.execute(db);
}
