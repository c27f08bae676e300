import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import type { AnyEndpoint } from '../../domain/contracts/endpoint';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { routePath } from '../../server/http/route';
import { issueSession } from '../../server/services/auth/sessions';
import { createCapturingMailer } from '../../server/services/mail';
import { bearer, freshAddress, passwordHash } from './helpers/accounts';
import { contractEndpoints } from './helpers/contracts';
import { fieldsOf, nasty, shapedBy, toJson } from './helpers/fuzzValues';
import { createTenant, PNG, type Tenant } from './helpers/tenancy';
import { createTestDatabase } from './helpers/testDatabase';
import { TEST_MAILBOX_KEY, TEST_OPERATOR_TOKEN, testConfig } from './helpers/testConfig';

/**
 * Bad requests against every route the server registers (read from the app's own route table,
 * so a route added later is fuzzed without being listed here), by four callers: an
 * administrator of the organisation, a staff member, a participant holding a survey link, and
 * nobody. Query strings with repeated and bracketed keys, extreme numbers, impossible dates,
 * NUL, invalid UTF-8 and SQL-looking ids; path parameters with %00, %2F and hundreds of
 * characters; bodies with a wrong type, a missing or an extra field in an otherwise well-formed
 * form; wrong and broken content types; methods a route does not serve.
 *
 * Checked for each: never a 5xx; every refusal under /api is the JSON envelope with its status
 * and a message; a refused write leaves every business table as it was. A failing case (fast-check
 * prints its seed and the shrunk request) is kept in REGRESSIONS below under a name.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 4);
/** Fixed, so that CI runs the same cases; FUZZ_SEED=<n> FUZZ_RUNS=<n> explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
const METHODS: readonly Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Route {
  readonly method: Method;
  /** Fastify's pattern, `/api/country/:countryId/states`. */
  readonly pattern: string;
}

/**
 * The routes of `printRoutes({ commonPrefix: false })`: one node a line, indented four
 * characters a level, each a suffix of its parent's path, with its methods in brackets.
 */
const routesOf = (printed: string): Route[] => {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim()).filter(Boolean)) routes.push({ method: method as Method, pattern: path });
  }
  return routes;
};

let database: OpenDatabase;
let app: FastifyInstance;
let tenant: Tenant;
let routes: Route[];
const endpointsByRoute = new Map<string, AnyEndpoint>();
const statuses = new Map<string, Map<number, number>>();

const routeKey = (route: Route): string => `${route.method} ${route.pattern}`;

const tally = (key: string, status: number): void => {
  const seen = statuses.get(key) ?? new Map<number, number>();
  seen.set(status, (seen.get(status) ?? 0) + 1);
  statuses.set(key, seen);
};

// ---------------------------------------------------------------------------------------------
// Callers

type CallerKind = 'admin' | 'staff' | 'participant' | 'signed out';
/** The administrator reaches the most handlers, so sends most of the requests. */
const caller: fc.Arbitrary<CallerKind> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<CallerKind>('admin') },
  { weight: 2, arbitrary: fc.constant<CallerKind>('staff') },
  { weight: 1, arbitrary: fc.constant<CallerKind>('participant') },
  { weight: 1, arbitrary: fc.constant<CallerKind>('signed out') },
);

/** A fresh session per request: a request that signs out or changes a password cannot spoil the next. */
const headersOf = async (caller: CallerKind): Promise<Record<string, string>> => {
  if (caller !== 'admin' && caller !== 'staff') return {};
  const role: Role = caller;
  const user = tenant.users.get(role)!;
  return bearer((await issueSession(database.db, { id: user.id, organization_id: tenant.organizationId })).token);
};

// ---------------------------------------------------------------------------------------------
// Query strings and path parameters, written already percent-encoded (a lone surrogate cannot be)

