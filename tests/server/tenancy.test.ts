import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import type { Role } from '../../domain/contracts/auth';
import { type AnyEndpoint, fillPath } from '../../domain/contracts/endpoint';
import { contractEndpoints } from './helpers/contracts';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { routePath } from '../../server/http/route';
import { issueSession } from '../../server/services/auth/sessions';
import { createCapturingMailer, type MailMessage } from '../../server/services/mail';
import { passwordHash } from './helpers/accounts';
import {
  comparable,
  counter,
  createTenant,
  PNG,
  ROLES,
  secretsIn,
  send,
  type Sent,
  snapshotOrganization,
  type Tenant,
  tenantIds,
  tenantSecrets,
  withoutAll,
} from './helpers/tenancy';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * Tenant isolation (DESIGN section 3): every query is scoped by the caller's organisation and
 * role, and another organisation's id answers exactly as an id that does not exist.
 *
 * Two organisations, A and B, each with groups, sub-groups, a member of every role, pending
 * invitations of every kind, survey links, a survey invitation, responses, date ranges,
 * renamed tiers and a logo, consent to view-as on. Callers of A (every role, and view-as
 * sessions) then send B's ids in every id-carrying field. Checked:
 * 1. no 5xx, ever;
 * 2. B's id answers as a fresh random uuid does (same status, same body once volatile values
 *    are set aside), in the same spellings (upper case, padded, without dashes, in braces:
 *    PostgreSQL would read the last two as the same uuid);
 * 3. no answer (nor any mail sent) carries B's ids, names, addresses, labels or tokens;
 * 4. none of B's rows changes, and none of A's rows comes to point at B.
 * A positive control shows each fuzzed endpoint does find A's own ids (the property is not
 * vacuous), and the endpoint inventory fails when a served, signed-in endpoint is not listed.
 */

const NUM_RUNS = 40;
const DAY = 86_400_000;

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];
let a: Tenant;
let b: Tenant;
let bSecrets: string[];
let bIds: string[];
let knownA: Set<string>;
let countryId: number;
let bBefore: Record<string, string>;

interface Caller {
  readonly label: string;
  readonly token: string;
}
let callers: Caller[];

/** Status codes seen by each fuzzed endpoint, printed at the end (a property that only ever met 403 proves little). */
const seen = new Map<string, Map<number, number>>();
const tally = (endpoint: string, status: number): void => {
  const statuses = seen.get(endpoint) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  seen.set(endpoint, statuses);
};

const B_MARKER = 'Zebulonvk';
const bLogo = (): Buffer =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><title>${B_MARKER} logo</title><rect width="1" height="1"/></svg>`, 'utf8');

beforeAll(async () => {
  database = await createTestDatabase();
  // One country with a census, for the mutuality endpoints (the lookup lists are not built here).
  countryId = (await database.db.insertInto('lookup_principles').values({ list: 'countries', code: 'AU', name: 'Australia', search: 'australia', sort: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const capturing = createCapturingMailer();
  mail = capturing.messages;
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: capturing.mailer });
  await passwordHash();
  a = await createTenant(database.db, 'Alderqx', { content: PNG, type: 'image/png' });
  // B has enough responses for its statistics to be released: were they ever counted for A, A's would be too.
  // 16 in all, so that even adjusted by -d B's count stays above A's 4 + 2d.
  b = await createTenant(database.db, B_MARKER, { content: bLogo(), type: 'image/svg+xml' }, 12);
  bSecrets = tenantSecrets(b);
  bIds = tenantIds(b);
  knownA = new Set(tenantIds(a).map((id) => id.toLowerCase()));

  callers = ROLES.map((role) => ({ label: role, token: a.tokens.get(role)! }));
  const views: readonly [Role, string, string][] = [
    ['admin', a.north, 'North'],
    ['group_assignee', a.north, 'North'],
    ['subgroup_assignee', a.harbour, 'Harbour'],
  ];
  for (const [role, groupId, groupName] of views) {
    const response = await send(app, { method: 'POST', url: '/api/organization/view-as', payload: { group_id: groupId } }, a.tokens.get(role));
    expect(response.statusCode, response.body).toBe(200);
    callers.push({ label: `${role} viewing as ${groupName}`, token: response.json().data.access_token as string });
  }

  // The search can find what it looks for: B's own administrator does read B's names and ids.
  const own = await send(app, { method: 'GET', url: '/api/organization/members' }, b.tokens.get('admin'));
  expect(secretsIn(own.body, bSecrets)).toEqual(expect.arrayContaining([b.users.get('staff')!.email, b.users.get('staff')!.id, b.departmentNames[3]!]));

  bBefore = await snapshotOrganization(database.db, b.organizationId);
});

afterAll(async () => {
  if (seen.size > 0) {
    const lines = [...seen].map(([endpoint, statuses]) => `  ${endpoint}: ${[...statuses].sort(([x], [y]) => x - y).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    console.log(`tenancy: ${counter.requests} requests sent; statuses of the foreign-id properties:\n${lines.join('\n')}`);
  }
  await app?.close();
  await database?.close();
});

/** B's secrets in a text once the values the request itself carried are cut out (an echo is no leak). */
const leaksIn = (text: string, sent: readonly string[] = []): string[] => secretsIn(withoutAll(text, sent), bSecrets);

const failures = (response: LightMyRequestResponse, sent: readonly string[] = []): string[] => leaksIn(response.body, sent);

const expectClean = (response: LightMyRequestResponse, context: string, sent: readonly string[] = []): void => {
  expect(response.statusCode, `${context}: ${response.body}`).toBeLessThan(500);
  expect(failures(response, sent), `${context} leaks B: ${response.body.slice(0, 400)}`).toEqual([]);
};

// ---------------------------------------------------------------------------------------------
// The inventory: every endpoint of domain/contracts, and how this file covers it.

/** Reads of the caller's own organisation: every caller of A calls each, and no answer may carry B. */
const READS: readonly Sent[] = [
  { method: 'GET', url: '/api/organization/information' },
  { method: 'GET', url: '/api/organization/tires' },
  { method: 'GET', url: '/api/organization/setting/date-range' },
  { method: 'GET', url: '/api/organization/setting/date-range/check?value=2024-01-01' },
  { method: 'GET', url: '/api/organization/groups' },
  { method: 'GET', url: '/api/organization/sub-groups' },
  { method: 'GET', url: '/api/organization/departments' },
  { method: 'GET', url: '/api/organization/groups-sub-groups' },
  { method: 'GET', url: '/api/organization/selection-groups' },
  { method: 'GET', url: '/api/organization/members' },
  { method: 'GET', url: '/api/organization/invitations' },
  ...['second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff', 'survey'].map(
    (kind): Sent => ({ method: 'GET', url: `/api/organization/invitations?kind=${kind}` }),
  ),
  { method: 'GET', url: '/api/token/all' },
  { method: 'GET', url: '/api/token/surveys' },
  { method: 'POST', url: '/api/check-access-token', payload: {} },
  { method: 'GET', url: '/api/user/permissions' },
  { method: 'GET', url: '/api/user/setting' },
  { method: 'GET', url: '/api/organization/package' },
  { method: 'GET', url: '/api/certificate/list' },
  { method: 'GET', url: '/api/mutuality/countries-list' },
  { method: 'GET', url: '/api/extra-survey/surveys' },
  { method: 'GET', url: '/api/extra-survey/details' },
  { method: 'GET', url: '/api/general/calender-events?sort=relevance' },
  { method: 'GET', url: '/api/general/calender-events/feed' },
  { method: 'GET', url: `/api/general/ai/export?${new URLSearchParams({ prompt: 'women managers by languages as a spreadsheet' }).toString()}` },
  { method: 'GET', url: '/api/people?page=1' },
  { method: 'GET', url: '/api/campaigns/participation/latest' },
  { method: 'GET', url: '/api/campaigns' },
  { method: 'GET', url: '/api/organization/sso' },
  { method: 'GET', url: '/api/organization/sso/saml' },
  { method: 'GET', url: '/api/organization/sso/groups' },
  // Not a contract endpoint (it answers bytes): the logo of the caller's organisation.
  { method: 'GET', url: '/api/organization/logo' },
];

