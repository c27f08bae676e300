import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages, type Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { CalendarDay, INVITATION_TTL_DAYS, type Invitation, MemberMessages, SURVEY_INVITATION_MAX } from '../../domain/contracts/members';
import { OrganizationMessages } from '../../domain/contracts/organization';
import type { OpenDatabase } from '../../server/db/connect';
import { sha256Hex } from '../../server/services/auth/tokens';
import { findSurveyInvitation, markSurveyInvitationAccepted } from '../../server/services/invitations';
import type { MailMessage } from '../../server/services/mail';
import { bearer, expectNoSecrets, freshAddress, insertOrganization, insertUser, PASSWORD, passwordHash, signIn, uniqueEmail } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';
import { FIRST_NAME_LIMIT, LAST_NAME_LIMIT } from '../../domain/contracts/textLimits';

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];
const MAX_FAILURES = 3;
const config = testConfig({ loginMaxFailures: MAX_FAILURES });

beforeAll(async () => {
  ({ database, app, mail } = await openTestApp({ config }));
  await passwordHash();
});

afterAll(() => closeTestApp({ app, database }));

beforeEach(() => {
  mail.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const send = async (method: Method, url: string, options: { token?: string; payload?: unknown; address?: string } = {}) => {
  const response = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.address ?? freshAddress(),
  });
  expectNoSecrets(response);
  return response;
};

interface Person {
  readonly id: string;
  readonly email: string;
  readonly token: string;
}

interface Tenant {
  readonly organizationId: string;
  readonly admin: Person;
  person(role: Role): Promise<Person>;
}

const tenant = async (): Promise<Tenant> => {
  const organizationId = await insertOrganization(database.db);
  const person = async (role: Role): Promise<Person> => {
    const user = await insertUser(database.db, { organizationId, role });
    return { id: user.id, email: user.email, token: await signIn(app, user.email) };
  };
  return { organizationId, admin: await person('admin'), person };
};

