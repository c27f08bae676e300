import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * The extra survey: an organisation's own questions asked after the core survey.
 *
 * - extra_questions: one row per version of a question. `series_id` names the question across
 *   its versions (the first version's id), `version` counts from 1. A draft is edited in
 *   place; editing a published question retires that row and inserts the next version,
 *   published to the same links, so the answers given to the old wording stay with it and
 *   results are read per version. `department_id`: the group a group assignee wrote it for
 *   (null: the whole organisation). `text` and each option's `label` are in the language the
 *   author wrote; `translations` holds other languages where the author wrote one. Kinds:
 *   single choice, multiple choice, a 1 to 5 agreement scale; every kind offers "Prefer not to
 *   answer". There is no free-text kind.
 * - extra_question_links: the survey links (tokens) a published question is asked on.
 * - extra_answers: one row per response, question version and option chosen, with its own
 *   record key (as migration 0011 gives the core answer rows) so that extra-survey figures are
 *   released by the cell key method like every other figure. The statistics version triggers
 *   of migration 0010 are added, so the statistics cache sees a change.
 */

const RANDOM_KEY = sql`(('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::int & 2147483647)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('extra_questions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('department_id', 'uuid', (col) => col.references('departments.id').onDelete('cascade'))
    .addColumn('series_id', 'uuid', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('single', 'multiple', 'scale')`))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('draft', 'published', 'retired')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('retired_at', 'timestamptz')
    .addUniqueConstraint('extra_questions_series_version', ['series_id', 'version'])
    .execute();
  await db.schema.createIndex('extra_questions_organization_idx').on('extra_questions').columns(['organization_id', 'status', 'position']).execute();

  await db.schema
    .createTable('extra_question_links')
    .addColumn('question_id', 'uuid', (col) => col.notNull().references('extra_questions.id').onDelete('cascade'))
    .addColumn('token_id', 'uuid', (col) => col.notNull().references('survey_tokens.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('extra_question_links_pkey', ['question_id', 'token_id'])
    .execute();
  await db.schema.createIndex('extra_question_links_token_idx').on('extra_question_links').column('token_id').execute();

  await db.schema
    .createTable('extra_answers')
    .addColumn('response_id', 'uuid', (col) => col.notNull().references('responses.id').onDelete('cascade'))
    .addColumn('question_id', 'uuid', (col) => col.notNull().references('extra_questions.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('option_key', 'text', (col) => col.notNull())
    .addColumn('record_key', 'integer', (col) => col.notNull().defaultTo(RANDOM_KEY).check(sql`record_key >= 0`))
    .addPrimaryKeyConstraint('extra_answers_pkey', ['response_id', 'question_id', 'option_key'])
    .execute();
  await db.schema.createIndex('extra_answers_question_idx').on('extra_answers').columns(['organization_id', 'question_id']).execute();

  await sql`create trigger extra_answers_statistics_insert after insert on extra_answers
    referencing new table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
  await sql`create trigger extra_answers_statistics_update after update on extra_answers
    referencing new table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
  await sql`create trigger extra_answers_statistics_delete after delete on extra_answers
    referencing old table as changed_rows for each statement execute function statistics_versions_bump()`.execute(db);
  await sql`create trigger extra_answers_statistics_truncate after truncate on extra_answers
    for each statement execute function statistics_versions_bump_all()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('extra_answers').execute();
  await db.schema.dropTable('extra_question_links').execute();
  await db.schema.dropTable('extra_questions').execute();
}
