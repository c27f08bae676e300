/**
 * What the API client needs from HTTP. The dashboards send through axios (./axiosTransport.ts,
 * loaded at their first call by lazyTransport below), the participant's page, which must stay
 * within 120 KB on a phone, through the browser's fetch (./fetchTransport.ts); the client's
 * RxJS operators retry both alike (docs/decisions/0005-client-transports.md). Both keep the
 * rules of SPEC section 8: 200 to 399 are answers, redirects are not followed, a timeout has a
 * code that is retried.
 */
export interface TransportRequest {
  readonly method: string;
  /** Below the base URL, with its query string already encoded. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON-encodable, a FormData (multipart; the browser sets the boundary), or nothing. */
  readonly body: unknown;
  readonly signal: AbortSignal;
  /** 'blob' for a file download (the dashboards' exports); JSON otherwise. */
  readonly responseType?: 'json' | 'blob';
  /**
   * Told the bytes of the body sent so far while an upload goes out (`total` when known). Only
   * the dashboards' axios can tell (the browser's XMLHttpRequest upload events); fetch cannot.
   */
  readonly onUploadProgress?: (sent: number, total: number | undefined) => void;
}

export interface TransportReply {
  readonly status: number;
  /** The parsed JSON body, or the text when it is not JSON ('' when empty); a Blob for a download. */
  readonly body: unknown;
  /** Set for a download: the file name the server gave in Content-Disposition. */
  readonly fileName?: string;
}

/** An answer outside 200 to 399 (`code` is its status, `body` its parsed body) or a transport error code. */
export class TransportFailure {
  constructor(
    readonly code: number | string,
    readonly body?: unknown,
    /** From a Retry-After header: how long the server asks to wait before trying again. */
    readonly retryAfterMs?: number,
  ) {}
}

/** A Retry-After header (delay in seconds, or an HTTP date) in milliseconds; undefined when absent or unreadable. */
export const retryAfterMs = (header: string | null | undefined, now = Date.now()): number | undefined => {
  const value = header?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

/** The request was aborted through its signal: not a failure, it ends quietly. */
export class TransportCancelled {}

export interface HttpTransport {
  /** Resolves with a reply of status 200 to 399; rejects with TransportFailure or TransportCancelled. */
  request(request: TransportRequest): Promise<TransportReply>;
}

/** SPEC section 8: the accepted status range. */
export const isAcceptedStatus = (status: number): boolean => status >= 200 && status < 400;

/** A timed-out request, in axios's words, so both transports are retried alike. */
export const TIMEOUT_CODE = 'ECONNABORTED';
/** No answer at all (offline, refused connection). */
export const NETWORK_CODE = 'ERR_NETWORK';

/**
 * A transport whose module is fetched when the first call is made, not with the page: the
 * dashboards' axios (20 KB of gzip) then loads while the first screen renders instead of
 * before it. Calls made meanwhile wait for it. A failed load (the chunk could not be fetched)
 * fails those calls as a network failure and is tried again at the next call.
 */
export const lazyTransport = (load: () => Promise<HttpTransport>): HttpTransport => {
  let loading: Promise<HttpTransport> | undefined;
  return {
    request: async (request) => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      let transport: HttpTransport;
      try {
        transport = await loading;
      } catch {
        throw request.signal.aborted ? new TransportCancelled() : new TransportFailure(NETWORK_CODE);
      }
      if (request.signal.aborted) throw new TransportCancelled();
      return transport.request(request);
    },
  };
};