const UUID = '7f3c2a10-0000-4000-8000-00000000beef';
const EDGE_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  '%E2%82',
  '1e308',
  '-1e308',
  '-1',
  '0',
  '9007199254740993',
  'NaN',
  'Infinity',
  '2026-02-30',
  '0000-01-01',
  '%2B275760-09-13',
  '275760-09-14',
  '2026-01-01..2025-01-01',
  'x'.repeat(5_000),
  "1'%20OR%20'1'%3D'1",
  '%27%3B%20DROP%20TABLE%20users%3B--',
  '00000000-0000-0000-0000-000000000000',
  UUID.toUpperCase(),
  `%7B${UUID}%7D`,
  `${UUID}${UUID}`,
  '',
  '%5B%5D',
  'true',
  'null',
  '%F0%9F%98%80',
  // The development mailbox's and the operator's keys, so that requests get past them to what they guard.
  TEST_MAILBOX_KEY,
  TEST_OPERATOR_TOKEN,
  '2026-01-01',
  'since',
  'en',
  '1',
];
const QUERY_KEYS = [
  'token', 'page', 'id', 'group_id', 'value', 'kind', 'sort', 'prompt', 'code', 'key', 'search', 'question_id', 'lang',
  'alias', 'invitation', 'country_id', 'organization_id', 'year', 'from', 'to', 'format', 'limit', 'before', 'view',
  'filter[date-tag]', 'filter[gender][0]', 'filter[gender][]', 'filter[age-range]', 'filter[generation]', 'filter[position-level][0]',
  'filter', 'filter[unknown]', 'filter[__proto__]', '__proto__', 'constructor[prototype][x]',
];

const queryValue = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...EDGE_QUERY_VALUES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent) });

/** One key of the query, written plainly, repeated, as an array or nested. */
const queryPart = (keys: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(keys, queryValue, queryValue, fc.constantFrom('plain', 'repeated', 'array', 'indexed', 'bare', 'nested')).map(([key, first, second, form]) => {
    switch (form) {
      case 'plain':
        return `${key}=${first}`;
      case 'repeated':
        return `${key}=${first}&${key}=${second}`;
      case 'array':
        return `${key}[]=${first}&${key}[]=${second}`;
      case 'indexed':
        return `${key}[0]=${first}&${key}[1]=${second}`;
      case 'bare':
        return key;
      default:
        return `${key}[a][b][c]=${first}`;
    }
  });

const queryFor = (endpoint: AnyEndpoint | undefined): fc.Arbitrary<string> => {
  const fields = endpoint === undefined ? [] : fieldsOf(endpoint.query);
  const keys = fields.length === 0 ? fc.constantFrom(...QUERY_KEYS) : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom(...QUERY_KEYS) });
  return fc.array(queryPart(keys), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('&'));
};

const EDGE_PATH_VALUES = [
  '%00', 'a%00b', '%2F', 'a%2Fb', '..%2F..%2Fetc', '-1', '0', '1e308', '9007199254740993', 'NaN', "1'%20OR%201%3D1",
  'x'.repeat(99), 'x'.repeat(500), '%ED%A0%80', '%FF', UUID, '%20', '%25', '1', '12',
];
const pathValue = fc.constantFrom(...EDGE_PATH_VALUES);

const fillPattern = (pattern: string, values: readonly string[]): string => {
  let index = 0;
  return pattern.replace(/:\w+/g, () => values[index++ % values.length] ?? '1');
};

// ---------------------------------------------------------------------------------------------
// Bodies

/** Values of a wrong type or at an edge, for one field of an otherwise well-formed body. */
const EDGE_FIELD_VALUES: readonly unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 'NaN', 'Infinity', '', ' ', 'a\u0000b', 'x'.repeat(1_000),
  '2026-02-30', '0000-01-01', '+275760-09-13', '2026-13-01', '2026-01-01T25:00:00Z',
  'not-a-uuid', '00000000-0000-0000-0000-000000000000', UUID.toUpperCase(), `{${UUID}}`, UUID.replace(/-/g, ''), "1' OR '1'='1", '-1',
  [], [null], [[[]]], {}, { a: { b: { c: 1 } } }, ['x', 1, null, {}],
];

type Edit = { readonly kind: 'set'; readonly value: unknown } | { readonly kind: 'drop' } | { readonly kind: 'extra'; readonly value: unknown };

type Path = readonly (string | number)[];

