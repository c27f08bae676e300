import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages, type Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { DEPARTMENT_CAPACITY_MAX, type Member, MemberMessages } from '../../domain/contracts/members';
import { OrganizationMessages } from '../../domain/contracts/organization';
import type { OpenDatabase } from '../../server/db/connect';
import { issueSession } from '../../server/services/auth/sessions';
import type { MailMessage } from '../../server/services/mail';
import { bearer, expectNoSecrets, freshAddress, insertOrganization, insertUser, passwordHash, signIn, uniqueEmail } from './helpers/accounts';
import { insertDepartment as insertDepartmentRow } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];

beforeAll(async () => {
  ({ database, app, mail } = await openTestApp());
  await passwordHash();
});

afterAll(() => closeTestApp({ app, database }));

beforeEach(() => {
  mail.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const send = async (method: Method, url: string, options: { token?: string; payload?: unknown } = {}) => {
  const response = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: freshAddress(),
  });
  expectNoSecrets(response);
  return response;
};

interface Person {
  readonly id: string;
  readonly email: string;
  readonly token: string;
}

const insertDepartment = (organizationId: string, name: string, parentId: string | null = null): Promise<string> =>
  insertDepartmentRow(database.db, organizationId, name, { parentId });

/**
 * One organisation with a group (with a sub-group) run by assignees, another group, and a
 * person of each role. Staff sit in the group, the sub-group and the other group.
 */
const organisation = async () => {
  const organizationId = await insertOrganization(database.db);
  const group = await insertDepartment(organizationId, 'North');
  const subGroup = await insertDepartment(organizationId, 'North East', group);
  const otherGroup = await insertDepartment(organizationId, 'South');
  const otherSubGroup = await insertDepartment(organizationId, 'South West', otherGroup);
  const person = async (role: Role, departmentId: string | null = null): Promise<Person> => {
    const user = await insertUser(database.db, { organizationId, role });
    if (departmentId !== null) await database.db.updateTable('users').set({ department_id: departmentId }).where('id', '=', user.id).execute();
    return { id: user.id, email: user.email, token: await signIn(app, user.email) };
  };
  const runner = async (role: 'group_assignee' | 'subgroup_assignee', departmentId: string): Promise<Person> => {
    const made = await person(role, departmentId);
    await database.db.updateTable('departments').set({ assignee_id: made.id }).where('id', '=', departmentId).execute();
    return made;
  };
  return {
    organizationId,
    group,
    subGroup,
    otherGroup,
    otherSubGroup,
    admin: await person('admin'),
    second: await person('second_admin'),
    subAdmin: await person('sub_admin'),
    groupAssignee: await runner('group_assignee', group),
    subGroupAssignee: await runner('subgroup_assignee', subGroup),
    otherAssignee: await runner('group_assignee', otherGroup),
    staffInGroup: await person('staff', group),
    staffInSubGroup: await person('staff', subGroup),
    staffElsewhere: await person('staff', otherGroup),
    staffNowhere: await person('staff'),
    person,
  };
};
type Organisation = Awaited<ReturnType<typeof organisation>>;

let a: Organisation;
let b: Organisation;

beforeAll(async () => {
  a = await organisation();
  b = await organisation();
});

const notBelong = { status: 404, message: MemberMessages.notBelongToOrganization };
const onlyAdministrator = { status: 403, message: OrganizationMessages.onlyAdministrator };
const outsideYourGroup = { status: 403, message: MemberMessages.outsideYourGroup };
const cannotRemove = { status: 422, message: MemberMessages.cannotRemoveAdministratorOrAssignees };

