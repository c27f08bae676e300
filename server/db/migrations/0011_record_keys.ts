import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * record_key: the random key of the cell key method (domain/stats/cellkey.ts) on every response
 * and every multi-answer row. A statistic's cell key is the sum of its records' keys modulo a
 * range, computed in the GROUP BY that counts, and picks the cell's adjustment from the
 * perturbation table.
 *
 * A key is 31 random bits taken from gen_random_uuid(), which PostgreSQL draws from its strong
 * random source (pg_strong_random): not derivable from ids, times or the order of inserts. The
 * column default fills it on every insert (survey submissions, edits, the demo writer, bulk
 * loads), and existing rows get one here. It is an ordinary column, so a dump and restore of the
 * database keeps it and every figure stays the same. No endpoint selects it.
 *
 * responses_statistics_idx is rebuilt with the key, so the statistics still read the index only.
 */

const RANDOM_KEY = sql`(('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::int & 2147483647)`;

const KEYED_TABLES = ['responses', 'response_languages', 'response_heritages', 'response_cultures', 'response_ancestry'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of KEYED_TABLES) {
    const name = sql.raw(table);
    await sql`alter table ${name} add column record_key integer`.execute(db);
    await sql`update ${name} set record_key = ${RANDOM_KEY}`.execute(db);
    await sql`alter table ${name} alter column record_key set default ${RANDOM_KEY}`.execute(db);
    await sql`alter table ${name} alter column record_key set not null`.execute(db);
    await sql`alter table ${name} add constraint ${sql.raw(`${table}_record_key_range`)} check (record_key >= 0)`.execute(db);
  }
  await sql`drop index if exists responses_statistics_idx`.execute(db);
  await sql`create index responses_statistics_idx on responses (organization_id) include (
    id, department_id, submitted_at, birth_year, gender_id, age_id, education_id, disability_id, sexual_orientation_id,
    position_level_id, position_type_id, country_birth_id, state_id, worldview_id, branch_id, denomination_id,
    culture_identity_id, appearance_id, record_key
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists responses_statistics_idx`.execute(db);
  await sql`create index responses_statistics_idx on responses (organization_id) include (
    id, department_id, submitted_at, birth_year, gender_id, age_id, education_id, disability_id, sexual_orientation_id,
    position_level_id, position_type_id, country_birth_id, state_id, worldview_id, branch_id, denomination_id,
    culture_identity_id, appearance_id
  )`.execute(db);
  for (const table of KEYED_TABLES) await sql`alter table ${sql.raw(table)} drop column record_key`.execute(db);
}