const insertDepartment = async (organizationId: string, name: string, parentId: string | null = null): Promise<string> =>
  (
    await database.db
      .insertInto('departments')
      .values({ organization_id: organizationId, parent_id: parentId, name })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** Makes an inserted user the assignee of a department, as an accepted invitation would. */
const assign = async (userId: string, departmentId: string, role: 'group_assignee' | 'subgroup_assignee') => {
  await database.db.updateTable('departments').set({ assignee_id: userId }).where('id', '=', departmentId).execute();
  await database.db.updateTable('users').set({ role, department_id: departmentId }).where('id', '=', userId).execute();
};

const person = (prefix = 'invitee') => ({ email: uniqueEmail(prefix), first_name: 'Grace', last_name: 'Hopper' });

/** The one message sent to an address, and the token of its link (query parameter `name`). */
const mailTo = (email: string, name = 'token'): { message: MailMessage; token: string } => {
  const messages = mail.filter((message) => message.to.toLowerCase() === email.toLowerCase());
  expect(messages, `mail to ${email}`).toHaveLength(1);
  const message = messages[0]!;
  expect(message.link).toBeDefined();
  expect(message.text).toContain(message.link!);
  const token = new URL(message.link!).searchParams.get(name);
  expect(token).toMatch(/^[\w-]{43}$/);
  return { message, token: token! };
};

const activationRefusal = { status: 422, message: MemberMessages.activationInvalid, errors: { token: [MemberMessages.activationInvalid] } };

const accept = (token: string, overrides: Record<string, unknown> = {}) =>
  send('POST', '/api/invitation/accept', {
    payload: { token, first_name: 'Grace', last_name: 'Hopper', password: PASSWORD, password_confirmation: PASSWORD, ...overrides },
  });

const check = (path: string, token: string) => send('GET', `/api/${path}?token=${encodeURIComponent(token)}`);

const auditOf = async (organizationId: string, action: string) =>
  database.db.selectFrom('audit_log').selectAll().where('organization_id', '=', organizationId).where('action', '=', action).orderBy('id').execute();

const invitationRow = (token: string) => database.db.selectFrom('invitations').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();

describe('a sub-admin invitation, from email to signed-in account', () => {
  it('is created, mailed, checked, accepted once and audited', async () => {
    const org = await tenant();
    const invitee = person();
    const response = await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee });
    expect(response.statusCode, response.body).toBe(200);
    const invitation = response.json().data;
    expect(invitation).toMatchObject({ kind: 'sub_admin', email: invitee.email, first_name: 'Grace', last_name: 'Hopper', department: null, status: 'pending', invited_by: org.admin.id, accepted_at: null });
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_TTL_DAYS);

    const { message, token } = mailTo(invitee.email);
    expect(message.link).toBe(`${config.appUrl}/check-invitation?token=${token}`);
    expect(message.subject).toContain('Test organisation');
    expect(response.body).not.toContain(token);
    const stored = await invitationRow(token);
    expect(stored?.token_hash).toBe(sha256Hex(token));

    const expected = { kind: 'sub_admin', email: invitee.email, first_name: 'Grace', last_name: 'Hopper', organization_name: 'Test organisation', department: null, expires_at: invitation.expires_at, sso_required: false };
    for (const path of ['check-invitation', 'check-sub-admin-token', 'check-activation']) {
      const checked = await check(path, token);
      expect(checked.json(), path).toEqual({ status: 200, data: expected });
    }
    for (const path of ['check-department-invitation', 'check-activation-assignee']) {
      const checked = await check(path, token);
      expect(checked.statusCode, path).toBe(422);
      expect(checked.json()).toEqual(activationRefusal);
    }

    const accepted = await accept(token, { first_name: ' Grace B. ', last_name: 'Hopper ' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const result = accepted.json().data;
    expect(result.password_expired).toBe(false);
    expect(result.user).toMatchObject({ email: invitee.email, role: 'sub_admin', organization_id: org.organizationId, first_name: 'Grace B.', last_name: 'Hopper' });
    const session = await send('POST', '/api/check-access-token', { token: result.access_token });
    expect(session.json().data.user.role).toBe('sub_admin');
    const login = await send('POST', '/api/login', { payload: { email: invitee.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);

    const used = await invitationRow(token);
    expect(used?.accepted_at).not.toBeNull();
    expect(used?.user_id).toBe(result.user.id);
    const user = await database.db.selectFrom('users').selectAll().where('id', '=', result.user.id).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.department_id).toBeNull();

    expect((await accept(token)).json()).toEqual(activationRefusal);
    expect((await check('check-invitation', token)).json()).toEqual(activationRefusal);
    const created = await auditOf(org.organizationId, 'invitation.created');
    expect(created.at(-1)).toMatchObject({ actor: org.admin.id, details: expect.objectContaining({ kind: 'sub_admin', email: invitee.email }) });
    expect(created.at(-1)?.address).not.toBeNull();
    const acceptedAudit = await auditOf(org.organizationId, 'invitation.accepted');
    expect(acceptedAudit.at(-1)).toMatchObject({ actor: result.user.id, details: expect.objectContaining({ email: invitee.email, kind: 'sub_admin' }) });
  });

  it('answers the same refusal for an unknown, expired, revoked, used or empty token', async () => {
    const org = await tenant();
    const tokens: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const invitee = person();
      await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee });
      tokens.push(mailTo(invitee.email).token);
    }
    const [expired, revoked, used] = tokens as [string, string, string];
    await database.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', sha256Hex(expired)).execute();
    const revokedRow = (await invitationRow(revoked))!;
    const revoke = await send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: revokedRow.id, revoke: true } });
    expect(revoke.json().data.status).toBe('revoked');
    expect((await accept(used)).statusCode).toBe(200);

    for (const token of ['unknown-token', expired, revoked, used, '', 'x'.repeat(5000)]) {
      for (const path of ['check-invitation', 'check-activation', 'check-sub-admin-token']) {
        const checked = await check(path, token);
        expect(checked.statusCode, `${path} ${token.slice(0, 10)}`).toBe(422);
        expect(checked.json()).toEqual(activationRefusal);
      }
      const refused = await accept(token);
      expect(refused.json()).toEqual(activationRefusal);
    }
    expect((await send('GET', '/api/check-activation')).json().errors).toEqual({ token: [Messages.fieldRequired('token')] });
  });

  it('checks the fields and the password rule before using the invitation', async () => {
    const org = await tenant();
    const invitee = person();
    await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee });
    const { token } = mailTo(invitee.email);
    const weak = await accept(token, { password: 'short', password_confirmation: 'other', first_name: ' ', last_name: '' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: {
        first_name: [Messages.fieldRequired('first name')],
        last_name: [Messages.fieldRequired('last name')],
        password: [AuthMessages.invalidPassword],
        password_confirmation: [AuthMessages.passwordsDiffer],
      },
    });
    expect((await invitationRow(token))?.accepted_at).toBeNull();
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('refuses (403) while the organisation has no active package, and keeps the invitation', async () => {
    const org = await tenant();
    const invitee = person();
    await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee });
    const { token } = mailTo(invitee.email);
    await database.db.updateTable('organizations').set({ package_expires_at: new Date(Date.now() - 1000) }).where('id', '=', org.organizationId).execute();
    const refused = await accept(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AuthMessages.noActivePackage);
    expect((await invitationRow(token))?.accepted_at).toBeNull();
    expect(await database.db.selectFrom('users').select('id').where('email', '=', invitee.email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses an address that became an account after the invitation was sent', async () => {
    const org = await tenant();
    const invitee = person();
    await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee });
    const { token } = mailTo(invitee.email);
    await insertUser(database.db, { email: invitee.email.toUpperCase() });
    const refused = await accept(token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: [AuthMessages.emailTaken] });
  });
});

