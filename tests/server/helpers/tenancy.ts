import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Role } from '../../../domain/contracts/auth';
import type { InvitationKind } from '../../../domain/contracts/members';
import { type Database, toJson } from '../../../server/db/database';
import { issueSession } from '../../../server/services/auth/sessions';
import { randomToken, sha256Hex } from '../../../server/services/auth/tokens';
import { storeLogo } from '../../../server/services/organization/logo';
import { bearer, expectNoSecrets, freshAddress, insertUser } from './accounts';
import { insertResponse } from './surveyResponses';

/**
 * Fixtures of the tenant-isolation test: two fully furnished organisations, what one of them
 * must never see of the other, and a snapshot of an organisation's rows.
 */

export const ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'];

const DAY = 86_400_000;

/** A 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface TenantUser {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

export interface TenantInvitation {
  readonly id: string;
  readonly kind: InvitationKind;
  readonly email: string;
  /** The emailed token (only its hash is stored). */
  readonly token: string;
}

export interface TenantLink {
  readonly id: string;
  readonly token: string;
  readonly alias: string;
  readonly departmentId: string | null;
}

/**
 * One organisation: groups North (assignee: the group assignee; sub-group Harbour, run by the
 * sub-group assignee) and South (sub-group Hills); a member of every role, two spare staff;
 * pending invitations of every kind; three survey links (whole organisation, North, Harbour)
 * with a personal survey invitation; responses (anonymous and named); date ranges; renamed
 * tiers; a logo; view-as consent on.
 */
export interface Tenant {
  readonly marker: string;
  readonly organizationId: string;
  readonly name: string;
  readonly details: string;
  readonly industry: string;
  readonly north: string;
  readonly south: string;
  readonly harbour: string;
  readonly hills: string;
  readonly departmentNames: readonly string[];
  readonly users: ReadonlyMap<Role, TenantUser>;
  /** Staff in North and in South, no special duty. */
  readonly spareStaff: readonly TenantUser[];
  readonly invitations: readonly TenantInvitation[];
  readonly links: { readonly organization: TenantLink; readonly north: TenantLink; readonly harbour: TenantLink };
  readonly surveyInvitationToken: string;
  readonly responseIds: readonly string[];
  readonly responsePeople: readonly string[];
  readonly dateRanges: readonly { readonly id: string; readonly label: string }[];
  readonly tierNames: readonly string[];
  readonly logo: Buffer;
  /** A primary session of each role (issued directly: signing in is tested elsewhere). */
  readonly tokens: ReadonlyMap<Role, string>;
}