/**
 * Every signed-in endpoint the server serves must be named here ("METHOD path" as in the
 * contract, without the leading slash), with how this file covers it.
 */
const COVERAGE: Readonly<Record<string, string>> = {
  'GET organization/sub-groups': 'foreign ids (query group_id); read by every caller',
  'DELETE organization/remove-department': 'foreign ids (department_id)',
  'POST organization/view-as': 'foreign ids (group_id)',
  'POST invite-sub-group': 'foreign ids (group_id); B’s names are free in A',
  'POST survey-invitation': 'foreign ids (survey_token_id)',
  'PUT organization/invitation-update': 'foreign ids (invitation_id)',
  'DELETE user/remove-staff': 'foreign ids (user_id)',
  'POST user/move-staff': 'foreign ids (user_id, department_id)',
  'POST organization/change-group-assignee': 'foreign ids (department_id, user_id)',
  'POST token/update': 'foreign ids (id, department_id); B’s alias is free in A',
  'POST survey/manipulation-email': 'foreign ids (token_id)',
  'POST organization/setting/date-range': 'foreign ids (ranges[].id)',
  'GET organization/information': 'read by every caller',
  'GET organization/tires': 'read by every caller',
  'GET organization/setting/date-range': 'read by every caller',
  'GET organization/setting/date-range/check': 'read by every caller',
  'GET organization/groups': 'read by every caller',
  'GET organization/departments': 'read by every caller',
  'GET organization/groups-sub-groups': 'read by every caller',
  'GET organization/selection-groups': 'read by every caller',
  'GET organization/members': 'read by every caller',
  'GET organization/invitations': 'read by every caller, every kind',
  'GET token/all': 'read by every caller',
  'GET token/surveys': 'read by every caller',
  'POST check-access-token': 'read by every caller (primary_departments)',
  'GET user/permissions': 'read by every caller',
  'GET user/setting': 'read by every caller',
  'GET organization/package': 'read by every caller (administrators; 403 for the others)',
  'PATCH organization/rename-tiers': 'no id field: written once by A’s administrator, B unchanged',
  'PATCH organization/setting/update': 'no id field: written once, B unchanged',
  'POST organization/update': 'no id field: written once (JSON form), B unchanged',
  'POST organization/toggle-view-as-consent': 'no id field: toggled off and on, B’s view-as sessions untouched',
  'POST department-register': 'no id field: B’s group name is free in A',
  'POST invite-sub-admin': 'no id field: written once, B unchanged',
  'POST invite-another-admin': 'no id field: written once, B unchanged',
  'POST user/setting': 'no id field: the caller’s own row',
  'PATCH user/update': 'no id field: the caller’s own row',
  'GET certificate/list': 'read by every caller (administrators; 403 for the others)',
  'GET certificate/pdf': 'foreign id (query id): B’s certificate is not found for A',
  'POST certificate/revoke': 'foreign id (id): B’s certificate is not found for A and stays valid',
  'POST certificate/issue': 'no id field: for the caller’s own organisation, from its released figures',
  'POST general/export-excel': 'a CSV of a card by every caller: A’s released figures only',
  'POST general/export-report': 'a PDF by every caller: A’s released figures only (no id field)',
  'GET general/report/list': 'read by every caller: B’s saved definitions never listed',
  'POST general/report/save': 'no id field: saved for the caller’s own organisation',
  'POST general/report/delete': 'foreign id (id): B’s definition is not found for A and stays',
  'GET mutuality/countries-list': 'read by every caller (no figures about people)',
  'POST general/export-excel-mutuality': 'foreign ids (organization_id): B’s organisation answers as an unknown one',
  'GET extra-survey/surveys': 'read by every caller; B’s question never listed',
  'POST extra-survey/update': 'foreign ids (id, tokens[], department_id): B’s question, link and group answer as unknown ones',
  'POST general/export-extra-survey': 'by every caller: A’s released results only',
  'GET general/calender-events': 'read by every caller: shares from A’s released figures only',
  'GET general/calender-events/feed': 'read by every caller: the caller’s own link',
  'POST general/calender-events/feed': 'no id field: the caller’s own link; B’s link untouched',
  'POST general/calender-events/feed/revoke': 'no id field: revokes the caller’s own link only, B’s keeps working',
  'GET general/calender-events/export': 'the year as a spreadsheet by A’s administrator: no B',
  'GET general/calender-events/ics': 'the current view as an .ics file by A’s administrator: names and dates only, no B',
  'GET general/ai/export': 'read by every caller; B’s date range (filter[date-tag]) answers as an unknown one; B’s name in the prompt is not echoed',
  'POST benchmark/pooling': 'no id field: set on and off by A’s administrator, B unchanged',
  'POST general/export-excel-compare': 'foreign ids (organizations[].group, date-tag): answers as for an unknown id',
  'POST general/export-key-facts-compare': 'foreign ids (organizations[].group, date-tag): answers as for an unknown id',
  'GET people': 'read by every caller: A’s people only (the administrators; a group’s assignee their groups’)',
  'GET campaigns/participation': 'foreign id (query id): B’s campaign answers A as an unknown one (the campaign participation test below)',
  'GET campaigns/participation/latest': 'read by every caller: A’s latest campaign only (the administrators; no card for the others)',
  'GET campaigns': 'read by every caller: A’s campaigns only (the administrators; 403 for the others)',
  'GET organization/sso': 'read by every caller (the administrator; 403 for the others): A’s settings only, never a secret',
  'GET organization/sso/saml': 'read by every caller (the administrator; 403 for the others): A’s settings only',
  'GET organization/sso/groups': 'read by every caller (the administrator; 403 for the others): A’s mappings and groups only',
};

