import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import type { OpenDatabase } from '../../server/db/connect';
import { createMailer } from '../../server/services/mail';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

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
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
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
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=FIRST%40example.TEST' });
    expect(response.json().data.map((message: { subject: string }) => message.subject)).toEqual(['<script>alert(1)</script> & reset', 'Welcome']);
    const partial = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=first' });
    expect(partial.json().data).toEqual([]);
  });

  it('answers the JSON 404 envelope in production', async () => {
    const response = await productionApp.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: Messages.notFound });
  });
});

describe('GET /dev/mailbox', () => {
  it('renders an accessible page listing the outbox', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
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
    const html = (await app.inject({ method: 'GET', url: '/dev/mailbox?to=second%40example.test' })).body;
    expect(html).toContain('<caption>1 message, newest first for second@example.test</caption>');
    expect(html).toContain('Your code');
    expect(html).not.toContain('Welcome');
    expect(html).toContain('value="second@example.test"');
  });

  it('escapes the filter it echoes', async () => {
    const html = (await app.inject({ method: 'GET', url: '/dev/mailbox?to=%22%3E%3Cscript%3E' })).body;
    expect(html).not.toContain('"><script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
  });

  it('is not served in production (the page fallback answers instead)', async () => {
    const response = await productionApp.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.body).not.toContain('Development mailbox');
    // No client is built in tests, so the fallback says so; with a build it serves index.html.
    expect(response.statusCode).toBe(503);
  });
});
