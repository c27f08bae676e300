import { type Kysely, sql } from 'kysely';
import { CAMPAIGN_NAME_MAX, type Campaign, type CampaignInput, CampaignMessages, type CampaignUpdate } from '../../../domain/contracts/campaigns';
import { knownZone, type ResolvedSchedule } from '../../../domain/campaigns/schedule';
import type { Database } from '../../db/database';
import { audit } from '../auth/audit';
import { conflict, fieldFailure } from '../errors';
import { type CampaignActor, type CampaignRow, findCampaign, invitationStarted, requireCampaignRole } from './access';
import { scheduleCampaignJobs } from './jobs';
import { checkRecipients, recipientIdsOf, storedRecipientIds, writeRecipients } from './recipients';
import { openCampaignLink, requireSchedule, requireSeats } from './schedule';
import { readCampaign } from './view';

const requireName = (name: string): string => {
  const trimmed = name.trim();
  if (trimmed === '') throw fieldFailure(CampaignMessages.nameRequired, 'name');
  if (trimmed.length > CAMPAIGN_NAME_MAX) throw fieldFailure(CampaignMessages.nameTooLong, 'name');
  return trimmed;
};

/** PostgreSQL reads the array from its text form alike through node-postgres and PGlite. */
const integerArray = (values: readonly number[]) => sql<number[]>`cast(${`{${values.join(',')}}`} as integer[])`;

const scheduleColumns = (schedule: ResolvedSchedule, input: CampaignInput) => ({
  time_zone: schedule.time_zone,
  send_local: input.send_local,
  send_at: schedule.sendAt,
  reminder_days: integerArray(input.reminder_days),
  closes_local: input.closes_local,
  closes_at: schedule.closesAt,
});

const auditCampaign = (db: Kysely<Database>, actor: CampaignActor, action: string, campaign: Pick<CampaignRow, 'id'>, details: Record<string, number | string | boolean>) =>
  audit(db, { organizationId: actor.auth.organization.id, actor: actor.auth.user.id, action, address: actor.address, details: { campaign_id: campaign.id, ...details } });

/**
 * POST /campaigns: a campaign for an open link of the organisation, its recipients written
 * once, and its steps put in the jobs table. Each check refuses in the contract's sentence.
 */
export const createCampaign = async (db: Kysely<Database>, actor: CampaignActor, input: CampaignInput, now = new Date()): Promise<Campaign> => {
  requireCampaignRole(actor.auth);
  const organization = actor.auth.organization;
  const name = requireName(input.name);
  const link = await openCampaignLink(db, organization.id, input.token_id, now);
  const schedule = requireSchedule(input, { now, link, sendMustBeFuture: true });
  const recipients = await checkRecipients(db, organization.id, input.recipients);
  requireSeats(link, recipients.count);

  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('campaigns')
      .values({ organization_id: organization.id, token_id: link.id, name, created_by: actor.auth.user.id, ...scheduleColumns(schedule, input) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeRecipients(trx, { campaignId: row.id, organizationId: organization.id, choice: recipients.choice, surveyLocale: organization.survey_locale });
    await scheduleCampaignJobs(trx, row);
    await auditCampaign(trx, actor, 'campaign.created', row, { recipients: recipients.count, reminders: input.reminder_days.length });
    return row.id;
  });
  return readCampaign(db, organization.id, id, now);
};

/**
 * POST /campaigns/update, until the closing time. Before the invitation went (its time has not
 * come and none of its mails exists) everything may change and the recipients are chosen again;
 * after, the invitation's time, link and recipients stay (recipients sent unchanged, or both
 * lists empty, are taken as "the same"), and only the name, reminders and closing time move.
 * A mail is never sent twice whatever changes: the sender keeps one row per person and step.
 */
export const updateCampaign = async (db: Kysely<Database>, actor: CampaignActor, input: CampaignUpdate, now = new Date()): Promise<Campaign> => {
  requireCampaignRole(actor.auth);
  const organization = actor.auth.organization;
  const name = requireName(input.name);

  const outcome = await db.transaction().execute(async (trx) => {
    const campaign = await findCampaign(trx, organization.id, input.id, true);
    if (campaign.state === 'cancelled') throw conflict(CampaignMessages.alreadyCancelled);
    if (now.getTime() >= campaign.closes_at.getTime()) throw conflict(CampaignMessages.alreadyClosed);
    const started = await invitationStarted(trx, campaign.id);
    const recipientsFixed = started || now.getTime() >= campaign.send_at.getTime();
    const linkMoved = input.token_id !== campaign.token_id;
    const sendMoved = input.send_local !== campaign.send_local || (knownZone(input.time_zone) ?? input.time_zone) !== campaign.time_zone;
    if ((started && sendMoved) || (recipientsFixed && linkMoved)) throw fieldFailure(CampaignMessages.sendFixed, linkMoved ? 'token_id' : 'send_local');

    const link = await openCampaignLink(trx, organization.id, input.token_id, now);
    const schedule = requireSchedule(input, { now, link, sendMustBeFuture: sendMoved && !started });

    let recipientCount: number;
    if (recipientsFixed) {
      const stored = await storedRecipientIds(trx, campaign.id);
      const unchanged = input.recipients.group_ids.length === 0 && input.recipients.person_ids.length === 0;
      if (!unchanged) {
        const chosen = await recipientIdsOf(trx, organization.id, (await checkRecipients(trx, organization.id, input.recipients)).choice);
        if (chosen.size !== stored.size || [...chosen].some((id) => !stored.has(id))) throw fieldFailure(CampaignMessages.recipientsFixed, 'recipients');
      }
      recipientCount = stored.size;
    } else {
      const recipients = await checkRecipients(trx, organization.id, input.recipients);
      requireSeats(link, recipients.count);
      await trx.deleteFrom('campaign_recipients').where('campaign_id', '=', campaign.id).execute();
      await writeRecipients(trx, { campaignId: campaign.id, organizationId: organization.id, choice: recipients.choice, surveyLocale: organization.survey_locale });
      recipientCount = recipients.count;
    }

    const updated = await trx
      .updateTable('campaigns')
      .set({ name, token_id: link.id, updated_at: now, ...scheduleColumns(schedule, input) })
      .where('id', '=', campaign.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await scheduleCampaignJobs(trx, updated);
    await auditCampaign(trx, actor, 'campaign.updated', updated, { recipients: recipientCount, reminders: input.reminder_days.length, recipients_changed: !recipientsFixed });
    return updated;
  });
  return readCampaign(db, organization.id, outcome.id, now);
};
