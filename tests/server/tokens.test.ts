import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import { AuthMessages } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { OrganizationMessages } from '../../domain/contracts/organization';
import {
  LINK_CAPACITY_MAX,
  LINK_EMAIL_MESSAGE_MAX,
  LINK_EMAILS_MAX,
  linkStatus,
  parseUtcDateTime,
  promisedSeats,
  type TokenLink,
  TokenMessages,
} from '../../domain/contracts/tokens';
import type { OpenDatabase } from '../../server/db/connect';
import { toJson } from '../../server/db/database';
import { randomToken, sha256Hex } from '../../server/services/auth/tokens';
import type { MailMessage } from '../../server/services/mail';
import { claimSeat, type ClaimResult, findLinkByToken } from '../../server/services/tokens/seats';
import { get, insertOrganization, insertUser, passwordHash, post, signIn, uniqueEmail } from './helpers/accounts';
import { insertDepartment as insertDepartmentRow } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];
const APP_URL = 'https://riverbend.example.org';

const DAY = 86_400_000;
const at = (msFromNow: number): string => new Date(Date.now() + msFromNow).toISOString();
const inDays = (days: number): string => at(days * DAY);

interface Tenant {
  readonly organizationId: string;
  readonly admin: string;
}

const tenant = async (seatCapacity = 1000): Promise<Tenant> => {
  const organizationId = await insertOrganization(database.db);
  await database.db.updateTable('organizations').set({ seat_capacity: seatCapacity }).where('id', '=', organizationId).execute();
  const admin = await signIn(app, (await insertUser(database.db, { organizationId, role: 'admin' })).email);
  return { organizationId, admin };
};

/** A signed-in member; an assignee's account belongs to the department it runs. */
const member = async (organizationId: string, role: Role, departmentId: string | null = null): Promise<{ id: string; token: string }> => {
  const user = await insertUser(database.db, { organizationId, role });
  if (departmentId !== null) await database.db.updateTable('users').set({ department_id: departmentId }).where('id', '=', user.id).execute();
  return { id: user.id, token: await signIn(app, user.email) };
};

const department = (organizationId: string, name: string, parentId: string | null = null, assigneeId: string | null = null): Promise<string> =>
  insertDepartmentRow(database.db, organizationId, name, { parentId, assigneeId });

let aliasCounter = 0;
const nextAlias = (): string => `Link ${(aliasCounter += 1)}`;

const save = (token: string, body: Record<string, unknown>) => post(app, '/api/token/update', body, { token });

/** Creates a link through the API and answers it (fails the test otherwise). */
const createLink = async (token: string, body: Record<string, unknown> = {}): Promise<TokenLink> => {
  const response = await save(token, { alias: nextAlias(), expires_at: inDays(7), capacity: 10, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TokenLink;
};

const setLink = (id: string, values: { expires_at?: Date; starts_at?: Date; used?: number; capacity?: number; active?: boolean }) =>
  database.db.updateTable('survey_tokens').set(values).where('id', '=', id).execute();

const auditOf = async (organizationId: string, action: string) =>
  database.db.selectFrom('audit_log').select(['action', 'details']).where('organization_id', '=', organizationId).where('action', '=', action).orderBy('id').execute();

const expectRefused = (response: { statusCode: number; json: () => unknown }, status: number, message: string, errors?: Record<string, string[]>) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ status, message, ...(errors ? { errors } : {}) });
};

const invalid = (errors: Record<string, string[]>) => [422, Messages.invalidData, errors] as const;

beforeAll(async () => {
  ({ database, app, mail } = await openTestApp({ config: testConfig({ appUrl: APP_URL }) }));
  await passwordHash();
});

afterAll(() => closeTestApp({ app, database }));