describe('inviting', () => {
  it('validates the person and refuses an address that belongs to any user', async () => {
    const org = await tenant();
    const other = await insertUser(database.db);
    const invalid = await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: { email: 'not-an-email', first_name: '', last_name: 'x'.repeat(300) } });
    expect(invalid.statusCode).toBe(422);
    // A name past its limit is refused by the contract's codec, before the other checks.
    expect(invalid.json().errors).toEqual({ last_name: [LAST_NAME_LIMIT.tooLong] });
    const unnamed = await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: { email: 'not-an-email', first_name: '', last_name: 'Ng' } });
    expect(unnamed.json().errors).toEqual({ email: [AuthMessages.invalidEmail], first_name: [Messages.fieldRequired('first name')] });
    for (const email of [other.email, other.email.toUpperCase(), org.admin.email]) {
      const taken = await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: { ...person(), email } });
      expect(taken.json().errors).toEqual({ email: [AuthMessages.emailTaken] });
    }
    const missing = await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: { email: uniqueEmail() } });
    expect(missing.statusCode).toBe(422);
    expect(mail).toHaveLength(0);
    expect(await database.db.selectFrom('invitations').select('id').where('organization_id', '=', org.organizationId).execute()).toHaveLength(0);
  });

  it('lets administrators invite sub-admins and only the administrator invite another admin', async () => {
    const org = await tenant();
    const second = await org.person('second_admin');
    expect((await send('POST', '/api/invite-sub-admin', { token: second.token, payload: person() })).statusCode).toBe(200);
    for (const role of ['sub_admin', 'staff', 'group_assignee'] as const) {
      const caller = await org.person(role);
      for (const path of ['invite-sub-admin', 'invite-another-admin']) {
        const refused = await send('POST', `/api/${path}`, { token: caller.token, payload: person() });
        expect(refused.statusCode, `${role} ${path}`).toBe(403);
        expect(refused.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
      }
    }
    const refused = await send('POST', '/api/invite-another-admin', { token: second.token, payload: person() });
    expect(refused.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
    expect((await send('POST', '/api/invite-sub-admin', { payload: person() })).statusCode).toBe(401);
  });

  it('replaces a pending invitation of the same address', async () => {
    const org = await tenant();
    const invitee = person();
    await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee });
    const first = mailTo(invitee.email).token;
    mail.length = 0;
    // Another kind for the same address replaces it too: one address, one account.
    const again = await send('POST', '/api/invite-another-admin', { token: org.admin.token, payload: { ...invitee, email: invitee.email.toUpperCase() } });
    expect(again.statusCode).toBe(200);
    const second = mailTo(invitee.email, 'second-admin-token').token;
    expect((await invitationRow(first))?.revoked_at).not.toBeNull();
    expect((await check('check-activation', first)).json()).toEqual(activationRefusal);
    expect((await check('check-activation', second)).json().data.kind).toBe('second_admin');
  });

  it('does not touch the pending invitations of the same address in another organisation', async () => {
    const a = await tenant();
    const b = await tenant();
    const invitee = person();
    await send('POST', '/api/invite-sub-admin', { token: a.admin.token, payload: invitee });
    await send('POST', '/api/invite-sub-admin', { token: b.admin.token, payload: invitee });
    const tokens = mail.map((message) => new URL(message.link!).searchParams.get('token')!);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect((await check('check-invitation', token)).statusCode).toBe(200);
    expect((await accept(tokens[1]!)).json().data.user.organization_id).toBe(b.organizationId);
    // The first organisation's invitation now meets an existing account.
    expect((await accept(tokens[0]!)).json().errors).toEqual({ email: [AuthMessages.emailTaken] });
  });
});

