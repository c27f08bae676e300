import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyEndpoint, fillPath } from '../../domain/contracts/endpoint';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { routePath } from '../../server/http/route';
import { issueSession } from '../../server/services/auth/sessions';
import { createCapturingMailer } from '../../server/services/mail';
import { bearer, freshAddress, insertUser, passwordHash } from './helpers/accounts';
import { contractEndpoints, endpointKey } from './helpers/contracts';
import { deep, deepArray, fieldsOf, hasUnstorable, nasty, shapedBy, text, toJson } from './helpers/fuzzValues';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * Bad bodies against every write endpoint of domain/contracts, as a signed-in administrator
 * (so that bodies get past sign-in to the decoding and the queries) and signed out: strings
 * PostgreSQL cannot store (lone surrogates, NUL), ten thousand levels of nesting, megabyte
 * strings, `__proto__` and `constructor` keys, arrays and numbers where objects are expected.
 * Never a 5xx, always the JSON envelope. A failing case (fast-check prints its seed and the
 * shrunk body) is added to REGRESSIONS below under a name.
 */

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 12);
/** Fixed, so that CI runs the same cases; FUZZ_SEED=<n> FUZZ_RUNS=<n> explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

const bodyFor = (endpoint: AnyEndpoint): fc.Arbitrary<unknown> => {
  const fields = fieldsOf(endpoint.body);
  const key = fields.length === 0 ? text : fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'organization_id') });
  return fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(key, nasty, { maxKeys: 5 }) },
    { weight: 1, arbitrary: nasty },
  );
};

let database: OpenDatabase;
let app: FastifyInstance;
let groupId: string;
const statuses = new Map<string, Map<number, number>>();

const tally = (key: string, status: number): void => {
  const seen = statuses.get(key) ?? new Map<number, number>();
  seen.set(status, (seen.get(status) ?? 0) + 1);
  statuses.set(key, seen);
};

/** A fresh administrator of a fresh organisation per request: a body that deletes or signs out cannot spoil the next. */
const freshAdminToken = async (): Promise<string> => {
  const admin = await insertUser(database.db, { role: 'admin' });
  return (await issueSession(database.db, { id: admin.id, organization_id: admin.organizationId })).token;
};

const writeEndpoints = async (): Promise<AnyEndpoint[]> =>
  [...(await contractEndpoints()).values()].filter(
    (endpoint) => endpoint.method !== 'GET' && app.hasRoute({ method: endpoint.method, url: routePath(endpoint.path) }),
  );

const urlOf = (endpoint: AnyEndpoint): string => {
  const params = Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, Math.random() < 0.5 ? groupId : randomUUID()]));
  return `/api/${fillPath(endpoint.path, params).replace(/^\/+/, '')}`;
};

const sendRaw = async (endpoint: AnyEndpoint, payload: string, token: string | undefined) =>
  app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : bearer(token)) },
    payload,
    remoteAddress: freshAddress(),
  });

/** Endpoints whose success is a file, not an envelope (their refusals are envelopes). */
const FILE_ANSWERS = /^application\/vnd\.openxmlformats|^text\/csv/;

const expectEnvelope = (response: Awaited<ReturnType<typeof sendRaw>>, label: string): void => {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode === 200 && FILE_ANSWERS.test(String(response.headers['content-type']))) return;
  expect(response.json(), label).toHaveProperty('status', response.statusCode);
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  await passwordHash();
  const owner = await insertUser(database.db, { role: 'admin' });
  const group = await database.db
    .insertInto('departments')
    .values({ organization_id: owner.organizationId, name: 'North', parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  groupId = group.id;
});

