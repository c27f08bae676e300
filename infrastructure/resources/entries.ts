import type { AnyEndpoint } from '../../domain/contracts/endpoint';
import type { SectionName, sections } from '../../domain/resources/sections';

export type { SectionEntry } from '../../domain/resources/sections';

export interface ActionEntry {
  readonly endpoint: AnyEndpoint;
  readonly pathParams?: readonly string[];
  /** Sections to load again after a success, with the args of their last load. */
  readonly reloads: readonly SectionName[];
  /** The sentence shown on success when the server sends none. */
  readonly done?: string;
  /** The body's fields go out as multipart/form-data (files included). */
  readonly multipart?: boolean;
}

/** The sections a page knows: all of the domain's catalogue, or a part (the participant's page). */
export type KnownSections = Partial<typeof sections>;

/** Which endpoint serves each section and action a page can ask for. */
export interface ResourceCatalog {
  /** The entry of a section this page knows, typed by its name (so is the data its endpoint decodes). */
  sectionEntry<K extends SectionName>(name: K): (typeof sections)[K] | undefined;
  actionEntry(name: string): ActionEntry | undefined;
}

export const catalogOf = (known: KnownSections, actions: Readonly<Record<string, ActionEntry>>): ResourceCatalog => ({
  sectionEntry: <K extends SectionName>(name: K) => (Object.hasOwn(known, name) ? known[name] : undefined),
  actionEntry: (name) => (Object.hasOwn(actions, name) ? actions[name] : undefined),
});
