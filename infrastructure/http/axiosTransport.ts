import axios, { isAxiosError, isCancel, type AxiosAdapter } from 'axios';
import { type HttpTransport, TransportCancelled, TransportFailure, isAcceptedStatus, retryAfterMs } from './transport';

export interface AxiosTransportOptions {
  readonly baseURL: string;
  readonly timeoutMs: number;
  /** Replaces axios's network adapter (tests play scripted answers through it). */
  readonly adapter?: AxiosAdapter;
}

/** The dashboards' transport: axios, with the SPEC's status range and no redirects. */
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
    request: async ({ method, url, headers, body, signal }) => {
      try {
        const response = await http.request({ method, url, headers, data: body, signal });
        return { status: response.status, body: response.data as unknown };
      } catch (error) {
        if (isCancel(error)) throw new TransportCancelled();
        if (isAxiosError(error)) {
          if (error.response) {
            const retryAfter = error.response.headers?.['retry-after'] as string | undefined;
            throw new TransportFailure(error.response.status, error.response.data, retryAfterMs(retryAfter));
          }
          throw new TransportFailure(error.code ?? 'ERR_UNKNOWN');
        }
        throw new TransportFailure('ERR_UNKNOWN');
      }
    },
  };
};
