import { campaignParticipation, listCampaigns } from '../../contracts/campaigns';
import type { SectionEntry } from './entry';

/** Coordinator → Campaigns (issue 29): the campaigns, and one campaign's participation (args: id). */
export const campaignSections = {
  campaigns: { endpoint: listCampaigns },
  campaignParticipation: { endpoint: campaignParticipation },
} satisfies Record<string, SectionEntry>;
