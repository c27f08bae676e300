import type { AnyEndpoint } from '../../contracts/endpoint';

/** Which endpoint serves a data section, and how a load's args reach it. */
export interface SectionEntry {
  readonly endpoint: AnyEndpoint;
  /** Path placeholders taken from the load's args; the other args become the query. */
  readonly pathParams?: readonly string[];
  /** Statistics sections send the active filters with their query (SPEC section 7). */
  readonly filtered?: boolean;
  /** Its answer is worded in the request's language (X-Locale), so a language chosen loads it again. */
  readonly localised?: boolean;
  /** Builds the endpoint's query from the args (with the filters) when they are not its query as such. */
  readonly toQuery?: (args: Readonly<Record<string, unknown>>) => unknown;
}