/** Signed-in endpoints deliberately left out, and why. */
const SKIPPED: Readonly<Record<string, string>> = {
  'POST user/update-password': 'the caller’s own password, no id field; it ends the caller’s other sessions (auth tests cover it)',
  'POST user/update-password-2fa': 'the caller’s own password, no id field; needs a 2FA code',
  'POST user/update/get-token': 'the caller’s own 2FA secret, no id field',
  'POST user/update/toggle-2fa': 'the caller’s own 2FA, no id field; needs a code',
  'POST user/update/send-2fa-code': 'the caller’s own 2FA code by mail, no id field',
  'POST organization/package/request': 'no id field: emails the operator about the caller’s own organisation (packages tests cover it); five an hour',
  'POST login-profile': 'the caller’s own password check, no id field; it revokes the calling session',
  // Multipart uploads and their staged imports: tests/server/peopleImport.test.ts sends another uploader's and another organisation's import tokens and groups.
  'POST people/import': 'a multipart file, no id field; the staged upload is the uploader’s only (peopleImport tests)',
  'POST people/import/check': 'an import token that is the uploader’s only; B’s groups named in the file read as unknown ones (peopleImport tests)',
  'POST people/import/confirm': 'an import token that is the uploader’s only (peopleImport tests)',
  'GET people/import/problems': 'an import token that is the uploader’s only (peopleImport tests)',
  // Campaigns: tests/server/campaigns.test.ts sends B's campaign, link, group and person ids to A and A's to B, each answered as an unknown id.
  'POST campaigns': 'foreign ids (token_id, recipients.group_ids, recipients.person_ids) answer as unknown ones (campaigns tests)',
  'POST campaigns/update': 'foreign ids (id, token_id, recipients) answer as unknown ones; B’s campaign unchanged (campaigns tests)',
  'POST campaigns/pause': 'foreign id (id): B’s campaign is not found for A and stays as it was (campaigns tests)',
  'POST campaigns/resume': 'foreign id (id): B’s campaign is not found for A (campaigns tests)',
  'POST campaigns/cancel': 'foreign id (id): B’s campaign is not found for A and stays as it was (campaigns tests)',
  'POST mutuality/census-upload': 'a multipart file for the caller’s own organisation; another organisation never sees it (censusUpload tests)',
  'POST organization/sso': 'the administrator’s own organisation’s settings, no id field (ssoOidc tests)',
  'POST organization/sso/domains': 'a domain for the caller’s organisation; one verified by another organisation is refused (ssoOidc tests)',
  'POST organization/sso/domains/verify': 'a code mailed for the caller’s own domain (ssoOidc tests)',
  'POST organization/sso/saml': 'the administrator’s own organisation’s settings, no id field (ssoSaml tests)',
  'GET organization/sso/saml/sp-metadata': 'our service provider’s metadata for the caller’s own organisation, no id field (ssoSaml tests)',
  'POST organization/sso/groups': 'the caller’s own mappings; another organisation’s group id is refused as an unknown group (ssoOidc tests)',
};

/** Statistics endpoints say so (domain/contracts/statistics.ts); they are covered as a family below. */
const isStatistic = (endpoint: AnyEndpoint): boolean => (endpoint as { filtered?: unknown }).filtered === true;

const served = (endpoint: AnyEndpoint): boolean => app.hasRoute({ method: endpoint.method, url: routePath(endpoint.path) });

/** The served statistics endpoints: every caller reads each, and their date-tag filter is fuzzed. */
/** A statistics request as its endpoint is called: most are GET, POST /benchmark/internal/process has an empty body. */
const statRequest = (endpoint: AnyEndpoint, url: string) => ({ method: endpoint.method, url, ...(endpoint.method === 'GET' ? {} : { payload: {} }) }) as Parameters<typeof send>[1];

const statistics = async (): Promise<AnyEndpoint[]> => [...(await contractEndpoints()).values()].filter((endpoint) => isStatistic(endpoint) && served(endpoint));

describe('the inventory', () => {
  it('names every signed-in endpoint the server serves from domain/contracts', async () => {
    const signedIn: string[] = [];
    const notServed: string[] = [];
    for (const [key, endpoint] of await contractEndpoints()) {
      if (!served(endpoint)) {
        notServed.push(key);
        continue;
      }
      const params = Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, 'x']));
      const response = await send(app, { method: endpoint.method, url: `/api/${fillPath(endpoint.path, params).replace(/^\/+/, '')}`, ...(endpoint.method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, `${key} without a token`).toBeLessThan(500);
      if (response.statusCode === 401 && !isStatistic(endpoint)) signedIn.push(key);
    }
    const unlisted = signedIn.filter((key) => COVERAGE[key] === undefined && SKIPPED[key] === undefined);
    expect(unlisted, 'signed-in endpoints this file does not cover: add them to the fuzz, READS or SKIPPED').toEqual([]);
    const stale = Object.keys({ ...COVERAGE, ...SKIPPED }).filter((key) => !signedIn.includes(key));
    expect(stale, 'listed endpoints that are not served behind sign-in').toEqual([]);
    if (notServed.length > 0) console.log(`tenancy: contract endpoints not served (yet): ${notServed.join(', ')}`);
  });
});

// ---------------------------------------------------------------------------------------------