describe('the pure rules', () => {
  it('reads ISO date-times, as UTC without an offset, and refuses impossible ones', () => {
    expect(parseUtcDateTime('2025-05-01T17:00')?.toISOString()).toBe('2025-05-01T17:00:00.000Z');
    expect(parseUtcDateTime('2025-05-01 17:00:30')?.toISOString()).toBe('2025-05-01T17:00:30.000Z');
    expect(parseUtcDateTime('2025-05-01T17:00:00.5Z')?.toISOString()).toBe('2025-05-01T17:00:00.500Z');
    expect(parseUtcDateTime('2025-05-01T17:00:00.123456Z')?.toISOString()).toBe('2025-05-01T17:00:00.123Z');
    expect(parseUtcDateTime('2025-05-01T17:00+02:00')?.toISOString()).toBe('2025-05-01T15:00:00.000Z');
    expect(parseUtcDateTime('2025-05-01T17:00-0330')?.toISOString()).toBe('2025-05-01T20:30:00.000Z');
    for (const bad of ['2025-02-29T10:00', '2025-13-01T10:00', '2025-05-01', '2025-05-01T24:00', '2025-05-01T10:60', 'tomorrow', '', '2025-05-01T10:00+25:00']) {
      expect(parseUtcDateTime(bad), bad).toBeUndefined();
    }
    expect(parseUtcDateTime('2024-02-29T10:00')?.toISOString()).toBe('2024-02-29T10:00:00.000Z');
  });

  it('names the status, expiry first, and counts the seats a link holds back', () => {
    const now = new Date('2025-05-01T12:00:00Z');
    const link = { active: true, starts_at: new Date('2025-05-01T00:00:00Z'), expires_at: new Date('2025-05-02T00:00:00Z'), capacity: 10, used: 3 };
    expect(linkStatus(link, now)).toBe('active');
    expect(linkStatus({ ...link, used: 10 }, now)).toBe('full');
    expect(linkStatus({ ...link, starts_at: new Date('2025-05-01T13:00:00Z') }, now)).toBe('scheduled');
    expect(linkStatus({ ...link, active: false }, now)).toBe('inactive');
    expect(linkStatus({ ...link, active: false, expires_at: now }, now)).toBe('expired');
    expect(promisedSeats(link, now)).toBe(10);
    expect(promisedSeats({ ...link, active: false }, now)).toBe(3);
    expect(promisedSeats({ ...link, expires_at: now }, now)).toBe(3);
  });
});

