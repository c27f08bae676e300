import { createServer, type IncomingMessage, type Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { apiErrorHandler } from '../../server/http/errorHandler';
import { decorateServices } from '../../server/decorations';
import { createTracer } from '../../server/services/tracing';
import { parseSentryDsn } from '../../server/services/tracing/sentry';
import { ERROR_REPORTS_PER_MINUTE } from '../../server/routes/tracing';
import { createTestDatabase } from './helpers/testDatabase';
import { freshAddress } from './helpers/accounts';
import { TEST_OPERATOR_TOKEN, testConfig } from './helpers/testConfig';

const TOKEN = 'Xk9vQ2mR7tLp4sWz8yBn3cDf6gHj1KaE5uVx0oIq';
const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

interface Received {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

let database: OpenDatabase;
let app: FastifyInstance;
let fake: Server;
let received: Received[] = [];
let forwardingApp: FastifyInstance;

const report = (overrides: Record<string, unknown> = {}) => ({ kind: 'render', message: 'TypeError: x is undefined', url: '/dashboard/home', ...overrides });

const post = (body: unknown, target = app, address = freshAddress()) =>
  target.inject({ method: 'POST', url: '/api/error-reports', payload: body as object, remoteAddress: address });

const listed = async (query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/operator/error-reports${query}`, headers: operator });
  expect(response.statusCode).toBe(200);
  return response.json().data as { message: string; stack: string | null; url: string | null; count: number; source: string; code: string | null }[];
};

beforeAll(async () => {
  database = await createTestDatabase();
  fake = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as { port: number }).port;
  const sentry = parseSentryDsn(`http://publickey123@127.0.0.1:${port}/sub/42`);
  if (typeof sentry === 'string') throw new Error(sentry);
  app = await buildApp(testConfig({ rateLimit: { sessionMax: 1000, addressMax: 1000 } }), { db: database.db, dbKind: database.kind });
  forwardingApp = await buildApp(testConfig({ sentry }), { db: database.db, dbKind: database.kind });
});

afterAll(async () => {
  await app?.close();
  await forwardingApp?.close();
  await new Promise((resolve) => fake?.close(resolve));
  await database?.close();
});

beforeEach(async () => {
  await database.db.deleteFrom('error_reports').execute();
  received = [];
});

describe('POST /api/error-reports', () => {
  it('stores a report, scrubbed again on the server, and counts an identical one on the same row', async () => {
    const body = report({
      message: `Failed with Bearer ${TOKEN} for ada@example.org`,
      stack: `at load (/api/x?token=${TOKEN}) ${TOKEN}`,
      url: `/check-edit-survey?token=${TOKEN}`,
      code: '500',
    });
    const first = await post(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 200, data: { accepted: true } });
    const second = await post(body);
    expect(second.json().data).toEqual({ accepted: false });

    const [row, ...rest] = await listed();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ source: 'client', count: 2, url: '/check-edit-survey', code: '500' });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain('ada@example.org');
    expect(stored).not.toContain('?token');
  });

  it.each([
    ['no body', undefined],
    ['an array', [report()]],
    ['an unknown kind', report({ kind: 'crash' })],
    ['a missing message', { kind: 'render', url: '/' }],
    ['a number as message', report({ message: 42 })],
    ['a message over 1000 characters', report({ message: 'x'.repeat(1001) })],
    ['a stack over 8000 characters', report({ stack: 'y'.repeat(8001) })],
    ['an unstorable string', report({ message: 'bad \u0000 byte' })],
    ['a prototype key', JSON.parse('{"kind":"render","message":"m","url":"/","__proto__":{"x":1}}')],
  ])('refuses %s with 4xx, never 500, and stores nothing', async (_label, body) => {
    const response = await post(body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await listed()).toEqual([]);
  });

  it(`answers 429 past ${ERROR_REPORTS_PER_MINUTE} reports a minute from one address`, async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= ERROR_REPORTS_PER_MINUTE; i += 1) statuses.push((await post(report({ message: `error ${i}` }), app, address)).statusCode);
    expect(statuses.slice(0, ERROR_REPORTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await post(report(), app, freshAddress())).statusCode).toBe(200);
  });

  it('forwards each stored report, scrubbed, to the Sentry-compatible service of SENTRY_DSN', async () => {
    expect((await post(report({ message: `boom for ada@example.org with ${TOKEN}`, code: '503', kind: 'api' }), forwardingApp)).statusCode).toBe(200);
    await forwardingApp.tracer.settled();
    expect(received).toHaveLength(1);
    const [envelope] = received;
    expect(envelope!.url).toBe('/sub/api/42/envelope/');
    expect(envelope!.headers['x-sentry-auth']).toContain('sentry_key=publickey123');
    expect(envelope!.headers['content-type']).toBe('application/x-sentry-envelope');
    const [header, item, event] = envelope!.body.split('\n').map((line) => JSON.parse(line));
    expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({ event_id: header.event_id, level: 'error', platform: 'javascript', tags: { source: 'client', kind: 'api', code: '503' } });
    expect(event.exception.values[0].value).toBe('boom for [email] with [token]');
    expect(envelope!.body).not.toContain(TOKEN);
  });

  it('does not forward without SENTRY_DSN', async () => {
    await post(report());
    await app.tracer.settled();
    expect(received).toEqual([]);
  });
});