describe('lists', () => {
  it('no read of any caller of A (every role, view-as sessions) carries anything of B', async () => {
    for (const caller of callers) {
      for (const request of READS) expectClean(await send(app, request, caller.token), `${caller.label} ${request.method} ${request.url}`);
    }
    // A's administrator does see A's own groups and logo: the lists above were not empty.
    const groups = await send(app, { method: 'GET', url: '/api/organization/groups' }, a.tokens.get('admin'));
    expect(groups.json().data.map((group: { id: string }) => group.id).sort()).toEqual([a.north, a.south].sort());
    const logo = await send(app, { method: 'GET', url: '/api/organization/logo' }, a.tokens.get('staff'));
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(a.logo)).toBe(true);
  });

  it('no statistic read by any caller of A counts or names B', async () => {
    const endpoints = await statistics();
    const url = (endpoint: AnyEndpoint) => routePath(endpoint.path).replace(/:\w+/g, 'x');
    const totals = endpoints.filter((endpoint) => endpoint.path.endsWith('/total-registered'));
    for (const endpoint of totals) {
      // B's own figure is released: were B's responses counted for A, A's would be released too.
      const own = await send(app, { method: 'GET', url: url(endpoint) }, b.tokens.get('admin'));
      expect(own.json().status, `B's own ${endpoint.path}: ${own.body}`).toBe(200);
      // Figures are adjusted by up to ±d (docs/privacy.md): B's is still above anything A's could be.
      expect(own.json().data.count, `B's own ${endpoint.path}`).toBeGreaterThan(a.responseIds.length + 2 * MAX_ADJUSTMENT);
    }
    for (const caller of callers) {
      for (const endpoint of endpoints) {
        const response = await send(app, statRequest(endpoint, url(endpoint)), caller.token);
        expectClean(response, `${caller.label} GET ${endpoint.path}`);
        const count = (response.json() as { data?: { count?: unknown } }).data?.count;
        if (totals.includes(endpoint) && typeof count === 'number') expect(count, `${caller.label} ${endpoint.path}`).toBeLessThanOrEqual(a.responseIds.length + MAX_ADJUSTMENT);
      }
    }
  }, 120_000); // every caller reads every statistic, the benchmark's groups included

  it('exports and certificates of A never reach B', async () => {
    for (const caller of callers) {
      const csv = await send(app, { method: 'POST', url: '/api/general/export-excel', payload: { page: 'overview', format: 'csv', card: 'overview/country-birth' } }, caller.token);
      expectClean(csv, `${caller.label} POST /general/export-excel`);
    }
    const issued = await send(app, { method: 'POST', url: '/api/certificate/issue', payload: {} }, a.tokens.get('admin'));
    expectClean(issued, 'POST /certificate/issue');
    const id = crypto.randomUUID();
    await database.db
      .insertInto('certificates')
      .values({ id, organization_id: b.organizationId, payload: 'b-payload', signature: 'b-signature', issued_by: b.users.get('admin')!.id, issued_at: new Date() })
      .execute();
    const pdf = await send(app, { method: 'GET', url: `/api/certificate/pdf?id=${id}` }, a.tokens.get('admin'));
    expect(pdf.statusCode, pdf.body).toBe(404);
    const revoke = await send(app, { method: 'POST', url: '/api/certificate/revoke', payload: { id } }, a.tokens.get('admin'));
    expect(revoke.statusCode, revoke.body).toBe(404);
    const row = await database.db.selectFrom('certificates').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    await database.db.deleteFrom('certificates').where('id', '=', id).execute();
  });

  it('B’s campaign participation answers A as an unknown campaign, and A’s home card never shows B’s', async () => {
    const insertCampaign = async (tenant: Tenant, name: string) => {
      const person = await database.db
        .insertInto('people')
        .values({ organization_id: tenant.organizationId, email: `${crypto.randomUUID()}@example.test`, first_name: name, last_name: name, group_id: tenant.north })
        .returning('id')
        .executeTakeFirstOrThrow();
      const campaign = await database.db
        .insertInto('campaigns')
        .values({
          organization_id: tenant.organizationId, token_id: tenant.links.organization.id, name, time_zone: 'Australia/Sydney', send_local: '2026-01-01T09:00',
          send_at: new Date(Date.now() - DAY), closes_local: '2027-01-01T09:00', closes_at: new Date(Date.now() + DAY),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db.insertInto('campaign_recipients').values({ campaign_id: campaign.id, person_id: person.id, group_id: tenant.north, language: 'en' }).execute();
      return { campaign: campaign.id, person: person.id };
    };
    const bCampaign = await insertCampaign(b, `${B_MARKER} campaign`);
    const aCampaign = await insertCampaign(a, 'Alderqx campaign');
    const admin = a.tokens.get('admin');
    const random = crypto.randomUUID();
    const foreign = await send(app, { method: 'GET', url: `/api/campaigns/participation?id=${bCampaign.campaign}` }, admin);
    const unknown = await send(app, { method: 'GET', url: `/api/campaigns/participation?id=${random}` }, admin);
    expectClean(foreign, 'GET /campaigns/participation', [bCampaign.campaign]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    // The positive control: A's own campaign is found, and is A's card.
    expect((await send(app, { method: 'GET', url: `/api/campaigns/participation?id=${aCampaign.campaign}` }, admin)).statusCode).toBe(200);
    const latest = await send(app, { method: 'GET', url: '/api/campaigns/participation/latest' }, admin);
    expect(latest.json().data.campaign.id).toBe(aCampaign.campaign);
    for (const caller of callers) expectClean(await send(app, { method: 'GET', url: '/api/campaigns/participation/latest' }, caller.token), `${caller.label} GET /campaigns/participation/latest`);
    await database.db.deleteFrom('campaigns').where('id', 'in', [aCampaign.campaign, bCampaign.campaign]).execute();
    await database.db.deleteFrom('people').where('id', 'in', [aCampaign.person, bCampaign.person]).execute();
  });

  it('extra-survey questions, links and groups of B answer A as unknown ones', async () => {
    const insertQuestion = async (tenant: Tenant, text: string) => {
      const id = crypto.randomUUID();
      await database.db
        .insertInto('extra_questions')
        .values({ id, organization_id: tenant.organizationId, department_id: null, series_id: id, kind: 'scale', text, translations: '{}', options: '[]', status: 'published', published_at: new Date(), retired_at: null })
        .execute();
      await database.db.insertInto('extra_question_links').values({ question_id: id, token_id: tenant.links.organization.id, organization_id: tenant.organizationId }).execute();
      return id;
    };
    const bQuestion = await insertQuestion(b, `${B_MARKER} question`);
    const aQuestion = await insertQuestion(a, 'Alderqx question');
    const admin = a.tokens.get('admin');
    const strip = (response: LightMyRequestResponse, id: string) => ({ status: response.statusCode, body: response.body.split(id).join('ID') });
    const bodies = (id: string): Record<string, unknown>[] => [
      { action: 'delete', id },
      { action: 'retire', id },
      { action: 'move', id, direction: 'up' },
      { action: 'publish', id, tokens: [a.links.organization.id] },
      { action: 'save', id, kind: 'scale', text: 'Changed' },
    ];
    const random = crypto.randomUUID();
    for (const [index, body] of bodies(bQuestion).entries()) {
      const foreign = await send(app, { method: 'POST', url: '/api/extra-survey/update', payload: body }, admin);
      const unknown = await send(app, { method: 'POST', url: '/api/extra-survey/update', payload: bodies(random)[index]! }, admin);
      expectClean(foreign, `extra-survey/update ${String(body.action)}`, [bQuestion]);
      expect(strip(foreign, bQuestion)).toEqual(strip(unknown, random));
      expect(foreign.statusCode).toBe(404);
    }
    const bLink = b.links.organization.id;
    const viaLink = await send(app, { method: 'POST', url: '/api/extra-survey/update', payload: { action: 'publish', id: aQuestion, tokens: [bLink] } }, admin);
    const viaRandom = await send(app, { method: 'POST', url: '/api/extra-survey/update', payload: { action: 'publish', id: aQuestion, tokens: [random] } }, admin);
    expect(viaLink.statusCode).toBe(422);
    expect(viaLink.body).toBe(viaRandom.body);
    const viaGroup = await send(app, { method: 'POST', url: '/api/extra-survey/update', payload: { action: 'save', kind: 'scale', text: 'Probe', department_id: b.north } }, admin);
    const viaNoGroup = await send(app, { method: 'POST', url: '/api/extra-survey/update', payload: { action: 'save', kind: 'scale', text: 'Probe', department_id: random } }, admin);
    expect(viaGroup.statusCode).toBe(422);
    expect(viaGroup.body).toBe(viaNoGroup.body);
    for (const caller of callers) {
      for (const request of [
        { method: 'GET', url: '/api/extra-survey/surveys' },
        { method: 'GET', url: '/api/extra-survey/details' },
        { method: 'POST', url: '/api/general/export-extra-survey', payload: {} },
      ] as const) expectClean(await send(app, request, caller.token), `${caller.label} ${request.url}`);
    }
    const row = await database.db.selectFrom('extra_questions').selectAll().where('id', '=', bQuestion).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'published', text: `${B_MARKER} question`, version: 1 });
    expect(await database.db.selectFrom('extra_question_links').select('token_id').where('question_id', '=', bQuestion).execute()).toEqual([{ token_id: b.links.organization.id }]);
    await database.db.deleteFrom('extra_questions').where('id', 'in', [aQuestion, bQuestion]).execute();
  });
  it('the calendar of A never reaches B, and A cannot revoke B’s link', async () => {
    // B's link, written straight into the table (and removed after), so B's audit log stays as it was.
    const bToken = 'b'.repeat(43);
    await database.db
      .insertInto('calendar_feeds')
      .values({ organization_id: b.organizationId, user_id: b.users.get('admin')!.id, token_hash: createHash('sha256').update(bToken).digest('hex') })
      .execute();
    const aFeed = await send(app, { method: 'POST', url: '/api/general/calender-events/feed', payload: {} }, a.tokens.get('admin'));
    expectClean(aFeed, 'POST /general/calender-events/feed');
    const revoked = await send(app, { method: 'POST', url: '/api/general/calender-events/feed/revoke', payload: {} }, a.tokens.get('admin'));
    expectClean(revoked, 'POST /general/calender-events/feed/revoke');
    const bFeed = await send(app, { method: 'GET', url: `/api/calendar/feed/${bToken}.ics` });
    expect(bFeed.statusCode).toBe(200);
    expect((await send(app, { method: 'GET', url: new URL(aFeed.json().data.url as string).pathname })).statusCode).toBe(404);
    const sheet = await send(app, { method: 'GET', url: '/api/general/calender-events/export' }, a.tokens.get('admin'));
    expect(sheet.statusCode).toBe(200);
    const view = await send(app, { method: 'GET', url: '/api/general/calender-events/ics?view=all' }, a.tokens.get('admin'));
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(B_MARKER);
    await database.db.deleteFrom('calendar_feeds').where('organization_id', '=', b.organizationId).execute();
  });

  it('the public survey of A’s link offers A’s groups only', async () => {
    const response = await send(app, { method: 'GET', url: `/api/survey/groups?token=${encodeURIComponent(a.links.organization.token)}` });
    expectClean(response, 'GET /survey/groups');
    expect(response.json().data.map((option: { id: string }) => option.id).sort()).toEqual([a.north, a.south, a.harbour, a.hills].sort());
  });
});

