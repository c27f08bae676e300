import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as t from 'io-ts';
import { endpoint } from '../../../domain/contracts/endpoint';
import type { AppEvent } from '../../../domain/app/events';
import { counterIds } from '../../../domain/kernel/clock';
import { createApiClient, isApiFailure } from '../../../infrastructure/http/client';
import { axiosTransport } from '../../../infrastructure/http/axiosTransport';
import { fetchTransport } from '../../../infrastructure/http/fetchTransport';
import { type HttpTransport, lazyTransport } from '../../../infrastructure/http/transport';
import { outcomeOf } from './fakeNetwork';

// Both transports (axios's own Node adapter, and fetch) against a local server: what the fake adapter cannot show.
let server: Server;
let baseURL = '';
const received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    if (request.url === '/api/moved') {
      response.writeHead(302, { Location: '/api/target' }).end();
    } else if (request.url === '/api/refused') {
      response.writeHead(422, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 422, message: 'Please check your answer(s).', errors: { '17': ['Choose one.'] } }));
    } else if (request.url === '/api/file') {
      response.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="figures.csv"' }).end('a,b\n1,2\n');
    } else if (request.url === '/api/file-refused') {
      response.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 403, message: 'You do not have permission.' }));
    } else if (request.url === '/api/busy' && received.filter((r) => r.url === '/api/busy').length === 1) {
      response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' }).end(JSON.stringify({ status: 429, message: 'Too many requests. Please try again later.' }));
    } else if (request.url === '/api/target' || request.url === '/api/busy' || request.url?.startsWith('/api/echo')) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 200, data: 'here' }));
    }
    // /api/slow never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transports: Record<string, (timeoutMs: number) => HttpTransport> = {
  axios: (timeoutMs) => axiosTransport({ baseURL, timeoutMs }),
  fetch: (timeoutMs) => fetchTransport({ baseURL, timeoutMs }),
  // As the dashboards' runtime gives it: axios's module loaded at the first call.
  'axios loaded at the first call': (timeoutMs) => lazyTransport(async () => (await import('../../../infrastructure/http/axiosTransport')).axiosTransport({ baseURL, timeoutMs })),
};

describe.each(Object.keys(transports))('over a real connection with %s', (name) => {
const client = (timeoutMs = 2000) => {
  const events: AppEvent[] = [];
  const api = createApiClient({
    transport: transports[name]!(timeoutMs),
    getLocale: () => 'fr',
    isSignedIn: () => true,
    cookies: { primary: () => 'primary-token', secondary: () => undefined },
    report: (event) => events.push(event),
    ids: counterIds(),
    retryDelayMs: () => 0,
  });
  return { api, events };
};

  it('does not follow a redirect: the 3xx answer is accepted without data', async () => {
    received.length = 0;
    const { api, events } = client();
    const outcome = await outcomeOf(api.call(endpoint({ method: 'GET', path: '/moved', data: t.string })));
    expect(outcome).toEqual({ kind: 'value', values: [{ status: 302, data: null }] });
    expect(received.map((r) => r.url)).toEqual(['/api/moved']);
    expect(events).toEqual([]);
  });

  it('sends the headers and the encoded filters', async () => {
    received.length = 0;
    const { api } = client();
    const echo = endpoint({ method: 'GET', path: '/echo', query: t.partial({ gender: t.array(t.string), page: t.string }), data: t.string });
    const outcome = await outcomeOf(api.call(echo, { query: { gender: ['F'], page: 'home' } }));
    expect(outcome).toEqual({ kind: 'value', values: [{ status: 200, data: 'here' }] });
    expect(received[0].url).toBe('/api/echo?filter%5Bgender%5D%5B0%5D=F&page=home');
    expect(received[0].headers).toMatchObject({ 'x-locale': 'fr', authorization: 'Bearer primary-token', accept: 'application/json' });
  });

  it('retries a call that timed out and then reports ECONNABORTED', async () => {
    received.length = 0;
    const { api, events } = client(50);
    const outcome = await outcomeOf(api.call(endpoint({ method: 'GET', path: '/slow', maxRetry: 1 })));
    expect(received.map((r) => r.url)).toEqual(['/api/slow', '/api/slow']);
    expect(outcome.kind).toBe('error');
    expect(events).toEqual([{ type: 'api/failed', id: 'id-1', code: 'ECONNABORTED', url: '/slow', message: null, silent: false }]);
  });

  it('reads Retry-After from a 429 and sends the call again after it', async () => {
    received.length = 0;
    const { api, events } = client();
    const started = Date.now();
    const outcome = await outcomeOf(api.call(endpoint({ method: 'GET', path: '/busy', data: t.string })));
    expect(outcome).toEqual({ kind: 'value', values: [{ status: 200, data: 'here' }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(received.map((r) => r.url)).toEqual(['/api/busy', '/api/busy']);
    expect(events).toEqual([{ type: 'api/throttled', id: 'id-1', url: '/busy', retryInSeconds: 1, silent: false }]);
  });

  it('rejects a refused answer with its message and field errors, without retrying', async () => {
    received.length = 0;
    const { api } = client();
    const outcome = await outcomeOf(api.call(endpoint({ method: 'POST', path: '/refused' }), { body: {} }));
    expect(received).toHaveLength(1);
    expect(outcome.kind).toBe('error');
    const error = outcome.kind === 'error' ? outcome.error : undefined;
    expect(isApiFailure(error) && [error.code, error.message, error.errors]).toEqual([422, 'Please check your answer(s).', { '17': ['Choose one.'] }]);
  });

  it('sends no body with a GET, even when one is given', async () => {
    received.length = 0;
    const { api } = client();
    const echo = endpoint({ method: 'GET', path: '/echo', query: t.partial({ page: t.string }), body: t.strict({}), data: t.string });
    const outcome = await outcomeOf(api.call(echo, { query: { page: 'x' }, body: {} }));
    expect(outcome).toEqual({ kind: 'value', values: [{ status: 200, data: 'here' }] });
    expect(received[0].headers['content-length'] ?? '0').toBe('0');
  });

  it('sends a JSON body with its content type', async () => {
    received.length = 0;
    const { api } = client();
    await outcomeOf(api.call(endpoint({ method: 'POST', path: '/echo', body: t.strict({ a: t.number }), data: t.string }), { body: { a: 1 } }));
    expect(received[0].headers['content-type']).toMatch(/^application\/json/);
  });

  // axios's Node adapter answers a Buffer, not a Blob: downloads are checked over fetch, the browser's transport.
  it.runIf(name === 'fetch')('downloads a file as a Blob with the name the server gave it', async () => {
    received.length = 0;
    const { api, events } = client();
    const outcome = await outcomeOf(api.download(endpoint({ method: 'GET', path: '/file' })));
    expect(outcome.kind).toBe('value');
    const file = (outcome as { values: { blob: Blob; fileName: string | null }[] }).values[0]!;
    expect(file.fileName).toBe('figures.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(events).toEqual([]);
  });

  it.runIf(name === 'fetch')('reads a refused download\'s JSON message', async () => {
    received.length = 0;
    const { api } = client();
    const outcome = await outcomeOf(api.download(endpoint({ method: 'GET', path: '/file-refused' })));
    expect(outcome.kind).toBe('error');
    const error = (outcome as { error: unknown }).error;
    expect(isApiFailure(error) && [error.code, error.message]).toEqual([403, 'You do not have permission.']);
  });
});
