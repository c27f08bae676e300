import type { AnyEndpoint } from '../../contracts/endpoint';
import type { SectionName } from '../sections';

/** Which endpoint serves an action (a form or a button), and what follows its success. */
export interface ActionEntry {
  readonly endpoint: AnyEndpoint;
  readonly pathParams?: readonly string[];
  /** Sections to load again after a success, with the args of their last load. */
  readonly reloads: readonly SectionName[];
  /** The sentence shown on success when the server sends none. */
  readonly done?: string;
  /** The body's fields go out as multipart/form-data (files included). */
  readonly multipart?: boolean;
  /**
   * The answer holds a secret (a new token, an authenticator's key): the success event carries
   * no data, so it reaches neither the log nor another tab; only the effect's follow-up sees it.
   */
  readonly secret?: boolean;
}