// ---------------------------------------------------------------------------------------------
// Foreign ids.

type Pool = 'department' | 'group' | 'user' | 'invitation' | 'link' | 'range' | 'organization';
type Form = 'plain' | 'upper' | 'padded' | 'nodash' | 'braces';

const FORMS: readonly Form[] = ['plain', 'upper', 'padded', 'nodash', 'braces'];

const spell = (id: string, form: Form): string => {
  switch (form) {
    case 'plain':
      return id;
    case 'upper':
      return id.toUpperCase();
    case 'padded':
      return ` ${id} `;
    case 'nodash':
      return id.replace(/-/g, '');
    case 'braces':
      return `{${id}}`;
  }
};

const pools = (tenant: Tenant): Record<Pool, string[]> => ({
  department: [tenant.north, tenant.south, tenant.harbour, tenant.hills],
  group: [tenant.north, tenant.south],
  user: [...tenant.users.values(), ...tenant.spareStaff].map((user) => user.id),
  invitation: tenant.invitations.map((invitation) => invitation.id),
  link: Object.values(tenant.links).map((link) => link.id),
  range: tenant.dateRanges.map((range) => range.id),
  organization: [tenant.organizationId],
});

interface IdField {
  readonly name: string;
  readonly pool: Pool;
  readonly optional?: boolean;
}

interface IdCase {
  readonly endpoint: string;
  readonly fields: readonly IdField[];
  readonly extras: fc.Arbitrary<Record<string, unknown>>;
  /** The request with these field values (undefined: left out). */
  readonly request: (ids: Readonly<Record<string, unknown>>, extras: Readonly<Record<string, unknown>>) => Sent;
}

const present = (ids: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(ids).filter(([, value]) => value !== undefined));

/** A field value as a query string carries it (objects and arrays as their JSON). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const soon = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

const probe = { email: 'probe.assignee@tenancy-test.org', first_name: 'Probe', last_name: 'Person' };

/** A comparison's spreadsheet: the whole organisation beside a group (and date range) of the fuzzed ids. */
const compareExport = (path: 'export-excel-compare' | 'export-key-facts-compare'): IdCase => ({
  endpoint: `POST /general/${path}`,
  fields: [
    { name: 'group', pool: 'department' },
    { name: 'date-tag', pool: 'range', optional: true },
  ],
  extras: fc.constantFrom<Record<string, unknown>>({}, { filter: { gender: ['1'] } }),
  request: (ids, extras) => ({
    method: 'POST',
    url: `/api/general/${path}`,
    payload: { organizations: [{ group: 'all' }, { group: ids.group, ...(ids['date-tag'] === undefined ? {} : { 'date-tag': ids['date-tag'] }) }], ...extras },
  }),
});

const ID_CASES: readonly IdCase[] = [
  {
    endpoint: 'GET /organization/sub-groups',
    fields: [{ name: 'group_id', pool: 'group' }],
    extras: fc.constant({}),
    request: (ids) => ({ method: 'GET', url: `/api/organization/sub-groups?${new URLSearchParams({ group_id: asText(ids.group_id) }).toString()}` }),
  },
  {
    endpoint: 'DELETE /organization/remove-department',
    fields: [{ name: 'department_id', pool: 'department' }],
    extras: fc.constant({}),
    request: (ids) => ({ method: 'DELETE', url: '/api/organization/remove-department', payload: ids }),
  },
  {
    endpoint: 'POST /organization/view-as',
    fields: [{ name: 'group_id', pool: 'department' }],
    extras: fc.constant({}),
    request: (ids) => ({ method: 'POST', url: '/api/organization/view-as', payload: ids }),
  },
  {
    endpoint: 'POST /invite-sub-group',
    fields: [{ name: 'group_id', pool: 'group' }],
    extras: fc.record({ name: fc.constantFrom('Tenancy probe', 'Harbour'), capacity: fc.constantFrom(null, 5), assignee: fc.constantFrom(null, probe) }),
    request: (ids, extras) => ({ method: 'POST', url: '/api/invite-sub-group', payload: { ...ids, ...extras } }),
  },
  {
    endpoint: 'POST /survey-invitation',
    fields: [{ name: 'survey_token_id', pool: 'link' }],
    extras: fc.record({ emails: fc.constantFrom(['probe.participant@tenancy-test.org'], ['one@tenancy-test.org', 'two@tenancy-test.org']) }),
    request: (ids, extras) => ({ method: 'POST', url: '/api/survey-invitation', payload: { ...ids, ...extras } }),
  },
  {
    endpoint: 'PUT /organization/invitation-update',
    fields: [{ name: 'invitation_id', pool: 'invitation' }],
    extras: fc.constantFrom<Record<string, unknown>>({}, { first_name: 'Probe' }, { revoke: true }, { resend: true }, { email: 'probe.changed@tenancy-test.org' }),
    request: (ids, extras) => ({ method: 'PUT', url: '/api/organization/invitation-update', payload: { ...ids, ...extras } }),
  },
  {
    endpoint: 'DELETE /user/remove-staff',
    fields: [{ name: 'user_id', pool: 'user' }],
    extras: fc.constant({}),
    request: (ids) => ({ method: 'DELETE', url: '/api/user/remove-staff', payload: ids }),
  },
  {
    endpoint: 'POST /user/move-staff',
    fields: [
      { name: 'user_id', pool: 'user' },
      { name: 'department_id', pool: 'department' },
    ],
    extras: fc.constant({}),
    request: (ids) => ({ method: 'POST', url: '/api/user/move-staff', payload: ids }),
  },
  {
    endpoint: 'POST /organization/change-group-assignee',
    fields: [
      { name: 'department_id', pool: 'department' },
      { name: 'user_id', pool: 'user', optional: true },
    ],
    extras: fc.record({ withAssignee: fc.boolean() }),
    request: (ids, extras) => ({
      method: 'POST',
      url: '/api/organization/change-group-assignee',
      payload: { ...present(ids), ...(extras.withAssignee === true || ids.user_id === undefined ? { assignee: probe } : {}) },
    }),
  },
  {
    endpoint: 'POST /token/update',
    fields: [
      { name: 'id', pool: 'link', optional: true },
      { name: 'department_id', pool: 'department', optional: true },
    ],
    extras: fc.record({ alias: fc.constantFrom('Probe link', 'everyone'), capacity: fc.constantFrom(0, 1), active: fc.boolean() }),
    request: (ids, extras) => ({ method: 'POST', url: '/api/token/update', payload: { ...present(ids), ...extras, expires_at: soon(3) } }),
  },
  {
    endpoint: 'POST /survey/manipulation-email',
    fields: [{ name: 'token_id', pool: 'link' }],
    extras: fc.record({ emails: fc.constant(['probe.reader@tenancy-test.org']), message: fc.constantFrom('Please answer.', '') }),
    request: (ids, extras) => ({ method: 'POST', url: '/api/survey/manipulation-email', payload: { ...ids, ...extras } }),
  },
  {
    endpoint: 'GET /compare/data',
    fields: [
      { name: 'group', pool: 'department' },
      { name: 'date-tag', pool: 'range', optional: true },
    ],
    extras: fc.constantFrom<Record<string, unknown>>({}, { 'filter[gender][0]': '1' }),
    request: (ids, extras) => {
      const params = new URLSearchParams({ 'selection[0][group]': 'all', 'selection[1][group]': asText(ids.group) });
      if (ids['date-tag'] !== undefined) params.set('selection[1][date-tag]', asText(ids['date-tag']));
      for (const [key, value] of Object.entries(extras)) params.set(key, asText(value));
      return { method: 'GET', url: `/api/compare/data?${params.toString()}` };
    },
  },
  {
    endpoint: 'GET /mutuality/compare-data',
    fields: [
      { name: 'group', pool: 'department' },
      { name: 'date-tag', pool: 'range', optional: true },
    ],
    extras: fc.constantFrom<Record<string, unknown>>({}, { 'filter[gender][0]': '1' }),
    request: (ids, extras) => {
      const params = new URLSearchParams({ country_id: String(countryId), group: asText(ids.group) });
      if (ids['date-tag'] !== undefined) params.set('date-tag', asText(ids['date-tag']));
      for (const [key, value] of Object.entries(extras)) params.set(key, asText(value));
      return { method: 'GET', url: `/api/mutuality/compare-data?${params.toString()}` };
    },
  },
  {
    endpoint: 'POST /general/export-excel-mutuality',
    fields: [{ name: 'organization_id', pool: 'organization' }],
    extras: fc.constant({}),
    request: (ids) => ({ method: 'POST', url: '/api/general/export-excel-mutuality', payload: { ...present(ids), country_id: countryId } }),
  },
  compareExport('export-excel-compare'),
  compareExport('export-key-facts-compare'),
  {
    endpoint: 'POST /organization/setting/date-range',
    fields: [
      { name: 'first', pool: 'range', optional: true },
      { name: 'second', pool: 'range', optional: true },
    ],
    extras: fc.constant({}),
    request: (ids) => ({
      method: 'POST',
      url: '/api/organization/setting/date-range',
      payload: {
        ranges: [
          { ...(ids.first === undefined ? {} : { id: ids.first }), label: 'Probe year', type: 'since', value: '2024-02-01' },
          { ...(ids.second === undefined ? {} : { id: ids.second }), label: 'Probe term', type: 'between', value: '2024-02-01..2024-06-30' },
        ],
      },
    }),
  },
];

