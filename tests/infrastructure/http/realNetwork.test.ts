import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as t from 'io-ts';
import { endpoint } from '../../../domain/contracts/endpoint';
import type { AppEvent } from '../../../domain/app/events';
import { counterIds } from '../../../domain/kernel/clock';
import { createApiClient } from '../../../infrastructure/http/client';
import { outcomeOf } from './fakeNetwork';

// axios's own Node adapter against a local server: what the fake adapter cannot show.
let server: Server;
let baseURL = '';
const received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    if (request.url === '/api/moved') {
      response.writeHead(302, { Location: '/api/target' }).end();
    } else if (request.url === '/api/target' || request.url?.startsWith('/api/echo')) {
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

const client = (timeoutMs = 2000) => {
  const events: AppEvent[] = [];
  const api = createApiClient({
    baseURL,
    getLocale: () => 'fr',
    isSignedIn: () => true,
    cookies: { primary: () => 'primary-token', secondary: () => undefined },
    report: (event) => events.push(event),
    ids: counterIds(),
    retryDelayMs: () => 0,
    timeoutMs,
  });
  return { api, events };
};

describe('over a real connection', () => {
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
});