describe('GET /api/token/all', () => {
  it('answers every link of the organisation to administrators, newest first, with its fields', async () => {
    const own = await tenant();
    const group = await department(own.organizationId, 'Sales');
    const first = await createLink(own.admin, { alias: 'Everyone', capacity: 20, anonymity: 0 });
    const second = await createLink(own.admin, { alias: 'Sales team', department_id: group, capacity: 5 });
    for (const role of ['admin', 'second_admin', 'sub_admin'] as const) {
      const token = role === 'admin' ? own.admin : (await member(own.organizationId, role)).token;
      const response = await get(app, '/api/token/all', { token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.map((link: TokenLink) => link.id)).toEqual([second.id, first.id]);
    }
    const [sales] = (await get(app, '/api/token/all', { token: own.admin })).json().data as TokenLink[];
    expect(sales).toEqual({
      id: second.id,
      alias: 'Sales team',
      token: second.token,
      url: `${APP_URL}/?token=${second.token}&alias=Sales%20team`,
      survey: { id: 1, name: 'Cultural diversity survey' },
      department: { id: group, name: 'Sales', parent_id: null },
      anonymity: 1,
      starts_at: second.starts_at,
      expires_at: second.expires_at,
      capacity: 5,
      used: 0,
      usage_left: 5,
      active: true,
      status: 'active',
      created_at: second.created_at,
    });
    expect(second.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.anonymity).toBe(0);
    expect(first.department).toBeNull();
  });

  it('shows each status', async () => {
    const own = await tenant();
    const active = await createLink(own.admin);
    const inactive = await createLink(own.admin, { active: false });
    const scheduled = await createLink(own.admin, { starts_at: inDays(1) });
    const full = await createLink(own.admin, { capacity: 2 });
    const expired = await createLink(own.admin);
    await setLink(full.id, { used: 2 });
    await setLink(expired.id, { starts_at: new Date(Date.now() - 2 * DAY), expires_at: new Date(Date.now() - 1000), used: 1 });
    const links = (await get(app, '/api/token/all', { token: own.admin })).json().data as TokenLink[];
    const statusOf = (id: string) => links.find((link) => link.id === id)?.status;
    expect([active, inactive, scheduled, full, expired].map((link) => statusOf(link.id))).toEqual(['active', 'inactive', 'scheduled', 'full', 'expired']);
    expect(links.find((link) => link.id === full.id)?.usage_left).toBe(0);
  });

  it('answers assignees the links of the groups they run and their sub-groups only', async () => {
    const own = await tenant();
    const groupAssignee = await member(own.organizationId, 'group_assignee');
    const sales = await department(own.organizationId, 'Sales', null, groupAssignee.id);
    const salesNorth = await department(own.organizationId, 'Sales north', sales);
    const finance = await department(own.organizationId, 'Finance');
    const subgroupAssignee = await member(own.organizationId, 'subgroup_assignee', salesNorth);
    const whole = await createLink(own.admin);
    const salesLink = await createLink(own.admin, { department_id: sales });
    const northLink = await createLink(own.admin, { department_id: salesNorth });
    const financeLink = await createLink(own.admin, { department_id: finance });
    const ids = async (token: string) => ((await get(app, '/api/token/all', { token })).json().data as TokenLink[]).map((link) => link.id);
    expect(await ids(groupAssignee.token)).toEqual([northLink.id, salesLink.id]);
    expect(await ids(subgroupAssignee.token)).toEqual([northLink.id]);
    expect(await ids((await member(own.organizationId, 'group_assignee')).token)).toEqual([]);
    expect(await ids(own.admin)).toEqual([financeLink.id, northLink.id, salesLink.id, whole.id]);
  });

  it('refuses staff and callers without a session, and never shows another organisation', async () => {
    const own = await tenant();
    const other = await tenant();
    await createLink(own.admin);
    const staff = await member(own.organizationId, 'staff');
    expectRefused(await get(app, '/api/token/all', { token: staff.token }), 403, OrganizationMessages.onlyAdministrator);
    expectRefused(await get(app, '/api/token/surveys', { token: staff.token }), 403, OrganizationMessages.onlyAdministrator);
    expectRefused(await get(app, '/api/token/all'), 401, Messages.sessionExpired);
    expect((await get(app, '/api/token/all', { token: other.admin })).json()).toEqual({ status: 200, data: [] });
  });

  it('lists the surveys for the link form', async () => {
    const own = await tenant();
    expect((await get(app, '/api/token/surveys', { token: own.admin })).json()).toEqual({ status: 200, data: [{ id: 1, name: 'Cultural diversity survey' }] });
  });
});

describe('POST /api/token/update: creating', () => {
  it('creates with the defaults and a fresh 256-bit token, read as UTC, audited without the token', async () => {
    const own = await tenant();
    const expiry = new Date(Date.now() + 3 * DAY);
    const noOffset = expiry.toISOString().slice(0, 16);
    const before = Date.now();
    const link = await createLink(own.admin, { alias: '  Spring survey  ', expires_at: noOffset, capacity: 25 });
    expect(link).toMatchObject({
      alias: 'Spring survey',
      survey: { id: 1, name: 'Cultural diversity survey' },
      department: null,
      anonymity: 1,
      expires_at: `${noOffset}:00.000Z`,
      capacity: 25,
      used: 0,
      usage_left: 25,
      active: true,
      status: 'active',
    });
    expect(Date.parse(link.starts_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(link.starts_at)).toBeLessThanOrEqual(Date.now());
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    const another = await createLink(own.admin);
    expect(another.token).not.toBe(link.token);
    const entries = await auditOf(own.organizationId, 'token.created');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.details).toMatchObject({ token_id: link.id, alias: 'Spring survey', capacity: 25, active: true });
    expect(JSON.stringify(entries)).not.toContain(link.token);
    const offset = await createLink(own.admin, { expires_at: '2025-05-01T17:00+02:00'.replace('2025-05-01', new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)) });
    expect(offset.expires_at.slice(11)).toBe('15:00:00.000Z');
  });

  it('requires alias, expiry and capacity, and checks every field', async () => {
    const own = await tenant();
    expectRefused(
      await save(own.admin, {}),
      ...invalid({ alias: [Messages.fieldRequired('alias')], expires_at: [Messages.fieldRequired('expires at')], capacity: [Messages.fieldRequired('capacity')] }),
    );
    const valid = { alias: 'Fine', expires_at: inDays(3), capacity: 5 };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ alias: '   ' }, { alias: [TokenMessages.aliasLength] }],
      [{ alias: 'x'.repeat(61) }, { alias: [TokenMessages.aliasLength] }],
      [{ alias: 'two\nlines' }, { alias: [TokenMessages.aliasCharacters] }],
      [{ survey_id: 1.5 }, { survey_id: [TokenMessages.surveyDoesNotExist] }],
      [{ survey_id: -1 }, { survey_id: [TokenMessages.surveyDoesNotExist] }],
      [{ department_id: 'not-a-uuid' }, { department_id: [TokenMessages.departmentNotInOrganization] }],
      [{ anonymity: 2 }, { anonymity: [TokenMessages.anonymity] }],
      [{ expires_at: 'next week' }, { expires_at: [TokenMessages.dateTimeFormat] }],
      [{ expires_at: '2025-02-30T10:00' }, { expires_at: [TokenMessages.dateTimeFormat] }],
      [{ expires_at: inDays(3).slice(0, 10) }, { expires_at: [TokenMessages.dateTimeFormat] }],
      [{ starts_at: 'now' }, { starts_at: [TokenMessages.dateTimeFormat] }],
      [{ capacity: -1 }, { capacity: [TokenMessages.capacityInteger] }],
      [{ capacity: 2.5 }, { capacity: [TokenMessages.capacityInteger] }],
      [{ capacity: LINK_CAPACITY_MAX + 1 }, { capacity: [TokenMessages.capacityInteger] }],
      [{ survey_id: 999 }, { survey_id: [TokenMessages.surveyDoesNotExist] }],
      [{ expires_at: at(-60_000) }, { expires_at: [TokenMessages.expiryInPast] }],
      [{ expires_at: at(14 * DAY + 60_000) }, { expires_at: [TokenMessages.expiryTooFar] }],
      [{ starts_at: inDays(4) }, { starts_at: [TokenMessages.startAfterExpiry] }],
    ];
    for (const [change, errors] of cases) expectRefused(await save(own.admin, { ...valid, ...change }), ...invalid(errors));
    const wrongType = await save(own.admin, { ...valid, capacity: '5' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toHaveProperty(['capacity']);
    expect(await database.db.selectFrom('survey_tokens').select('id').where('organization_id', '=', own.organizationId).execute()).toEqual([]);
    await createLink(own.admin, { alias: 'x'.repeat(60) });
  });

  it('accepts an expiry of exactly 14 days and refuses one minute more', async () => {
    const own = await tenant();
    const exactly = await createLink(own.admin, { expires_at: at(14 * DAY) });
    expect(exactly.status).toBe('active');
    expectRefused(await save(own.admin, { alias: nextAlias(), expires_at: at(14 * DAY + 60_000), capacity: 1 }), ...invalid({ expires_at: [TokenMessages.expiryTooFar] }));
  });

  it('keeps aliases unique in the organisation whatever the letter case, not across organisations', async () => {
    const own = await tenant();
    const other = await tenant();
    await createLink(own.admin, { alias: 'Team Day' });
    expectRefused(await save(own.admin, { alias: ' team day ', expires_at: inDays(2), capacity: 1 }), ...invalid({ alias: [TokenMessages.aliasTaken] }));
    await createLink(other.admin, { alias: 'TEAM DAY' });
  });

  it('takes only departments of the caller organisation, and answers another organisation like an unknown one', async () => {
    const own = await tenant();
    const other = await tenant();
    const foreign = await department(other.organizationId, 'Foreign');
    const mine = await department(own.organizationId, 'Mine');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [foreign, unknown]) {
      expectRefused(await save(own.admin, { alias: nextAlias(), expires_at: inDays(2), capacity: 1, department_id: id }), ...invalid({ department_id: [TokenMessages.departmentNotInOrganization] }));
    }
    expect((await createLink(own.admin, { department_id: mine })).department).toEqual({ id: mine, name: 'Mine', parent_id: null });
  });

  it('lets assignees create links for the groups they run and their sub-groups only', async () => {
    const own = await tenant();
    const assignee = await member(own.organizationId, 'group_assignee');
    const sales = await department(own.organizationId, 'Sales', null, assignee.id);
    const north = await department(own.organizationId, 'North', sales);
    const finance = await department(own.organizationId, 'Finance');
    await createLink(assignee.token, { department_id: sales });
    await createLink(assignee.token, { department_id: north });
    for (const departmentId of [finance, null]) {
      expectRefused(await save(assignee.token, { alias: nextAlias(), expires_at: inDays(2), capacity: 1, department_id: departmentId }), 403, OrganizationMessages.onlyAdministrator);
    }
    expectRefused(await save(assignee.token, { alias: nextAlias(), expires_at: inDays(2), capacity: 1 }), 403, OrganizationMessages.onlyAdministrator);
    const staff = await member(own.organizationId, 'staff');
    expectRefused(await save(staff.token, { alias: nextAlias(), expires_at: inDays(2), capacity: 1 }), 403, OrganizationMessages.onlyAdministrator);
  });
});

