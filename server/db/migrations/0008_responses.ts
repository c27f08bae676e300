import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Survey responses, normalised for the statistics (SPEC section 7): every single-answer
 * topic is a column holding a lookup principle id, every multi-answer topic a child table,
 * so each statistic is a GROUP BY over indexed columns. Rows are keyed by organisation,
 * group and survey. An anonymous response has no link to a person: no names, no email, no
 * invitation, no edit link.
 *
 * - responses.department_id: the group or sub-group answered for; group_id: its tier 2 group
 *   (the department itself when it is a group), kept so that group statistics need no join.
 * - birth_year: the year of the chosen 'ages' item, for age ranges and generations; null for
 *   'Prefer not to answer' or no answer.
 * - response_ancestry: countries of birth of the mother, father and four grandparents.
 * - response_languages: languages with their level; response_heritages: cultural heritages.
 * - answers: the answers as submitted, read back only through the participant's own edit
 *   link; never by an endpoint that serves statistics.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const principle = (name: string) => (table: any) =>
    table.addColumn(name, 'integer', (col: any) => col.references('lookup_principles.id'));

  let responses: any = db.schema
    .createTable('responses')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id'))
    .addColumn('token_id', 'uuid', (col) => col.references('survey_tokens.id').onDelete('set null'))
    .addColumn('department_id', 'uuid', (col) => col.references('departments.id').onDelete('set null'))
    .addColumn('group_id', 'uuid', (col) => col.references('departments.id').onDelete('set null'))
    .addColumn('submitted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz')
    .addColumn('anonymous', 'boolean', (col) => col.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('invitation_id', 'uuid', (col) => col.references('invitations.id').onDelete('set null'))
    .addColumn('birth_year', 'smallint');
  for (const column of [
    'gender_id', 'age_id', 'education_id', 'disability_id', 'sexual_orientation_id', 'position_level_id', 'position_type_id',
    'country_birth_id', 'state_id', 'worldview_id', 'branch_id', 'denomination_id',
  ]) {
    responses = principle(column)(responses);
  }
  await responses
    .addColumn('answers', 'jsonb', (col: any) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addCheckConstraint('responses_anonymous_has_no_person', sql`not anonymous or (first_name is null and last_name is null and email is null and invitation_id is null)`)
    .execute();
  await db.schema.createIndex('responses_organization_survey_idx').on('responses').columns(['organization_id', 'survey_id', 'submitted_at']).execute();
  await db.schema.createIndex('responses_organization_group_idx').on('responses').columns(['organization_id', 'group_id']).execute();
  await db.schema.createIndex('responses_organization_department_idx').on('responses').columns(['organization_id', 'department_id']).execute();
  await db.schema.createIndex('responses_token_idx').on('responses').column('token_id').execute();
  await sql`create unique index responses_invitation_unique on responses (invitation_id) where invitation_id is not null`.execute(db);

  const child = (name: string, columns: (table: any) => any) =>
    columns(
      db.schema
        .createTable(name)
        .addColumn('response_id', 'uuid', (col) => col.notNull().references('responses.id').onDelete('cascade'))
        .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade')),
    ).execute();

  await child('response_ancestry', (table) =>
    table
      .addColumn('relation', 'text', (col: any) =>
        col.notNull().check(sql`relation in ('mother', 'father', 'maternal_grandmother', 'maternal_grandfather', 'paternal_grandmother', 'paternal_grandfather')`),
      )
      .addColumn('country_id', 'integer', (col: any) => col.notNull().references('lookup_principles.id'))
      .addPrimaryKeyConstraint('response_ancestry_pkey', ['response_id', 'relation']),
  );
  await child('response_languages', (table) =>
    table
      .addColumn('language_id', 'integer', (col: any) => col.notNull().references('lookup_principles.id'))
      .addColumn('level', 'text', (col: any) => col.notNull().check(sql`level in ('native', 'fluent', 'intermediate', 'basic')`))
      .addPrimaryKeyConstraint('response_languages_pkey', ['response_id', 'language_id']),
  );
  await child('response_heritages', (table) =>
    table
      .addColumn('ethnicity_id', 'integer', (col: any) => col.notNull().references('lookup_principles.id'))
      .addPrimaryKeyConstraint('response_heritages_pkey', ['response_id', 'ethnicity_id']),
  );
  for (const [table, column] of [
    ['response_ancestry', 'country_id'],
    ['response_languages', 'language_id'],
    ['response_heritages', 'ethnicity_id'],
  ] as const) {
    await db.schema.createIndex(`${table}_organization_${column}_idx`).on(table).columns(['organization_id', column]).execute();
  }

  // The emailed single-use link that lets a named participant change or delete their answers.
  await db.schema
    .createTable('response_edit_links')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('response_id', 'uuid', (col) => col.notNull().references('responses.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('edit', 'delete')`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('response_edit_links_response_idx').on('response_edit_links').column('response_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('response_edit_links').execute();
  await db.schema.dropTable('response_heritages').execute();
  await db.schema.dropTable('response_languages').execute();
  await db.schema.dropTable('response_ancestry').execute();
  await db.schema.dropTable('responses').execute();
}
