import Fastify, { type FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../domain/contracts/endpoint';
import { Messages } from '../../domain/contracts/envelope';
import { apiErrorHandler } from '../../server/http/errorHandler';
import { registerEndpoint } from '../../server/http/route';
import {
  conflict,
  DomainError,
  type DomainErrorKind,
  failed,
  fieldFailure,
  forbidden,
  gone,
  invalid,
  invalidData,
  notFound,
  tooMany,
  unauthorized,
  unavailable,
} from '../../server/services/errors';

/** Each way a service refuses, thrown from a route, and the envelope the client must receive. */
const cases: readonly { name: string; error: () => DomainError; status: number; body: Record<string, unknown> }[] = [
  { name: 'invalid-data', error: () => invalidData({ email: ['The email field is required'] }), status: 422, body: { message: Messages.invalidData, errors: { email: ['The email field is required'] } } },
  { name: 'field-failure', error: () => fieldFailure('Token no longer valid.', 'token'), status: 422, body: { message: 'Token no longer valid.', errors: { token: ['Token no longer valid.'] } } },
  { name: 'invalid', error: () => invalid('Invitation closed.'), status: 422, body: { message: 'Invitation closed.' } },
  { name: 'unauthorized', error: () => unauthorized(Messages.sessionExpired), status: 401, body: { message: Messages.sessionExpired } },
  { name: 'forbidden', error: () => forbidden('Only administrator can do this.'), status: 403, body: { message: 'Only administrator can do this.' } },
  { name: 'not-found', error: () => notFound('Not found.'), status: 404, body: { message: 'Not found.' } },
  { name: 'conflict', error: () => conflict('Already completed.'), status: 409, body: { message: 'Already completed.' } },
  { name: 'gone', error: () => gone('Survey expired.'), status: 410, body: { message: 'Survey expired.' } },
  { name: 'too-many', error: () => tooMany(Messages.tooManyRequests), status: 429, body: { message: Messages.tooManyRequests } },
  { name: 'failed', error: () => failed('A stored certificate cannot be read.'), status: 500, body: { message: 'A stored certificate cannot be read.' } },
  { name: 'unavailable', error: () => unavailable(), status: 502, body: { message: Messages.unknownError } },
];

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler(apiErrorHandler);
  for (const { name, error } of cases) {
    registerEndpoint(app, endpoint({ method: 'GET', path: `/refusals/${name}`, data: t.null }), async () => {
      throw error();
    });
  }
  await app.ready();
});

afterAll(() => app.close());

describe('the error handler answers a domain error once, by its kind', () => {
  for (const { name, status, body } of cases) {
    it(`answers ${name} with ${status} and the service's sentence`, async () => {
      const response = await app.inject({ method: 'GET', url: `/api/refusals/${name}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ status, ...body });
    });
  }

  it('gives every kind a status (a new kind without one fails here)', () => {
    const kinds = new Set(cases.map(({ error }) => error().kind));
    const all: readonly DomainErrorKind[] = ['invalid', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'gone', 'tooMany', 'failed', 'unavailable'];
    expect([...kinds].sort()).toEqual([...all].sort());
  });
});