afterAll(async () => {
  if (statuses.size > 0) {
    const lines = [...statuses].map(([key, seen]) => `  ${key}: ${[...seen].sort(([x], [y]) => x - y).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    console.log(`body fuzz: statuses per endpoint\n${lines.join('\n')}`);
  }
  await app?.close();
  await database?.close();
});

describe('bad bodies on every write endpoint', () => {
  it('finds the write endpoints (the property below is not vacuous)', async () => {
    const keys = (await writeEndpoints()).map(endpointKey);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toEqual(expect.arrayContaining(['POST department-register', 'PATCH user/update', 'POST token/update', 'PATCH organization/rename-tiers']));
  });

  it('never answers 5xx, and always answers the JSON envelope', async () => {
    for (const endpoint of await writeEndpoints()) {
      const key = endpointKey(endpoint);
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint), fc.boolean(), async (body, signedIn) => {
          const response = await sendRaw(endpoint, toJson(body), signedIn ? await freshAdminToken() : undefined);
          tally(key, response.statusCode);
          expectEnvelope(response, key);
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED },
      );
    }
  }, 600_000);
});

describe('well-formed bodies with a string PostgreSQL cannot store', () => {
  it('answer 422 naming a field whenever such a string is in them, and never 5xx', async () => {
    let refused = 0;
    for (const endpoint of await writeEndpoints()) {
      const key = `${endpointKey(endpoint)} (shaped)`;
      await fc.assert(
        fc.asyncProperty(shapedBy(endpoint.body), async (body) => {
          const response = await sendRaw(endpoint, JSON.stringify(body ?? {}), await freshAdminToken());
          tally(key, response.statusCode);
          expectEnvelope(response, key);
          if (hasUnstorable(body)) {
            expect(response.statusCode, `${key}: ${JSON.stringify(body)}`).toBe(422);
            refused += 1;
          }
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED },
      );
    }
    expect(refused).toBeGreaterThan(0);
  }, 600_000);
});

/** Bodies that once answered 500 (issue: hardening), kept by name. */
const REGRESSIONS: ReadonlyArray<{ name: string; method: 'POST' | 'PATCH'; url: string; payload: string; field: string }> = [
  { name: 'a lone surrogate in a link alias', method: 'POST', url: '/api/token/update', payload: '{"alias":"a\\ud800b","id":"00000000-0000-4000-8000-000000000000"}', field: 'alias' },
  { name: 'a lone surrogate in a group name', method: 'POST', url: '/api/department-register', payload: '{"name":"a\\ud800b"}', field: 'name' },
  { name: 'a lone surrogate in a tier name', method: 'PATCH', url: '/api/organization/rename-tiers', payload: '{"tiers":[{"level":2,"name":"a\\udc00"}]}', field: 'tiers.0.name' },
  { name: 'a lone surrogate in a date range label', method: 'POST', url: '/api/organization/setting/date-range', payload: '{"ranges":[{"label":"\\ud800","type":"since","value":"2026-01-01"}]}', field: 'ranges.0.label' },
  { name: 'a NUL in a first name', method: 'PATCH', url: '/api/user/update', payload: '{"first_name":"a\\u0000b"}', field: 'first_name' },
];

describe('named regressions', () => {
  it.each(REGRESSIONS)('$name answers 422 naming the field, and stores nothing', async ({ method, url, payload, field }) => {
    const token = await freshAdminToken();
    const before = await database.db.selectFrom('audit_log').select(database.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const response = await app.inject({ method, url, headers: { 'content-type': 'application/json', ...bearer(token) }, payload });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { [field]: [ServerMessages.fieldInvalid(field)] } });
    const after = await database.db.selectFrom('audit_log').select(database.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses ten thousand levels of nesting with 422 before parsing, and the server keeps answering', async () => {
    const token = await freshAdminToken();
    const bodies = [deep(10_000), deepArray(10_000), deep(5_000)].map((raw) => raw.json);
    const answers = await Promise.all(
      bodies.map((payload) => app.inject({ method: 'PATCH', url: '/api/user/update', headers: { 'content-type': 'application/json', ...bearer(token) }, payload })),
    );
    for (const response of answers) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { body: [ServerMessages.fieldInvalid('body')] } });
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('reads brackets inside strings as text, not as nesting', async () => {
    const token = await freshAdminToken();
    const name = `${'{['.repeat(45)}"\\`;
    const response = await app.inject({ method: 'PATCH', url: '/api/user/update', headers: { 'content-type': 'application/json', ...bearer(token) }, payload: JSON.stringify({ first_name: name }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.first_name).toBe(name);
  });

  it('answers a body over 1 MiB with 413 and __proto__ keys with 400, as envelopes', async () => {
    const token = await freshAdminToken();
    const big = await app.inject({ method: 'PATCH', url: '/api/user/update', headers: { 'content-type': 'application/json', ...bearer(token) }, payload: JSON.stringify({ first_name: 'x'.repeat(1_100_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: 413, message: ServerMessages.payloadTooLarge });
    const proto = await app.inject({ method: 'PATCH', url: '/api/user/update', headers: { 'content-type': 'application/json', ...bearer(token) }, payload: '{"__proto__":{"role":"admin"}}' });
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ status: 400, message: ServerMessages.badRequest });
  });
});