const insertDepartment = async (db: Kysely<Database>, organizationId: string, name: string, parentId: string | null, assigneeId: string | null): Promise<string> =>
  (
    await db
      .insertInto('departments')
      .values({ organization_id: organizationId, name, parent_id: parentId, assignee_id: assigneeId, capacity: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const insertInvitation = async (
  db: Kysely<Database>,
  organizationId: string,
  kind: InvitationKind,
  email: string,
  names: { first: string; last: string },
  departmentId: string | null,
  details: Record<string, string> = {},
): Promise<TenantInvitation> => {
  const token = randomToken();
  const row = await db
    .insertInto('invitations')
    .values({
      organization_id: organizationId,
      kind,
      email,
      first_name: names.first,
      last_name: names.last,
      department_id: departmentId,
      token_hash: sha256Hex(token),
      invited_by: null,
      expires_at: new Date(Date.now() + 5 * DAY),
      accepted_at: null,
      revoked_at: null,
      user_id: null,
      details: toJson(details),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, kind, email, token };
};

const insertLink = async (db: Kysely<Database>, organizationId: string, alias: string, departmentId: string | null): Promise<TenantLink> => {
  const token = randomToken();
  const row = await db
    .insertInto('survey_tokens')
    .values({
      organization_id: organizationId,
      token,
      alias,
      survey_id: 1,
      department_id: departmentId,
      anonymity: 1,
      starts_at: new Date(Date.now() - 60_000),
      expires_at: new Date(Date.now() + 7 * DAY),
      capacity: 20,
      used: 2,
      active: true,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, alias, departmentId };
};

const insertResponseOf = (
  db: Kysely<Database>,
  organizationId: string,
  tokenId: string,
  departmentId: string | null,
  groupId: string | null,
  person?: { first: string; last: string; email: string },
): Promise<string> =>
  insertResponse(db, {
    organization_id: organizationId,
    token_id: tokenId,
    department_id: departmentId,
    group_id: groupId,
    updated_at: null,
    anonymous: person === undefined,
    first_name: person?.first ?? null,
    last_name: person?.last ?? null,
    email: person?.email ?? null,
    birth_year: 1990,
    answers: toJson({ '3': departmentId ?? '' }),
  });

/**
 * Builds an organisation whose every name, address and label contains `marker` (a word that
 * appears nowhere else), so that a leak of any of its text is found by looking for the marker.
 */
export const createTenant = async (
  db: Kysely<Database>,
  marker: string,
  logo: { content: Buffer; type: 'image/png' | 'image/svg+xml' },
  /** More anonymous responses in North, beyond the four every tenant has. */
  extraResponses = 0,
): Promise<Tenant> => {
  const lower = marker.toLowerCase();
  const name = `${marker} Holdings`;
  const details = `${marker} keeps its details private.`;
  const industry = `${marker} industry`;
  const organizationId = (
    await db
      .insertInto('organizations')
      .values({ name, country: 'AU', industry, package_expires_at: new Date(Date.now() + 30 * DAY), active: true, details, view_as_consent: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const person = async (role: Role, label: string, departmentId: string | null = null): Promise<TenantUser> => {
    const email = `${lower}.${label}@${lower}.example`;
    const firstName = `${marker}${label.replace(/[^a-z]/gi, '')}`;
    const lastName = `${marker}-family-${label}`;
    const user = await insertUser(db, { organizationId, role, email });
    await db.updateTable('users').set({ first_name: firstName, last_name: lastName, department_id: departmentId }).where('id', '=', user.id).execute();
    return { id: user.id, email, firstName, lastName };
  };

  const users = new Map<Role, TenantUser>();
  for (const role of ROLES) users.set(role, await person(role, role.replace('_', '')));

  const north = await insertDepartment(db, organizationId, `${marker} North`, null, users.get('group_assignee')!.id);
  const south = await insertDepartment(db, organizationId, `${marker} South`, null, null);
  const harbour = await insertDepartment(db, organizationId, `${marker} Harbour`, north, users.get('subgroup_assignee')!.id);
  const hills = await insertDepartment(db, organizationId, `${marker} Hills`, south, null);
  const place = (role: Role, departmentId: string) => db.updateTable('users').set({ department_id: departmentId }).where('id', '=', users.get(role)!.id).execute();
  await place('group_assignee', north);
  await place('subgroup_assignee', harbour);
  await place('staff', hills);
  const spareStaff = [await person('staff', 'sparenorth', north), await person('staff', 'sparesouth', south)];

  const invitee = (label: string) => ({ email: `${lower}.invited.${label}@${lower}.example`, first: `${marker}Invited${label}`, last: `${marker}-invited-${label}` });
  const invitations: TenantInvitation[] = [];
  const invite = async (kind: InvitationKind, label: string, departmentId: string | null, extra: Record<string, string> = {}) => {
    const who = invitee(label);
    const invitation = await insertInvitation(db, organizationId, kind, who.email, who, departmentId, extra);
    invitations.push(invitation);
    return invitation;
  };
  await invite('second_admin', 'second', null);
  await invite('sub_admin', 'sub', null);
  await invite('group_assignee', 'southlead', south);
  await invite('subgroup_assignee', 'hillslead', hills);
  await invite('staff', 'member', hills);

  const links = {
    organization: await insertLink(db, organizationId, `${marker} everyone`, null),
    north: await insertLink(db, organizationId, `${marker} north link`, north),
    harbour: await insertLink(db, organizationId, `${marker} harbour link`, harbour),
  };
  const surveyInvitation = await invite('survey', 'participant', null, { survey_token_id: links.organization.id });

  const respondent = { first: `${marker}Respondent`, last: `${marker}-respondent`, email: `${lower}.respondent@${lower}.example` };
  const responseIds = [
    await insertResponseOf(db, organizationId, links.north.id, north, north),
    await insertResponseOf(db, organizationId, links.harbour.id, harbour, north, respondent),
    await insertResponseOf(db, organizationId, links.organization.id, hills, south),
    await insertResponseOf(db, organizationId, links.organization.id, null, null),
  ];
  for (let index = 0; index < extraResponses; index += 1) responseIds.push(await insertResponseOf(db, organizationId, links.north.id, north, north));

  const dateRanges = [
    { id: randomUUID(), label: `${marker} spring`, type: 'between' as const, value: '2024-09-01..2024-11-30' },
    { id: randomUUID(), label: `${marker} since launch`, type: 'since' as const, value: '2024-01-01' },
  ];
  await db.insertInto('settings').values({ organization_id: organizationId, key: 'date_ranges', value: toJson(dateRanges) }).execute();

  const tierNames = [`${marker} Company`, `${marker} Divisions`, `${marker} Teams`];
  await db
    .insertInto('tiers')
    .values(tierNames.map((tierName, index) => ({ organization_id: organizationId, level: index + 1, name: tierName })))
    .execute();

  const hash = await storeLogo(db, organizationId, { content: logo.content, contentType: logo.type });
  await db.updateTable('organizations').set({ logo_hash: hash }).where('id', '=', organizationId).execute();

  const tokens = new Map<Role, string>();
  for (const role of ROLES) {
    const user = users.get(role)!;
    tokens.set(role, (await issueSession(db, { id: user.id, organization_id: organizationId }, { address: '127.0.0.1' })).token);
  }

  return {
    marker,
    organizationId,
    name,
    details,
    industry,
    north,
    south,
    harbour,
    hills,
    departmentNames: [`${marker} North`, `${marker} South`, `${marker} Harbour`, `${marker} Hills`],
    users,
    spareStaff,
    invitations,
    links,
    surveyInvitationToken: surveyInvitation.token,
    responseIds,
    responsePeople: [respondent.first, respondent.last, respondent.email],
    dateRanges: dateRanges.map(({ id, label }) => ({ id, label })),
    tierNames,
    logo: logo.content,
    tokens,
  };
};

/** Every id of the tenant (any of them, in any id field of another tenant's request, must read as unknown). */
export const tenantIds = (tenant: Tenant): string[] => [
  tenant.organizationId,
  tenant.north,
  tenant.south,
  tenant.harbour,
  tenant.hills,
  ...[...tenant.users.values(), ...tenant.spareStaff].map((user) => user.id),
  ...tenant.invitations.map((invitation) => invitation.id),
  ...Object.values(tenant.links).map((link) => link.id),
  ...tenant.responseIds,
  ...tenant.dateRanges.map((range) => range.id),
];

/** What another organisation must never read: ids, names, addresses, labels, tokens, the marker itself. */
export const tenantSecrets = (tenant: Tenant): string[] => [
  tenant.marker,
  ...tenantIds(tenant),
  tenant.name,
  tenant.details,
  tenant.industry,
  ...tenant.departmentNames,
  ...[...tenant.users.values(), ...tenant.spareStaff].flatMap((user) => [user.email, user.firstName, user.lastName]),
  ...tenant.invitations.flatMap((invitation) => [invitation.email, invitation.token]),
  ...Object.values(tenant.links).flatMap((link) => [link.token, link.alias]),
  ...tenant.responsePeople,
  ...tenant.dateRanges.map((range) => range.label),
  ...tenant.tierNames,
  ...tenant.tokens.values(),
];

/** The secrets found in a text (case-insensitive: addresses may come back lower-cased). */
export const secretsIn = (text: string, secrets: readonly string[]): string[] => {
  const haystack = text.toLowerCase();
  return secrets.filter((secret) => haystack.includes(secret.toLowerCase()));
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the values cut out (any letter case). */
export const withoutAll = (text: string, values: readonly string[]): string =>
  values
    .filter((value) => value !== '')
    .flatMap((value) => [value, encodeURIComponent(value)])
    .sort((x, y) => y.length - x.length)
    .reduce((rest, value) => rest.replace(new RegExp(escapeRegExp(value), 'gi'), ''), text);

const ORGANIZATION_TABLES = [
  'departments',
  'users',
  'invitations',
  'survey_tokens',
  'responses',
  'response_ancestry',
  'response_languages',
  'response_heritages',
  'response_edit_links',
  'tiers',
  'settings',
  'organization_logos',
  'sessions',
  'login_challenges',
  'password_resets',
  'audit_log',
  'outbox',
] as const;

/** Every row of the organisation, table by table, as JSON (ordered, so two snapshots compare as text). */
export const snapshotOrganization = async (db: Kysely<Database>, organizationId: string): Promise<Record<string, string>> => {
  const snapshot: Record<string, string> = {};
  const organization = await db.selectFrom('organizations').selectAll().where('id', '=', organizationId).execute();
  snapshot.organizations = JSON.stringify(organization);
  for (const table of ORGANIZATION_TABLES) {
    const rows = await db.selectFrom(table).selectAll().where('organization_id', '=', organizationId).execute();
    // A session's last_seen_at moves whenever its owner calls (at most once a minute), and a response's
    // release block is set when the organisation's own statistics are read: neither is a change made by another tenant.
    const ownBookkeeping = (key: string) => (table === 'sessions' && key === 'last_seen_at') || (table === 'responses' && key === 'release_block');
    const text = rows.map((row) =>
      JSON.stringify(row, (key, value: unknown) => (ownBookkeeping(key) ? undefined : value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value)),
    );
    snapshot[table] = JSON.stringify(text.sort());
  }
  return snapshot;
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Sent {
  readonly method: Method;
  readonly url: string;
  readonly payload?: unknown;
}

/** Counts every request this file sends. */
export const counter = { requests: 0 };

export const send = async (app: FastifyInstance, request: Sent, token?: string): Promise<LightMyRequestResponse> => {
  counter.requests += 1;
  const headers: Record<string, string> = token === undefined ? {} : bearer(token);
  if (request.payload !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) }),
    remoteAddress: freshAddress(),
  });
  expectNoSecrets(response);
  return response;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Fields whose value is freshly made on every call (a new link's public token and address). */
const VOLATILE_KEYS = new Set(['token', 'url', 'access_token']);

/**
 * A response body made comparable with another: the values the request carried become
 * '<sent>', ids nobody knew before the call '<new id>', instants '<instant>'.
 */
export const comparable = (body: string, sent: readonly string[], knownIds: ReadonlySet<string>): unknown => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const sentLower = new Set(sent.map((value) => value.toLowerCase()));
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [sentLower.has(name.toLowerCase()) ? '<sent>' : name, walk(item, name)]));
    }
    if (typeof value !== 'string') return value;
    if (key !== undefined && VOLATILE_KEYS.has(key)) return '<volatile>';
    if (sentLower.has(value.toLowerCase())) return '<sent>';
    if (UUID.test(value)) return knownIds.has(value.toLowerCase()) ? value.toLowerCase() : '<new id>';
    if (INSTANT.test(value)) return '<instant>';
    return value;
  };
  return walk(parsed);
};