describe('POST /api/token/update: seats', () => {
  it('keeps the seats promised by the links within the organisation seat capacity', async () => {
    const own = await tenant(100);
    const big = await createLink(own.admin, { capacity: 60 });
    const refusal = await save(own.admin, { alias: nextAlias(), expires_at: inDays(2), capacity: 50 });
    expectRefused(refusal, 422, TokenMessages.usageLeftOutOfRange(40), { capacity: [TokenMessages.usageLeftOutOfRange(40)] });
    await createLink(own.admin, { capacity: 40 });
    const full = await save(own.admin, { alias: nextAlias(), expires_at: inDays(2), capacity: 1 });
    expectRefused(full, 422, TokenMessages.organizationCapacityFull, { capacity: [TokenMessages.organizationCapacityFull] });
    // A link with no seats, or a switched-off one, holds nothing back.
    await createLink(own.admin, { capacity: 0 });
    const parked = await createLink(own.admin, { capacity: 500, active: false });
    expectRefused(await save(own.admin, { id: parked.id, active: true }), 422, TokenMessages.organizationCapacityFull, { capacity: [TokenMessages.organizationCapacityFull] });
    // An expired link holds back only the seats it used.
    await setLink(big.id, { used: 15, expires_at: new Date(Date.now() - 1000), starts_at: new Date(Date.now() - DAY) });
    await createLink(own.admin, { capacity: 45 });
    expectRefused(await save(own.admin, { alias: nextAlias(), expires_at: inDays(2), capacity: 1 }), 422, TokenMessages.organizationCapacityFull, {
      capacity: [TokenMessages.organizationCapacityFull],
    });
  });

  it('refuses a capacity below the seats used, and lets an over-committed organisation lower its links', async () => {
    const own = await tenant(100);
    const link = await createLink(own.admin, { capacity: 80 });
    await setLink(link.id, { used: 30 });
    const below = await save(own.admin, { id: link.id, capacity: 29 });
    expectRefused(below, 422, TokenMessages.usageLeftOutOfRange(70), { capacity: [TokenMessages.usageLeftOutOfRange(70)] });
    await database.db.updateTable('organizations').set({ seat_capacity: 50 }).where('id', '=', own.organizationId).execute();
    const lowered = await save(own.admin, { id: link.id, capacity: 60 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().data).toMatchObject({ capacity: 60, used: 30, usage_left: 30 });
    expectRefused(await save(own.admin, { id: link.id, capacity: 61 }), 422, TokenMessages.usageLeftOutOfRange(20), { capacity: [TokenMessages.usageLeftOutOfRange(20)] });
    expect((await save(own.admin, { id: link.id, capacity: 30 })).json().data.status).toBe('full');
  });

  it('does not oversell when saves run at the same time', async () => {
    const own = await tenant(100);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => save(own.admin, { alias: `Parallel ${index}`, expires_at: inDays(2), capacity: 30 })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 422)).toHaveLength(5);
    const rows = await database.db.selectFrom('survey_tokens').select('capacity').where('organization_id', '=', own.organizationId).execute();
    expect(rows.reduce((sum, row) => sum + row.capacity, 0)).toBe(90);
  });

  it('lets only one of two simultaneous saves take an alias', async () => {
    const own = await tenant();
    const responses = await Promise.all([0, 1].map(() => save(own.admin, { alias: 'Same', expires_at: inDays(2), capacity: 1 })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    expect(responses.find((response) => response.statusCode === 422)!.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { alias: [TokenMessages.aliasTaken] } });
  });
});