type Source = 'B' | 'B-other-kind' | 'A' | 'random' | 'absent';

interface Choice {
  readonly source: Source;
  readonly id: string;
  readonly form: Form;
  /** What stands in for a B id in the control request: a uuid nobody has. */
  readonly stranger: string;
}

/** A spelling of an id, most often the plain one (the others are PostgreSQL's alternative inputs and edits). */
const formOf = (): fc.Arbitrary<Form> => fc.oneof({ weight: 3, arbitrary: fc.constant<Form>('plain') }, fc.constantFrom(...FORMS.filter((form) => form !== 'plain')));

const choiceOf = (field: IdField): fc.Arbitrary<Choice> => {
  const form = formOf();
  const made = (source: Source, ids: readonly string[]) =>
    fc.record({ source: fc.constant(source), id: fc.constantFrom(...ids), form, stranger: fc.uuid() });
  return fc.oneof(
    { weight: 5, arbitrary: made('B', pools(b)[field.pool]) },
    { weight: 1, arbitrary: made('B-other-kind', bIds) },
    { weight: 2, arbitrary: made('A', pools(a)[field.pool]) },
    { weight: 1, arbitrary: fc.record({ source: fc.constant<Source>('random'), id: fc.uuid(), form, stranger: fc.uuid() }) },
    ...(field.optional ? [{ weight: 1, arbitrary: fc.constant<Choice>({ source: 'absent', id: '', form: 'plain', stranger: '' }) }] : []),
  );
};

/**
 * A caller of A, most often one allowed to act (so that the id lookups are reached rather than
 * refused for the role): administrators and assignees weigh more than the others.
 */
const weightedCaller = (): fc.Arbitrary<Caller> => {
  const weight = (caller: Caller): number => (caller.label === 'admin' ? 4 : caller.label === 'second_admin' || caller.label === 'group_assignee' ? 2 : 1);
  return fc.oneof(...callers.map((caller) => ({ weight: weight(caller), arbitrary: fc.constant(caller) })));
};

const isB = (choice: Choice): boolean => choice.source === 'B' || choice.source === 'B-other-kind';

/** The request as sent with B's ids, and the same request with each B id replaced by a stranger uuid. */
const requestPair = (idCase: IdCase, choices: readonly Choice[], extras: Record<string, unknown>) => {
  const withB: Record<string, unknown> = {};
  const withStrangers: Record<string, unknown> = {};
  const sentB: string[] = [];
  const sentStrangers: string[] = [];
  idCase.fields.forEach((field, index) => {
    const choice = choices[index]!;
    if (choice.source === 'absent') {
      withB[field.name] = undefined;
      withStrangers[field.name] = undefined;
      return;
    }
    withB[field.name] = spell(choice.id, choice.form);
    withStrangers[field.name] = isB(choice) ? spell(choice.stranger, choice.form) : spell(choice.id, choice.form);
    if (isB(choice)) {
      sentB.push(choice.id, spell(choice.id, choice.form), spell(choice.id, choice.form).trim());
      sentStrangers.push(choice.stranger, spell(choice.stranger, choice.form), spell(choice.stranger, choice.form).trim());
    }
  });
  return { b: idCase.request(withB, extras), stranger: idCase.request(withStrangers, extras), sentB, sentStrangers };
};