describe('assignee invitations', () => {
  it('a group with an assignee: check-department-invitation, then the account runs the group', async () => {
    const org = await tenant();
    const invitee = person('assignee');
    const created = await send('POST', '/api/department-register', { token: org.admin.token, payload: { name: 'Research', capacity: 40, assignee: invitee } });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().data;
    expect(group).toMatchObject({ name: 'Research', parent_id: null, capacity: 40, assignee_id: null });
    expect(group.invitation).toMatchObject({ kind: 'group_assignee', email: invitee.email, department: { id: group.id, name: 'Research', parent_id: null }, status: 'pending' });
    const { message, token } = mailTo(invitee.email);
    expect(message.link).toBe(`${config.appUrl}/check-department-invitation?token=${token}`);
    expect(message.text).toContain('Research');

    const checked = await check('check-department-invitation', token);
    expect(checked.json().data).toMatchObject({ kind: 'group_assignee', department: { id: group.id, name: 'Research', parent_id: null }, organization_name: 'Test organisation' });
    expect((await check('check-activation', token)).statusCode).toBe(200);
    expect((await check('check-invitation', token)).json()).toEqual(activationRefusal);
    expect((await check('check-activation-assignee', token)).json()).toEqual(activationRefusal);

    const accepted = await accept(token);
    expect(accepted.json().data.user.role).toBe('group_assignee');
    const user = await database.db.selectFrom('users').selectAll().where('id', '=', accepted.json().data.user.id).executeTakeFirstOrThrow();
    expect(user.department_id).toBe(group.id);
    const department = await database.db.selectFrom('departments').selectAll().where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(department.assignee_id).toBe(user.id);
  });

  it('a sub-group with an assignee: /subgroup-register link and check-activation-assignee', async () => {
    const org = await tenant();
    const groupId = await insertDepartment(org.organizationId, 'Operations');
    const invitee = person('sub');
    const created = await send('POST', '/api/invite-sub-group', { token: org.admin.token, payload: { group_id: groupId, name: 'Logistics', assignee: invitee } });
    expect(created.statusCode, created.body).toBe(200);
    const subGroup = created.json().data;
    expect(subGroup).toMatchObject({ parent_id: groupId, capacity: null });
    const { message, token } = mailTo(invitee.email);
    expect(message.link).toBe(`${config.appUrl}/subgroup-register?token=${token}`);
    expect((await check('check-activation-assignee', token)).json().data).toMatchObject({ kind: 'subgroup_assignee', department: { id: subGroup.id, parent_id: groupId } });
    expect((await check('check-department-invitation', token)).json()).toEqual(activationRefusal);
    const accepted = await accept(token);
    expect(accepted.json().data.user.role).toBe('subgroup_assignee');
    const department = await database.db.selectFrom('departments').selectAll().where('id', '=', subGroup.id).executeTakeFirstOrThrow();
    expect(department.assignee_id).toBe(accepted.json().data.user.id);
  });

  it('accepting replaces an assignee set in the meantime, who falls back to staff', async () => {
    const org = await tenant();
    const invitee = person('assignee');
    const group = (await send('POST', '/api/department-register', { token: org.admin.token, payload: { name: 'Sales', assignee: invitee } })).json().data;
    const { token } = mailTo(invitee.email);
    const earlier = await insertUser(database.db, { organizationId: org.organizationId, role: 'staff' });
    await assign(earlier.id, group.id, 'group_assignee');
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const previous = await database.db.selectFrom('users').selectAll().where('id', '=', earlier.id).executeTakeFirstOrThrow();
    expect(previous.role).toBe('staff');
    expect(previous.department_id).toBe(group.id);
  });
});

