import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * statistics_versions: per organisation, a number that grows with every change to its
 * responses or their answer rows, kept by statement-level triggers in the writing
 * transaction. The statistics cache (server/services/statistics/population.ts) reads this
 * one row on each request to know whether its protected population is still current;
 * before, it counted the organisation's responses each time, a full scan on a large one.
 *
 * A change becomes visible with the data it describes (same transaction). Writers of one
 * organisation queue on its row from their first write to their commit; survey submissions
 * are single short transactions, so only bulk seeding notices. No foreign key: the row must
 * be writable while the organisation's deletion cascades through its responses.
 *
 * responses_statistics_idx: the columns the statistics read, so that their first computation
 * scans a narrow index instead of the table (bench/statistics.bench.ts measures both).
 */

const ANSWER_TABLES = ['responses', 'response_ancestry', 'response_languages', 'response_heritages', 'response_cultures'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table statistics_versions (
    organization_id uuid primary key,
    version bigint not null
  )`.execute(db);
  await sql`create function statistics_versions_bump() returns trigger language plpgsql as $$
    begin
      insert into statistics_versions as v (organization_id, version)
        select distinct organization_id, 1 from changed_rows order by organization_id
        on conflict (organization_id) do update set version = v.version + 1;
      return null;
    end $$`.execute(db);
  await sql`create function statistics_versions_bump_all() returns trigger language plpgsql as $$
    begin
      update statistics_versions set version = version + 1;
      return null;
    end $$`.execute(db);
  for (const table of ANSWER_TABLES) {
    const exists = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
    if (exists.rows[0]?.found === null || exists.rows[0]?.found === undefined) continue;
    const name = sql.raw(table);
    // A trigger with a transition table takes one event, hence three.
    await sql`create trigger ${sql.raw(`${table}_statistics_insert`)} after insert on ${name}
      referencing new table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_statistics_update`)} after update on ${name}
      referencing new table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_statistics_delete`)} after delete on ${name}
      referencing old table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_statistics_truncate`)} after truncate on ${name}
      for each statement execute function statistics_versions_bump_all()`.execute(db);
  }
  // Every statistic reads the organisation's responses through these columns only: with them
  // in one narrow index (about a sixth of the table, which also holds the submitted answers
  // as JSON) PostgreSQL reads the index alone instead of the whole table.
  await sql`create index responses_statistics_idx on responses (organization_id) include (
    id, department_id, submitted_at, birth_year, gender_id, age_id, education_id, disability_id, sexual_orientation_id,
    position_level_id, position_type_id, country_birth_id, state_id, worldview_id, branch_id, denomination_id,
    culture_identity_id, appearance_id
  )`.execute(db);
  // Organisations that already have responses start at version 1.
  await sql`insert into statistics_versions (organization_id, version) select distinct organization_id, 1 from responses`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ANSWER_TABLES) {
    const exists = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
    if (exists.rows[0]?.found === null || exists.rows[0]?.found === undefined) continue;
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_statistics_${event}`)} on ${sql.raw(table)}`.execute(db);
    }
  }
  await sql`drop index if exists responses_statistics_idx`.execute(db);
  await sql`drop function if exists statistics_versions_bump_all()`.execute(db);
  await sql`drop function if exists statistics_versions_bump()`.execute(db);
  await sql`drop table statistics_versions`.execute(db);
}
