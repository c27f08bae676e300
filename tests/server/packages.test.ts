import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import { PackageMessages } from '../../domain/contracts/packages';
import { DAY_MS } from '../../domain/packages/rules';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createCapturingMailer, type MailMessage } from '../../server/services/mail';
import { sendPackageReminders } from '../../server/services/packages';
import { bearer, freshAddress, insertOrganization, insertUser, PASSWORD, uniqueEmail } from './helpers/accounts';
import { insertLink } from './helpers/surveyResponses';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

const OPERATOR_EMAIL = 'operator@riverbend.example.test';

let database: OpenDatabase;
let app: FastifyInstance;
let noOperatorApp: FastifyInstance;
let mail: { mailer: ReturnType<typeof createCapturingMailer>['mailer']; messages: MailMessage[] };

const login = (target: FastifyInstance, email: string) =>
  target.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD }, remoteAddress: freshAddress() });

const tokenOf = async (email: string, target = app): Promise<string> => {
  const response = await login(target, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.access_token as string;
};

const getPackage = (token: string, target = app) => target.inject({ method: 'GET', url: '/api/organization/package', headers: bearer(token) });
const postRequest = (token: string, payload: unknown, target = app) =>
  target.inject({ method: 'POST', url: '/api/organization/package/request', headers: bearer(token), payload: payload as object });

const insertResponses = async (organizationId: string, count: number) => {
  for (let i = 0; i < count; i += 1) {
    await database.db.insertInto('responses').values({
      organization_id: organizationId, survey_id: 1, token_id: null, department_id: null, group_id: null, updated_at: null, anonymous: true,
      first_name: null, last_name: null, email: null, invitation_id: null, birth_year: null, gender_id: null, age_id: null, education_id: null,
      disability_id: null, sexual_orientation_id: null, position_level_id: null, position_type_id: null, country_birth_id: null, state_id: null,
      worldview_id: null, branch_id: null, denomination_id: null, answers: '{}',
    }).execute();
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  mail = createCapturingMailer();
  app = await buildApp(testConfig({ operatorEmail: OPERATOR_EMAIL }), { db: database.db, dbKind: database.kind, mailer: mail.mailer });
  noOperatorApp = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: mail.mailer });
});

afterAll(async () => {
  await app?.close();
  await noOperatorApp?.close();
  await database?.close();
});

describe('GET /api/organization/package', () => {
  it('shows seats promised by the links against the capacity, live links, answers and days left', async () => {
    const now = Date.now();
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: new Date(now + 10 * DAY_MS - 60_000) });
    await database.db.updateTable('organizations').set({ seat_capacity: 100, package_starts_at: new Date(now - 20 * DAY_MS) }).where('id', '=', organizationId).execute();
    const admin = await insertUser(database.db, { organizationId });
    await insertLink(database.db, organizationId, { capacity: 30, used: 4 });
    await insertLink(database.db, organizationId, { capacity: 20, used: 2 });
    // An expired link and one switched off hold back only the seats they used.
    await insertLink(database.db, organizationId, { capacity: 40, used: 7, expiresAt: new Date(now - 1000) });
    await insertLink(database.db, organizationId, { capacity: 25, used: 1, active: false });
    await insertResponses(organizationId, 3);

    const response = await getPackage(await tokenOf(admin.email));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'active',
      seat_capacity: 100,
      seats_promised: 30 + 20 + 7 + 1,
      seats_free: 100 - 58,
      live_links: 2,
      live_link_seats: 50,
      answers_received: 3,
      starts_at: expect.any(String),
      ends_at: expect.any(String),
      days_left: 10,
      reminder_days: [30, 7, 1],
      can_request: true,
      contact_email: expect.stringContaining('@'),
    });
  });

  it('shows no free seats, never negative, when the capacity was lowered below what links promise', async () => {
    const organizationId = await insertOrganization(database.db);
    await database.db.updateTable('organizations').set({ seat_capacity: 10 }).where('id', '=', organizationId).execute();
    const admin = await insertUser(database.db, { organizationId, role: 'second_admin' });
    await insertLink(database.db, organizationId, { capacity: 25 });
    const data = (await getPackage(await tokenOf(admin.email))).json().data;
    expect(data).toMatchObject({ seat_capacity: 10, seats_promised: 25, seats_free: 0 });
  });

  it('is for administrators only', async () => {
    const organizationId = await insertOrganization(database.db);
    for (const role of ['sub_admin', 'group_assignee', 'staff'] as const) {
      const user = await insertUser(database.db, { organizationId, role });
      const response = await getPackage(await tokenOf(user.email));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PackageMessages.onlyAdministrators);
    }
    expect((await app.inject({ method: 'GET', url: '/api/organization/package' })).statusCode).toBe(401);
  });
});