describe('another organisation’s id answers as if it did not exist', () => {
  for (const idCase of ID_CASES) {
    it(idCase.endpoint, async () => {
      const sample = fc
        .record({
          caller: weightedCaller(),
          choices: fc.tuple(...idCase.fields.map(choiceOf)),
          extras: idCase.extras,
        })
        .filter(({ choices }) => choices.some(isB));
      await fc.assert(
        fc.asyncProperty(sample, async ({ caller, choices, extras }) => {
          const pair = requestPair(idCase, choices, extras);
          const withB = await send(app, pair.b, caller.token);
          const withStranger = await send(app, pair.stranger, caller.token);
          tally(idCase.endpoint, withB.statusCode);
          const context = `${caller.label} ${idCase.endpoint} ${JSON.stringify(pair.b.payload ?? pair.b.url)}`;
          expectClean(withB, context, pair.sentB);
          expect(withStranger.statusCode, `${context} (stranger): ${withStranger.body}`).toBeLessThan(500);
          expect({ status: withB.statusCode, body: comparable(withB.body, pair.sentB, knownA) }, context).toEqual({
            status: withStranger.statusCode,
            body: comparable(withStranger.body, pair.sentStrangers, knownA),
          });
        }),
        { numRuns: NUM_RUNS },
      );
    });
  }

  it('garbage in any id field (wrong types, bad uuids, cut B ids) is a 4xx and never shows B', async () => {
    const cutB = fc.constantFrom(...bIds).chain((id) => fc.constantFrom(`${id}x`, id.slice(0, -1), `${id}\u0000`, id.replace(/-/g, '_'), `${id},${id}`));
    const garbage = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', ' ', 'null', '0', '-1', "' or 1=1 --", '%', '\\', '../', '\u0000', 'a'.repeat(5000)),
      cutB,
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.constantFrom(...bIds), { maxLength: 2 }),
      fc.dictionary(fc.constantFrom('id', 'uuid', '$ne'), fc.constantFrom(...bIds), { maxKeys: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ID_CASES),
        weightedCaller(),
        fc.array(garbage, { minLength: 2, maxLength: 2 }),
        async (idCase, caller, values) => {
          const ids = Object.fromEntries(idCase.fields.map((field, index) => [field.name, values[index]]));
          const extras = fc.sample(idCase.extras, { numRuns: 1, seed: 7 })[0]!;
          const request = idCase.request(ids, extras);
          const response = await send(app, request, caller.token);
          tally('garbage', response.statusCode);
          const sent = values.flatMap((value) => (typeof value === 'string' ? [value, value.trim()] : []));
          expectClean(response, `${caller.label} ${idCase.endpoint} ${JSON.stringify(request.payload ?? request.url).slice(0, 300)}`, sent);
          // Date-range ids are hints (an unknown one gets a new id), so any string there saves.
          if (request.method !== 'GET' && idCase.endpoint !== 'POST /organization/setting/date-range') {
            expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('the public survey of A’s link takes B’s group and B’s invitation as unknown ones', async () => {
    const token = a.links.organization.token;
    const submission = (group: string) => ({ token, 'first-name': '', 'last-name': '', 'stay-anonymous': 1, questions: { '3': group } });
    type Case = (value: string) => Sent;
    const cases: readonly [string, Case, fc.Arbitrary<string>, fc.Arbitrary<string>][] = [
      [
        'POST /diversity-survey question 3',
        (group) => ({ method: 'POST', url: '/api/diversity-survey', payload: submission(group) }),
        fc.constantFrom(...pools(b).department, ...bIds),
        fc.uuid(),
      ],
      [
        'GET /check-register-token invitation',
        (invitation) => ({ method: 'GET', url: `/api/check-register-token?${new URLSearchParams({ token, invitation }).toString()}` }),
        fc.constantFrom(b.surveyInvitationToken, ...b.invitations.map((invitation) => invitation.token)),
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
      ],
      [
        'POST /diversity-survey invitation',
        (invitation) => ({ method: 'POST', url: `/api/diversity-survey?${new URLSearchParams({ invitation }).toString()}`, payload: submission(a.north) }),
        fc.constantFrom(b.surveyInvitationToken, ...b.invitations.map((invitation) => invitation.token)),
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
      ],
    ];
    for (const [label, request, fromB, stranger] of cases) {
      await fc.assert(
        fc.asyncProperty(fromB, stranger, fc.constantFrom<Form>('plain', 'upper', 'padded'), async (value, other, form) => {
          const spelled = label.includes('question 3') ? spell(value, form) : value;
          const otherSpelled = label.includes('question 3') ? spell(other, form) : other;
          const withB = await send(app, request(spelled));
          const withStranger = await send(app, request(otherSpelled));
          tally(label, withB.statusCode);
          expectClean(withB, `${label} ${spelled}`, [value, spelled, spelled.trim()]);
          expect({ status: withB.statusCode, body: comparable(withB.body, [value, spelled, spelled.trim()], knownA) }, `${label} ${spelled}`).toEqual({
            status: withStranger.statusCode,
            body: comparable(withStranger.body, [other, otherSpelled, otherSpelled.trim()], knownA),
          });
        }),
        { numRuns: 15 },
      );
    }
  });
});

describe('statistics: B’s date range is an unknown date range', () => {
  it('filter[date-tag]', async () => {
    const endpoints = await statistics();
    if (endpoints.length === 0) return;
    const url = (endpoint: AnyEndpoint, tag: string) =>
      `${routePath(endpoint.path).replace(/:\w+/g, 'x')}?${new URLSearchParams({ 'filter[date-tag]': tag }).toString()}`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        weightedCaller(),
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...b.dateRanges.map((range) => range.id)) }, fc.constantFrom(...bIds)),
        fc.uuid(),
        formOf(),
        async (endpoint, caller, id, other, form) => {
          const withB = await send(app, statRequest(endpoint, url(endpoint, spell(id, form))), caller.token);
          const withStranger = await send(app, statRequest(endpoint, url(endpoint, spell(other, form))), caller.token);
          tally('GET statistics ?filter[date-tag]', withB.statusCode);
          const sentB = [id, spell(id, form), spell(id, form).trim()];
          expectClean(withB, `${caller.label} ${endpoint.path} date-tag ${id}`, sentB);
          expect({ status: withB.statusCode, body: comparable(withB.body, sentB, knownA) }).toEqual({
            status: withStranger.statusCode,
            body: comparable(withStranger.body, [other, spell(other, form), spell(other, form).trim()], knownA),
          });
        },
      ),
      { numRuns: NUM_RUNS },
    );
    // Control: A's own date range is found, where a stranger id is refused.
    const total = endpoints.find((endpoint) => endpoint.path.endsWith('/total-registered')) ?? endpoints[0]!;
    // A's ranges as stored now (the date-range property above replaced the first ones).
    const stored = await send(app, { method: 'GET', url: '/api/organization/setting/date-range' }, a.tokens.get('admin'));
    const ownRange = (stored.json().data as { id: string }[])[0]!.id;
    const own = await send(app, { method: 'GET', url: url(total, ownRange) }, a.tokens.get('admin'));
    const stranger = await send(app, { method: 'GET', url: url(total, '0b6c2f4e-8f1d-4c3a-9e57-2d1f6a7b8c90') }, a.tokens.get('admin'));
    expect(own.statusCode, own.body).toBe(200);
    expect(stranger.statusCode, stranger.body).not.toBe(own.statusCode);
  });
});

