import { type Kysely, sql } from 'kysely';
import type { Database, JsonValue } from '../../../db/database';
import type { ClaimedJob } from '../../jobs/queue';
import { isUuid } from '../../invitations';

/**
 * The campaign jobs (scheduled by the campaign service under the keys `campaign:<id>:step:<n>`
 * and `campaign:<id>:close`): a due step becomes one queued mail per recipient, the closing
 * skips what is still queued. Each runs in one transaction, and the mail rows' unique key
 * (campaign, person, step) makes running a step again, after an edit, a crash or in another
 * process, add nothing.
 */

/** How long a step of a paused campaign waits before it looks again (resuming also makes it due at once). */
export const PAUSED_STEP_RECHECK_MS = 5 * 60_000;

export type StepOutcome = 'queued' | 'skipped' | { readonly deferUntil: Date };

interface StepPayload {
  readonly campaignId: string;
  readonly step: number;
}

/** The payload {campaign_id, step} of a campaign job; undefined when it is not one. */
export const stepPayloadOf = (payload: JsonValue): StepPayload | undefined => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const campaignId = payload.campaign_id;
  const step = payload.step ?? 0;
  if (typeof campaignId !== 'string' || !isUuid(campaignId)) return undefined;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 3) return undefined;
  return { campaignId, step };
};

/**
 * Queues the mails of one step. The invitation (step 0) goes to every recipient who has not
 * bounced or unsubscribed; a reminder only to those whose personal invitation is not answered
 * yet (decided here, on the server: nobody else learns who answered). A cancelled or closed
 * campaign, or a step its reminders no longer have, queues nothing; a paused one waits.
 */
export const runCampaignStep = async (db: Kysely<Database>, job: Pick<ClaimedJob, 'payload'>, now: Date): Promise<StepOutcome> => {
  const payload = stepPayloadOf(job.payload);
  if (payload === undefined) return 'skipped';
  return db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns')
      .select(['id', 'organization_id', 'state', 'closes_at', 'reminder_days'])
      .where('id', '=', payload.campaignId)
      .forShare()
      .executeTakeFirst();
    if (campaign === undefined || campaign.state === 'cancelled' || campaign.closes_at.getTime() <= now.getTime()) return 'skipped';
    if (payload.step > campaign.reminder_days.length) return 'skipped';
    if (campaign.state === 'paused') return { deferUntil: new Date(now.getTime() + PAUSED_STEP_RECHECK_MS) };
    const reminder = payload.step > 0;
    await sql`
      insert into campaign_messages (organization_id, campaign_id, person_id, step, next_attempt_at)
      select ${campaign.organization_id}, r.campaign_id, r.person_id, ${payload.step}, ${now}
      from campaign_recipients r
      join people p on p.id = r.person_id
      left join invitations i on i.id = r.invitation_id
      where r.campaign_id = ${campaign.id}
        and p.bounced_at is null and p.unsubscribed_at is null
        and (${!reminder} or i.accepted_at is null)
      order by r.person_id
      on conflict (campaign_id, person_id, step) do nothing`.execute(trx);
    return 'queued';
  });
};

/**
 * At the closing time: every mail of the campaign still queued will not go. A closing that an
 * edit moved later (and whose job fired before it was moved) waits for the new time.
 */
export const closeCampaign = async (db: Kysely<Database>, job: Pick<ClaimedJob, 'payload'>, now: Date): Promise<StepOutcome> => {
  const payload = stepPayloadOf(job.payload);
  if (payload === undefined) return 'skipped';
  const campaign = await db.selectFrom('campaigns').select(['state', 'closes_at']).where('id', '=', payload.campaignId).executeTakeFirst();
  if (campaign === undefined) return 'skipped';
  if (campaign.state !== 'cancelled' && campaign.closes_at.getTime() > now.getTime()) return { deferUntil: campaign.closes_at };
  await db
    .updateTable('campaign_messages')
    .set({ state: 'skipped', locked_until: null })
    .where('campaign_id', '=', payload.campaignId)
    .where('state', '=', 'queued')
    .execute();
  return 'queued';
};
