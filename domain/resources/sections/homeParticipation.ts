import { latestCampaignParticipation } from '../../contracts/homeParticipation';
import type { SectionEntry } from './entry';

/** Home's participation card: the latest running or closed campaign's released figures (empty: no card). */
export const homeParticipationSections = {
  latestParticipation: { endpoint: latestCampaignParticipation },
} satisfies Record<string, SectionEntry>;