describe('PUT /organization/invitation-update and GET /organization/invitations', () => {
  it('resend gives a new token and expiry; the old token dies; an expired invitation can be resent', async () => {
    const org = await tenant();
    const invitee = person();
    const invitation = (await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee })).json().data;
    const old = mailTo(invitee.email).token;
    await database.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', invitation.id).execute();
    const listed = await send('GET', '/api/organization/invitations', { token: org.admin.token });
    expect(listed.json().data.find((each: { id: string }) => each.id === invitation.id).status).toBe('expired');
    mail.length = 0;

    const resent = await send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: invitation.id, resend: true } });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ id: invitation.id, status: 'pending' });
    expect(Date.parse(resent.json().data.expires_at)).toBeGreaterThan(Date.now() + (INVITATION_TTL_DAYS - 1) * 86_400_000);
    const fresh = mailTo(invitee.email).token;
    expect(fresh).not.toBe(old);
    expect((await check('check-invitation', old)).json()).toEqual(activationRefusal);
    expect((await accept(old)).json()).toEqual(activationRefusal);
    expect((await check('check-invitation', fresh)).statusCode).toBe(200);
    expect((await auditOf(org.organizationId, 'invitation.updated')).at(-1)?.details).toMatchObject({ invitation_id: invitation.id, resent: true });
  });

  it('changing the address mails a new token to the new address; names alone send nothing', async () => {
    const org = await tenant();
    const invitee = person();
    const invitation = (await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee })).json().data;
    const old = mailTo(invitee.email).token;
    mail.length = 0;
    const renamed = await send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: invitation.id, first_name: ' Ada ' } });
    expect(renamed.json().data.first_name).toBe('Ada');
    expect(mail).toHaveLength(0);
    expect((await check('check-invitation', old)).json().data.first_name).toBe('Ada');

    const newAddress = uniqueEmail('moved');
    const moved = await send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: invitation.id, email: newAddress } });
    expect(moved.json().data.email).toBe(newAddress);
    const fresh = mailTo(newAddress).token;
    expect(mail.filter((message) => message.to === invitee.email)).toHaveLength(0);
    expect((await check('check-invitation', old)).json()).toEqual(activationRefusal);
    expect((await accept(fresh)).json().data.user.email).toBe(newAddress);
  });

  it('refuses bad changes with clear messages', async () => {
    const org = await tenant();
    const invitee = person();
    const invitation = (await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee })).json().data;
    const taken = await insertUser(database.db);
    const update = (payload: Record<string, unknown>) => send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: invitation.id, ...payload } });

    expect((await update({ email: 'broken' })).json().errors).toEqual({ email: [AuthMessages.invalidEmail] });
    expect((await update({ email: taken.email })).json().errors).toEqual({ email: [AuthMessages.emailTaken] });
    expect((await update({ first_name: '  ' })).json().errors).toEqual({ first_name: [Messages.fieldRequired('first name')] });
    expect((await update({ revoke: true, resend: true })).json().errors).toEqual({ revoke: [MemberMessages.revokeWithChanges] });
    expect((await update({ revoke: true, email: uniqueEmail() })).statusCode).toBe(422);
    expect((await update({ resend: 'yes' })).statusCode).toBe(422);

    const revoked = await update({ revoke: true });
    expect(revoked.json().data.status).toBe('revoked');
    for (const payload of [{ revoke: true }, { resend: true }, { first_name: 'New' }]) {
      const closed = await update(payload);
      expect(closed.statusCode).toBe(422);
      expect(closed.json()).toEqual({ status: 422, message: MemberMessages.invitationClosed });
    }
    expect((await auditOf(org.organizationId, 'invitation.revoked')).at(-1)?.details).toMatchObject({ invitation_id: invitation.id });
  });

  it('an accepted invitation cannot change', async () => {
    const org = await tenant();
    const invitee = person();
    const invitation = (await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: invitee })).json().data;
    await accept(mailTo(invitee.email).token);
    const refused = await send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: invitation.id, resend: true } });
    expect(refused.json()).toEqual({ status: 422, message: MemberMessages.invitationClosed });
    const listed = await send('GET', '/api/organization/invitations', { token: org.admin.token });
    expect(listed.json().data[0]).toMatchObject({ id: invitation.id, status: 'accepted' });
    expect(listed.json().data[0].accepted_at).not.toBeNull();
    expect(listed.json().data[0].answered_on).toBeNull();
  });

  it('lists the organisation invitations without revoked ones or tokens, and isolates tenants', async () => {
    const a = await tenant();
    const b = await tenant();
    const second = await a.person('second_admin');
    const subAdmin = (await send('POST', '/api/invite-sub-admin', { token: a.admin.token, payload: person() })).json().data;
    const secondInvite = (await send('POST', '/api/invite-another-admin', { token: a.admin.token, payload: person() })).json().data;
    const revoked = (await send('POST', '/api/invite-sub-admin', { token: a.admin.token, payload: person() })).json().data;
    await send('PUT', '/api/organization/invitation-update', { token: a.admin.token, payload: { invitation_id: revoked.id, revoke: true } });
    const tokens = mail.map((message) => new URL(message.link!).searchParams.get('token') ?? new URL(message.link!).searchParams.get('second-admin-token'));

    const adminList = await send('GET', '/api/organization/invitations', { token: a.admin.token });
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json().data.map((each: { id: string }) => each.id).sort()).toEqual([subAdmin.id, secondInvite.id].sort());
    for (const token of tokens) expect(adminList.body).not.toContain(token);
    const filtered = await send('GET', '/api/organization/invitations?kind=second_admin', { token: a.admin.token });
    expect(filtered.json().data.map((each: { id: string }) => each.id)).toEqual([secondInvite.id]);
    expect((await send('GET', '/api/organization/invitations?kind=owner', { token: a.admin.token })).statusCode).toBe(422);

    // The second administrator does not handle second-admin invitations.
    const secondList = await send('GET', '/api/organization/invitations', { token: second.token });
    expect(secondList.json().data.map((each: { id: string }) => each.id)).toEqual([subAdmin.id]);
    const hidden = await send('PUT', '/api/organization/invitation-update', { token: second.token, payload: { invitation_id: secondInvite.id, revoke: true } });
    expect(hidden.json()).toEqual({ status: 404, message: MemberMessages.invitationNotFound });

    expect((await send('GET', '/api/organization/invitations', { token: b.admin.token })).json().data).toEqual([]);
    const crossTenant = await send('PUT', '/api/organization/invitation-update', { token: b.admin.token, payload: { invitation_id: subAdmin.id, revoke: true } });
    const unknown = await send('PUT', '/api/organization/invitation-update', { token: b.admin.token, payload: { invitation_id: '00000000-0000-4000-8000-000000000000', revoke: true } });
    const notUuid = await send('PUT', '/api/organization/invitation-update', { token: b.admin.token, payload: { invitation_id: 'nope', revoke: true } });
    for (const response of [crossTenant, unknown, notUuid]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, message: MemberMessages.invitationNotFound });
    }
    expect((await send('GET', '/api/organization/invitations', { token: a.admin.token })).json().data.find((each: { id: string }) => each.id === subAdmin.id).status).toBe('pending');

    for (const role of ['staff', 'sub_admin'] as const) {
      const caller = await a.person(role);
      const refused = await send('GET', '/api/organization/invitations', { token: caller.token });
      expect(refused.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
      const update = await send('PUT', '/api/organization/invitation-update', { token: caller.token, payload: { invitation_id: subAdmin.id, resend: true } });
      expect(update.statusCode).toBe(403);
    }
  });

  it('a group assignee sees and resends the sub-group invitations of their group only', async () => {
    const org = await tenant();
    const groupId = await insertDepartment(org.organizationId, 'North');
    const otherGroupId = await insertDepartment(org.organizationId, 'South');
    const runner = await org.person('staff');
    await assign(runner.id, groupId, 'group_assignee');
    const mine = await send('POST', '/api/invite-sub-group', { token: runner.token, payload: { group_id: groupId, name: 'North A', assignee: person() } });
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await send('POST', '/api/invite-sub-group', { token: org.admin.token, payload: { group_id: otherGroupId, name: 'South A', assignee: person() } });
    await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: person() });
    const listed = await send('GET', '/api/organization/invitations', { token: runner.token });
    expect(listed.json().data.map((each: { id: string }) => each.id)).toEqual([mine.json().data.invitation.id]);
    const resent = await send('PUT', '/api/organization/invitation-update', { token: runner.token, payload: { invitation_id: mine.json().data.invitation.id, resend: true } });
    expect(resent.statusCode).toBe(200);
    const refused = await send('PUT', '/api/organization/invitation-update', { token: runner.token, payload: { invitation_id: theirs.json().data.invitation.id, resend: true } });
    expect(refused.json()).toEqual({ status: 404, message: MemberMessages.invitationNotFound });
  });
});

