import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { en } from '../../domain/i18n/en';
import type { OpenDatabase } from '../../server/db/connect';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
});

afterAll(() => closeTestApp({ app, database }));

const placeholders = (text: string): string[] => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { ok: true, database: process.env.DATABASE_URL ? 'postgres' : 'pglite' } });
  });
});

describe('GET /api/locale/locales', () => {
  it('lists the seeded locales', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/locale/locales' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(
      [...PRODUCT_LANGUAGES].sort((a, b) => a.code.localeCompare(b.code)).map((language) => ({ code: language.code, name: language.nativeName })),
    );
    expect(response.json().data.map((locale: { code: string }) => locale.code)).toEqual(expect.arrayContaining(['au', 'en', 'fr', 'es', 'ar', 'zh']));
  });
});

describe('GET /api/translation', () => {
  it.each(PRODUCT_LANGUAGES.map((language) => language.code))('gives %s every key of the English catalogue with the same placeholders', async (code) => {
    const response = await app.inject({ method: 'GET', url: `/api/translation?code=${code}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.code).toBe(code);
    expect(Object.keys(en).filter((key) => !(key in data.translations))).toEqual([]);
    // Beyond English's keys, only the further plural forms a language needs (Arabic's _few, ...).
    expect(Object.keys(data.translations).filter((key) => !(key in en) && !/_(zero|two|few|many)$/.test(key))).toEqual([]);
    for (const [key, text] of Object.entries(en)) {
      expect(data.translations[key], key).not.toBe('');
      expect(placeholders(data.translations[key]), key).toEqual(placeholders(text));
    }
  });

  it('answers au with the English texts themselves', async () => {
    const { data } = (await app.inject({ method: 'GET', url: '/api/translation?code=au' })).json();
    expect(data.translations).toEqual(en);
  });

  it('answers 404 for an unknown code', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/translation?code=xx' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: ServerMessages.translationNotFound });
  });

  it('answers 422 naming the field when the code is missing', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/translation' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: { code: [Messages.fieldRequired('code')] },
    });
  });

  it('answers 422 when the code is given twice', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/translation?code=au&code=fr' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: [ServerMessages.fieldInvalid('code')] });
  });

  it('answers 422 to a code holding a NUL character, which PostgreSQL text cannot store', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/translation?code=au%00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: [ServerMessages.fieldInvalid('code')] });
  });

  it('never answers 500 to random queries and bodies', async () => {
    const text = fc.string({ unit: 'binary' });
    const anyQuery = fc.dictionary(fc.oneof(fc.constant('code'), text), fc.oneof(text, fc.array(text, { maxLength: 3 })), {
      maxKeys: 4,
    });
    await fc.assert(
      fc.asyncProperty(anyQuery, fc.jsonValue({ stringUnit: 'binary' }), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), async (query, body, method) => {
        const response = await app.inject({
          method,
          url: '/api/translation',
          query: query as Record<string, string | string[]>,
          ...(method === 'GET' ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toHaveProperty('status', response.statusCode);
      }),
      { numRuns: 300 },
    );
  });
});

describe('GET /api/password-config', () => {
  it('gives the SPEC fallback rule by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/password-config' });
    expect(response.statusCode).toBe(200);
    const rule = new RegExp(response.json().data.regex);
    expect(rule.test('Abcdefg1')).toBe(true);
    expect(rule.test('abcdefgh')).toBe(false);
    expect(rule.test('ABCDEFG1')).toBe(false);
    expect(rule.test('Abcdef1')).toBe(false);
  });
});
