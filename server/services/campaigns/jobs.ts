import type { Kysely } from 'kysely';
import { CAMPAIGN_REMINDERS_MAX } from '../../../domain/contracts/campaigns';
import { stepInstants } from '../../../domain/campaigns/schedule';
import { type Database, toJson } from '../../db/database';
import type { CampaignRow } from './access';

/**
 * The campaign's due work in the jobs table, which any server process claims (the sender runs
 * it). One job per step, `campaign:<id>:step:<n>` (kind 'campaign.step', payload
 * {campaign_id, step}) at the step's instant, and `campaign:<id>:close` (kind 'campaign.close')
 * at the closing time. The keys make scheduling again move a job rather than add one.
 */
export const CAMPAIGN_STEP_JOB = 'campaign.step';
export const CAMPAIGN_CLOSE_JOB = 'campaign.close';

export const campaignStepJobKey = (campaignId: string, step: number): string => `campaign:${campaignId}:step:${step}`;
export const campaignCloseJobKey = (campaignId: string): string => `campaign:${campaignId}:close`;

export type ScheduledCampaign = Pick<CampaignRow, 'id' | 'organization_id' | 'time_zone' | 'send_local' | 'send_at' | 'reminder_days' | 'closes_at'>;

/**
 * Writes or moves the campaign's jobs to its current schedule. A step that already has mails
 * keeps its job as it is (it ran: running it again would send nothing new, and moving it would
 * say otherwise); a reminder no longer in the schedule loses its job unless that job ran.
 */
export const scheduleCampaignJobs = async (trx: Kysely<Database>, campaign: ScheduledCampaign): Promise<void> => {
  const steps = stepInstants(campaign, campaign.send_at);
  for (const [step, runAt] of steps.entries()) {
    await trx
      .insertInto('jobs')
      .values({
        key: campaignStepJobKey(campaign.id, step),
        kind: CAMPAIGN_STEP_JOB,
        organization_id: campaign.organization_id,
        payload: toJson({ campaign_id: campaign.id, step }),
        run_at: runAt,
      })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet({ run_at: runAt, done_at: null, attempts: 0, last_error: null })
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('campaign_messages').select('campaign_messages.id').where('campaign_id', '=', campaign.id).where('step', '=', step))),
          ),
      )
      .execute();
  }
  const removed = Array.from({ length: CAMPAIGN_REMINDERS_MAX + 1 - steps.length }, (_, index) => campaignStepJobKey(campaign.id, steps.length + index));
  if (removed.length > 0) await trx.deleteFrom('jobs').where('key', 'in', removed).where('done_at', 'is', null).execute();
  await trx
    .insertInto('jobs')
    .values({
      key: campaignCloseJobKey(campaign.id),
      kind: CAMPAIGN_CLOSE_JOB,
      organization_id: campaign.organization_id,
      payload: toJson({ campaign_id: campaign.id }),
      run_at: campaign.closes_at,
    })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ run_at: campaign.closes_at, done_at: null, attempts: 0, last_error: null }))
    .execute();
};

/** A cancelled campaign's work that has not run is dropped. */
export const dropCampaignJobs = async (trx: Kysely<Database>, campaignId: string): Promise<void> => {
  await trx
    .deleteFrom('jobs')
    // A uuid holds neither % nor _, so the prefix matches literally.
    .where('key', 'like', `campaign:${campaignId}:%`)
    .where('done_at', 'is', null)
    .execute();
};
