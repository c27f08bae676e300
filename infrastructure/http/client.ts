import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { EMPTY, catchError, defer, finalize, from, map, retry, throwError, timer, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { fillPath, type AnyEndpoint, type BodyOf, type DataOf, type QueryOf } from '../../domain/contracts/endpoint';
import { ApiEnvelope, Messages } from '../../domain/contracts/envelope';
import { toSearchParams, type QueryParams } from '../../domain/filters/encoding';
import type { IdSource } from '../../domain/kernel/clock';
import type { TokenCookies } from '../storage/cookies';
import { ApiFailure, DECODE_FAILURE, isRetryableCode } from './failure';
import { describeProblems } from './problems';
import { type HttpTransport, type TransportReply, TransportCancelled, TransportFailure } from './transport';

export { ApiFailure, isApiFailure, isRetryableCode, DECODE_FAILURE } from './failure';
export { createHttpReports, type HttpReports } from './reports';

/** A call that succeeded: `data` is null for "nothing to show" (204) and for a 3xx answer. */
export interface ApiSuccess<D> {
  readonly status: number;
  readonly data: D | null;
  readonly message?: string;
  readonly token?: string;
}

export interface CallInput<E extends AnyEndpoint> {
  readonly query?: QueryOf<E>;
  readonly body?: BodyOf<E>;
  /** Values for the `{param}` placeholders of the endpoint's path. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** The failure is still logged as api/failed, but no message is shown for it. */
  readonly silent?: boolean;
  /** Sent as multipart/form-data instead of the JSON body (a file upload). */
  readonly form?: FormData;
  /** Told the bytes of the form sent so far (the transport's upload events), for a progress bar. */
  readonly onUploadProgress?: (sent: number, total: number | undefined) => void;
}

/** The only module that talks HTTP. Every call is a cold Observable: nothing is sent until subscribed. */
export interface ApiClient {
  call<E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>): Observable<ApiSuccess<DataOf<E>>>;
  /** A call whose answer is a file (an export): the same headers, retries and failure rules, no envelope to decode. */
  download<E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>): Observable<DownloadedFile>;
}

/** A file the server sent, with the name it gave it (null when it gave none). */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string | null;
}

export interface ApiClientOptions {
  /** axios for the dashboards (./axiosTransport, loaded at the first call), fetch for the participant's page (./fetchTransport). */
  readonly transport: HttpTransport;
  getLocale(): string;
  isSignedIn(): boolean;
  readonly cookies: Pick<TokenCookies, 'primary' | 'secondary'>;
  report(event: AppEvent): void;
  readonly ids: IdSource;
  /** Wait before the next try; `attempt` is the 0-based number of the try that just failed. */
  readonly retryDelayMs?: (attempt: number) => number;
}

/** SPEC section 9: a timed-out call is tried again up to 6 times unless its endpoint says otherwise. */
export const DEFAULT_MAX_RETRY = 6;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const defaultRetryDelayMs = (attempt: number): number => Math.min(250 * 2 ** attempt, 4000);
/** A 429 without Retry-After waits this long; a longer Retry-After is cut to the maximum, so a page never hangs for minutes. */
export const THROTTLED_DEFAULT_WAIT_MS = 5_000;
export const THROTTLED_MAX_WAIT_MS = 60_000;
const TOO_MANY_REQUESTS = 429;

/** How long to wait after a 429 before the same call is sent again. */
export const throttledWaitMs = (retryAfterMs: number | undefined): number =>
  Math.min(Math.max(retryAfterMs ?? THROTTLED_DEFAULT_WAIT_MS, 0), THROTTLED_MAX_WAIT_MS);

const LOGIN = '/login';
const LOGOUT = '/logout';
const SESSION_CHECK = '/check-access-token';

/** One attempt that went wrong, before it is reported; `code` as in ApiFailure. */
class AttemptFailed {
  constructor(
    readonly code: number | string,
    readonly envelope?: ApiEnvelope,
    readonly retryAfterMs?: number,
  ) {}
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly fileName?: string;
}