describe('POST /api/token/update: changing', () => {
  it('changes only the fields given, and audits which', async () => {
    const own = await tenant();
    const link = await createLink(own.admin, { alias: 'Before', capacity: 10 });
    const response = await save(own.admin, { id: link.id, alias: 'After', anonymity: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...link, alias: 'After', anonymity: 0, url: `${APP_URL}/?token=${link.token}&alias=After` });
    const [entry] = await auditOf(own.organizationId, 'token.updated');
    expect(entry!.details).toMatchObject({ token_id: link.id, changed: ['alias', 'anonymity'] });
    // The link's own alias in another letter case is no clash.
    expect((await save(own.admin, { id: link.id, alias: 'AFTER' })).statusCode).toBe(200);
  });

  it('answers an unknown, malformed or foreign id alike', async () => {
    const own = await tenant();
    const other = await tenant();
    const foreign = await createLink(other.admin);
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expectRefused(await save(own.admin, { id, alias: 'Mine now' }), 404, TokenMessages.linkNotFound);
    }
    expect((await get(app, '/api/token/all', { token: other.admin })).json().data[0]).toEqual(foreign);
  });

  it('hides links outside an assignee scope', async () => {
    const own = await tenant();
    const assignee = await member(own.organizationId, 'group_assignee');
    const sales = await department(own.organizationId, 'Sales', null, assignee.id);
    const finance = await department(own.organizationId, 'Finance');
    const financeLink = await createLink(own.admin, { department_id: finance });
    const wholeLink = await createLink(own.admin);
    const salesLink = await createLink(own.admin, { department_id: sales });
    for (const id of [financeLink.id, wholeLink.id]) expectRefused(await save(assignee.token, { id, capacity: 1 }), 404, TokenMessages.linkNotFound);
    expectRefused(await save(assignee.token, { id: salesLink.id, department_id: finance }), 403, OrganizationMessages.onlyAdministrator);
    expect((await save(assignee.token, { id: salesLink.id, capacity: 3 })).json().data.capacity).toBe(3);
  });

  it('refuses to switch on an expired link without a new expiry, and accepts the form sent back unchanged', async () => {
    const own = await tenant();
    const link = await createLink(own.admin, { active: false });
    const past = new Date(Date.now() - 60_000);
    await setLink(link.id, { starts_at: new Date(Date.now() - DAY), expires_at: past });
    expectRefused(await save(own.admin, { id: link.id, active: true }), ...invalid({ active: [TokenMessages.expiredActivation] }));
    const unchanged = await save(own.admin, { id: link.id, alias: 'Renamed', expires_at: past.toISOString(), capacity: 10, active: false });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().data.status).toBe('expired');
    expectRefused(await save(own.admin, { id: link.id, expires_at: at(-1000) }), ...invalid({ expires_at: [TokenMessages.expiryInPast] }));
    const renewed = await save(own.admin, { id: link.id, active: true, expires_at: inDays(5) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.status).toBe('active');
  });
});