/** Every place in a JSON value where a field or an item sits, the value itself first. */
const placesIn = (value: unknown, path: Path = []): Path[] => {
  if (typeof value !== 'object' || value === null) return [path];
  const children = Array.isArray(value) ? value.map((child, index) => [index, child] as const) : Object.entries(value);
  return [path, ...children.flatMap(([key, child]) => placesIn(child, [...path, key]))];
};

const applyEdit = (value: unknown, path: Path, edit: Edit): unknown => {
  if (path.length === 0) {
    if (edit.kind === 'set') return edit.value;
    if (edit.kind === 'extra' && typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...value, unexpected_field: edit.value };
    return edit.kind === 'drop' ? undefined : value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && edit.kind === 'drop') copy.splice(Number(head), 1);
    else copy[Number(head)] = applyEdit(copy[Number(head)], rest, edit);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && edit.kind === 'drop') delete copy[String(head)];
  else copy[String(head)] = applyEdit(copy[String(head)], rest, edit);
  return copy;
};

/**
 * A body of the codec's shape with one field or item, at any depth, given a wrong type or an
 * edge value, taken out, or given a field too many.
 */
const editedBody = (endpoint: AnyEndpoint): fc.Arbitrary<unknown> => {
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_FIELD_VALUES).map((value): Edit => ({ kind: 'set', value })) },
    { weight: 1, arbitrary: fc.constant<Edit>({ kind: 'drop' }) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_FIELD_VALUES).map((value): Edit => ({ kind: 'extra', value })) },
  );
  return fc.tuple(shapedBy(endpoint.body).map((shaped) => shaped ?? {}), fc.nat(), edit).map(([shaped, pick, change]) => {
    const places = placesIn(shaped);
    return applyEdit(shaped, places[pick % places.length]!, change) ?? {};
  });
};

const bodyFor = (endpoint: AnyEndpoint | undefined): fc.Arbitrary<string> =>
  endpoint === undefined
    ? nasty.map(toJson)
    : fc.oneof({ weight: 3, arbitrary: editedBody(endpoint).map(toJson) }, { weight: 1, arbitrary: nasty.map(toJson) });

interface RawPayload {
  readonly label: string;
  readonly contentType?: string;
  readonly payload: string | Buffer;
}

const MULTIPART_BOUNDARY = 'fuzzboundary';
const RAW_PAYLOADS: readonly RawPayload[] = [
  { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'name=North&level=2' },
  {
    label: 'multipart',
    contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
    payload: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNorth\r\n--${MULTIPART_BOUNDARY}--\r\n`,
  },
  { label: 'broken multipart', contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\n` },
  { label: 'multipart without a boundary', contentType: 'multipart/form-data', payload: 'x' },
  { label: 'invalid JSON', contentType: 'application/json', payload: '{"name":' },
  { label: 'empty JSON', contentType: 'application/json', payload: '' },
  { label: 'JSON null', contentType: 'application/json', payload: 'null' },
  { label: 'JSON array', contentType: 'application/json', payload: '[{"name":"North"}]' },
  { label: 'JSON string', contentType: 'application/json', payload: '"North"' },
  { label: 'JSON number', contentType: 'application/json', payload: '1e308' },
  { label: 'raw control character in a JSON string', contentType: 'application/json', payload: '{"name":"a\u0000b"}' },
  { label: 'invalid UTF-8 in JSON', contentType: 'application/json', payload: Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { label: 'JSON in UTF-16', contentType: 'application/json; charset=utf-16', payload: Buffer.from('{"name":"North"}', 'utf16le') },
  { label: 'octet-stream', contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
  { label: 'no content type', payload: 'name=North' },
  { label: 'over 1 MiB of JSON', contentType: 'application/json', payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }) },
  { label: 'over 1 MiB of text', contentType: 'text/plain', payload: 'x'.repeat(1_100_000) },
];

// ---------------------------------------------------------------------------------------------
// Sending and checking

