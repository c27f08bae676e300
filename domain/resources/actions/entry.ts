import * as t from 'io-ts';
import type { AnyEndpoint } from '../../contracts/endpoint';
import type { SectionName } from '../sections';

/** A file chosen in a form (a logo): sent beside the fields of a multipart action. */
export const FileField = new t.Type<Blob, Blob, unknown>(
  'File',
  (u): u is Blob => typeof Blob !== 'undefined' && u instanceof Blob,
  (u, context) => (typeof Blob !== 'undefined' && u instanceof Blob ? t.success(u) : t.failure(u, context)),
  t.identity,
);

/** Which endpoint serves an action (a form or a button), and what follows its success. */
export interface ActionEntry {
  readonly endpoint: AnyEndpoint;
  readonly pathParams?: readonly string[];
  /** Sections to load again after a success, with the args of their last load. */
  readonly reloads: readonly SectionName[];
  /** The sentence shown on success when the server sends none. */
  readonly done?: string;
  /**
   * The body goes out as multipart/form-data: the endpoint's fields, and beside them the files
   * this codec names (FileField). The form's body is the fields and the files together.
   */
  readonly files?: t.Mixed;
  /**
   * The answer holds a secret (a new token, an authenticator's key): the success event carries
   * no data, so it reaches neither the log nor another tab; only the effect's follow-up sees it.
   */
  readonly secret?: boolean;
}
