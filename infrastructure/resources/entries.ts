import type { AnyEndpoint } from '../../domain/contracts/endpoint';

export interface SectionEntry {
  readonly endpoint: AnyEndpoint;
  /** Path placeholders taken from the load's args; the other args become the query. */
  readonly pathParams?: readonly string[];
  /** Statistics sections send the active filters with their query (SPEC section 7). */
  readonly filtered?: boolean;
  /** Builds the endpoint's query from the args (with the filters) when they are not its query as such. */
  readonly toQuery?: (args: Readonly<Record<string, unknown>>) => unknown;
}

export interface ActionEntry {
  readonly endpoint: AnyEndpoint;
  readonly pathParams?: readonly string[];
  /** Sections to load again after a success, with the args of their last load. */
  readonly reloads: readonly string[];
  /** The sentence shown on success when the server sends none. */
  readonly done?: string;
  /** The body's fields go out as multipart/form-data (files included). */
  readonly multipart?: boolean;
}

/** Which endpoint serves each section and action a page can ask for. */
export interface ResourceCatalog {
  sectionEntry(name: string): SectionEntry | undefined;
  actionEntry(name: string): ActionEntry | undefined;
}

export const catalogOf = (sections: Readonly<Record<string, SectionEntry>>, actions: Readonly<Record<string, ActionEntry>>): ResourceCatalog => ({
  sectionEntry: (name) => (Object.hasOwn(sections, name) ? sections[name] : undefined),
  actionEntry: (name) => (Object.hasOwn(actions, name) ? actions[name] : undefined),
});