const readEnvelope = (body: unknown): ApiEnvelope | undefined => {
  const decoded = ApiEnvelope.decode(body);
  return isLeft(decoded) ? undefined : decoded.right;
};

const toAttemptFailed = (error: unknown): AttemptFailed => {
  if (error instanceof AttemptFailed) return error;
  if (error instanceof TransportFailure) return new AttemptFailed(error.code, error.body === undefined ? undefined : readEnvelope(error.body), error.retryAfterMs);
  return new AttemptFailed('ERR_UNKNOWN');
};

// A leading slash whatever the contract's spelling ('sso/amazon/login'), so rules compare paths.
const routeOf = (endpoint: AnyEndpoint, params: Readonly<Record<string, string | number>>): string =>
  `/${fillPath(endpoint.path, params).replace(/^\/+/, '')}`;

const withOptional = <D>(success: { status: number; data: D | null }, envelope: ApiEnvelope): ApiSuccess<D> => ({
  ...success,
  ...(envelope.message === undefined ? {} : { message: envelope.message }),
  ...(envelope.token === undefined ? {} : { token: envelope.token }),
});

/**
 * SPEC sections 7 and 8 in one place: headers and bearer token, the filter query encoding,
 * retries of timed-out calls, the 401 and 417 session rules, and api-error events. A 429 is
 * tried again after the server's Retry-After, with a message meanwhile (api/throttled).
 */
