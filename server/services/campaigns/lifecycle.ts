import type { Kysely } from 'kysely';
import { type Campaign, CampaignMessages } from '../../../domain/contracts/campaigns';
import type { Database } from '../../db/database';
import { audit } from '../auth/audit';
import { conflict } from '../errors';
import { type CampaignActor, type CampaignRow, findCampaign, requireCampaignRole } from './access';
import { dropCampaignJobs, scheduleCampaignJobs } from './jobs';
import { readCampaign } from './view';

type Change = (trx: Kysely<Database>, campaign: CampaignRow, now: Date) => Promise<Record<string, number>>;

/** Runs one decision on the caller's campaign, locked, audited, and answers the campaign after it. */
const decide = async (db: Kysely<Database>, actor: CampaignActor, id: string, action: string, change: Change, now: Date): Promise<Campaign> => {
  requireCampaignRole(actor.auth);
  const organizationId = actor.auth.organization.id;
  await db.transaction().execute(async (trx) => {
    const campaign = await findCampaign(trx, organizationId, id, true);
    const details = await change(trx, campaign, now);
    await audit(trx, { organizationId, actor: actor.auth.user.id, action, address: actor.address, details: { campaign_id: campaign.id, ...details } });
  });
  return readCampaign(db, organizationId, id, now);
};

const requireOpen = (campaign: CampaignRow, now: Date): void => {
  if (campaign.state === 'cancelled') throw conflict(CampaignMessages.alreadyCancelled);
  if (now.getTime() >= campaign.closes_at.getTime()) throw conflict(CampaignMessages.alreadyClosed);
};

/** POST /campaigns/pause: nothing more is sent until it is resumed; pausing a paused campaign changes nothing. */
export const pauseCampaign = (db: Kysely<Database>, actor: CampaignActor, id: string, now = new Date()): Promise<Campaign> =>
  decide(db, actor, id, 'campaign.paused', async (trx, campaign) => {
    requireOpen(campaign, now);
    if (campaign.state !== 'paused') await trx.updateTable('campaigns').set({ state: 'paused', updated_at: now }).where('id', '=', campaign.id).execute();
    return {};
  }, now);

/**
 * POST /campaigns/resume: the campaign runs again; its jobs are put back on its schedule, so a
 * step whose time passed during the pause and sent nothing runs at once.
 */
export const resumeCampaign = (db: Kysely<Database>, actor: CampaignActor, id: string, now = new Date()): Promise<Campaign> =>
  decide(db, actor, id, 'campaign.resumed', async (trx, campaign) => {
    if (campaign.state === 'cancelled') throw conflict(CampaignMessages.alreadyCancelled);
    if (campaign.state !== 'paused') throw conflict(CampaignMessages.notPaused);
    requireOpen(campaign, now);
    await trx.updateTable('campaigns').set({ state: 'scheduled', updated_at: now }).where('id', '=', campaign.id).execute();
    await scheduleCampaignJobs(trx, campaign);
    return {};
  }, now);

/**
 * POST /campaigns/cancel: for good. The work not yet done is dropped, mails still waiting are
 * skipped, and the personal invitations of its recipients that were not answered stop working.
 */
export const cancelCampaign = (db: Kysely<Database>, actor: CampaignActor, id: string, now = new Date()): Promise<Campaign> =>
  decide(db, actor, id, 'campaign.cancelled', async (trx, campaign) => {
    requireOpen(campaign, now);
    await trx.updateTable('campaigns').set({ state: 'cancelled', updated_at: now }).where('id', '=', campaign.id).execute();
    await dropCampaignJobs(trx, campaign.id);
    const skipped = await trx
      .updateTable('campaign_messages')
      .set({ state: 'skipped' })
      .where('campaign_id', '=', campaign.id)
      .where('state', '=', 'queued')
      .returning('id')
      .execute();
    const revoked = await trx
      .updateTable('invitations')
      .set({ revoked_at: now })
      .where('id', 'in', (eb) => eb.selectFrom('campaign_recipients').select('invitation_id').where('campaign_id', '=', campaign.id).where('invitation_id', 'is not', null))
      .where('organization_id', '=', campaign.organization_id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    // Counted from the rows returned: PGlite does not report how many rows an update changed.
    return { mails_skipped: skipped.length, invitations_revoked: revoked.length };
  }, now);
