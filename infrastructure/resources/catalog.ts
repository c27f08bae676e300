import { catalogOf, type ActionEntry, type ResourceCatalog, type SectionEntry } from './entries';
import { organizationActions, organizationSections } from './organization.catalog';
import { tokenActions, tokenSections } from './tokens.catalog';
import { membersActions, membersSections } from './members.catalog';
import { chartNameSections, surveyActions, surveySections } from './survey.catalog';
import { statisticsSections } from './statistics.catalog';
import { filterSections } from './filters.catalog';
import { certificateActions, certificateSections } from './certificates.catalog';

export type { ActionEntry, ResourceCatalog, SectionEntry } from './entries';

/**
 * Which endpoint serves each data section (SPEC section 3 names) and each action, gathered
 * from one catalogue per area. The names are what commands and events carry; the endpoints
 * stay here, out of the log.
 */
export const sections = {
  ...organizationSections,
  ...tokenSections,
  ...membersSections,
  ...surveySections,
  ...chartNameSections,
  ...statisticsSections,
  ...filterSections,
  ...certificateSections,
} satisfies Record<string, SectionEntry>;

export type SectionName = keyof typeof sections;

export const actions = {
  ...organizationActions,
  ...tokenActions,
  ...membersActions,
  ...surveyActions,
  ...certificateActions,
} satisfies Record<string, ActionEntry>;

export type ActionName = keyof typeof actions;

/** Every section and action of the dashboards' application. */
export const appCatalog: ResourceCatalog = catalogOf(sections, actions);
export const { sectionEntry, actionEntry } = appCatalog;