describe('claimSeat and findLinkByToken', () => {
  it('gives exactly the seats of a link to 60 concurrent claims', async () => {
    const own = await tenant();
    const link = await createLink(own.admin, { capacity: 50 });
    const results = await Promise.all(
      Array.from({ length: 60 }, () => database.db.transaction().execute((trx) => claimSeat(trx, { tokenId: link.id }))),
    );
    const count = (result: ClaimResult) => results.filter((value) => value === result).length;
    expect(count('claimed')).toBe(50);
    expect(count('no_seats')).toBe(10);
    const row = await database.db.selectFrom('survey_tokens').select('used').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.used).toBe(50);
  });

  it('says why a seat cannot be taken, and gives it back with a rolled-back transaction', async () => {
    const own = await tenant();
    const claim = (tokenId: string) => database.db.transaction().execute((trx) => claimSeat(trx, { tokenId }));
    const inactive = await createLink(own.admin, { active: false });
    const expired = await createLink(own.admin);
    await setLink(expired.id, { starts_at: new Date(Date.now() - DAY), expires_at: new Date(Date.now() - 1000) });
    const scheduled = await createLink(own.admin, { starts_at: inDays(1) });
    const empty = await createLink(own.admin, { capacity: 0 });
    expect(await claim(inactive.id)).toBe('inactive');
    expect(await claim(expired.id)).toBe('expired');
    expect(await claim(scheduled.id)).toBe('not_started');
    expect(await claim(empty.id)).toBe('no_seats');
    expect(await claim('00000000-0000-4000-8000-000000000000')).toBe('inactive');
    expect(await claim('nope')).toBe('inactive');
    const open = await createLink(own.admin, { capacity: 1 });
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await claimSeat(trx, { tokenId: open.id })).toBe('claimed');
        throw new Error('submission failed');
      }),
    ).rejects.toThrow('submission failed');
    expect(await claim(open.id)).toBe('claimed');
    expect(await claim(open.id)).toBe('no_seats');
  });

  it('finds a link by its public token', async () => {
    const own = await tenant();
    const group = await department(own.organizationId, 'Research');
    const link = await createLink(own.admin, { department_id: group });
    const found = await findLinkByToken(database.db, link.token);
    expect(found?.link.id).toBe(link.id);
    expect(found?.organization).toEqual({ id: own.organizationId, name: 'Test organisation', usable: true });
    expect(found?.department).toEqual({ id: group, name: 'Research' });
    expect(await findLinkByToken(database.db, randomToken())).toBeUndefined();
    expect(await findLinkByToken(database.db, '')).toBeUndefined();
  });
});

