import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import type { OpenDatabase } from '../../server/db/connect';
import { issueSession } from '../../server/services/auth/sessions';
import { precompressFolder } from '../../scripts/precompress';
import { bearer, insertUser, passwordHash, PASSWORD } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';

let database: OpenDatabase;
let clientDir: string;
const apps: FastifyInstance[] = [];
const SCRIPT = `console.log(${JSON.stringify('the dashboards '.repeat(400))});\n`;

const appWith = async (overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> => {
  const app = await buildApp(testConfig({ clientDir, ...overrides }), { db: database.db, dbKind: database.kind });
  apps.push(app);
  return app;
};

const limits = (sessionMax: number, addressMax: number): Partial<ServerConfig> => ({ rateLimit: { sessionMax, addressMax } });

const tokenOfNewAdmin = async (): Promise<string> => {
  const admin = await insertUser(database.db, { role: 'admin' });
  return (await issueSession(database.db, { id: admin.id, organization_id: admin.organizationId })).token;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await passwordHash();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><title>Commonweave</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(join(clientDir, 'survey.html'), '<!doctype html><title>Commonweave</title><div id="root" data-page="participant"></div>');
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>icon</title></svg>');
  writeFileSync(join(clientDir, 'favicon.ico'), readFileSync(new URL('../../public/favicon.ico', import.meta.url)));
  precompressFolder(clientDir);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('keeps every API answer out of caches: sign-in with its token, member lists, refusals', async () => {
    const app = await appWith();
    const admin = await insertUser(database.db, { role: 'admin' });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.email, password: PASSWORD } });
    expect(login.json().data.access_token).toEqual(expect.any(String));
    const token = login.json().data.access_token as string;
    const answers = [
      login,
      await app.inject({ method: 'GET', url: '/api/organization/members', headers: bearer(token) }),
      await app.inject({ method: 'GET', url: '/api/organization/members' }),
      await app.inject({ method: 'GET', url: '/api/nope' }),
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: 1 } }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 404, 422]);
    for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lets hashed assets be cached for a year, pages be revalidated, and the icon for a day', async () => {
    const app = await appWith();
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/dashboard' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('compression', () => {
  it('sends the build’s Brotli copy to a browser that accepts it, with Content-Encoding and Vary', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without Brotli, and the file as it is to one that accepts neither', async () => {
    const app = await appWith();
    const gzip = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the pages and JSON answers above the threshold, not small ones', async () => {
    const app = await appWith();
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    const translation = await app.inject({ method: 'GET', url: '/api/translation?code=au', headers: { 'accept-encoding': 'gzip, br' } });
    expect(translation.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(translation.rawPayload).toString()).data.code).toBe('au');
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe(200);
  });
});

describe('rate limits', () => {
  it('never limit pages and built files, however often they are loaded', async () => {
    const app = await appWith(limits(2, 2));
    for (let i = 0; i < 12; i++) {
      for (const url of ['/dashboard/languages', '/', '/assets/index-abc123.js', '/favicon.ico']) {
        const response = await app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' });
        expect(response.statusCode, `${url} load ${i + 1}`).toBe(200);
      }
    }
  });

  it('count a signed-in caller per session, so colleagues behind one address each have their own budget', async () => {
    const app = await appWith(limits(5, 2));
    const [ada, grace] = [await tokenOfNewAdmin(), await tokenOfNewAdmin()];
    const office = '10.1.2.3';
    for (const token of [ada, grace]) {
      for (let i = 0; i < 5; i++) {
        expect((await app.inject({ method: 'GET', url: '/api/user/permissions', headers: bearer(token), remoteAddress: office })).statusCode).toBe(200);
      }
    }
    const refused = await app.inject({ method: 'GET', url: '/api/user/permissions', headers: bearer(ada), remoteAddress: '10.7.7.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, message: Messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('count made-up tokens against the address, so inventing tokens buys no budget', async () => {
    const app = await appWith(limits(1_000, 3));
    const address = '10.4.4.4';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({ method: 'GET', url: '/api/user/permissions', headers: bearer(`made-up-${i}`), remoteAddress: address });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('keep the strict per-route limits of public endpoints (password reset)', async () => {
    const app = await appWith(limits(1_000_000, 1_000_000));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/reset-password-request', payload: { email: 'nobody@example.org' }, remoteAddress: '10.5.5.5' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('password reset mail per address', () => {
  it('sends one inbox at most five reset links an hour, asked from any number of addresses, with the same answer', async () => {
    const app = await appWith();
    const victim = await insertUser(database.db, { role: 'admin' });
    const answers = [];
    for (let i = 0; i < 8; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/reset-password-request', payload: { email: victim.email }, remoteAddress: `10.6.0.${i + 1}` });
      answers.push(response.json());
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const links = await database.db.selectFrom('password_resets').select('id').where('user_id', '=', victim.id).execute();
    expect(links).toHaveLength(5);
  });
});

describe('locales and the icon', () => {
  it('answers /translation for every locale /locale/locales lists, en included', async () => {
    const app = await appWith();
    const locales = (await app.inject({ method: 'GET', url: '/api/locale/locales' })).json().data as { code: string }[];
    expect(locales.map((locale) => locale.code)).toContain('en');
    // Every language the product speaks, right to left one included.
    expect(locales.map((locale) => locale.code)).toEqual(expect.arrayContaining(PRODUCT_LANGUAGES.map((language) => language.code)));
    for (const { code } of locales) {
      const response = await app.inject({ method: 'GET', url: `/api/translation?code=${code}` });
      expect(response.statusCode, code).toBe(200);
      expect(response.json().data.code).toBe(code);
      // A product language's texts are its whole catalogue, not the English fallback.
      const catalogue = CATALOGUES[code];
      if (catalogue !== undefined) expect(response.json().data.translations.home, code).toBe(catalogue.home);
    }
  });

  it('serves the favicon as an icon and as SVG', async () => {
    const app = await appWith();
    const ico = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/icon/);
    expect(ico.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const svg = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
