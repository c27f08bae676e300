import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Release blocks (domain/stats/blocks.ts): responses enter the statistics in batches, each cut
 * into blocks of at least m people along staff-file attributes, and every figure counts whole
 * blocks only.
 *
 * - responses.release_block: the block a response was released in; null while it waits.
 * - release_blocks: one row per block, with when it was released, its size and its random key
 *   (31 bits from gen_random_uuid(), as record keys): a figure's cell key is made from the keys of
 *   its blocks and their counts, so people of one block who swap answers change no figure.
 * - release_block_atoms: each block's people counted by the staff-file columns a selection can
 *   name (group, gender, birth year, position level) and the block's median submission time, so
 *   which blocks a selection covers is decided from this small table, never from the answers.
 *
 * Responses that exist when this runs wait, like new ones, and are released on the next read
 * of the statistics (server/services/statistics/releaseBatches.ts).
 */
const RANDOM_KEY = sql`(('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::int & 2147483647)`;

/** The columns of a response its answers and staff-file attributes live in (everything but keys and bookkeeping). */
const EDITABLE_COLUMNS = [
  'organization_id', 'department_id', 'group_id', 'birth_year', 'gender_id', 'age_id', 'education_id', 'disability_id', 'sexual_orientation_id',
  'position_level_id', 'position_type_id', 'country_birth_id', 'state_id', 'worldview_id', 'branch_id', 'denomination_id', 'culture_identity_id',
  'appearance_id', 'answers',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('release_blocks')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('released_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('block_key', 'integer', (col) => col.notNull().defaultTo(RANDOM_KEY))
    .execute();
  await db.schema.createIndex('release_blocks_organization').on('release_blocks').column('organization_id').execute();
  await db.schema
    .createTable('release_block_atoms')
    .addColumn('block_id', 'integer', (col) => col.notNull().references('release_blocks.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('submitted_median', 'timestamptz', (col) => col.notNull())
    .addColumn('department_id', 'uuid')
    .addColumn('gender_id', 'integer')
    .addColumn('birth_year', 'integer')
    .addColumn('position_level_id', 'integer')
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('release_block_atoms_organization').on('release_block_atoms').columns(['organization_id', 'block_id']).execute();
  // For the cascade when a block is taken out.
  await db.schema.createIndex('release_block_atoms_block').on('release_block_atoms').column('block_id').execute();
  await sql`alter table responses add column release_block integer references release_blocks(id) on delete set null`.execute(db);
  await sql`create index responses_waiting on responses (organization_id) where release_block is null`.execute(db);
  // A block taken out finds its people through this (the foreign key sets their block to null);
  // waiting responses, all null, stay out of it.
  await sql`create index responses_release_block on responses (release_block) where release_block is not null`.execute(db);

  // A response deleted or edited takes its whole block out of the figures: the block's other
  // people wait again (the foreign key sets their block to null) and are released with others,
  // so the figures never move by the one person who left or changed an answer.
  await sql`create function release_blocks_withdrawn() returns trigger language plpgsql as $$
    begin
      delete from release_blocks where id in (select release_block from changed_rows where release_block is not null);
      return null;
    end $$`.execute(db);
  await sql`create trigger responses_release_deleted after delete on responses
    referencing old table as changed_rows for each statement execute function release_blocks_withdrawn()`.execute(db);
  await sql`create function release_blocks_emptied() returns trigger language plpgsql as $$
    begin
      delete from release_blocks;
      return null;
    end $$`.execute(db);
  await sql`create trigger responses_release_truncated after truncate on responses for each statement execute function release_blocks_emptied()`.execute(db);
  await sql`create function release_block_withdrawn() returns trigger language plpgsql as $$
    begin
      delete from release_blocks where id = old.release_block;
      return null;
    end $$`.execute(db);
  await sql`create trigger responses_release_edited after update of ${sql.raw(EDITABLE_COLUMNS.join(', '))} on responses
    for each row when (old.release_block is not null) execute function release_block_withdrawn()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger responses_release_edited on responses`.execute(db);
  await sql`drop function release_block_withdrawn()`.execute(db);
  await sql`drop trigger responses_release_truncated on responses`.execute(db);
  await sql`drop function release_blocks_emptied()`.execute(db);
  await sql`drop trigger responses_release_deleted on responses`.execute(db);
  await sql`drop function release_blocks_withdrawn()`.execute(db);
  await sql`drop index responses_release_block`.execute(db);
  await sql`drop index responses_waiting`.execute(db);
  await sql`alter table responses drop column release_block`.execute(db);
  await db.schema.dropTable('release_block_atoms').execute();
  await db.schema.dropTable('release_blocks').execute();
}