describe('GET /api/check-register-token', () => {
  const check = (query: Record<string, string>) => get(app, `/api/check-register-token?${new URLSearchParams(query)}`);

  const invite = async (link: TokenLink, organizationId: string, values: { email?: string; accepted?: boolean; revoked?: boolean; expired?: boolean; linkId?: string } = {}) => {
    const token = randomToken();
    await database.db
      .insertInto('invitations')
      .values({
        organization_id: organizationId,
        kind: 'survey',
        email: values.email ?? 'grace@example.org',
        first_name: 'Grace',
        last_name: 'Hopper',
        department_id: null,
        token_hash: sha256Hex(token),
        invited_by: null,
        expires_at: new Date(Date.now() + (values.expired ? -1000 : DAY)),
        accepted_at: values.accepted ? new Date() : null,
        revoked_at: values.revoked ? new Date() : null,
        user_id: null,
        details: toJson({ survey_token_id: values.linkId ?? link.id }),
      })
      .execute();
    return token;
  };

  it('answers what the survey page needs, without a session', async () => {
    const own = await tenant();
    const group = await department(own.organizationId, 'Research');
    const link = await createLink(own.admin, { alias: 'Open day', department_id: group, anonymity: 0 });
    const response = await check({ token: link.token, alias: 'open DAY' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        anonymity: 0,
        organization_name: 'Test organisation',
        token: link.token,
        survey_id: 1,
        email: null,
        first_name: null,
        last_name: null,
        organization_assignee: false,
        organization_invited: false,
        department: { id: group, name: 'Research' },
        expires_at: link.expires_at,
        organization_locale: null,
      },
    });
    expect((await check({ token: link.token })).statusCode).toBe(200);
    // The organisation's survey language, once chosen, comes with its links.
    await database.db.updateTable('organizations').set({ survey_locale: 'ar' }).where('id', '=', own.organizationId).execute();
    expect((await check({ token: link.token })).json().data.organization_locale).toBe('ar');
    expect((await get(app, '/api/check-register-token')).statusCode).toBe(422);
  });

  it('refuses unknown tokens, another alias, switched-off, expired, not started and full links', async () => {
    const own = await tenant();
    const link = await createLink(own.admin, { alias: 'Checked', capacity: 1 });
    expectRefused(await check({ token: randomToken() }), 404, TokenMessages.tokenNoLongerValid);
    expectRefused(await check({ token: link.token, alias: 'Other' }), 404, TokenMessages.tokenNoLongerValid);
    await setLink(link.id, { active: false });
    expectRefused(await check({ token: link.token }), 404, TokenMessages.tokenNoLongerValid);
    await setLink(link.id, { active: true, used: 1 });
    expectRefused(await check({ token: link.token }), 409, TokenMessages.tokenHasNoSeats);
    await setLink(link.id, { used: 0, starts_at: new Date(Date.now() + DAY) });
    expectRefused(await check({ token: link.token }), 409, TokenMessages.surveyNotStarted);
    await setLink(link.id, { starts_at: new Date(Date.now() - DAY), expires_at: new Date(Date.now() - 1000) });
    expectRefused(await check({ token: link.token }), 410, TokenMessages.surveyExpired);
  });

  it('refuses the links of an organisation whose package ended', async () => {
    const own = await tenant();
    const link = await createLink(own.admin);
    await database.db.updateTable('organizations').set({ package_expires_at: new Date(Date.now() - 1000) }).where('id', '=', own.organizationId).execute();
    expectRefused(await check({ token: link.token }), 404, TokenMessages.tokenNoLongerValid);
  });

  it('fills in the person of a survey invitation, and refuses used, revoked, expired and foreign ones', async () => {
    const own = await tenant();
    const other = await tenant();
    const link = await createLink(own.admin);
    const otherLink = await createLink(own.admin);
    const foreignLink = await createLink(other.admin);
    const invitation = await invite(link, own.organizationId);
    const response = await check({ token: link.token, invitation });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ email: 'grace@example.org', first_name: 'Grace', last_name: 'Hopper', organization_invited: true, organization_assignee: false });

    const assigneeEmail = uniqueEmail('assignee');
    await insertUser(database.db, { organizationId: own.organizationId, role: 'group_assignee', email: assigneeEmail });
    const assigneeInvitation = await invite(link, own.organizationId, { email: assigneeEmail.toUpperCase() });
    expect((await check({ token: link.token, invitation: assigneeInvitation })).json().data.organization_assignee).toBe(true);

    expectRefused(await check({ token: link.token, invitation: await invite(link, own.organizationId, { accepted: true }) }), 409, TokenMessages.alreadyCompleted);
    for (const refused of [
      await invite(link, own.organizationId, { revoked: true }),
      await invite(link, own.organizationId, { expired: true }),
      await invite(link, own.organizationId, { linkId: otherLink.id }),
      await invite(foreignLink, other.organizationId),
      randomToken(),
    ]) {
      expectRefused(await check({ token: link.token, invitation: refused }), 404, TokenMessages.invitationNoLongerValid);
    }
  });
});

