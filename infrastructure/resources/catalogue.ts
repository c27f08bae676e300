import { dashboardApp } from '../../domain/app/dashboardApp';
import { participantApp } from '../../domain/app/participantApp';
import { catalogueOf, type ResourceCatalogue } from './entries';

export type { ActionEntry, ResourceCatalogue, SectionEntry } from './entries';
export { sections, type SectionName } from '../../domain/resources/sections';
export { actions, type ActionName } from '../../domain/resources/actions';

/**
 * Every section and action of the dashboards' application, and the survey's of the
 * participant's, as the runtimes derive them from their page's app (domain/app/app.ts). Which
 * endpoint serves each is the domain's catalogue (domain/resources/sections.ts and actions.ts):
 * the names are what commands, events and the state carry, and each name's endpoint says the
 * type of its data. Tests use these; a page's own is built from the app its entry passes in.
 */
export const appCatalogue: ResourceCatalogue = catalogueOf(dashboardApp.sections, dashboardApp.actions);
export const surveyCatalogue: ResourceCatalogue = catalogueOf(participantApp.sections, participantApp.actions);
export const { sectionEntry, actionEntry } = appCatalogue;
