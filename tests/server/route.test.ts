import Fastify, { type FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../domain/contracts/endpoint';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { ApiError } from '../../server/http/apiError';
import { apiErrorHandler } from '../../server/http/errorHandler';
import { envelopeReply, noContent, registerEndpoint, routePath } from '../../server/http/route';

const createThing = endpoint({
  method: 'POST',
  path: '/things/{thingId}/parts',
  query: t.partial({ dry: t.keyof({ yes: null, no: null }) }),
  body: t.strict({
    name: t.string,
    count: t.number,
    kind: t.union([t.literal('a'), t.literal('b')]),
    owner: t.strict({ email: t.string }),
    tags: t.array(t.string),
  }),
  data: t.strict({ thingId: t.string, name: t.string, dry: t.boolean }),
});

const listThings = endpoint({ method: 'GET', path: '/things', query: t.strict({ page: t.string }), data: t.array(t.string) });
const emptyThings = endpoint({ method: 'GET', path: '/things/empty' });
const brokenThing = endpoint({ method: 'GET', path: '/things/broken' });
const forbiddenThing = endpoint({ method: 'DELETE', path: '/things/{thingId}' });
const signIn = endpoint({ method: 'POST', path: '/things/sign-in' });

const validBody = { name: 'Part', count: 2, kind: 'a', owner: { email: 'a@b.c' }, tags: ['x'] };

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler(apiErrorHandler);
  registerEndpoint(app, createThing, async ({ params, body, query }) => ({ thingId: params.thingId!, name: body.name, dry: query.dry === 'yes' }));
  registerEndpoint(app, listThings, async ({ query }) => [`page ${query.page}`]);
  registerEndpoint(app, emptyThings, async () => noContent('Nothing yet'));
  registerEndpoint(app, brokenThing, async () => {
    throw new Error('database on fire at /srv/secret/path.ts:12');
  });
  registerEndpoint(app, forbiddenThing, async () => {
    throw new ApiError(403, 'Only administrator can do this.');
  });
  registerEndpoint(app, signIn, async () => envelopeReply({ token: 'opaque', message: 'Welcome' }));
  await app.ready();
});

afterAll(() => app.close());

describe('routePath', () => {
  it('puts the contract path under /api with Fastify parameters', () => {
    expect(routePath('/country/{countryId}/states')).toBe('/api/country/:countryId/states');
    expect(routePath('general/calender-events')).toBe('/api/general/calender-events');
  });
});

describe('registerEndpoint', () => {
  it('decodes input, passes path parameters and wraps the result', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things/t1/parts?dry=yes', payload: validBody });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { thingId: 't1', name: 'Part', dry: true } });
  });

  it('answers 422 naming every missing or invalid field before the handler runs', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/things/t1/parts?dry=maybe',
      payload: { count: 'two', kind: 'c', owner: {}, tags: ['x', 3] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: { dry: [ServerMessages.fieldInvalid('dry')] },
    });
    const bodyErrors = await app.inject({ method: 'POST', url: '/api/things/t1/parts', payload: { count: 'two', kind: 'c', owner: {}, tags: ['x', 3] } });
    expect(bodyErrors.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: {
        name: [Messages.fieldRequired('name')],
        count: [ServerMessages.fieldInvalid('count')],
        kind: [ServerMessages.fieldInvalid('kind')],
        'owner.email': [Messages.fieldRequired('owner.email')],
        'tags.1': [ServerMessages.fieldInvalid('tags.1')],
      },
    });
  });

  it('treats null as missing and a body that is no object as invalid', async () => {
    const nulls = await app.inject({ method: 'POST', url: '/api/things/t1/parts', payload: { ...validBody, name: null } });
    expect(nulls.json().errors).toEqual({ name: [Messages.fieldRequired('name')] });
    const array = await app.inject({ method: 'POST', url: '/api/things/t1/parts', payload: [1, 2] });
    expect(array.statusCode).toBe(422);
    expect(array.json().errors).toEqual({ body: [ServerMessages.fieldInvalid('body')] });
    const none = await app.inject({ method: 'POST', url: '/api/things/t1/parts' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['name', 'count', 'kind', 'owner', 'tags']);
  });

  it('decodes GET queries, which arrive as strings', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/things?page=2' })).json()).toEqual({ status: 200, data: ['page 2'] });
    const missing = await app.inject({ method: 'GET', url: '/api/things' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ page: [Messages.fieldRequired('page')] });
  });

  it('refuses NUL characters anywhere in the input', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things/t1/parts', payload: { ...validBody, tags: ['ok', 'a\u0000b'] } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'tags.1': [ServerMessages.fieldInvalid('tags.1')] });
  });

  it('answers a malformed JSON body with 400 and a wrong content type with 415, as envelopes', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/things/t1/parts',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: 400, message: ServerMessages.badRequest });
    const wrongType = await app.inject({ method: 'POST', url: '/api/things/t1/parts', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ status: 415, message: ServerMessages.unsupportedMediaType });
    const poisoned = await app.inject({
      method: 'POST',
      url: '/api/things/t1/parts',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers noContent as HTTP 200 with body status 204', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/empty' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 204, message: 'Nothing yet' });
  });

  it('answers an envelope with extra fields', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things/sign-in' });
    expect(response.json()).toEqual({ status: 200, token: 'opaque', message: 'Welcome' });
  });

  it('answers a thrown ApiError with its status and message', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/things/t1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, message: 'Only administrator can do this.' });
  });

  it('answers any other failure with 500 and the generic message, never the details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: Messages.unknownError });
    expect(response.body).not.toContain('secret');
  });
});
