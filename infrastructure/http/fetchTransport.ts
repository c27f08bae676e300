import { type HttpTransport, NETWORK_CODE, TIMEOUT_CODE, TransportCancelled, TransportFailure, isAcceptedStatus, retryAfterMs } from './transport';

export interface FetchTransportOptions {
  readonly baseURL: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

/** The file name of a Content-Disposition header (attachment; filename="x.xlsx"). */
export const fileNameOf = (header: string | null | undefined): string | undefined => /filename="?([^";]+)"?/i.exec(header ?? '')?.[1];

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The browser's fetch, which costs nothing to download: the participant's page uses it to stay
 * within its 120 KB budget (the dashboards send through axios, ./axiosTransport.ts;
 * docs/decisions/0005-client-transports.md).
 * A file download (responseType 'blob') answers a Blob and the Content-Disposition's file
 * name; refused, it still answers the JSON envelope, read from the body's text.
 * A redirect is handed back as its 3xx answer (redirect: 'manual' shows it as status 0 in
 * browsers, read here as a 302 without a body), like axios without redirects.
 */
export const fetchTransport = (options: FetchTransportOptions): HttpTransport => {
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return {
    request: async ({ method, url, headers, body, signal, responseType }) => {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
      const abort = () => timeout.abort();
      signal.addEventListener('abort', abort);
      const form = typeof FormData !== 'undefined' && body instanceof FormData;
      const sentHeaders: Record<string, string> = { ...headers };
      // The browser writes the multipart boundary itself.
      if (form) delete sentHeaders['Content-Type'];
      try {
        const response = await send(`${options.baseURL}${url}`, {
          method,
          headers: sentHeaders,
          body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
          redirect: 'manual',
          signal: timeout.signal,
        });
        if (response.type === 'opaqueredirect') return { status: 302, body: '' };
        const accepted = isAcceptedStatus(response.status);
        if (accepted && responseType === 'blob') {
          const fileName = fileNameOf(response.headers.get('content-disposition'));
          return { status: response.status, body: await response.blob(), ...(fileName === undefined ? {} : { fileName }) };
        }
        const parsed = await readBody(response);
        if (!accepted) throw new TransportFailure(response.status, parsed, retryAfterMs(response.headers.get('retry-after')));
        return { status: response.status, body: parsed };
      } catch (error) {
        if (error instanceof TransportFailure) throw error;
        if (signal.aborted) throw new TransportCancelled();
        if (timeout.signal.aborted) throw new TransportFailure(TIMEOUT_CODE);
        throw new TransportFailure(NETWORK_CODE);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      }
    },
  };
};
