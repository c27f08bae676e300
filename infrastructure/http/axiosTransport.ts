import axios, { isAxiosError, isCancel, type AxiosAdapter } from 'axios';
import { type HttpTransport, TransportCancelled, TransportFailure, isAcceptedStatus, retryAfterMs } from './transport';

export interface AxiosTransportOptions {
  readonly baseURL: string;
  readonly timeoutMs: number;
  /** Replaces axios's network adapter (tests play scripted answers through it). */
  readonly adapter?: AxiosAdapter;
}

/** The file name of a Content-Disposition header (attachment; filename="x.xlsx"). */
export const fileNameOf = (header: string | undefined): string | undefined => /filename="?([^";]+)"?/i.exec(header ?? '')?.[1];

const blobJson = async (data: unknown): Promise<unknown> => {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The dashboards' transport: axios, as the product's design card names it, with the SPEC's
 * status range and no redirects; the client (./client.ts) retries through it with RxJS's
 * operators. The dashboards' runtime loads this module at its first call (lazyTransport in
 * ./transport.ts), so axios is not part of their first load; the participant's page sends
 * through fetch instead (./fetchTransport.ts; docs/decisions/0005-client-transports.md).
 * Tests play scripted answers through `adapter`.
 */
export const axiosTransport = (options: AxiosTransportOptions): HttpTransport => {
  const http = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    validateStatus: isAcceptedStatus,
    // Browsers follow same-origin redirects themselves; Node's adapter does not with maxRedirects 0.
    maxRedirects: 0,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  return {
    request: async ({ method, url, headers, body, signal, responseType, onUploadProgress }) => {
      try {
        const response = await http.request({
          method, url, headers, data: body, signal,
          ...(responseType === 'blob' ? { responseType: 'blob' } : {}),
          ...(onUploadProgress ? { onUploadProgress: (event: { loaded: number; total?: number }) => onUploadProgress(event.loaded, event.total) } : {}),
        });
        const fileName = responseType === 'blob' ? fileNameOf(response.headers['content-disposition'] as string | undefined) : undefined;
        return { status: response.status, body: response.data as unknown, ...(fileName === undefined ? {} : { fileName }) };
      } catch (error) {
        if (isCancel(error)) throw new TransportCancelled();
        if (isAxiosError(error)) {
          if (error.response) {
            const retryAfter = error.response.headers?.['retry-after'] as string | undefined;
            // A refused download still answers the JSON envelope, read here from the Blob.
            const data = responseType === 'blob' ? await blobJson(error.response.data) : error.response.data;
            throw new TransportFailure(error.response.status, data, retryAfterMs(retryAfter));
          }
          throw new TransportFailure(error.code ?? 'ERR_UNKNOWN');
        }
        throw new TransportFailure('ERR_UNKNOWN');
      }
    },
  };
};
