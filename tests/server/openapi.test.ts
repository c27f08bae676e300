import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '../../domain/contracts/endpoint';
import { openApiPath, toJsonSchema } from '../../domain/contracts/openapi';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { routePath } from '../../server/http/route';
import { contractEndpoints, endpointKey } from './helpers/contracts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let document: { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: unknown }> } }>> };

const propertyNames = (codec: t.Mixed): string[] => {
  const node = codec as unknown as { _tag?: string; props?: Record<string, unknown>; type?: t.Mixed; types?: t.Mixed[] };
  if (node._tag === 'InterfaceType' || node._tag === 'StrictType' || node._tag === 'PartialType') return Object.keys(node.props ?? {});
  if (node._tag === 'ExactType' || node._tag === 'ReadonlyType' || node._tag === 'RefinementType') return node.type ? propertyNames(node.type) : [];
  if (node._tag === 'IntersectionType') return (node.types ?? []).flatMap(propertyNames);
  return [];
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind });
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and names every endpoint the server registered from domain/contracts', async () => {
    expect(document.openapi).toBe('3.1.0');
    const served = [...(await contractEndpoints()).values()].filter((endpoint: AnyEndpoint) => app.hasRoute({ method: endpoint.method, url: routePath(endpoint.path) }));
    expect(served.length).toBeGreaterThan(100);
    const missing = served.filter((endpoint) => document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()] === undefined).map(endpointKey);
    expect(missing).toEqual([]);
    expect(app.registeredEndpoints.map(endpointKey).sort()).toEqual(served.map(endpointKey).sort());
  });

  it('describes each query and body with the contract’s own fields', async () => {
    for (const endpoint of app.registeredEndpoints) {
      const operation = document.paths[openApiPath(endpoint.path)]![endpoint.method.toLowerCase()]!;
      const key = endpointKey(endpoint);
      const queryNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect(queryNames, key).toEqual(propertyNames(endpoint.query));
      const pathNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      expect(pathNames, key).toEqual([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
      if (endpoint.method !== 'GET' && propertyNames(endpoint.body).length > 0) {
        expect(operation.requestBody?.content['application/json']?.schema, key).toEqual(toJsonSchema(endpoint.body));
      }
    }
    const login = document.paths['/api/login']!.post!;
    expect(login.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object', required: ['email', 'password'] });
  });

  it('maps io-ts codecs onto JSON Schema', () => {
    const codec = t.intersection([
      t.strict({ name: t.string, level: t.number, kind: t.keyof({ a: null, b: null }), tags: t.array(t.string), note: t.union([t.string, t.null]), whole: t.Int }),
      t.partial({ extra: t.record(t.string, t.boolean), fixed: t.literal('x') }),
    ]);
    expect(toJsonSchema(codec)).toEqual({
      allOf: [
        {
          type: 'object',
          properties: {
            name: { type: 'string' },
            level: { type: 'number' },
            kind: { type: 'string', enum: ['a', 'b'] },
            tags: { type: 'array', items: { type: 'string' } },
            note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            whole: { type: 'integer' },
          },
          required: ['name', 'level', 'kind', 'tags', 'note', 'whole'],
        },
        { type: 'object', properties: { extra: { type: 'object', additionalProperties: { type: 'boolean' } }, fixed: { const: 'x' } } },
      ],
    });
  });
});
