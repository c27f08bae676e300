import axios, { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { Observable } from 'rxjs';
import type { AppEvent } from '../../../domain/app/events';
import { counterIds } from '../../../domain/kernel/clock';
import { DEFAULT_TIMEOUT_MS, createApiClient, type ApiClientOptions } from '../../../infrastructure/http/client';
import { axiosTransport } from '../../../infrastructure/http/axiosTransport';

/** What one request looked like when it reached the network. */
export interface SeenRequest {
  readonly method: string;
  /** The full URL as the browser would send it, query included. */
  readonly url: string;
  readonly headers: AxiosHeaders;
  readonly body: unknown;
  readonly signal: AbortSignal;
}

/** An answer the fake network gives: an HTTP reply, a transport error code, or nothing ever. */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | { error: string } | 'hang' | 'cancelled';

/**
 * An axios adapter playing a scripted list of answers, one per request (the last one repeats).
 * It settles like axios's own adapters: statuses refused by validateStatus reject.
 */
export const fakeNetwork = (...answers: FakeAnswer[]) => {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const signal = config.signal as AbortSignal;
    seen.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: axios.getUri(config),
      headers: AxiosHeaders.from(config.headers),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      signal,
    });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)] ?? 'hang';
    return new Promise<AxiosResponse>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new CanceledError(undefined, undefined, config)));
      if (answer === 'hang') return;
      if (answer === 'cancelled') return reject(new CanceledError(undefined, undefined, config));
      if ('error' in answer) return reject(new AxiosError('transport failed', answer.error, config));
      const response: AxiosResponse = {
        status: answer.status,
        statusText: '',
        data: answer.body === undefined ? '' : JSON.stringify(answer.body),
        headers: answer.headers ?? {},
        config,
        request: {},
      };
      if (config.validateStatus?.(answer.status) ?? true) return resolve(response);
      const code = answer.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE';
      reject(new AxiosError(`Request failed with status code ${answer.status}`, code, config, {}, response));
    });
  };
  return { adapter, seen };
};

/** A client over a fake network, with every reported event collected. */
export const clientOver = (network: { adapter: AxiosAdapter }, overrides: Partial<ApiClientOptions> = {}) => {
  const events: AppEvent[] = [];
  const api = createApiClient({
    getLocale: () => 'au',
    isSignedIn: () => false,
    cookies: { primary: () => undefined, secondary: () => undefined },
    report: (event) => events.push(event),
    ids: counterIds('report'),
    retryDelayMs: () => 0,
    transport: axiosTransport({ baseURL: '/api', timeoutMs: DEFAULT_TIMEOUT_MS, adapter: network.adapter }),
    ...overrides,
  });
  return { api, events };
};

/** The outcome of one call, whatever it was, once the Observable has finished. */
export type Outcome<T> = { kind: 'value'; values: T[] } | { kind: 'error'; error: unknown; values: T[] };

export const outcomeOf = <T>(source: Observable<T>): Promise<Outcome<T>> =>
  new Promise((resolve) => {
    const values: T[] = [];
    source.subscribe({
      next: (value) => values.push(value),
      error: (error) => resolve({ kind: 'error', error, values }),
      complete: () => resolve({ kind: 'value', values }),
    });
  });