describe('the operator list', () => {
  it('answers 404 without the operator token, as an unknown address does', async () => {
    await post(report());
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { 'x-operator-token': 'nope' }]) {
      expect((await app.inject({ method: 'GET', url: '/api/operator/error-reports', headers })).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/operator/errors' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/operator/errors?token=wrong' })).statusCode).toBe(404);
  });

  it('filters by source, and the page shows each error escaped, with no script', async () => {
    await post(report({ message: '<img src=x onerror=alert(1)> failed' }));
    expect((await listed('?source=server'))).toEqual([]);
    expect(await listed('?source=client')).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/operator/error-reports?source=nobody', headers: operator })).statusCode).toBe(422);
    for (const request of [{ url: `/operator/errors?token=${TEST_OPERATOR_TOKEN}` }, { url: '/operator/errors', headers: { 'x-operator-token': TEST_OPERATOR_TOKEN } }]) {
      const page = await app.inject({ method: 'GET', ...request });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; failed');
      expect(page.body).not.toContain('<script');
      expect(page.body).not.toContain('<img');
    }
  });
});

describe('server errors', () => {
  it('records the 500 path, scrubbed, by the route pattern, and answers the generic message', async () => {
    const bare = Fastify();
    bare.setErrorHandler(apiErrorHandler);
    decorateServices(bare, {
      db: database.db, dbKind: database.kind, config: testConfig(), mailer: { send: async () => undefined },
      tracer: createTracer(database.db, undefined, bare.log),
    });
    bare.get('/api/things/:id', async () => {
      throw new Error(`duplicate key for ada@example.org (${TOKEN})`);
    });
    bare.get('/api/answers', async () => {
      throw new Error('invalid input syntax for type integer: "Buddhism", Key (first_name)=(Ada Lovelace) already exists');
    });
    try {
      const response = await bare.inject({ method: 'GET', url: `/api/things/7?secret=${TOKEN}` });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toContain('ada@');
      const [row] = await listed('?source=server');
      expect(row).toMatchObject({ source: 'server', url: 'GET /api/things/:id', code: '500', message: 'duplicate key for [email] ([token])', count: 1 });
      expect(JSON.stringify(row)).not.toContain(TOKEN);

      // A value PostgreSQL quotes in its message may be an answer: it is not kept.
      expect((await bare.inject({ method: 'GET', url: '/api/answers' })).statusCode).toBe(500);
      const quoted = (await listed('?source=server')).find((entry) => entry.url === 'GET /api/answers');
      expect(quoted?.message).toBe('invalid input syntax for type integer: [value], Key (first_name)=([value]) already exists');
    } finally {
      await bare.close();
    }
  });
});