interface Attack {
  readonly label: string;
  readonly method: Method;
  readonly url: string;
  readonly contentType?: string;
  readonly payload?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Headers the server reads (sign-in, language, keys, caching, compression, the client's address), with values at their edges. */
const HEADER_NAMES = ['authorization', 'cookie', 'x-locale', 'x-operator-token', 'x-mailbox-key', 'if-none-match', 'accept-encoding', 'x-forwarded-for', 'accept-language'];
const HEADER_VALUES = [
  'Bearer ', 'Bearer', `Bearer ${'x'.repeat(8_000)}`, 'Basic YWRhOnNlY3JldA==', 'Bearer \xff\xfe', 'token=%00', 'token=', '\xe9\xe8', 'x'.repeat(36),
  TEST_MAILBOX_KEY, TEST_OPERATOR_TOKEN, 'en, fr;q=0.5', '../../etc/passwd', '*', 'gzip;q=NaN, br;q=-1', '999.999.1.1, 10.0.0.1', "'; DROP TABLE sessions; --", '1e308', '',
];
const headerSet = fc.dictionary(fc.constantFrom(...HEADER_NAMES), fc.constantFrom(...HEADER_VALUES), { minKeys: 1, maxKeys: 3 });

/** The survey link's token in the query and in every `token` field, as a participant's page sends it. */
const withParticipantToken = (attack: Attack): Attack => {
  const separator = attack.url.includes('?') ? '&' : '?';
  const url = `${attack.url}${separator}token=${tenant.links.organization.token}`;
  if (typeof attack.payload !== 'string' || attack.contentType !== 'application/json') return { ...attack, url };
  try {
    const parsed: unknown = JSON.parse(attack.payload);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ...attack, url };
    return { ...attack, url, payload: JSON.stringify({ ...parsed, token: tenant.links.organization.token }) };
  } catch {
    return { ...attack, url };
  }
};

const attackOn = (route: Route): fc.Arbitrary<Attack> => {
  const endpoint = endpointsByRoute.get(routeKey(route));
  const hasParams = route.pattern.includes(':');
  const url = (params: readonly string[]) => fillPattern(route.pattern, params);
  const plainUrl = url(['1']);
  const attacks: fc.Arbitrary<Attack>[] = [
    queryFor(endpoint).map((query) => ({ label: 'query', method: route.method, url: `${plainUrl}?${query}` })),
    fc.constantFrom(...RAW_PAYLOADS).map((raw) => ({ label: raw.label, method: route.method, url: plainUrl, ...(raw.contentType === undefined ? {} : { contentType: raw.contentType }), payload: raw.payload })),
    bodyFor(endpoint).map((payload) => ({ label: 'JSON body', method: route.method, url: plainUrl, contentType: 'application/json', payload })),
  ];
  attacks.push(fc.tuple(headerSet, queryFor(endpoint)).map(([headers, query]) => ({ label: 'headers', method: route.method, url: `${plainUrl}?${query}`, headers })));
  if (hasParams) attacks.push(fc.array(pathValue, { minLength: 1, maxLength: 2 }).map((values) => ({ label: 'path parameter', method: route.method, url: url(values) })));
  return fc.oneof(...attacks);
};

const inject = async (attack: Attack, caller: CallerKind): Promise<LightMyRequestResponse> => {
  const sent = caller === 'participant' ? withParticipantToken(attack) : attack;
  // light-my-request refuses a body on GET and HEAD; a browser would not send one either.
  const carriesBody = sent.payload !== undefined && sent.method !== 'GET' && sent.method !== 'HEAD';
  return app.inject({
    method: sent.method,
    url: sent.url,
    headers: { ...(await headersOf(caller)), ...(carriesBody && sent.contentType !== undefined ? { 'content-type': sent.contentType } : {}), ...sent.headers },
    ...(carriesBody ? { payload: sent.payload } : {}),
    remoteAddress: freshAddress(),
  });
};

/** Tables a refused request may still write: its session's last call, failed sign-ins and wrong codes (they count towards a lockout), the audit of refusals, caches. */
const VOLATILE_TABLES = new Set([
  'sessions', 'login_failures', 'login_challenges', 'audit_log', 'error_reports', 'statistics_selections', 'statistics_kept', 'certificate_keys',
  'lookup_principles', 'lookup_names', 'lookup_builds', 'locales', 'translations', 'sso_states', 'package_reminders', 'kysely_migration', 'kysely_migration_lock',
]);
let businessTables: string[] = [];

/** One digest per business table, over every row: a refused write must leave them all unchanged. */
const fingerprint = async (): Promise<Record<string, string>> => {
  const selects = businessTables.map((table) => sql<string>`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.table(table)} t)`.as(table));
  const row = await database.db.selectNoFrom(selects).executeTakeFirstOrThrow();
  return row as Record<string, string>;
};

const changedTables = (before: Record<string, string>, after: Record<string, string>): string[] => businessTables.filter((table) => before[table] !== after[table]);

/** What the error handler recorded for the operator about the last 500, to name the failing line. */
const lastServerError = async (): Promise<string> => {
  const row = await database.db.selectFrom('error_reports').select(['message', 'stack']).where('source', '=', 'server').orderBy('last_seen_at', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? '(nothing)' : `${row.message}\n${(row.stack ?? '').split('\n').slice(0, 8).join('\n')}`;
};

const describeAttack = (attack: Attack, caller: CallerKind): string => {
  const payload = attack.payload === undefined ? '' : ` ${attack.contentType ?? '(no content type)'} ${String(attack.payload).slice(0, 200)}`;
  const headers = attack.headers === undefined ? '' : ` ${JSON.stringify(attack.headers).slice(0, 200)}`;
  return `${caller}: ${attack.method} ${attack.url.slice(0, 300)} [${attack.label}]${headers}${payload}`;
};

/** Sends one request and checks its answer (no 5xx, a refusal is the envelope with a message) and that a refused write left no row. */
const expectSafeAnswer = async (attack: Attack, caller: CallerKind, key: string, reachesHandler = true): Promise<LightMyRequestResponse> => {
  const writes = reachesHandler && attack.method !== 'GET' && attack.method !== 'HEAD' && attack.method !== 'OPTIONS';
  const before = writes ? await fingerprint() : undefined;
  const response = await inject(attack, caller);
  tally(key, response.statusCode);
  const context = `${describeAttack(attack, caller)} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) expect.fail(`${context}\nthe server recorded: ${await lastServerError()}`);
  const underApi = attack.url.startsWith('/api/');
  if (underApi && response.statusCode >= 400 && attack.method !== 'HEAD') {
    expect(String(response.headers['content-type']), context).toMatch(/^application\/json/);
    const envelope = response.json() as { status?: unknown; message?: unknown };
    expect(envelope.status, context).toBe(response.statusCode);
    expect(typeof envelope.message === 'string' && envelope.message.trim().length > 0, context).toBe(true);
  }
  if (before !== undefined && response.statusCode >= 400) {
    expect(changedTables(before, await fingerprint()), `${context}: a refused request changed rows`).toEqual([]);
  }
  return response;
};

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  await passwordHash();
  tenant = await createTenant(database.db, 'Fuzzwick', { content: PNG, type: 'image/png' });
  routes = routesOf(app.printRoutes({ commonPrefix: false }));
  for (const contract of (await contractEndpoints()).values()) {
    endpointsByRoute.set(`${contract.method} ${routePath(contract.path)}`, contract);
    if (contract.method === 'GET') endpointsByRoute.set(`HEAD ${routePath(contract.path)}`, contract);
  }
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  businessTables = tables.rows.map((row) => row.name).filter((name) => !VOLATILE_TABLES.has(name));
});

afterAll(async () => {
  if (statuses.size > 0) {
    const lines = [...statuses].map(([key, seen]) => `  ${key}: ${[...seen].sort(([x], [y]) => x - y).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    console.log(`request fuzz: statuses per route\n${lines.join('\n')}`);
  }
  await app?.close();
  await database?.close();
});

describe('the route table', () => {
  it('is read from the app, with every served contract endpoint and the routes outside the contracts', () => {
    const keys = new Set(routes.map(routeKey));
    expect(routes.length).toBeGreaterThan(300);
    for (const key of ['POST /api/login', 'POST /api/user/update-password-2fa', 'GET /api/country/:countryId/states', 'GET /api/organization/logo', 'GET /api/calendar/feed/:token', 'GET /metrics']) {
      expect(keys, key).toContain(key);
    }
    const unlisted = [...endpointsByRoute.keys()].filter((key) => !keys.has(key) && app.hasRoute({ method: key.split(' ')[0] as Method, url: key.split(' ')[1]! }));
    expect(unlisted).toEqual([]);
    expect(businessTables).toEqual(expect.arrayContaining(['users', 'departments', 'responses', 'survey_tokens', 'invitations']));
  });
});

describe('bad requests on every route, by every caller', () => {
  it('never answer 5xx, refuse with the envelope and a message, and leave no row behind', async () => {
    // HEAD runs the GET handler: the sweep of methods below sends it once per path.
    for (const [index, route] of routes.filter((candidate) => candidate.method !== 'HEAD').entries()) {
      const key = routeKey(route);
      await fc.assert(
        fc.asyncProperty(attackOn(route), caller, async (attack, by) => {
          await expectSafeAnswer(attack, by, key);
        }),
        // A seed of its own per route, so that routes do not all meet the same callers in the same order.
        { numRuns: RUNS_PER_ROUTE, seed: SEED + index },
      );
    }
    // The requests got past sign-in, roles and decoding to the handlers, not only to one refusal.
    const seenStatuses = new Set([...statuses.values()].flatMap((seen) => [...seen.keys()]));
    expect([...seenStatuses]).toEqual(expect.arrayContaining([200, 401, 403, 404, 415, 422]));
  }, 600_000);

  it('answer a method a path does not serve with a 4xx envelope, and HEAD where GET is served', async () => {
    const served = new Map<string, Set<Method>>();
    for (const route of routes) served.set(route.pattern, (served.get(route.pattern) ?? new Set()).add(route.method));
    for (const [pattern, methods] of served) {
      for (const method of METHODS) {
        const url = `${fillPattern(pattern, ['1'])}?page=-1&page=1e308`;
        if (methods.has(method)) {
          if (method === 'HEAD') await expectSafeAnswer({ label: 'HEAD', method, url }, 'admin', `HEAD ${pattern}`);
          continue;
        }
        const response = await expectSafeAnswer({ label: 'unserved method', method, url }, 'signed out', `${method} ${pattern} (unserved)`, false);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });
});

interface Regression {
  readonly name: string;
  readonly caller: CallerKind;
  readonly attack: Attack;
  readonly status: number;
  readonly answer: unknown;
}

/** Requests that once answered 500, kept by name. */
const REGRESSIONS: readonly Regression[] = [
  {
    name: 'a NUL in the development mailbox page’s recipient filter',
    caller: 'admin',
    attack: { label: 'query', method: 'GET', url: '/dev/mailbox?to=a%00b' },
    status: 422,
    answer: { status: 422, message: Messages.invalidData, errors: { to: [ServerMessages.fieldInvalid('to')] } },
  },
  {
    name: 'a NUL in the development mailbox page’s recipient filter, with the key',
    caller: 'signed out',
    attack: { label: 'query', method: 'GET', url: `/dev/mailbox?key=${TEST_MAILBOX_KEY}&to=%00` },
    status: 422,
    answer: { status: 422, message: Messages.invalidData, errors: { to: [ServerMessages.fieldInvalid('to')] } },
  },
];

describe('named regressions', () => {
  it.each(REGRESSIONS)('$name answers $status with its sentence', async ({ caller: by, attack, status, answer }) => {
    const response = await expectSafeAnswer(attack, by, `${attack.method} ${attack.url} (regression)`);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual(answer);
  });
});

describe('an empty filter value and the statistics cache', () => {
  it('a filter list holding only an empty value counts apart from no filter, so it cannot change anyone’s figures', async () => {
    const ask = async (url: string) => expectSafeAnswer({ label: 'query', method: 'GET', url }, 'admin', `GET ${url} (regression)`);
    app.statisticsCache.clear();
    const fresh = await ask('/api/demographic/row-two');
    app.statisticsCache.clear();
    // Once answered 500 ("answers from a combination of filter values no respondent has"): the
    // empty list's population, of nobody, was kept under the key of no filter at all.
    expect((await ask('/api/home/total-registered?filter[position-level][0]')).statusCode).toBe(200);
    const after = await ask('/api/demographic/row-two');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual(fresh.json());
  });
});
