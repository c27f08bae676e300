import { sections } from '../../domain/resources/sections';
import { catalogOf, type ActionEntry, type ResourceCatalog } from './entries';
import { organizationActions } from './organization.catalog';
import { tokenActions } from './tokens.catalog';
import { membersActions } from './members.catalog';
import { surveyActions } from './survey.catalog';

export type { ActionEntry, ResourceCatalog, SectionEntry } from './entries';
export { sections, type SectionName } from '../../domain/resources/sections';

/**
 * Which endpoint serves each action, gathered from one catalogue per area; the sections are
 * the domain's catalogue (domain/resources/sections.ts). The names are what commands and
 * events carry; the endpoints stay here, out of the log.
 */
export const actions = {
  ...organizationActions,
  ...tokenActions,
  ...membersActions,
  ...surveyActions,
} satisfies Record<string, ActionEntry>;

export type ActionName = keyof typeof actions;

/** Every section and action of the dashboards' application. */
export const appCatalog: ResourceCatalog = catalogOf(sections, actions);
export const { sectionEntry, actionEntry } = appCatalog;
