import { type Kysely, sql } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Campaigns (issue 29): personal invitations to answer a survey link, sent on a schedule, with
 * up to three reminders to those who have not answered, and the work queue that sends them from
 * any number of server processes.
 *
 * - campaigns: one per schedule. send_local and closes_local are the wall-clock times the
 *   administrator chose in time_zone (an IANA zone); send_at and closes_at are those instants,
 *   reckoned again whenever the campaign is edited. Reminders fall reminder_days after the
 *   invitation at the same wall-clock time, so a change of daylight saving time moves no reminder
 *   to another hour. recipient_choice is what the administrator picked (group and person ids),
 *   shown again when the campaign is edited. state is what the administrator decided (scheduled, paused, cancelled);
 *   running and closed are read from the clock.
 * - campaign_recipients: who a campaign invites, fixed when it is created or edited before its
 *   invitation went. group_id is the person's group then, for the per-group figures.
 *   invitation_id is the personal single-use survey invitation made with the first mail.
 *   record_key is the random key of the cell key method (domain/stats/cellkey.ts) for the
 *   answered figures: 31 bits of gen_random_uuid(), not derivable from the person or the order
 *   of inserts, and selected by no endpoint.
 * - invitation_tokens: further tokens of one invitation (a reminder carries its own, and every
 *   token works until the invitation is answered, revoked or expired), stored as sha-256 hashes.
 * - campaign_messages: the mail queue, one row per recipient and step (0 the invitation, 1 to 3
 *   the reminders). The unique key is what makes a mail go at most once whatever edits,
 *   restarts or processes come. unsubscribe_hash is the sha-256 of the token of the mail's
 *   one-click unsubscribe link.
 * - jobs: due work claimed with FOR UPDATE SKIP LOCKED by whichever process asks first; key
 *   names the work so that scheduling it again moves it instead of adding a second one.
 */
const RANDOM_KEY = sql`(('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::int & 2147483647)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_id', 'uuid', (col) => col.notNull().references('survey_tokens.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('send_local', 'text', (col) => col.notNull())
    .addColumn('send_at', 'timestamptz', (col) => col.notNull())
    .addColumn('reminder_days', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('closes_local', 'text', (col) => col.notNull())
    .addColumn('closes_at', 'timestamptz', (col) => col.notNull())
    .addColumn('recipient_choice', 'jsonb', (col) => col.notNull().defaultTo(sql`'{"group_ids": [], "person_ids": []}'::jsonb`))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('scheduled').check(sql`state in ('scheduled', 'paused', 'cancelled')`))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('campaigns_organization').on('campaigns').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('campaigns_token').on('campaigns').column('token_id').execute();

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('campaign_id', 'uuid', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('person_id', 'uuid', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('group_id', 'uuid', (col) => col.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('language', 'text', (col) => col.notNull().check(sql`language in ('en', 'fr', 'es', 'ar', 'zh')`))
    .addColumn('invitation_id', 'uuid', (col) => col.references('invitations.id').onDelete('set null'))
    .addColumn('record_key', 'integer', (col) => col.notNull().defaultTo(RANDOM_KEY).check(sql`record_key >= 0`))
    .addPrimaryKeyConstraint('campaign_recipients_pkey', ['campaign_id', 'person_id'])
    .execute();
  await db.schema.createIndex('campaign_recipients_person').on('campaign_recipients').column('person_id').execute();
  await sql`create index campaign_recipients_invitation on campaign_recipients (invitation_id) where invitation_id is not null`.execute(db);

  await db.schema
    .createTable('invitation_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('invitation_id', 'uuid', (col) => col.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invitation_tokens_invitation').on('invitation_tokens').column('invitation_id').execute();

  await db.schema
    .createTable('campaign_messages')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('campaign_id', 'uuid', (col) => col.notNull())
    .addColumn('person_id', 'uuid', (col) => col.notNull())
    .addColumn('step', 'smallint', (col) => col.notNull().check(sql`step between 0 and 3`))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued').check(sql`state in ('queued', 'sent', 'failed', 'bounced', 'skipped')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('unsubscribe_hash', 'text', (col) => col.unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('campaign_messages_once', ['campaign_id', 'person_id', 'step'])
    .addForeignKeyConstraint('campaign_messages_recipient', ['campaign_id', 'person_id'], 'campaign_recipients', ['campaign_id', 'person_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await sql`create index campaign_messages_due on campaign_messages (next_attempt_at) where state = 'queued'`.execute(db);
  await sql`create index campaign_messages_sent on campaign_messages (sent_at) where sent_at is not null`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'uuid', (col) => col.references('organizations.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index jobs_due on jobs (run_at) where done_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('campaign_messages').execute();
  await db.schema.dropTable('invitation_tokens').execute();
  await db.schema.dropTable('campaign_recipients').execute();
  await db.schema.dropTable('campaigns').execute();
}
