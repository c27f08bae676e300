import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * statistics_changes: what each bump of statistics_versions (migration 0010) changed, so that
 * the statistics cache can bring figures up to date by counting only the new responses and
 * adding them, instead of counting the whole organisation again (server/services/statistics/
 * changes.ts). Written by the same statement-level triggers, in the writing transaction:
 *
 * - a response inserted: one row with its id (`response_id`);
 * - answer rows inserted for responses inserted in the same transaction (a submit writes them
 *   together): nothing, not even a bump: the response's own bump and row cover them;
 * - anything else (answer rows added to an earlier response, an update, a delete, a truncate):
 *   one row with no response, which tells the cache to count everything again.
 *
 * Rows older than an hour are deleted by the server (`at`); the cache never adds changes to
 * figures older than half that.
 */

const ANSWER_TABLES = ['response_ancestry', 'response_languages', 'response_heritages', 'response_cultures', 'extra_answers'] as const;
const ALL_TABLES = ['responses', ...ANSWER_TABLES] as const;

/** The bump of 0010 as a WITH part: each organisation of `changed_rows` one version on, answered as `bumped`. */
const BUMPED = sql.raw(`bumped as (
    insert into statistics_versions as v (organization_id, version)
      select distinct organization_id, 1 from changed_rows order by organization_id
      on conflict (organization_id) do update set version = v.version + 1
      returning organization_id, version
  )`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table statistics_changes (
    organization_id uuid not null,
    version bigint not null,
    response_id uuid,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index statistics_changes_version_idx on statistics_changes (organization_id, version)`.execute(db);

  // The bump of 0010, and a row that says "count again" for each organisation it bumped.
  await sql`create or replace function statistics_versions_bump() returns trigger language plpgsql as $$
    begin
      with ${BUMPED}
      insert into statistics_changes (organization_id, version, response_id) select organization_id, version, null from bumped;
      return null;
    end $$`.execute(db);
  await sql`create or replace function statistics_versions_bump_all() returns trigger language plpgsql as $$
    begin
      with bumped as (update statistics_versions set version = version + 1 returning organization_id, version)
      insert into statistics_changes (organization_id, version, response_id) select organization_id, version, null from bumped;
      return null;
    end $$`.execute(db);
  await sql`create function statistics_responses_added() returns trigger language plpgsql as $$
    begin
      with ${BUMPED}
      insert into statistics_changes (organization_id, version, response_id)
        select b.organization_id, b.version, c.id from bumped b join changed_rows c on c.organization_id = b.organization_id;
      return null;
    end $$`.execute(db);
  // A row's xmin is the transaction that wrote it: answer rows of responses written by this same
  // transaction are part of their addition, already counted by the responses' own bump, so they
  // change nothing more (a submit bumps once, not once per table). Answer rows of any other
  // response are a change to count again.
  await sql`create function statistics_answers_added() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from changed_rows c join responses r on r.id = c.response_id
        where r.xmin::text <> (pg_current_xact_id()::text::numeric % 4294967296)::text
      ) then
        with ${BUMPED}
        insert into statistics_changes (organization_id, version, response_id) select organization_id, version, null from bumped;
      end if;
      return null;
    end $$`.execute(db);

  for (const table of ALL_TABLES) {
    const name = sql.raw(table);
    const added = sql.raw(table === 'responses' ? 'statistics_responses_added' : 'statistics_answers_added');
    await sql`drop trigger if exists ${sql.raw(`${table}_statistics_insert`)} on ${name}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_statistics_insert`)} after insert on ${name}
      referencing new table as changed_rows for each statement execute function ${added}()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ALL_TABLES) {
    const name = sql.raw(table);
    await sql`drop trigger if exists ${sql.raw(`${table}_statistics_insert`)} on ${name}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_statistics_insert`)} after insert on ${name}
      referencing new table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
  }
  await sql`drop function statistics_answers_added()`.execute(db);
  await sql`drop function statistics_responses_added()`.execute(db);
  await sql`create or replace function statistics_versions_bump() returns trigger language plpgsql as $$
    begin
      insert into statistics_versions as v (organization_id, version)
        select distinct organization_id, 1 from changed_rows order by organization_id
        on conflict (organization_id) do update set version = v.version + 1;
      return null;
    end $$`.execute(db);
  await sql`create or replace function statistics_versions_bump_all() returns trigger language plpgsql as $$
    begin
      update statistics_versions set version = version + 1;
      return null;
    end $$`.execute(db);
  await sql`drop table statistics_changes`.execute(db);
}