export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const { cookies, ids, report } = options;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;

  const authorization = (endpoint: AnyEndpoint): Record<string, string> => {
    const token = (!endpoint.primary && cookies.secondary()) || cookies.primary();
    return token ? { Authorization: `Bearer ${token}` } : {};
  };

  const send = <E extends AnyEndpoint>(endpoint: E, route: string, input: CallInput<E>, responseType: 'json' | 'blob'): Observable<TransportReply> =>
    defer(() => {
      const controller = new AbortController();
      // A GET carries no body (fetch refuses one); a DELETE only when given one.
      const hasBody = endpoint.method !== 'GET' && (input.body !== undefined || endpoint.method !== 'DELETE');
      const search = toSearchParams(endpoint.query.encode(input.query ?? {}) as QueryParams);
      return from(
        options.transport.request({
          method: endpoint.method,
          url: search === '' ? route : `${route}?${search}`,
          // Fastify refuses an empty body sent as JSON, so POST, PUT and PATCH always send one.
          body: input.form ?? (hasBody ? endpoint.body.encode(input.body ?? {}) : undefined),
          headers: {
            Accept: 'application/json',
            // A form goes without it: the browser writes multipart/form-data with its boundary.
            ...(input.form ? {} : { 'Content-Type': 'application/json' }),
            'X-Locale': options.getLocale(),
            ...authorization(endpoint),
          },
          signal: controller.signal,
          ...(responseType === 'blob' ? { responseType } : {}),
          ...(input.form && input.onUploadProgress ? { onUploadProgress: input.onUploadProgress } : {}),
        }),
      ).pipe(
        // Unsubscribing (a newer request won the switchMap) cancels the request in flight.
        finalize(() => controller.abort()),
      );
    });

  const attempt = <E extends AnyEndpoint>(endpoint: E, route: string, input: CallInput<E>, responseType: 'json' | 'blob' = 'json'): Observable<Reply> =>
    send(endpoint, route, input, responseType).pipe(
      map((response) => {
        if (readEnvelope(response.body)?.status === 417) throw new AttemptFailed(417, readEnvelope(response.body));
        return { status: response.status, body: response.body, ...(response.fileName === undefined ? {} : { fileName: response.fileName }) };
      }),
      // SPEC section 4: an aborted request counts as ok, so it ends quietly.
      catchError((error: unknown) => (error instanceof TransportCancelled ? EMPTY : throwError(() => toAttemptFailed(error)))),
    );

  const sessionEventFor = (code: number | string, route: string): AppEvent | null => {
    if (code === 401) {
      if (options.isSignedIn() && route !== LOGOUT) return { type: 'session/signedOut', reason: 'unauthorised' };
      if (route !== LOGOUT && route !== LOGIN) return { type: 'session/unauthorised', url: route };
      return null;
    }
    if (code === 417 && route !== LOGOUT) return { type: 'session/signedOut', reason: 'sessionEnded' };
    return null;
  };

  const fail = (failure: AttemptFailed, route: string, silent: boolean): ApiFailure => {
    const { code, envelope } = failure;
    const message =
      code === 401 && route === SESSION_CHECK
        ? Messages.sessionExpired
        : // After its retries a timeout shows the generic connection text, whatever the body said.
          isRetryableCode(code)
          ? null
          : (envelope?.message ?? null);
    const sessionEvent = sessionEventFor(code, route);
    // 401 and 417 are answered by signing out or going to /login, not by a message.
    report({ type: 'api/failed', id: ids.next(), code, url: route, message, silent: code === 401 || code === 417 || silent });
    if (sessionEvent) report(sessionEvent);
    return new ApiFailure(code, route, message, envelope?.errors);
  };

  const decodeFailure = (route: string, errors: t.Errors, silent: boolean): ApiFailure => {
    report({ type: 'api/decodeFailed', id: ids.next(), url: route, problems: describeProblems(errors), silent });
    return new ApiFailure(DECODE_FAILURE, route, null);
  };

  const read = <E extends AnyEndpoint>(endpoint: E, route: string, reply: Reply, silent: boolean): ApiSuccess<DataOf<E>> => {
    // A 3xx carries no envelope: the redirect is not followed and there is nothing to read.
    if (reply.status === 204 || reply.status >= 300) return { status: reply.status, data: null };
    const envelope = ApiEnvelope.decode(reply.body);
    if (isLeft(envelope)) throw decodeFailure(route, envelope.left, silent);
    const status = envelope.right.status ?? reply.status;
    if (status === 204) return withOptional({ status, data: null }, envelope.right);
    const data = endpoint.data.decode(envelope.right.data);
    if (isLeft(data)) throw decodeFailure(route, data.left, silent);
    return withOptional({ status, data: data.right as DataOf<E> }, envelope.right);
  };

  /** The tries of one request: timeouts again after a pause, a 429 after Retry-After, then the failure rules. */
  const tried = <E extends AnyEndpoint>(endpoint: E, route: string, input: CallInput<E>, responseType: 'json' | 'blob'): Observable<Reply> =>
    attempt(endpoint, route, input, responseType).pipe(
      // maxRetry counts the tries after the first: maxRetry 6 sends at most 7 requests.
      retry({
        count: endpoint.maxRetry ?? DEFAULT_MAX_RETRY,
        delay: (failure: AttemptFailed, retryCount) => {
          if (failure.code === TOO_MANY_REQUESTS) {
            const waitMs = throttledWaitMs(failure.retryAfterMs);
            report({ type: 'api/throttled', id: ids.next(), url: route, retryInSeconds: Math.ceil(waitMs / 1000), silent: input.silent ?? false });
            return timer(waitMs);
          }
          return isRetryableCode(failure.code) ? timer(retryDelayMs(retryCount - 1)) : throwError(() => failure);
        },
      }),
      catchError((failure: AttemptFailed) => throwError(() => fail(failure, route, input.silent ?? false))),
    );

  const call = <E extends AnyEndpoint>(endpoint: E, input: CallInput<E> = {}): Observable<ApiSuccess<DataOf<E>>> =>
    defer(() => {
      const route = routeOf(endpoint, input.params ?? {});
      return tried(endpoint, route, input, 'json').pipe(map((reply) => read(endpoint, route, reply, input.silent ?? false)));
    });

  const download = <E extends AnyEndpoint>(endpoint: E, input: CallInput<E> = {}): Observable<DownloadedFile> =>
    defer(() => {
      const route = routeOf(endpoint, input.params ?? {});
      return tried(endpoint, route, input, 'blob').pipe(
        map((reply) => {
          if (typeof Blob === 'undefined' || !(reply.body instanceof Blob)) throw fail(new AttemptFailed(DECODE_FAILURE), route, input.silent ?? false);
          return { blob: reply.body, fileName: reply.fileName ?? null };
        }),
      );
    });

  return { call, download };
};
