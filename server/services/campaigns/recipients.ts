import { type Kysely, sql } from 'kysely';
import { CAMPAIGN_RECIPIENTS_MAX, CampaignMessages, type CampaignRecipients } from '../../../domain/contracts/campaigns';
import { PeopleLanguage } from '../../../domain/contracts/people';
import type { Database } from '../../db/database';
import { fieldFailure } from '../errors';
import { isUuid } from '../organization/scope';

/** The chosen ids, each once; refused when one is not an id or when there are too many to be a campaign. */
const distinctChoice = (choice: CampaignRecipients): CampaignRecipients => {
  const groupIds = [...new Set(choice.group_ids)];
  const personIds = [...new Set(choice.person_ids)];
  if (groupIds.length + personIds.length === 0) throw fieldFailure(CampaignMessages.noRecipients, 'recipients');
  if (groupIds.length + personIds.length > CAMPAIGN_RECIPIENTS_MAX) throw fieldFailure(CampaignMessages.tooManyRecipients, 'recipients');
  if (![...groupIds, ...personIds].every(isUuid)) throw fieldFailure(CampaignMessages.recipientUnknown, 'recipients');
  return { group_ids: groupIds, person_ids: personIds };
};

/** Every chosen group and person is the organisation's. */
const requireKnown = async (db: Kysely<Database>, organizationId: string, choice: CampaignRecipients): Promise<void> => {
  const count = async (table: 'departments' | 'people', ids: readonly string[]): Promise<number> => {
    if (ids.length === 0) return 0;
    const row = await db
      .selectFrom(table)
      .select(db.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('id', 'in', [...ids])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const groups = await count('departments', choice.group_ids);
  const people = await count('people', choice.person_ids);
  if (groups !== choice.group_ids.length || people !== choice.person_ids.length) throw fieldFailure(CampaignMessages.recipientUnknown, 'recipients');
};

/** The organisation's people in a chosen group (a group's people include its sub-groups') or chosen one by one. */
const chosenPeople = (db: Kysely<Database>, organizationId: string, choice: CampaignRecipients) =>
  db
    .selectFrom('people')
    .where('people.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        ...(choice.group_ids.length === 0 ? [] : [eb('people.group_id', 'in', choice.group_ids), eb('people.sub_group_id', 'in', choice.group_ids)]),
        ...(choice.person_ids.length === 0 ? [] : [eb('people.id', 'in', choice.person_ids)]),
      ]),
    );

/** A choice of recipients that was checked: known ids, each once, at least one person, not too many. */
export interface CheckedRecipients {
  readonly choice: CampaignRecipients;
  readonly count: number;
}

export const checkRecipients = async (db: Kysely<Database>, organizationId: string, input: CampaignRecipients): Promise<CheckedRecipients> => {
  const choice = distinctChoice(input);
  await requireKnown(db, organizationId, choice);
  const row = await chosenPeople(db, organizationId, choice).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const count = Number(row.n);
  if (count === 0) throw fieldFailure(CampaignMessages.noRecipients, 'recipients');
  if (count > CAMPAIGN_RECIPIENTS_MAX) throw fieldFailure(CampaignMessages.tooManyRecipients, 'recipients');
  return { choice, count };
};

/** The ids of the people a checked choice names now. */
export const recipientIdsOf = async (db: Kysely<Database>, organizationId: string, choice: CampaignRecipients): Promise<Set<string>> => {
  const rows = await chosenPeople(db, organizationId, choice).select('people.id').execute();
  return new Set(rows.map((row) => row.id));
};

/** The language of a person without a preference: the organisation's survey language if it is one of the five, else English. */
export const fallbackLanguage = (surveyLocale: string | null): PeopleLanguage => (PeopleLanguage.is(surveyLocale) ? surveyLocale : 'en');

/**
 * Keeps the choice on the campaign and writes the campaign's recipients in one statement, each with the group they are in now and
 * the language their mails will be in. People who bounced or unsubscribed are recorded too:
 * the sender skips them, and the figures count them.
 */
export const writeRecipients = async (
  trx: Kysely<Database>,
  input: { campaignId: string; organizationId: string; choice: CampaignRecipients; surveyLocale: string | null },
): Promise<void> => {
  const fallback = fallbackLanguage(input.surveyLocale);
  await trx.updateTable('campaigns').set({ recipient_choice: JSON.stringify(input.choice) }).where('id', '=', input.campaignId).execute();
  await trx
    .insertInto('campaign_recipients')
    .columns(['campaign_id', 'person_id', 'group_id', 'language'])
    .expression(
      chosenPeople(trx, input.organizationId, input.choice).select([
        sql<string>`cast(${input.campaignId} as uuid)`.as('campaign_id'),
        'people.id as person_id',
        'people.group_id as group_id',
        sql<string>`coalesce(people.preferred_language, cast(${fallback} as text))`.as('language'),
      ]),
    )
    .execute();
};

/** The ids of the people a campaign invites. */
export const storedRecipientIds = async (db: Kysely<Database>, campaignId: string): Promise<Set<string>> => {
  const rows = await db.selectFrom('campaign_recipients').select('person_id').where('campaign_id', '=', campaignId).execute();
  return new Set(rows.map((row) => row.person_id));
};
