import type { ActionName, actions } from '../../domain/resources/actions';
import type { SectionName, sections } from '../../domain/resources/sections';

export type { SectionEntry } from '../../domain/resources/sections';
export type { ActionEntry } from '../../domain/resources/actions';

/** The sections a page knows: all of the domain's catalogue, or a part (the participant's page). */
export type KnownSections = Partial<typeof sections>;
export type KnownActions = Partial<typeof actions>;

/** Which endpoint serves each section and action a page can ask for, typed by name (and so is the data it decodes). */
export interface ResourceCatalogue {
  sectionEntry<K extends SectionName>(name: K): (typeof sections)[K] | undefined;
  actionEntry<K extends ActionName>(name: K): (typeof actions)[K] | undefined;
}

export const catalogueOf = (knownSections: KnownSections, knownActions: KnownActions): ResourceCatalogue => ({
  sectionEntry: <K extends SectionName>(name: K) => (Object.hasOwn(knownSections, name) ? knownSections[name] : undefined),
  actionEntry: <K extends ActionName>(name: K) => (Object.hasOwn(knownActions, name) ? knownActions[name] : undefined),
});
