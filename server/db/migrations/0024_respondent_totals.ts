import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * statistics_versions.respondents and .key_sum: each organisation's number of responses and the
 * sum of their record keys (modulo 2^31, as every key sum), kept by the same statement-level
 * triggers that bump the version, in the writing transaction. The organisation's respondent
 * count, the figure every page opens with, is then one row read in the statistics query's own
 * snapshot instead of a scan of all its responses (server/services/statistics/population.ts).
 *
 * Inserts add their rows, deletes take theirs away, updates do both (a response's record key or
 * organisation may change), and a truncate of responses leaves every organisation at zero. The
 * bump and the change log of migration 0023 are as before.
 */

const KEY_RANGE = 2147483648;

/**
 * The bump of 0010 with the totals moved by `delta` (organization_id, respondents, key_sum),
 * as a WITH part answered as `bumped`.
 */
const BUMPED_BY_DELTA = sql.raw(`bumped as (
    insert into statistics_versions as v (organization_id, version, respondents, key_sum)
      select organization_id, 1, respondents, ((key_sum % ${KEY_RANGE}) + ${KEY_RANGE}) % ${KEY_RANGE} from delta order by organization_id
      on conflict (organization_id) do update set
        version = v.version + 1,
        respondents = v.respondents + excluded.respondents,
        key_sum = (v.key_sum + excluded.key_sum) % ${KEY_RANGE}
      returning organization_id, version
  )`);

const ADDED = sql.raw(`delta as (select organization_id, count(*) as respondents, sum(record_key::bigint) as key_sum from changed_rows group by organization_id)`);
const REMOVED = sql.raw(`delta as (select organization_id, -count(*) as respondents, -sum(record_key::bigint) as key_sum from changed_rows group by organization_id)`);
const REPLACED = sql.raw(`delta as (
    select organization_id, sum(respondents) as respondents, sum(key_sum) as key_sum from (
      select organization_id, 1 as respondents, record_key::bigint as key_sum from new_rows
      union all
      select organization_id, -1, -record_key::bigint from old_rows
    ) moved group by organization_id
  )`);

/** Points the responses' statement trigger for `event` at `fn`, with the transition tables it reads. */
const retrigger = async (db: Kysely<any>, event: 'update' | 'delete' | 'truncate', transitions: string, fn: string): Promise<void> => {
  await sql`drop trigger ${sql.raw(`responses_statistics_${event}`)} on responses`.execute(db);
  await sql`create trigger ${sql.raw(`responses_statistics_${event}`)} after ${sql.raw(event)} on responses
    ${sql.raw(transitions)} for each statement execute function ${sql.raw(fn)}()`.execute(db);
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table statistics_versions add column respondents bigint not null default 0`.execute(db);
  await sql`alter table statistics_versions add column key_sum bigint not null default 0`.execute(db);
  await sql`update statistics_versions v set respondents = s.respondents, key_sum = s.key_sum
    from (select organization_id, count(*) as respondents, sum(record_key::bigint) % ${sql.lit(KEY_RANGE)} as key_sum from responses group by organization_id) s
    where s.organization_id = v.organization_id`.execute(db);

  await sql`create or replace function statistics_responses_added() returns trigger language plpgsql as $$
    begin
      with ${ADDED}, ${BUMPED_BY_DELTA}
      insert into statistics_changes (organization_id, version, response_id)
        select b.organization_id, b.version, c.id from bumped b join changed_rows c on c.organization_id = b.organization_id;
      return null;
    end $$`.execute(db);
  // A deletion or an update moves the totals and marks "count again" (migration 0023).
  for (const [name, delta] of [['statistics_responses_removed', REMOVED], ['statistics_responses_replaced', REPLACED]] as const) {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        with ${delta}, ${BUMPED_BY_DELTA}
        insert into statistics_changes (organization_id, version, response_id) select organization_id, version, null from bumped;
        return null;
      end $$`.execute(db);
  }
  await sql`create function statistics_responses_emptied() returns trigger language plpgsql as $$
    begin
      with bumped as (update statistics_versions set version = version + 1, respondents = 0, key_sum = 0 returning organization_id, version)
      insert into statistics_changes (organization_id, version, response_id) select organization_id, version, null from bumped;
      return null;
    end $$`.execute(db);

  await retrigger(db, 'update', 'referencing old table as old_rows new table as new_rows', 'statistics_responses_replaced');
  await retrigger(db, 'delete', 'referencing old table as changed_rows', 'statistics_responses_removed');
  await retrigger(db, 'truncate', '', 'statistics_responses_emptied');
}

export async function down(db: Kysely<any>): Promise<void> {
  await retrigger(db, 'update', 'referencing new table as changed_rows', 'statistics_versions_bump');
  await retrigger(db, 'delete', 'referencing old table as changed_rows', 'statistics_versions_bump');
  await retrigger(db, 'truncate', '', 'statistics_versions_bump_all');
  await sql`drop function statistics_responses_emptied()`.execute(db);
  await sql`drop function statistics_responses_replaced()`.execute(db);
  await sql`drop function statistics_responses_removed()`.execute(db);
  await sql`create or replace function statistics_responses_added() returns trigger language plpgsql as $$
    begin
      with bumped as (
        insert into statistics_versions as v (organization_id, version)
          select distinct organization_id, 1 from changed_rows order by organization_id
          on conflict (organization_id) do update set version = v.version + 1
          returning organization_id, version
      )
      insert into statistics_changes (organization_id, version, response_id)
        select b.organization_id, b.version, c.id from bumped b join changed_rows c on c.organization_id = b.organization_id;
      return null;
    end $$`.execute(db);
  await sql`alter table statistics_versions drop column key_sum`.execute(db);
  await sql`alter table statistics_versions drop column respondents`.execute(db);
}
