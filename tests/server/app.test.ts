import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import type { OpenDatabase } from '../../server/db/connect';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let clientDir: string;
const apps: FastifyInstance[] = [];

const appWith = async (overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> => {
  const app = await buildApp(testConfig(overrides), { db: database.db, dbKind: database.kind });
  apps.push(app);
  return app;
};

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Commonweave</title><div id="root"></div>');
  writeFileSync(join(clientDir, 'survey.html'), '<!doctype html><title>Commonweave</title><div id="root" data-page="participant"></div>');
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("client");');
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('unknown and malformed requests', () => {
  it('answers an unknown /api path with the JSON 404 envelope', async () => {
    const app = await appWith();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nope' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ status: 404, message: Messages.notFound });
    }
  });

  it('answers a malformed JSON body with a 400 envelope and no stack', async () => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, message: ServerMessages.badRequest });
    expect(response.body).not.toMatch(/at .*\.(js|ts)|stack/i);
  });

  it('answers a body over the limit with a 413 envelope', async () => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, message: ServerMessages.payloadTooLarge });
  });
});

describe('rate limit', () => {
  it('answers 429 with the envelope once the per-minute allowance is spent', async () => {
    const app = await appWith({ rateLimit: { sessionMax: 1_000_000, addressMax: 3 } });
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/password-config' })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/password-config' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, message: Messages.tooManyRequests });
    expect(refused.headers['retry-after']).toBeDefined();
    const unknown = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(429);
  });
});

describe('security headers', () => {
  it('sends the helmet headers with a CSP that lets the built client run', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks for HTTPS only in production', async () => {
    const app = await appWith({ production: true });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});

describe('the built client', () => {
  it('serves index.html for client routes, without caching', async () => {
    const app = await appWith({ clientDir });
    for (const url of ['/', '/dashboard/home', '/login?next=%2Fhome', '/Register?token=x', '/?alias=x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("serves the participant's own page for survey links and the emailed edit and delete links", async () => {
    const app = await appWith({ clientDir });
    for (const url of ['/?token=abc&alias=Team', '/register?token=abc&invitation=def', '/register', '/check-edit-survey?token=t', '/update-survey?token=t', '/delete-survey?token=t']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('data-page="participant"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/survey.html' })).body).not.toContain('data-page="participant"');
  });

  it('serves hashed assets as immutable and refuses missing files', async () => {
    const app = await appWith({ clientDir });
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
  });

  it('keeps answering unknown /api paths with JSON', async () => {
    const app = await appWith({ clientDir });
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: Messages.notFound });
  });

  it('says how to build the client when it is missing', async () => {
    const app = await appWith({ clientDir: join(clientDir, 'not-built') });
    const response = await app.inject({ method: 'GET', url: '/dashboard/home' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build');
  });
});
