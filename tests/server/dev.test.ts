import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import type { OpenDatabase } from '../../server/db/connect';
import { createMailer } from '../../server/services/mail';
import { createTestDatabase } from './helpers/testDatabase';
import { bearer, insertUser, signIn } from './helpers/accounts';
import { TEST_MAILBOX_KEY, testConfig } from './helpers/testConfig';

const KEY = `key=${TEST_MAILBOX_KEY}`;

let database: OpenDatabase;
let app: FastifyInstance;
let productionApp: FastifyInstance;

const buildDevApp = (config: ServerConfig): Promise<FastifyInstance> => buildApp(config, { db: database.db, dbKind: database.kind });

beforeAll(async () => {
  database = await createTestDatabase();
  const mailer = createMailer(testConfig(), database.db);
  await mailer.send({ organizationId: null, to: 'First@Example.test', subject: 'Welcome', text: 'Hello there', link: 'http://localhost:3000/check-activation?token=one' });
  await mailer.send({ organizationId: null, to: 'second@example.test', subject: 'Your code', text: 'Code: 123456' });
  await mailer.send({
    organizationId: null,
    to: 'first@example.test',
    subject: '<script>alert(1)</script> & reset',
    text: 'Line one\n<b>not bold</b>',
    link: 'javascript:alert(1)',
  });
  app = await buildDevApp(testConfig());
  productionApp = await buildDevApp(testConfig({ production: true }));
});

afterAll(async () => {
  await app?.close();
  await productionApp?.close();
  await database?.close();
});

describe('GET /api/dev/outbox', () => {
  it('lists the outbox newest first in the JSON envelope', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?${KEY}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.status).toBe(200);
    expect(body.data.map((message: { subject: string }) => message.subject)).toEqual([
      '<script>alert(1)</script> & reset',
      'Your code',
      'Welcome',
    ]);
    const welcome = body.data[2];
    expect(welcome).toEqual({
      id: expect.any(Number),
      to: 'First@Example.test',
      subject: 'Welcome',
      text: 'Hello there',
      link: 'http://localhost:3000/check-activation?token=one',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(body.data[1].link).toBeNull();
  });

  it('filters by recipient, exact and case-insensitive', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=FIRST%40example.TEST&${KEY}` });
    expect(response.json().data.map((message: { subject: string }) => message.subject)).toEqual(['<script>alert(1)</script> & reset', 'Welcome']);
    const partial = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=first&${KEY}` });
    expect(partial.json().data).toEqual([]);
  });

  it('answers the JSON 404 envelope in production', async () => {
    const response = await productionApp.inject({ method: 'GET', url: `/api/dev/outbox?${KEY}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: Messages.notFound });
  });
});

describe('GET /dev/mailbox', () => {
  it('renders an accessible page listing the outbox', async () => {
    const response = await app.inject({ method: 'GET', url: `/dev/mailbox?${KEY}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Development mailbox</title>');
    expect(html).toMatch(/<main>[\s\S]*<h1>Development mailbox<\/h1>[\s\S]*<table>\s*<caption>3 messages, newest first<\/caption>[\s\S]*<\/main>/);
    expect(html).toContain('<th scope="col">Subject</th>');
    expect(html).toContain('<label for="mailbox-to">');
    expect(html).toContain('<a href="http://localhost:3000/check-activation?token=one">http://localhost:3000/check-activation?token=one</a>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; reset');
    expect(html).toContain('<pre>Line one\n&lt;b&gt;not bold&lt;/b&gt;</pre>');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<td>javascript:alert(1)</td>');
  });

  it('filters by recipient', async () => {
    const html = (await app.inject({ method: 'GET', url: `/dev/mailbox?to=second%40example.test&${KEY}` })).body;
    expect(html).toContain('<caption>1 message, newest first for second@example.test</caption>');
    expect(html).toContain('Your code');
    expect(html).not.toContain('Welcome');
    expect(html).toContain('value="second@example.test"');
  });

  it('escapes the filter it echoes', async () => {
    const html = (await app.inject({ method: 'GET', url: `/dev/mailbox?to=%22%3E%3Cscript%3E&${KEY}` })).body;
    expect(html).not.toContain('"><script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
  });

  it('is not served in production (the page fallback answers instead)', async () => {
    const response = await productionApp.inject({ method: 'GET', url: `/dev/mailbox?${KEY}` });
    expect(response.body).not.toContain('Development mailbox');
    // No client is built in tests, so the fallback says so; with a build it serves index.html.
    expect(response.statusCode).toBe(503);
  });
});

describe('who may read the mailbox', () => {
  let ownOrganization: string;
  let adminToken: string;
  let staffToken: string;

  beforeAll(async () => {
    const admin = await insertUser(database.db, { role: 'admin' });
    const staff = await insertUser(database.db, { role: 'staff', organizationId: admin.organizationId });
    ownOrganization = admin.organizationId;
    const mailer = createMailer(testConfig(), database.db);
    await mailer.send({ organizationId: ownOrganization, to: staff.email, subject: 'Own organisation', text: 'Yours to read' });
    adminToken = await signIn(app, admin.email);
    staffToken = await signIn(app, staff.email);
  });

  it('answers 404 without the key, with a wrong key, or to a key of another length', async () => {
    for (const url of ['/api/dev/outbox', '/api/dev/outbox?key=wrong', `/api/dev/outbox?key=${TEST_MAILBOX_KEY.slice(0, -1)}x`, `/api/dev/outbox?key=${TEST_MAILBOX_KEY}x`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ status: 404, message: Messages.notFound });
    }
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Welcome');
    expect(page.body).toContain('<h1>Not found</h1>');
  });

  it('no longer hands out a reset link to whoever asks for one (the takeover path)', async () => {
    const victim = await insertUser(database.db, { role: 'admin' });
    await app.inject({ method: 'POST', url: '/api/reset-password-request', payload: { email: victim.email } });
    const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(victim.email)}` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('reset');
  });

  it('takes the key as a header too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { 'x-mailbox-key': TEST_MAILBOX_KEY } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.length).toBeGreaterThanOrEqual(4);
  });

  it('shows a signed-in administrator their own organisation’s mail only, by token or by the client’s cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((message: { subject: string }) => message.subject)).toEqual(['Own organisation']);
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', cookies: { token: adminToken } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Own organisation');
    expect(page.body).not.toContain('Welcome');
    expect(page.body).not.toContain('name="key"');
  });

  it('answers 404 to other roles and to a signed-out token', async () => {
    const staff = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: bearer(staffToken) });
    expect(staff.statusCode).toBe(404);
    const unknown = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: bearer('not-a-session') });
    expect(unknown.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', cookies: { token: staffToken } });
    expect(page.statusCode).toBe(404);
  });

  it('keeps the key in the filter form and the reset link of the page', async () => {
    const html = (await app.inject({ method: 'GET', url: `/dev/mailbox?to=second%40example.test&${KEY}` })).body;
    expect(html).toContain(`<input type="hidden" name="key" value="${TEST_MAILBOX_KEY}">`);
    expect(html).toContain(`<a href="/dev/mailbox?key=${TEST_MAILBOX_KEY}">Show all messages</a>`);
  });
});
