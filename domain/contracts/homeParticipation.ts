import * as t from 'io-ts';
import { CampaignParticipation } from './campaigns';
import { endpoint } from './endpoint';

/**
 * Home's participation card (issue 29): the most recent running or closed campaign the caller
 * sees, with the very figures GET /campaigns/participation releases for it. No campaign yet: the
 * envelope's 204 and the card is left out.
 */
export const LatestParticipation = t.strict({
  campaign: t.strict({ id: t.string, name: t.string }),
  participation: CampaignParticipation,
});
export type LatestParticipation = t.TypeOf<typeof LatestParticipation>;

export const latestCampaignParticipation = endpoint({
  method: 'GET',
  path: '/campaigns/participation/latest',
  data: LatestParticipation,
  primary: true,
});
