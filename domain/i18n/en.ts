import { enBenchmark } from './en.benchmark';
import { enCalendar } from './en.calendar';
import { enCampaigns } from './en.campaigns';
import { enHomeParticipation } from './en.homeParticipation';
import { enCompareExternal } from './en.compareExternal';
import { enCompareInternal } from './en.compareInternal';
import { enExtraSurvey } from './en.extraSurvey';
import { enFirstLoad } from './en.firstLoad';
import { enMembers } from './en.members';
import { enOrganizationSettings } from './en.organizationSettings';
import { enPeople } from './en.people';
import { enReports } from './en.reports';
import { enSurveyLinks } from './en.surveyLinks';
import { enUpgradeAccount } from './en.upgradeAccount';

/**
 * Built-in English texts (locale 'au'), every key. The client falls back to these when
 * /translation fails twice; the server seeds its 'au' catalogue from them, so both sides share
 * one source. Keys follow SPEC sections 2 and 8. A new text goes in en.firstLoad.ts, or in its
 * page's part when the page has one. The dashboards' entry imports enFirstLoad only: each
 * part comes with its page's chunk (src/app/pageTexts.tsx), so this module is not in the entry.
 */
export const en = {
  ...enFirstLoad,
  ...enPeople,
  ...enOrganizationSettings,
  ...enUpgradeAccount,
  ...enSurveyLinks,
  ...enMembers,
  ...enCompareInternal,
  ...enCompareExternal,
  ...enExtraSurvey,
  ...enCalendar,
  ...enBenchmark,
  ...enReports,
  ...enCampaigns,
  ...enHomeParticipation,
} as const;

export type MessageKey = keyof typeof en;