describe('POST /login-second-admin', () => {
  const invite = async (org: Tenant) => {
    const invitee = person('second');
    const response = await send('POST', '/api/invite-another-admin', { token: org.admin.token, payload: invitee });
    expect(response.statusCode).toBe(200);
    const { message, token } = mailTo(invitee.email, 'second-admin-token');
    expect(message.link).toBe(`${config.appUrl}/login?second-admin-token=${token}`);
    return { invitee, token, invitation: response.json().data };
  };

  it('creates the second administrator with the invited address and signs in; later uses sign in like /login', async () => {
    const org = await tenant();
    const { invitee, token } = await invite(org);
    const address = freshAddress();
    const wrongAddress = await send('POST', '/api/login-second-admin', { payload: { email: uniqueEmail(), password: PASSWORD, token }, address });
    expect(wrongAddress.json()).toEqual(activationRefusal);
    const weak = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: 'weak', token }, address });
    expect(weak.json().errors).toEqual({ password: [AuthMessages.invalidPassword] });

    const created = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email.toUpperCase(), password: PASSWORD, token }, address });
    expect(created.statusCode, created.body).toBe(200);
    const result = created.json().data;
    expect(result.user).toMatchObject({ email: invitee.email, role: 'second_admin', organization_id: org.organizationId, first_name: 'Grace', last_name: 'Hopper' });
    expect((await send('POST', '/api/check-access-token', { token: result.access_token })).json().data.user.role).toBe('second_admin');

    const again = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: PASSWORD, token } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(result.user.id);
    const wrongPassword = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: 'Wrong-Password1', token } });
    expect(wrongPassword.json()).toEqual({ status: 422, message: AuthMessages.invalidCredentials, errors: { email: [AuthMessages.invalidCredentials] } });
    expect((await auditOf(org.organizationId, 'invitation.accepted')).at(-1)?.details).toMatchObject({ kind: 'second_admin', email: invitee.email });
  });

  it('refuses other kinds, revoked and expired tokens with the activation message, and counts failures toward the lockout', async () => {
    const org = await tenant();
    const { invitee, token, invitation } = await invite(org);
    const subInvitee = person();
    await send('POST', '/api/invite-sub-admin', { token: org.admin.token, payload: subInvitee });
    const subToken = mailTo(subInvitee.email).token;
    const refusedKind = await send('POST', '/api/login-second-admin', { payload: { email: subInvitee.email, password: PASSWORD, token: subToken } });
    expect(refusedKind.json()).toEqual(activationRefusal);

    await database.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', invitation.id).execute();
    const expired = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: PASSWORD, token } });
    expect(expired.json()).toEqual(activationRefusal);
    await database.db.updateTable('invitations').set({ expires_at: new Date(Date.now() + 86_400_000), revoked_at: new Date() }).where('id', '=', invitation.id).execute();
    const revoked = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: PASSWORD, token } });
    expect(revoked.json()).toEqual(activationRefusal);

    const required = await send('POST', '/api/login-second-admin', { payload: { email: '', password: '', token } });
    expect(required.json().errors).toEqual({ email: [Messages.fieldRequired('email')], password: [Messages.fieldRequired('password')] });

    const address = freshAddress();
    const victim = uniqueEmail('locked');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      const refused = await send('POST', '/api/login-second-admin', { payload: { email: victim, password: PASSWORD, token: `guess-${attempt}` }, address });
      expect(refused.statusCode).toBe(422);
    }
    const locked = await send('POST', '/api/login-second-admin', { payload: { email: victim, password: PASSWORD, token: 'another' }, address });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AuthMessages.tooManyAttempts);
  });

  it('a second administrator removed from the role cannot sign in with the old link', async () => {
    const org = await tenant();
    const { invitee, token } = await invite(org);
    const created = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: PASSWORD, token } });
    await database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', created.json().data.user.id).execute();
    const refused = await send('POST', '/api/login-second-admin', { payload: { email: invitee.email, password: PASSWORD, token } });
    expect(refused.json()).toEqual(activationRefusal);
  });
});