describe('AI export: B’s date range is an unknown date range, B’s name is not read', () => {
  it('filter[date-tag] and a prompt naming B', async () => {
    const url = (prompt: string, tag?: string) => `/api/general/ai/export?${new URLSearchParams({ prompt, ...(tag === undefined ? {} : { 'filter[date-tag]': tag }) }).toString()}`;
    await fc.assert(
      fc.asyncProperty(
        weightedCaller(),
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...b.dateRanges.map((range) => range.id)) }, fc.constantFrom(...bIds)),
        fc.uuid(),
        formOf(),
        async (caller, id, other, form) => {
          const withB = await send(app, { method: 'GET', url: url('languages', spell(id, form)) }, caller.token);
          const withStranger = await send(app, { method: 'GET', url: url('languages', spell(other, form)) }, caller.token);
          tally('GET general/ai/export ?filter[date-tag]', withB.statusCode);
          const sentB = [id, spell(id, form), spell(id, form).trim()];
          expectClean(withB, `${caller.label} ai export date-tag ${id}`, sentB);
          expect({ status: withB.statusCode, body: comparable(withB.body, sentB, knownA) }).toEqual({
            status: withStranger.statusCode,
            body: comparable(withStranger.body, [other, spell(other, form), spell(other, form).trim()], knownA),
          });
        },
      ),
      { numRuns: 10 },
    );
    // B's name reads exactly as a name nobody has: asked back, never matched to B's groups or echoed.
    for (const caller of callers) {
      const named = await send(app, { method: 'GET', url: url(`women managers of ${b.name} by languages`) }, caller.token);
      const stranger = await send(app, { method: 'GET', url: url('women managers of Quillorbet by languages') }, caller.token);
      expectClean(named, `${caller.label} ai export naming B`);
      expect(named.statusCode).toBe(stranger.statusCode);
      expect(named.body.replaceAll(b.name, 'NAME')).toBe(stranger.body.replaceAll('Quillorbet', 'NAME'));
      expect(['refused', 'understood']).toContain(named.json().data.status);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('writes without ids', () => {
  /** B's names that A took on purpose below: from then on they are A's data too. */
  const adopted: string[] = [];

  it('B’s names are free in A: a group, a sub-group and a link may take them as they may a new name', async () => {
    const admin = a.tokens.get('admin')!;
    const pairs: readonly [string, (name: string) => Sent][] = [
      [b.departmentNames[0]!, (name) => ({ method: 'POST', url: '/api/department-register', payload: { name } })],
      [b.departmentNames[2]!, (name) => ({ method: 'POST', url: '/api/invite-sub-group', payload: { group_id: a.south, name } })],
      [b.links.north.alias, (name) => ({ method: 'POST', url: '/api/token/update', payload: { alias: name, expires_at: soon(2), capacity: 0 } })],
    ];
    for (const [bName, request] of pairs) {
      const fresh = `Fresh ${Math.random().toString(36).slice(2, 10)}`;
      const withB = await send(app, request(bName), admin);
      const withFresh = await send(app, request(fresh), admin);
      adopted.push(bName);
      expectClean(withB, `${request(bName).url} named ${bName}`, [bName]);
      expect(withB.statusCode, withB.body).toBe(200);
      expect(comparable(withB.body, [bName], knownA)).toEqual(comparable(withFresh.body, [fresh], knownA));
    }
  });

  it('A’s administrator changes A’s settings, tiers, details, invitations and consent; nothing of B moves', async () => {
    const admin = a.tokens.get('admin')!;
    const writes: readonly Sent[] = [
      { method: 'PATCH', url: '/api/organization/rename-tiers', payload: { tiers: [{ level: 2, name: 'Alderqx Units' }] } },
      { method: 'PATCH', url: '/api/organization/setting/update', payload: { industry: 'Alderqx engines' } },
      { method: 'POST', url: '/api/organization/update', payload: { name: a.name, details: 'Alderqx details' } },
      { method: 'POST', url: '/api/invite-sub-admin', payload: { email: 'alderqx.newsub@tenancy-test.org', first_name: 'New', last_name: 'Sub' } },
      { method: 'POST', url: '/api/invite-another-admin', payload: { email: 'alderqx.second@tenancy-test.org', first_name: 'New', last_name: 'Second' } },
      { method: 'POST', url: '/api/user/setting', payload: { banners: {} } },
      { method: 'PATCH', url: '/api/user/update', payload: { first_name: 'Alderqxadmin' } },
      { method: 'POST', url: '/api/organization/toggle-view-as-consent', payload: {} },
      { method: 'POST', url: '/api/organization/toggle-view-as-consent', payload: {} },
      { method: 'POST', url: '/api/benchmark/pooling', payload: { pooling: true } },
      { method: 'POST', url: '/api/benchmark/pooling', payload: { pooling: false } },
    ];
    for (const request of writes) {
      const response = await send(app, request, admin);
      expectClean(response, `${request.method} ${request.url}`);
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(200);
    }
    const consent = await database.db.selectFrom('organizations').select(['id', 'view_as_consent']).where('id', 'in', [a.organizationId, b.organizationId]).execute();
    expect(consent.every((row) => row.view_as_consent)).toBe(true);
  });

  it('positive control: with A’s own ids, each fuzzed endpoint finds the row a stranger uuid does not', async () => {
    const admin = (await issueSession(database.db, { id: a.users.get('admin')!.id, organization_id: a.organizationId })).token;
    const stranger = '0b6c2f4e-8f1d-4c3a-9e57-2d1f6a7b8c90';
    const subInvitation = a.invitations.find((invitation) => invitation.kind === 'sub_admin')!;
    const created = await send(app, { method: 'POST', url: '/api/invite-sub-group', payload: { group_id: a.south, name: 'Control sub-group' } }, admin);
    expect(created.statusCode, created.body).toBe(200);
    const controls: readonly [string, (id: string) => Sent, string][] = [
      ['view-as', (id) => ({ method: 'POST', url: '/api/organization/view-as', payload: { group_id: id } }), a.south],
      ['invite-sub-group', (id) => ({ method: 'POST', url: '/api/invite-sub-group', payload: { group_id: id, name: 'Control two' } }), a.north],
      ['survey-invitation', (id) => ({ method: 'POST', url: '/api/survey-invitation', payload: { survey_token_id: id, emails: ['control.participant@tenancy-test.org'] } }), a.links.organization.id],
      ['invitation-update', (id) => ({ method: 'PUT', url: '/api/organization/invitation-update', payload: { invitation_id: id, first_name: 'Controlled' } }), subInvitation.id],
      ['move-staff', (id) => ({ method: 'POST', url: '/api/user/move-staff', payload: { user_id: id, department_id: a.south } }), a.spareStaff[0]!.id],
      ['move-staff destination', (id) => ({ method: 'POST', url: '/api/user/move-staff', payload: { user_id: a.spareStaff[0]!.id, department_id: id } }), a.hills],
      ['change-group-assignee', (id) => ({ method: 'POST', url: '/api/organization/change-group-assignee', payload: { department_id: id, user_id: a.spareStaff[1]!.id } }), a.hills],
      ['token/update', (id) => ({ method: 'POST', url: '/api/token/update', payload: { id, alias: 'Controlled link' } }), a.links.harbour.id],
      ['token/update department', (id) => ({ method: 'POST', url: '/api/token/update', payload: { department_id: id, alias: 'Control new link', expires_at: soon(2), capacity: 0 } }), a.north],
      ['manipulation-email', (id) => ({ method: 'POST', url: '/api/survey/manipulation-email', payload: { token_id: id, emails: ['control.reader@tenancy-test.org'] } }), a.links.north.id],
      ['remove-staff', (id) => ({ method: 'DELETE', url: '/api/user/remove-staff', payload: { user_id: id } }), a.spareStaff[0]!.id],
      ['remove-department', (id) => ({ method: 'DELETE', url: '/api/organization/remove-department', payload: { department_id: id } }), created.json().data.id as string],
      ['mutuality/compare-data', (id) => ({ method: 'GET', url: `/api/mutuality/compare-data?country_id=${countryId}&group=${id}` }), a.north],
      ['export-excel-mutuality', (id) => ({ method: 'POST', url: '/api/general/export-excel-mutuality', payload: { organization_id: id, country_id: countryId } }), a.organizationId],
    ];
    for (const [label, request, own] of controls) {
      const strangerResponse = await send(app, request(stranger), admin);
      const ownResponse = await send(app, request(own), admin);
      expect(ownResponse.statusCode, `${label} with A’s own id: ${ownResponse.body}`).toBe(200);
      expect(strangerResponse.statusCode, `${label} with a stranger id: ${strangerResponse.body}`).not.toBe(200);
    }
    const subGroups = await send(app, { method: 'GET', url: `/api/organization/sub-groups?group_id=${a.north}` }, admin);
    expect(subGroups.json().data.map((group: { id: string }) => group.id)).toContain(a.harbour);

    const ranges = await send(app, { method: 'POST', url: '/api/organization/setting/date-range', payload: { ranges: [{ id: stranger, label: 'Control', type: 'since', value: '2024-03-01' }] } }, admin);
    const kept = await send(app, { method: 'POST', url: '/api/organization/setting/date-range', payload: { ranges: [{ id: ranges.json().data[0].id, label: 'Control', type: 'since', value: '2024-03-01' }] } }, admin);
    expect(ranges.json().data[0].id).not.toBe(stranger);
    expect(kept.json().data[0].id).toBe(ranges.json().data[0].id);
  });

  it('afterwards: none of B’s rows changed, no row of A points at B, no mail carries B', async () => {
    const bAfter = await snapshotOrganization(database.db, b.organizationId);
    for (const table of Object.keys(bBefore)) expect(bAfter[table], `B's ${table}`).toBe(bBefore[table]);

    const aRows = JSON.stringify(await snapshotOrganization(database.db, a.organizationId));
    expect(leaksIn(aRows, adopted), 'B in A’s rows').toEqual([]);

    expect(mail.length).toBeGreaterThan(0);
    expect(mail.flatMap((message) => leaksIn(JSON.stringify(message))), 'B in a mail').toEqual([]);
  });
});