const members = async (token: string): Promise<Member[]> => {
  const response = await send('GET', '/api/organization/members', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const auditOf = async (organizationId: string, action: string) =>
  database.db.selectFrom('audit_log').selectAll().where('organization_id', '=', organizationId).where('action', '=', action).orderBy('id').execute();

const userRow = (id: string) => database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /department-register', () => {
  it('creates a group for the administrator and the second administrator, audited', async () => {
    const org = await organisation();
    const created = await send('POST', '/api/department-register', { token: org.admin.token, payload: { name: '  Finance ', capacity: 12 } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toEqual({ id: expect.any(String), name: 'Finance', parent_id: null, capacity: 12, assignee_id: null, invitation: null });
    const bySecond = await send('POST', '/api/department-register', { token: org.second.token, payload: { name: 'Legal', capacity: null } });
    expect(bySecond.json().data).toMatchObject({ name: 'Legal', capacity: null });
    expect(mail).toHaveLength(0);
    const audited = await auditOf(org.organizationId, 'department.created');
    expect(audited.map((row) => row.actor)).toEqual([org.admin.id, org.second.id]);
    expect(audited[0]?.address).not.toBeNull();
  });

  it('refuses a repeated name in any letter case, but not in another organisation', async () => {
    const refused = await send('POST', '/api/department-register', { token: a.admin.token, payload: { name: ' NORTH ' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { name: [MemberMessages.groupNameTaken] } });
    // A sub-group's name does not block a group of the same name.
    expect((await send('POST', '/api/department-register', { token: a.admin.token, payload: { name: 'north east' } })).statusCode).toBe(200);
    const org = await insertOrganization(database.db);
    const elsewhere = await insertUser(database.db, { organizationId: org });
    expect((await send('POST', '/api/department-register', { token: await signIn(app, elsewhere.email), payload: { name: 'North' } })).statusCode).toBe(200);
  });

  it('validates the name, the capacity and the assignee', async () => {
    const taken = await insertUser(database.db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '  ' }, { name: [MemberMessages.departmentNameRequired] }],
      [{ name: 'x'.repeat(256) }, { name: [MemberMessages.departmentNameTooLong] }],
      [{ name: 'Ok 1', capacity: -1 }, { capacity: [MemberMessages.capacityInvalid] }],
      [{ name: 'Ok 2', capacity: 1.5 }, { capacity: [MemberMessages.capacityInvalid] }],
      [{ name: 'Ok 3', capacity: DEPARTMENT_CAPACITY_MAX + 1 }, { capacity: [MemberMessages.capacityInvalid] }],
      [{ name: 'Ok 4', assignee: { email: 'nope', first_name: '', last_name: 'B' } }, { 'assignee.email': [AuthMessages.invalidEmail], 'assignee.first_name': [Messages.fieldRequired('first name')] }],
      [{ name: 'Ok 5', assignee: { email: taken.email, first_name: 'A', last_name: 'B' } }, { 'assignee.email': [AuthMessages.emailTaken] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await send('POST', '/api/department-register', { token: a.admin.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect((await send('POST', '/api/department-register', { token: a.admin.token, payload: { name: 'Ok', capacity: '3' } })).statusCode).toBe(422);
    expect((await send('POST', '/api/department-register', { token: a.admin.token, payload: {} })).json().errors).toEqual({ name: [Messages.fieldRequired('name')] });
    const names = await database.db.selectFrom('departments').select('name').where('organization_id', '=', a.organizationId).execute();
    expect(names.map((row) => row.name)).not.toContain('Ok 4');
  });

  it('is refused to every other role', async () => {
    for (const who of [a.subAdmin, a.groupAssignee, a.subGroupAssignee, a.staffInGroup]) {
      const response = await send('POST', '/api/department-register', { token: who.token, payload: { name: `Refused ${who.id}` } });
      expect(response.json()).toEqual(onlyAdministrator);
    }
    expect((await send('POST', '/api/department-register', { payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('POST /invite-sub-group', () => {
  it('creates a sub-group for an administrator or the group assignee; names are unique within the group', async () => {
    const byAdmin = await send('POST', '/api/invite-sub-group', { token: a.admin.token, payload: { group_id: a.group, name: 'North West', capacity: 5 } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ name: 'North West', parent_id: a.group, capacity: 5, invitation: null });
    const byAssignee = await send('POST', '/api/invite-sub-group', { token: a.groupAssignee.token, payload: { group_id: a.group, name: 'North Central' } });
    expect(byAssignee.statusCode, byAssignee.body).toBe(200);
    const repeated = await send('POST', '/api/invite-sub-group', { token: a.admin.token, payload: { group_id: a.group, name: 'NORTH EAST' } });
    expect(repeated.json().errors).toEqual({ name: [MemberMessages.subGroupNameTaken] });
    // The same name under another group is fine.
    expect((await send('POST', '/api/invite-sub-group', { token: a.admin.token, payload: { group_id: a.otherGroup, name: 'North East' } })).statusCode).toBe(200);
  });

  it('refuses a sub-group as the parent, foreign or unknown groups, and callers outside the group', async () => {
    const subAsGroup = await send('POST', '/api/invite-sub-group', { token: a.admin.token, payload: { group_id: a.subGroup, name: 'Deeper' } });
    expect(subAsGroup.json().errors).toEqual({ group_id: [MemberMessages.selectExistingGroup] });
    for (const groupId of [b.group, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await send('POST', '/api/invite-sub-group', { token: a.admin.token, payload: { group_id: groupId, name: 'Foreign' } });
      expect(response.json(), groupId).toEqual(notBelong);
    }
    const otherRunner = await send('POST', '/api/invite-sub-group', { token: a.otherAssignee.token, payload: { group_id: a.group, name: 'Intruder' } });
    expect(otherRunner.json()).toEqual(outsideYourGroup);
    for (const who of [a.staffInGroup, a.subGroupAssignee, a.subAdmin]) {
      expect((await send('POST', '/api/invite-sub-group', { token: who.token, payload: { group_id: a.group, name: 'Nope' } })).json()).toEqual(onlyAdministrator);
    }
  });
});

describe('GET /organization/members', () => {
  it('shows every member to administrators with the rules as flags and reasons', async () => {
    const list = await members(a.admin.token);
    const byId = new Map(list.map((member) => [member.id, member]));
    expect(list).toHaveLength(10);
    for (const member of list) expect(member).not.toHaveProperty('password_hash');
    expect(byId.get(a.admin.id)).toMatchObject({ role: 'admin', removable: false, remove_reason: MemberMessages.cannotRemoveYourself, movable: false, move_reason: MemberMessages.administratorCannotBeMoved });
    expect(byId.get(a.groupAssignee.id)).toMatchObject({
      role: 'group_assignee',
      department: { id: a.group, name: 'North', parent_id: null },
      removable: false,
      remove_reason: MemberMessages.cannotRemoveAdministratorOrAssignees,
      movable: false,
      move_reason: MemberMessages.groupAssigneeCannotBeMoved,
    });
    expect(byId.get(a.subGroupAssignee.id)).toMatchObject({ removable: false, remove_reason: MemberMessages.cannotRemoveAdministratorOrAssignees, movable: true, move_reason: null });
    expect(byId.get(a.second.id)).toMatchObject({ removable: true, movable: true });
    expect(byId.get(a.staffInSubGroup.id)).toMatchObject({ department: { id: a.subGroup, name: 'North East', parent_id: a.group }, removable: true, remove_reason: null, movable: true, active: true });
    expect(byId.get(a.staffNowhere.id)?.department).toBeNull();
    for (const member of [b.admin, b.staffInGroup]) expect(byId.has(member.id)).toBe(false);

    const seenBySecond = new Map((await members(a.second.token)).map((member) => [member.id, member]));
    expect(seenBySecond.get(a.admin.id)?.remove_reason).toBe(MemberMessages.cannotRemoveAdministratorOrAssignees);
    expect(seenBySecond.get(a.subAdmin.id)).toMatchObject({ removable: false, remove_reason: OrganizationMessages.onlyAdministrator, movable: false });
    expect(seenBySecond.get(a.subGroupAssignee.id)?.move_reason).toBe(OrganizationMessages.onlyAdministrator);
    expect(seenBySecond.get(a.staffElsewhere.id)).toMatchObject({ removable: true, movable: true });

    // A sub-admin sees everyone but may change no one.
    const seenBySubAdmin = await members(a.subAdmin.token);
    expect(seenBySubAdmin).toHaveLength(list.length);
    expect(seenBySubAdmin.find((member) => member.id === a.staffInGroup.id)).toMatchObject({ removable: false, remove_reason: OrganizationMessages.onlyAdministrator });
  });

  it('shows an assignee only the departments they run', async () => {
    const seenByGroup = await members(a.groupAssignee.token);
    expect(new Set(seenByGroup.map((member) => member.id))).toEqual(new Set([a.groupAssignee.id, a.subGroupAssignee.id, a.staffInGroup.id, a.staffInSubGroup.id]));
    const byId = new Map(seenByGroup.map((member) => [member.id, member]));
    expect(byId.get(a.staffInSubGroup.id)).toMatchObject({ removable: true, movable: true });
    expect(byId.get(a.groupAssignee.id)?.remove_reason).toBe(MemberMessages.cannotRemoveYourself);

    const seenBySubGroup = await members(a.subGroupAssignee.token);
    expect(new Set(seenBySubGroup.map((member) => member.id))).toEqual(new Set([a.subGroupAssignee.id, a.staffInSubGroup.id]));
    expect(seenBySubGroup.find((member) => member.id === a.staffInSubGroup.id)).toMatchObject({ removable: false, remove_reason: OrganizationMessages.onlyAdministrator });

    expect((await send('GET', '/api/organization/members', { token: a.staffInGroup.token })).json()).toEqual(onlyAdministrator);
  });

  it('lists only the viewed group in a view-as session', async () => {
    const { token } = await issueSession(database.db, { id: a.admin.id, organization_id: a.organizationId }, { kind: 'secondary', viewAsGroupId: a.otherGroup });
    const seen = await members(token);
    expect(new Set(seen.map((member) => member.id))).toEqual(new Set([a.otherAssignee.id, a.staffElsewhere.id]));
  });
});

describe('DELETE /user/remove-staff', () => {
  const remove = (token: string, userId: string) => send('DELETE', '/api/user/remove-staff', { token, payload: { user_id: userId } });

  it('deletes the member and ends their sessions in one step, audited', async () => {
    const org = await organisation();
    const target = await org.person('staff', org.group);
    expect((await send('POST', '/api/check-access-token', { token: target.token })).statusCode).toBe(200);
    const response = await remove(org.admin.token, target.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: null });
    expect(await userRow(target.id)).toBeUndefined();
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toHaveLength(0);
    expect((await send('POST', '/api/check-access-token', { token: target.token })).statusCode).toBe(401);
    const audited = await auditOf(org.organizationId, 'member.removed');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor: org.admin.id, details: expect.objectContaining({ user_id: target.id, email: target.email, role: 'staff' }) });
    expect(audited[0]?.address).not.toBeNull();
    expect((await remove(org.admin.token, target.id)).json()).toEqual(notBelong);
  });

  it('never removes the administrator, an assignee or yourself', async () => {
    const org = await organisation();
    for (const target of [org.admin, org.groupAssignee, org.subGroupAssignee]) {
      expect((await remove(org.second.token, target.id)).json()).toEqual(cannotRemove);
    }
    // An assignee recorded only on the department (role not yet changed) is protected too.
    const quiet = await org.person('staff', org.otherSubGroup);
    await database.db.updateTable('departments').set({ assignee_id: quiet.id }).where('id', '=', org.otherSubGroup).execute();
    expect((await remove(org.admin.token, quiet.id)).json()).toEqual(cannotRemove);
    expect((await remove(org.admin.token, org.admin.id)).json()).toEqual({ status: 422, message: MemberMessages.cannotRemoveYourself });
    expect((await remove(org.second.token, org.second.id)).json()).toEqual({ status: 422, message: MemberMessages.cannotRemoveYourself });
    for (const target of [org.admin, org.groupAssignee, org.subGroupAssignee, quiet, org.second]) expect(await userRow(target.id)).toBeDefined();
  });

  it('lets only the administrator remove a second admin or a sub-admin', async () => {
    const org = await organisation();
    const otherSecond = await org.person('second_admin');
    expect((await remove(org.second.token, org.subAdmin.id)).json()).toEqual(onlyAdministrator);
    expect((await remove(org.second.token, otherSecond.id)).json()).toEqual(onlyAdministrator);
    expect((await remove(org.admin.token, org.subAdmin.id)).statusCode).toBe(200);
    expect((await remove(org.admin.token, otherSecond.id)).statusCode).toBe(200);
    // The second administrator removes staff.
    expect((await remove(org.second.token, org.staffNowhere.id)).statusCode).toBe(200);
  });

  it('lets a group assignee remove the staff of their group only; others cannot remove', async () => {
    const org = await organisation();
    expect((await remove(org.groupAssignee.token, org.staffElsewhere.id)).json()).toEqual(outsideYourGroup);
    expect((await remove(org.groupAssignee.token, org.staffNowhere.id)).json()).toEqual(outsideYourGroup);
    expect((await remove(org.groupAssignee.token, org.second.id)).json()).toEqual(onlyAdministrator);
    expect((await remove(org.groupAssignee.token, org.staffInSubGroup.id)).statusCode).toBe(200);
    for (const who of [org.subAdmin, org.subGroupAssignee, org.staffInGroup]) {
      expect((await remove(who.token, org.staffNowhere.id)).json()).toEqual(onlyAdministrator);
      // Refused before any lookup: a foreign id tells nothing either.
      expect((await remove(who.token, b.staffInGroup.id)).json()).toEqual(onlyAdministrator);
    }
  });

  it('answers a foreign, unknown or malformed id alike', async () => {
    const answers = [];
    for (const id of [b.staffInGroup.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '']) {
      const response = await remove(a.admin.token, id);
      expect(response.statusCode).toBe(404);
      answers.push(response.json());
    }
    for (const answer of answers) expect(answer).toEqual(notBelong);
    expect(await userRow(b.staffInGroup.id)).toBeDefined();
    expect((await send('DELETE', '/api/user/remove-staff', { token: a.admin.token, payload: {} })).json().errors).toEqual({ user_id: [Messages.fieldRequired('user_id')] });
  });
});

describe('POST /user/move-staff', () => {
  const move = (token: string, userId: string, departmentId: string) => send('POST', '/api/user/move-staff', { token, payload: { user_id: userId, department_id: departmentId } });

  it('moves a member to another department and answers them, audited', async () => {
    const org = await organisation();
    const response = await move(org.second.token, org.staffInGroup.id, org.otherSubGroup);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: org.staffInGroup.id, role: 'staff', department: { id: org.otherSubGroup, name: 'South West', parent_id: org.otherGroup }, movable: true, removable: true });
    expect((await userRow(org.staffInGroup.id))?.department_id).toBe(org.otherSubGroup);
    const audited = await auditOf(org.organizationId, 'member.moved');
    expect(audited.at(-1)).toMatchObject({ actor: org.second.id, details: expect.objectContaining({ user_id: org.staffInGroup.id, from_department_id: org.group, to_department_id: org.otherSubGroup }) });
    // The same department again changes nothing.
    expect((await move(org.second.token, org.staffInGroup.id, org.otherSubGroup)).statusCode).toBe(200);
    expect(await auditOf(org.organizationId, 'member.moved')).toHaveLength(1);
  });

  it('never moves the administrator or a group assignee', async () => {
    expect((await move(a.admin.token, a.admin.id, a.group)).json()).toEqual({ status: 422, message: MemberMessages.administratorCannotBeMoved });
    expect((await move(a.admin.token, a.groupAssignee.id, a.otherGroup)).json()).toEqual({ status: 422, message: MemberMessages.groupAssigneeCannotBeMoved });
    expect((await move(a.second.token, a.otherAssignee.id, a.group)).json()).toEqual({ status: 422, message: MemberMessages.groupAssigneeCannotBeMoved });
    expect((await userRow(a.groupAssignee.id))?.department_id).toBe(a.group);
  });

  it('moves a sub-group assignee, second admin or sub-admin for the administrator only; the sub-group loses its assignee', async () => {
    const org = await organisation();
    for (const target of [org.subGroupAssignee, org.subAdmin]) expect((await move(org.second.token, target.id, org.otherGroup)).json()).toEqual(onlyAdministrator);
    const moved = await move(org.admin.token, org.subGroupAssignee.id, org.otherGroup);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ role: 'staff', department: { id: org.otherGroup } });
    const subGroup = await database.db.selectFrom('departments').select('assignee_id').where('id', '=', org.subGroup).executeTakeFirstOrThrow();
    expect(subGroup.assignee_id).toBeNull();
    expect((await auditOf(org.organizationId, 'member.moved')).at(-1)?.details).toMatchObject({ ended_assignments: [org.subGroup] });
    expect((await move(org.admin.token, org.second.id, org.group)).statusCode).toBe(200);
  });

  it('lets a group assignee move within their group only', async () => {
    const org = await organisation();
    expect((await move(org.groupAssignee.token, org.staffInGroup.id, org.subGroup)).statusCode).toBe(200);
    expect((await move(org.groupAssignee.token, org.staffInGroup.id, org.otherGroup)).json()).toEqual(outsideYourGroup);
    expect((await move(org.groupAssignee.token, org.staffElsewhere.id, org.group)).json()).toEqual(outsideYourGroup);
    expect((await move(org.staffInGroup.token, org.staffNowhere.id, org.group)).json()).toEqual(onlyAdministrator);
    expect((await move(org.subGroupAssignee.token, org.staffInSubGroup.id, org.subGroup)).json()).toEqual(onlyAdministrator);
  });

  it('answers foreign or unknown members and departments alike', async () => {
    for (const [userId, departmentId] of [
      [b.staffInGroup.id, a.group],
      [a.staffNowhere.id, b.group],
      [a.staffNowhere.id, 'not-a-uuid'],
      ['00000000-0000-4000-8000-000000000000', a.group],
    ] as const) {
      expect((await move(a.admin.token, userId, departmentId)).json()).toEqual(notBelong);
    }
    expect((await userRow(b.staffInGroup.id))?.department_id).toBe(b.group);
    expect((await userRow(a.staffNowhere.id))?.department_id).toBeNull();
  });
});

describe('POST /organization/change-group-assignee', () => {
  const change = (token: string, payload: Record<string, unknown>) => send('POST', '/api/organization/change-group-assignee', { token, payload });

  it('makes a staff member the assignee; the previous one stays as staff; pending assignee invitations die', async () => {
    const org = await organisation();
    const pending = await change(org.admin.token, { department_id: org.otherSubGroup, assignee: { email: uniqueEmail('later'), first_name: 'L', last_name: 'M' } });
    expect(pending.statusCode, pending.body).toBe(200);
    const response = await change(org.second.token, { department_id: org.group, user_id: org.staffElsewhere.id });
    expect(response.json()).toEqual({ status: 200, data: { department_id: org.group, assignee_id: org.staffElsewhere.id, invitation: null } });
    const now = await userRow(org.staffElsewhere.id);
    expect(now).toMatchObject({ role: 'group_assignee', department_id: org.group });
    expect(await userRow(org.groupAssignee.id)).toMatchObject({ role: 'staff', department_id: org.group });
    expect((await database.db.selectFrom('departments').select('assignee_id').where('id', '=', org.group).executeTakeFirstOrThrow()).assignee_id).toBe(org.staffElsewhere.id);
    const audited = await auditOf(org.organizationId, 'department.assignee_changed');
    expect(audited.at(-1)).toMatchObject({ actor: org.second.id, details: expect.objectContaining({ department_id: org.group, previous_assignee_id: org.groupAssignee.id, assignee_id: org.staffElsewhere.id }) });

    const subGroupChange = await change(org.admin.token, { department_id: org.otherSubGroup, user_id: org.staffNowhere.id });
    expect(subGroupChange.statusCode).toBe(200);
    expect(await userRow(org.staffNowhere.id)).toMatchObject({ role: 'subgroup_assignee', department_id: org.otherSubGroup });
    const invitation = await database.db.selectFrom('invitations').selectAll().where('id', '=', pending.json().data.invitation.id).executeTakeFirstOrThrow();
    expect(invitation.revoked_at).not.toBeNull();
    // The same assignee again changes nothing.
    expect((await change(org.admin.token, { department_id: org.otherSubGroup, user_id: org.staffNowhere.id })).json().data.assignee_id).toBe(org.staffNowhere.id);
  });

  it('with a new person: the department has no assignee until the invitation is accepted', async () => {
    const org = await organisation();
    const email = uniqueEmail('next');
    const response = await change(org.admin.token, { department_id: org.subGroup, assignee: { email, first_name: 'N', last_name: 'P' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ department_id: org.subGroup, assignee_id: null, invitation: { kind: 'subgroup_assignee', email, department: { id: org.subGroup } } });
    expect(await userRow(org.subGroupAssignee.id)).toMatchObject({ role: 'staff', department_id: org.subGroup });
    expect(mail).toHaveLength(1);
    expect(mail[0]?.link).toContain('/subgroup-register?token=');
    const token = new URL(mail[0]!.link!).searchParams.get('token')!;
    const accepted = await send('POST', '/api/invitation/accept', { payload: { token, first_name: 'N', last_name: 'P', password: 'Correct-Horse1', password_confirmation: 'Correct-Horse1' } });
    expect(accepted.json().data.user.role).toBe('subgroup_assignee');
    expect((await database.db.selectFrom('departments').select('assignee_id').where('id', '=', org.subGroup).executeTakeFirstOrThrow()).assignee_id).toBe(accepted.json().data.user.id);
  });

  it('refuses bad choices, foreign ids and other roles', async () => {
    const org = await organisation();
    expect((await change(org.admin.token, { department_id: org.group })).json().errors).toEqual({ user_id: [MemberMessages.assigneeChoice] });
    const both = await change(org.admin.token, { department_id: org.group, user_id: org.staffNowhere.id, assignee: { email: uniqueEmail(), first_name: 'A', last_name: 'B' } });
    expect(both.json().errors).toEqual({ user_id: [MemberMessages.assigneeChoice] });
    for (const target of [org.subAdmin, org.second, org.otherAssignee, org.subGroupAssignee, org.admin]) {
      expect((await change(org.admin.token, { department_id: org.group, user_id: target.id })).json().errors).toEqual({ user_id: [MemberMessages.assigneeMustBeStaff] });
    }
    const taken = await change(org.admin.token, { department_id: org.group, assignee: { email: org.staffNowhere.email, first_name: 'A', last_name: 'B' } });
    expect(taken.json().errors).toEqual({ 'assignee.email': [AuthMessages.emailTaken] });
    expect((await change(org.admin.token, { department_id: org.group, user_id: b.staffNowhere.id })).json()).toEqual(notBelong);
    expect((await change(org.admin.token, { department_id: b.group, user_id: org.staffNowhere.id })).json()).toEqual(notBelong);
    expect((await change(org.admin.token, { department_id: 'nope', user_id: org.staffNowhere.id })).json()).toEqual(notBelong);
    for (const who of [org.subAdmin, org.groupAssignee, org.staffInGroup]) {
      expect((await change(who.token, { department_id: org.group, user_id: org.staffNowhere.id })).json()).toEqual(onlyAdministrator);
    }
    expect(await userRow(org.groupAssignee.id)).toMatchObject({ role: 'group_assignee' });
    expect(await userRow(b.staffNowhere.id)).toMatchObject({ role: 'staff' });
  });
});
