import type { Kysely } from 'kysely';
import type { CampaignList } from '../../../domain/contracts/campaigns';
import type { Database } from '../../db/database';
import { zoneOf } from '../calendar/catalogue';
import { type CampaignCaller, requireCampaignRole } from './access';
import { readCampaigns } from './view';

/** GET /campaigns: the organisation's campaigns, newest first. */
export const listCampaigns = async (db: Kysely<Database>, auth: CampaignCaller, now = new Date()): Promise<CampaignList> => {
  requireCampaignRole(auth);
  const organization = await db.selectFrom('organizations').select('country').where('id', '=', auth.organization.id).executeTakeFirstOrThrow();
  return { campaigns: await readCampaigns(db, auth.organization.id, now), default_time_zone: zoneOf(organization.country) };
};