describe('a package at and after its end', () => {
  it('is usable until its end instant and refused from then on (staff)', async () => {
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: new Date(Date.now() + 5_000) });
    const staff = await insertUser(database.db, { organizationId, role: 'staff' });
    const token = await tokenOf(staff.email);
    expect((await app.inject({ method: 'GET', url: '/api/user/permissions', headers: bearer(token) })).statusCode).toBe(200);
    await database.db.updateTable('organizations').set({ package_expires_at: new Date() }).where('id', '=', organizationId).execute();
    const refused = await app.inject({ method: 'GET', url: '/api/user/permissions', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AuthMessages.noActivePackage);
    expect((await login(app, staff.email)).json()).toEqual({ status: 403, message: AuthMessages.noActivePackage });
  });

  it('lets its administrator in to the session check and the package page only', async () => {
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: new Date(Date.now() - 1000) });
    const admin = await insertUser(database.db, { organizationId });
    const token = await tokenOf(admin.email);
    expect((await app.inject({ method: 'POST', url: '/api/check-access-token', headers: bearer(token), payload: {} })).statusCode).toBe(200);
    const usage = await getPackage(token);
    expect(usage.statusCode).toBe(200);
    expect(usage.json().data).toMatchObject({ status: 'ended', days_left: 0 });
    for (const url of ['/api/user/permissions', '/api/organization/information', '/api/token/all']) {
      const refused = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(AuthMessages.noActivePackage);
    }
  });

  it('lets nobody in to an organisation the operator suspended', async () => {
    const organizationId = await insertOrganization(database.db, { active: false });
    const admin = await insertUser(database.db, { organizationId });
    expect((await login(app, admin.email)).statusCode).toBe(403);
  });
});

describe('POST /api/organization/package/request', () => {
  it('emails the operator through the outbox, with the figures, and audits it', async () => {
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: new Date(Date.now() - 1000) });
    const admin = await insertUser(database.db, { organizationId, email: uniqueEmail('asker') });
    const before = mail.messages.length;
    const response = await postRequest(await tokenOf(admin.email), { seats: 500, months: 12, message: 'We are growing.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ sent: true });
    const sent = mail.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: OPERATOR_EMAIL, organizationId, subject: 'Package request from Test organisation' });
    expect(sent[0]!.text).toContain('Seats wanted in total: 500.');
    expect(sent[0]!.text).toContain('More months: 12.');
    expect(sent[0]!.text).toContain('We are growing.');
    expect(sent[0]!.text).toContain(admin.email);
    const audits = await database.db.selectFrom('audit_log').select('action').where('organization_id', '=', organizationId).where('action', '=', 'package.requested').execute();
    expect(audits).toHaveLength(1);
  });

  it.each([
    ['an empty request', { seats: null, months: null, message: '  ' }],
    ['negative seats', { seats: -1, months: null, message: '' }],
    ['fractional months', { seats: null, months: 1.5, message: '' }],
    ['a string for seats', { seats: '10', months: null, message: '' }],
    ['a note over 2000 characters', { seats: 1, months: null, message: 'x'.repeat(2001) }],
    ['no body', undefined],
  ])('answers 422 for %s, never 500, and sends nothing', async (_label, payload) => {
    const admin = await insertUser(database.db);
    const before = mail.messages.length;
    const response = await postRequest(await tokenOf(admin.email), payload);
    expect(response.statusCode).toBe(422);
    expect(mail.messages.length).toBe(before);
  });

  it('without OPERATOR_EMAIL says requests cannot be sent, and the page knows it', async () => {
    const admin = await insertUser(database.db);
    const token = await tokenOf(admin.email, noOperatorApp);
    const response = await postRequest(token, { seats: 10, months: null, message: '' }, noOperatorApp);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PackageMessages.requestsUnavailable);
    expect((await getPackage(token, noOperatorApp)).json().data).toMatchObject({ can_request: false, contact_email: null });
  });

  it('is refused to anyone but administrators', async () => {
    const staff = await insertUser(database.db, { role: 'staff' });
    expect((await postRequest(await tokenOf(staff.email), { seats: 10, months: null, message: '' })).statusCode).toBe(403);
  });
});