describe('POST /survey-invitation', () => {
  const insertLink = async (organizationId: string, overrides: { capacity?: number; used?: number; active?: boolean; expiresAt?: Date } = {}) =>
    database.db
      .insertInto('survey_tokens')
      .values({
        organization_id: organizationId,
        token: `link-${uniqueEmail('t').replace(/[^\w]/g, '')}`,
        alias: uniqueEmail('alias'),
        survey_id: 1,
        department_id: null,
        expires_at: overrides.expiresAt ?? new Date(Date.now() + 14 * 86_400_000),
        capacity: overrides.capacity ?? 50,
        used: overrides.used ?? 0,
        active: overrides.active ?? true,
        created_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  it('invites each address once with a link carrying both tokens; findSurveyInvitation finds it', async () => {
    const org = await tenant();
    const link = await insertLink(org.organizationId);
    const member = await insertUser(database.db, { organizationId: org.organizationId, role: 'staff' });
    const emails = [uniqueEmail('p'), uniqueEmail('p'), member.email];
    const response = await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: link.id, emails, first_name: 'Sam' } });
    expect(response.statusCode, response.body).toBe(200);
    const invitations = response.json().data;
    expect(invitations).toHaveLength(3);
    expect(invitations[0]).toMatchObject({ kind: 'survey', email: emails[0], first_name: 'Sam', last_name: '', survey_token_id: link.id, status: 'pending' });
    for (const email of emails) {
      const { message, token } = mailTo(email, 'invitation');
      expect(message.link).toBe(`${config.appUrl}/?token=${link.token}&invitation=${token}`);
      expect(message.text).toContain('3 to 5 minutes');
      const found = await findSurveyInvitation(database.db, token);
      expect(found?.surveyTokenId).toBe(link.id);
      expect(found?.invitation.email).toBe(email);
      // Survey invitations are not for accounts.
      expect((await check('check-activation', token)).json()).toEqual(activationRefusal);
      expect((await accept(token)).json()).toEqual(activationRefusal);
    }
    const { token } = mailTo(emails[0]!, 'invitation');
    const found = (await findSurveyInvitation(database.db, token))!;
    expect(await markSurveyInvitationAccepted(database.db, found.invitation.id)).toBe(true);
    expect(await markSurveyInvitationAccepted(database.db, found.invitation.id)).toBe(false);
    expect(await findSurveyInvitation(database.db, token)).toBeUndefined();
    expect(await findSurveyInvitation(database.db, 'unknown')).toBeUndefined();
    expect((await auditOf(org.organizationId, 'invitation.created')).filter((row) => (row.details as { kind: string }).kind === 'survey')).toHaveLength(3);
  });

  it('a new invitation to the same link replaces the pending one; another link keeps both', async () => {
    const org = await tenant();
    const first = await insertLink(org.organizationId);
    const second = await insertLink(org.organizationId);
    const email = uniqueEmail('p');
    await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: first.id, emails: [email] } });
    const old = mailTo(email, 'invitation').token;
    mail.length = 0;
    await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: second.id, emails: [email] } });
    const other = mailTo(email, 'invitation').token;
    expect(await findSurveyInvitation(database.db, old)).toBeDefined();
    mail.length = 0;
    await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: first.id, emails: [email.toUpperCase()] } });
    expect(await findSurveyInvitation(database.db, old)).toBeUndefined();
    expect(await findSurveyInvitation(database.db, other)).toBeDefined();
    expect(await findSurveyInvitation(database.db, mailTo(email, 'invitation').token)).toBeDefined();
  });

  it('refuses bad lists, unknown or foreign links, closed links and too few seats', async () => {
    const org = await tenant();
    const foreign = await insertLink((await tenant()).organizationId);
    const link = await insertLink(org.organizationId, { capacity: 3, used: 1 });
    const invite = (payload: Record<string, unknown>, token = org.admin.token) => send('POST', '/api/survey-invitation', { token, payload: { survey_token_id: link.id, ...payload } });

    expect((await invite({ emails: [] })).json().errors).toEqual({ emails: [MemberMessages.emailsCount] });
    const tooMany = Array.from({ length: SURVEY_INVITATION_MAX + 1 }, (_, index) => `p${index}@example.org`);
    expect((await invite({ emails: tooMany })).json().errors).toEqual({ emails: [MemberMessages.emailsCount] });
    const bad = await invite({ emails: ['ok@example.org', 'broken', 'OK@example.org'], first_name: 'x'.repeat(300) });
    expect(bad.json().errors).toEqual({ first_name: [FIRST_NAME_LIMIT.tooLong] });
    const badEmails = await invite({ emails: ['ok@example.org', 'broken', 'OK@example.org'] });
    expect(badEmails.json().errors).toEqual({ 'emails.1': [AuthMessages.invalidEmail], 'emails.2': [MemberMessages.emailRepeated] });
    expect((await invite({ emails: 'a@example.org' })).statusCode).toBe(422);

    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: id, emails: ['a@example.org'] } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: 404, message: MemberMessages.surveyLinkNotFound });
    }
    expect((await invite({ emails: ['a@example.org', 'b@example.org', 'c@example.org'] })).json()).toEqual({ status: 422, message: MemberMessages.surveyLinkNotEnoughSeats });
    const full = await insertLink(org.organizationId, { capacity: 2, used: 2 });
    const noSeats = await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: full.id, emails: ['a@example.org'] } });
    expect(noSeats.json()).toEqual({ status: 422, message: MemberMessages.surveyLinkNoSeats });
    for (const closed of [await insertLink(org.organizationId, { active: false }), await insertLink(org.organizationId, { expiresAt: new Date(Date.now() - 1000) })]) {
      const refused = await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: closed.id, emails: ['a@example.org'] } });
      expect(refused.json()).toEqual({ status: 422, message: MemberMessages.surveyLinkClosed });
    }
    const staff = await org.person('staff');
    expect((await invite({ emails: ['a@example.org'] }, staff.token)).json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
    expect(mail).toHaveLength(0);
    expect(await database.db.selectFrom('invitations').select('id').where('organization_id', '=', org.organizationId).execute()).toHaveLength(0);
  });

  it('tells when an invitee answered to the day only, in the organisation time zone, listed by invitation not by answer', async () => {
    const org = await tenant();
    const link = await insertLink(org.organizationId);
    const invite = async (email: string, hoursAgo: number): Promise<string> => {
      const id = (await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: link.id, emails: [email] } })).json().data[0].id;
      await database.db.updateTable('invitations').set({ created_at: new Date(Date.now() - hoursAgo * 3_600_000) }).where('id', '=', id).execute();
      return id;
    };
    const first = await invite(uniqueEmail('a'), 3);
    const second = await invite(uniqueEmail('b'), 2);
    const third = await invite(uniqueEmail('c'), 1);
    const pending = await invite(uniqueEmail('d'), 0.5);
    // The answers come in an order of their own, so a list sorted by answer would differ. The
    // organisation is in Australia (Australia/Sydney, UTC+10 in June): 20:30 UTC is the next day there.
    expect(await markSurveyInvitationAccepted(database.db, second, new Date('2019-06-01T09:15:42.123Z'))).toBe(true);
    expect(await markSurveyInvitationAccepted(database.db, third, new Date('2019-06-01T20:30:00.000Z'))).toBe(true);
    expect(await markSurveyInvitationAccepted(database.db, first, new Date('2019-06-03T01:00:00.000Z'))).toBe(true);

    for (const url of ['/api/organization/invitations', '/api/organization/invitations?kind=survey']) {
      const listed = await send('GET', url, { token: org.admin.token });
      expect(listed.statusCode, listed.body).toBe(200);
      const data = listed.json().data as Invitation[];
      // Newest invitation first, whatever the order of the answers.
      expect(data.map((each) => each.id)).toEqual([pending, third, second, first]);
      expect(data.map((each) => [each.status, each.answered_on, each.accepted_at])).toEqual([
        ['pending', null, null],
        ['accepted', '2019-06-02', null],
        ['accepted', '2019-06-01', null],
        ['accepted', '2019-06-03', null],
      ]);
      // No instant of an answer anywhere in the reply, only days.
      expect(listed.body).not.toMatch(/2019-\d\d-\d\dT/);
    }
    expect(CalendarDay.is('2019-06-02')).toBe(true);
    for (const instant of ['2019-06-01T09:15:42.123Z', '2019-06-01 09:15', '2025-02-30']) expect(CalendarDay.is(instant)).toBe(false);
  });

  it('a survey invitation can be resent and readdressed, keeping its link', async () => {
    const org = await tenant();
    const link = await insertLink(org.organizationId);
    const email = uniqueEmail('p');
    const invitation = (await send('POST', '/api/survey-invitation', { token: org.admin.token, payload: { survey_token_id: link.id, emails: [email] } })).json().data[0];
    const old = mailTo(email, 'invitation').token;
    const next = uniqueEmail('q');
    const moved = await send('PUT', '/api/organization/invitation-update', { token: org.admin.token, payload: { invitation_id: invitation.id, email: next } });
    expect(moved.json().data).toMatchObject({ email: next, survey_token_id: link.id, status: 'pending' });
    const { message, token } = mailTo(next, 'invitation');
    expect(message.link).toBe(`${config.appUrl}/?token=${link.token}&invitation=${token}`);
    expect(await findSurveyInvitation(database.db, old)).toBeUndefined();
    expect((await findSurveyInvitation(database.db, token))?.surveyTokenId).toBe(link.id);
  });
});
