import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * The organisation's structure and its survey links:
 * - departments: tier 2 groups (parent_id null) and tier 3 sub-groups (parent_id a group);
 * - users.department_id: the group or sub-group a member belongs to (assignees: the one they run);
 * - invitations: single-use, expiring links sent by email (token stored only as a hash);
 * - surveys and survey_tokens: the survey links with alias, expiry, capacity and seats used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('departments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('parent_id', 'uuid', (col) => col.references('departments.id').onDelete('restrict'))
    .addColumn('name', 'text', (col) => col.notNull())
    // null: no limit on the number of participants who choose this group in the survey.
    .addColumn('capacity', 'integer', (col) => col.check(sql`capacity is null or capacity >= 0`))
    .addColumn('assignee_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index departments_name_unique on departments (organization_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))`.execute(db);
  await db.schema.createIndex('departments_organization_parent_idx').on('departments').columns(['organization_id', 'parent_id']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('department_id', 'uuid', (col) => col.references('departments.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('users_department_idx').on('users').column('department_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff', 'survey')`),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('department_id', 'uuid', (col) => col.references('departments.id').onDelete('cascade'))
    // sha-256 (hex) of the emailed token.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invitations_organization_idx').on('invitations').columns(['organization_id', 'created_at']).execute();
  await sql`create index invitations_email_idx on invitations (organization_id, lower(email))`.execute(db);

  await db.schema
    .createTable('surveys')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db.insertInto('surveys').values({ id: 1, name: 'Cultural diversity survey' }).execute();

  await db.schema
    .createTable('survey_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    // The link's public capability (shown again in the control panel, so kept as is).
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('alias', 'text', (col) => col.notNull())
    .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id'))
    // null: the whole organisation (the participant picks a group in the survey).
    .addColumn('department_id', 'uuid', (col) => col.references('departments.id').onDelete('cascade'))
    .addColumn('anonymity', 'smallint', (col) => col.notNull().defaultTo(1).check(sql`anonymity in (0, 1)`))
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`capacity >= 0`))
    .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('survey_tokens_used_within_capacity', sql`used >= 0 and used <= capacity`)
    .execute();
  await sql`create unique index survey_tokens_alias_unique on survey_tokens (organization_id, lower(alias))`.execute(db);
  await db.schema.createIndex('survey_tokens_organization_idx').on('survey_tokens').columns(['organization_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_tokens').execute();
  await db.schema.dropTable('surveys').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('users').dropColumn('department_id').execute();
  await db.schema.dropTable('departments').execute();
}