describe('reminder emails', () => {
  const remindersFor = (messages: readonly MailMessage[], organizationId: string) => messages.filter((m) => m.organizationId === organizationId && m.subject.includes('package ends'));

  it('sends the 30, 7 and 1-day reminders to the administrators, each exactly once per package end', async () => {
    const capture = createCapturingMailer();
    const end = new Date(Date.UTC(2031, 2, 15, 12));
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: end });
    const admin = await insertUser(database.db, { organizationId });
    const second = await insertUser(database.db, { organizationId, role: 'second_admin' });
    await insertUser(database.db, { organizationId, role: 'staff' });
    const at = (daysBefore: number) => new Date(end.getTime() - daysBefore * DAY_MS);
    const run = (daysBefore: number) => sendPackageReminders(database.db, capture.mailer, 'https://riverbend.example.org', at(daysBefore));

    await run(31);
    expect(remindersFor(capture.messages, organizationId)).toEqual([]);
    await run(30);
    await run(29.9);
    await run(8);
    let sent = remindersFor(capture.messages, organizationId);
    expect(sent.map((m) => m.to).sort()).toEqual([admin.email, second.email].sort());
    expect(sent[0]!.subject).toBe('Your Commonweave package ends in 30 days');
    expect(sent[0]!.text).toContain('the dashboards close');
    expect(sent[0]!.link).toBe('https://riverbend.example.org/dashboard/upgrade-account');

    // Two schedulers at once (two servers, or a restart mid-run) still send it once.
    await Promise.all([run(7), run(7), run(6.9)]);
    await run(0.5);
    await run(0.4);
    await run(-1);
    sent = remindersFor(capture.messages, organizationId);
    expect(sent.map((m) => m.subject)).toEqual([
      ...Array(2).fill('Your Commonweave package ends in 30 days'),
      ...Array(2).fill('Your Commonweave package ends in 7 days'),
      ...Array(2).fill('Your Commonweave package ends in 1 day'),
    ]);
    const recorded = await database.db.selectFrom('package_reminders').select(['days_before']).where('organization_id', '=', organizationId).orderBy('days_before', 'desc').execute();
    expect(recorded.map((row) => row.days_before)).toEqual([30, 7, 1]);

    // Extended: the new end gets its own reminders.
    const newEnd = new Date(end.getTime() + 60 * DAY_MS);
    await database.db.updateTable('organizations').set({ package_expires_at: newEnd }).where('id', '=', organizationId).execute();
    await sendPackageReminders(database.db, capture.mailer, 'https://riverbend.example.org', new Date(newEnd.getTime() - 29 * DAY_MS));
    expect(remindersFor(capture.messages, organizationId)).toHaveLength(8);
  });

  it('sends nothing to a suspended organisation or one without an end date', async () => {
    const capture = createCapturingMailer();
    const end = new Date(Date.UTC(2032, 0, 1));
    const suspended = await insertOrganization(database.db, { packageExpiresAt: end, active: false });
    await insertUser(database.db, { organizationId: suspended });
    const endless = await insertOrganization(database.db, { packageExpiresAt: null });
    await insertUser(database.db, { organizationId: endless });
    await sendPackageReminders(database.db, capture.mailer, 'https://riverbend.example.org', new Date(end.getTime() - DAY_MS / 2));
    expect(remindersFor(capture.messages, suspended)).toEqual([]);
    expect(remindersFor(capture.messages, endless)).toEqual([]);
  });
});
