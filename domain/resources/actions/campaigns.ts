import { cancelCampaign, createCampaign, pauseCampaign, resumeCampaign, updateCampaign } from '../../contracts/campaigns';
import type { ActionEntry } from './entry';

/** Coordinator → Campaigns (issue 29): the form and the buttons of each campaign; each success lists the campaigns again. */
export const campaignActions = {
  createCampaign: { endpoint: createCampaign, reloads: ['campaigns'] },
  updateCampaign: { endpoint: updateCampaign, reloads: ['campaigns'] },
  pauseCampaign: { endpoint: pauseCampaign, reloads: ['campaigns'] },
  resumeCampaign: { endpoint: resumeCampaign, reloads: ['campaigns'] },
  cancelCampaign: { endpoint: cancelCampaign, reloads: ['campaigns'] },
} satisfies Record<string, ActionEntry>;
