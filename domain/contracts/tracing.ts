import * as t from 'io-ts';
import { endpoint } from './endpoint';

/** Upper bounds of a report's texts; longer ones are cut by the sender and refused above. */
export const REPORT_LIMITS = { message: 1000, stack: 8000, url: 500, code: 40, release: 80 } as const;

const boundedString = (max: number) =>
  t.refinement(t.string, (value) => value.length <= max, `string of at most ${max} characters`);

/** Where a client error came from: a screen that failed to render, a promise nobody caught, a failed call. */
export const ClientErrorKind = t.keyof({ render: null, rejection: null, api: null });
export type ClientErrorKind = t.TypeOf<typeof ClientErrorKind>;

/** What the client sends: already scrubbed (domain/tracing/scrub.ts); the server scrubs again. */
export const ClientErrorReport = t.intersection([
  t.strict({
    kind: ClientErrorKind,
    message: boundedString(REPORT_LIMITS.message),
    /** The page's path, without its query string. */
    url: boundedString(REPORT_LIMITS.url),
  }),
  t.partial({
    stack: t.union([boundedString(REPORT_LIMITS.stack), t.null]),
    /** The HTTP status or network error code of a failed call. */
    code: t.union([boundedString(REPORT_LIMITS.code), t.null]),
    release: t.union([boundedString(REPORT_LIMITS.release), t.null]),
  }),
]);
export type ClientErrorReport = t.TypeOf<typeof ClientErrorReport>;

export const ReportAccepted = t.strict({ accepted: t.boolean });

/**
 * POST /error-reports: open to anyone (a render failure may happen signed out), rate-limited
 * per address. `accepted: false` says the report was a repeat counted on an earlier one.
 */
export const postErrorReport = endpoint({ method: 'POST', path: '/error-reports', body: ClientErrorReport, data: ReportAccepted, maxRetry: 1 });

export const ErrorSource = t.keyof({ client: null, server: null });

/** One stored error as the operator sees it: identical ones are counted on one row. */
export const StoredError = t.strict({
  id: t.number,
  source: ErrorSource,
  kind: t.string,
  message: t.string,
  stack: t.union([t.string, t.null]),
  url: t.union([t.string, t.null]),
  code: t.union([t.string, t.null]),
  count: t.number,
  /** ISO 8601. */
  first_seen_at: t.string,
  last_seen_at: t.string,
});
export type StoredError = t.TypeOf<typeof StoredError>;

/** The operator's list, newest first (operator token as bearer or X-Operator-Token). */
export const getOperatorErrors = endpoint({
  method: 'GET',
  path: '/operator/error-reports',
  query: t.partial({ source: ErrorSource }),
  data: t.array(StoredError),
});
