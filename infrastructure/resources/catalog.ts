import { actions } from '../../domain/resources/actions';
import { sections } from '../../domain/resources/sections';
import { catalogOf, type ResourceCatalog } from './entries';

export type { ActionEntry, ResourceCatalog, SectionEntry } from './entries';
export { sections, type SectionName } from '../../domain/resources/sections';
export { actions, type ActionName } from '../../domain/resources/actions';

/**
 * Every section and action of the dashboards' application. Which endpoint serves each is the
 * domain's catalogue (domain/resources/sections.ts and actions.ts): the names are what
 * commands, events and the state carry, and each name's endpoint says the type of its data.
 */
export const appCatalog: ResourceCatalog = catalogOf(sections, actions);
export const { sectionEntry, actionEntry } = appCatalog;