describe('POST /api/survey/manipulation-email', () => {
  const send = (token: string, body: Record<string, unknown>) => post(app, '/api/survey/manipulation-email', body, { token });

  it('emails the link once to each address and audits the count only', async () => {
    const own = await tenant();
    const link = await createLink(own.admin, { alias: 'Mailed' });
    const addresses = [uniqueEmail('p'), uniqueEmail('p'), uniqueEmail('p')];
    const response = await send(own.admin, { token_id: link.id, emails: [addresses[0], ` ${addresses[1]} `, addresses[0]!.toUpperCase(), addresses[2]], message: '  Please answer by Friday.  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { queued: 3 } });
    await vi.waitFor(() => expect(mail.filter((message) => addresses.includes(message.to))).toHaveLength(3));
    const sent = mail.filter((message) => addresses.includes(message.to));
    expect(sent.map((message) => message.to)).toEqual(addresses);
    for (const message of sent) {
      expect(message.organizationId).toBe(own.organizationId);
      expect(message.link).toBe(link.url);
      expect(message.text).toContain(link.url);
      expect(message.text).toContain('Please answer by Friday.');
      expect(message.subject).toBe('Test organisation invites you to take the Cultural diversity survey');
    }
    const entries = await auditOf(own.organizationId, 'token.link_emailed');
    expect(entries.map((entry) => entry.details)).toEqual([{ token_id: link.id, count: 3 }]);
    expect(JSON.stringify(entries)).not.toContain('@');
  });

  it('checks the list, each address by its index and the message', async () => {
    const own = await tenant();
    const link = await createLink(own.admin);
    expectRefused(await send(own.admin, { token_id: link.id, emails: [] }), ...invalid({ emails: [TokenMessages.emailsCount] }));
    const tooMany = Array.from({ length: LINK_EMAILS_MAX + 1 }, (_, index) => `p${index}@example.org`);
    expectRefused(await send(own.admin, { token_id: link.id, emails: tooMany }), ...invalid({ emails: [TokenMessages.emailsCount] }));
    expectRefused(
      await send(own.admin, { token_id: link.id, emails: ['ok@example.org', 'not an email', 'also@fine.org', 'x@y'], message: 'm'.repeat(LINK_EMAIL_MESSAGE_MAX + 1) }),
      ...invalid({ 'emails.1': [AuthMessages.invalidEmail], 'emails.3': [AuthMessages.invalidEmail], message: [TokenMessages.messageTooLong] }),
    );
    const count = mail.length;
    const exactly = await send(own.admin, { token_id: link.id, emails: tooMany.slice(0, LINK_EMAILS_MAX), message: 'm'.repeat(LINK_EMAIL_MESSAGE_MAX) });
    expect(exactly.json()).toEqual({ status: 200, data: { queued: LINK_EMAILS_MAX } });
    await vi.waitFor(() => expect(mail.length).toBe(count + LINK_EMAILS_MAX));
  });

  it('answers another organisation link like an unknown one, and refuses roles and scopes', async () => {
    const own = await tenant();
    const other = await tenant();
    const foreign = await createLink(other.admin);
    const emails = ['someone@example.org'];
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expectRefused(await send(own.admin, { token_id: id, emails }), 404, TokenMessages.linkNotFound);
    }
    const staff = await member(own.organizationId, 'staff');
    const link = await createLink(own.admin);
    expectRefused(await send(staff.token, { token_id: link.id, emails }), 403, OrganizationMessages.onlyAdministrator);
    const assignee = await member(own.organizationId, 'group_assignee');
    const sales = await department(own.organizationId, 'Sales', null, assignee.id);
    const salesLink = await createLink(own.admin, { department_id: sales });
    expectRefused(await send(assignee.token, { token_id: link.id, emails }), 404, TokenMessages.linkNotFound);
    expect((await send(assignee.token, { token_id: salesLink.id, emails })).json()).toEqual({ status: 200, data: { queued: 1 } });
  });

  it('refuses links that cannot be answered', async () => {
    const own = await tenant();
    const emails = ['someone@example.org'];
    const inactive = await createLink(own.admin, { active: false });
    const full = await createLink(own.admin, { capacity: 0 });
    const expired = await createLink(own.admin);
    await setLink(expired.id, { starts_at: new Date(Date.now() - DAY), expires_at: new Date(Date.now() - 1000) });
    expectRefused(await send(own.admin, { token_id: inactive.id, emails }), 422, TokenMessages.tokenNoLongerValid, { token_id: [TokenMessages.tokenNoLongerValid] });
    expectRefused(await send(own.admin, { token_id: full.id, emails }), 422, TokenMessages.tokenHasNoSeats, { token_id: [TokenMessages.tokenHasNoSeats] });
    expectRefused(await send(own.admin, { token_id: expired.id, emails }), 422, TokenMessages.surveyExpired, { token_id: [TokenMessages.surveyExpired] });
  });
});
