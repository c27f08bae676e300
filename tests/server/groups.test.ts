import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { GroupMessages } from '../../domain/contracts/groups';
import { OrganizationMessages } from '../../domain/contracts/organization';
import type { OpenDatabase } from '../../server/db/connect';
import { departmentScopeOf, inDepartmentScope, visibleDepartmentIds } from '../../server/services/organization/scope';
import { bearer, expectNoSecrets, get, insertOrganization, insertUser, passwordHash, signIn } from './helpers/accounts';
import { insertDepartment as insertDepartmentRow } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

const insertDepartment = (organizationId: string, name: string, parentId: string | null = null, extra: { capacity?: number | null; assigneeId?: string | null } = {}): Promise<string> =>
  insertDepartmentRow(database.db, organizationId, name, { parentId, ...extra });

const placeUser = async (userId: string, departmentId: string | null): Promise<void> => {
  await database.db.updateTable('users').set({ department_id: departmentId }).where('id', '=', userId).execute();
};

const insertMember = async (organizationId: string, departmentId: string | null, options: { active?: boolean } = {}): Promise<string> => {
  const user = await insertUser(database.db, { organizationId, role: 'staff', active: options.active ?? true });
  await placeUser(user.id, departmentId);
  return user.id;
};

/**
 * One organisation: groups 'alpha' (sub-group 'Gamma') and 'Beta' (sub-groups 'delta',
 * 'Epsilon'), a person for each role (the group assignee runs Beta, the sub-group assignee
 * runs Gamma), and members spread over them.
 */
interface World {
  readonly organizationId: string;
  readonly alpha: string;
  readonly beta: string;
  readonly gamma: string;
  readonly delta: string;
  readonly epsilon: string;
  readonly users: Map<Role, string>;
  readonly tokens: Map<Role, string>;
}

const ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'];

const world = async (): Promise<World> => {
  const organizationId = await insertOrganization(database.db);
  const users = new Map<Role, string>();
  const emails = new Map<Role, string>();
  for (const role of ROLES) {
    const user = await insertUser(database.db, { organizationId, role });
    users.set(role, user.id);
    emails.set(role, user.email);
  }
  const alpha = await insertDepartment(organizationId, 'alpha', null, { capacity: 40 });
  const beta = await insertDepartment(organizationId, 'Beta', null, { assigneeId: users.get('group_assignee')! });
  const gamma = await insertDepartment(organizationId, 'Gamma', alpha, { assigneeId: users.get('subgroup_assignee')! });
  const delta = await insertDepartment(organizationId, 'delta', beta, { capacity: 5 });
  const epsilon = await insertDepartment(organizationId, 'Epsilon', beta);
  await placeUser(users.get('group_assignee')!, beta);
  await placeUser(users.get('subgroup_assignee')!, gamma);
  await placeUser(users.get('staff')!, delta);
  // Beta: 1 in the group itself (plus its assignee), 2 active in delta (with staff: 3), 1 in epsilon, 1 inactive.
  await insertMember(organizationId, beta);
  await insertMember(organizationId, delta);
  await insertMember(organizationId, delta);
  await insertMember(organizationId, epsilon);
  await insertMember(organizationId, delta, { active: false });
  await insertMember(organizationId, alpha);
  await insertMember(organizationId, null);
  const tokens = new Map<Role, string>();
  for (const role of ROLES) tokens.set(role, await signIn(app, emails.get(role)!));
  return { organizationId, alpha, beta, gamma, delta, epsilon, users, tokens };
};

let a: World;
let b: World;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  a = await world();
  b = await world();
});

afterAll(() => closeTestApp({ app, database }));

const read = async (url: string, token: string) => {
  const response = await get(app, url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as unknown;
};

const remove = async (departmentId: unknown, token: string) => {
  const response = await app.inject({ method: 'DELETE', url: '/api/organization/remove-department', payload: { department_id: departmentId }, headers: bearer(token) });
  expectNoSecrets(response);
  return response;
};

const auditRows = (organizationId: string, action: string) =>
  database.db.selectFrom('audit_log').selectAll().where('organization_id', '=', organizationId).where('action', '=', action).orderBy('id').execute();

const assigneeOf = async (userId: string) => {
  const row = await database.db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, email: row.email };
};

const READ_PATHS = [
  '/api/organization/groups',
  '/api/organization/sub-groups',
  '/api/organization/departments',
  '/api/organization/groups-sub-groups',
  '/api/organization/selection-groups',
];

describe('organisation-wide roles', () => {
  it('list every group with its assignee and counts, sorted by name', async () => {
    const expected = [
      { id: a.alpha, name: 'alpha', capacity: 40, assignee: null, sub_group_count: 1, member_count: 2, places_left: 40 },
      { id: a.beta, name: 'Beta', capacity: null, assignee: await assigneeOf(a.users.get('group_assignee')!), sub_group_count: 2, member_count: 6, places_left: null },
    ];
    for (const role of ['admin', 'second_admin', 'sub_admin'] as const) {
      expect(await read('/api/organization/groups', a.tokens.get(role)!), role).toEqual(expected);
    }
  });

  it('list every sub-group with its group, optionally of one group', async () => {
    const token = a.tokens.get('admin')!;
    const gamma = { id: a.gamma, name: 'Gamma', capacity: null, assignee: await assigneeOf(a.users.get('subgroup_assignee')!), member_count: 1, parent_id: a.alpha, parent_name: 'alpha' };
    const delta = { id: a.delta, name: 'delta', capacity: 5, assignee: null, member_count: 3, parent_id: a.beta, parent_name: 'Beta' };
    const epsilon = { id: a.epsilon, name: 'Epsilon', capacity: null, assignee: null, member_count: 1, parent_id: a.beta, parent_name: 'Beta' };
    expect(await read('/api/organization/sub-groups', token)).toEqual([gamma, delta, epsilon]);
    expect(await read(`/api/organization/sub-groups?group_id=${a.beta}`, token)).toEqual([delta, epsilon]);
    // Another organisation's group, an unknown one or a malformed id filter everything out.
    for (const groupId of [b.beta, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await read(`/api/organization/sub-groups?group_id=${groupId}`, token)).toEqual([]);
    }
  });

  it('flatten the departments, each group followed by its sub-groups', async () => {
    expect(await read('/api/organization/departments', a.tokens.get('second_admin')!)).toEqual([
      { id: a.alpha, name: 'alpha', parent_id: null, level: 2, capacity: 40 },
      { id: a.gamma, name: 'Gamma', parent_id: a.alpha, level: 3, capacity: null },
      { id: a.beta, name: 'Beta', parent_id: null, level: 2, capacity: null },
      { id: a.delta, name: 'delta', parent_id: a.beta, level: 3, capacity: 5 },
      { id: a.epsilon, name: 'Epsilon', parent_id: a.beta, level: 3, capacity: null },
    ]);
  });

  it('answer the option tree on both tree calls', async () => {
    const tree = [
      { id: a.alpha, name: 'alpha', children: [{ id: a.gamma, name: 'Gamma', children: [], parent: a.alpha }] },
      {
        id: a.beta,
        name: 'Beta',
        children: [
          { id: a.delta, name: 'delta', children: [], parent: a.beta },
          { id: a.epsilon, name: 'Epsilon', children: [], parent: a.beta },
        ],
      },
    ];
    expect(await read('/api/organization/groups-sub-groups', a.tokens.get('sub_admin')!)).toEqual(tree);
    expect(await read('/api/organization/selection-groups', a.tokens.get('admin')!)).toEqual(tree);
  });
});

describe('assignees and staff', () => {
  it('a group assignee sees their group and its sub-groups only', async () => {
    const token = a.tokens.get('group_assignee')!;
    const groups = (await read('/api/organization/groups', token)) as { id: string; member_count: number }[];
    expect(groups.map((group) => [group.id, group.member_count])).toEqual([[a.beta, 6]]);
    expect(((await read('/api/organization/sub-groups', token)) as { id: string }[]).map((row) => row.id)).toEqual([a.delta, a.epsilon]);
    expect(await read(`/api/organization/sub-groups?group_id=${a.alpha}`, token)).toEqual([]);
    expect(((await read('/api/organization/departments', token)) as { id: string }[]).map((row) => row.id)).toEqual([a.beta, a.delta, a.epsilon]);
    for (const path of ['/api/organization/groups-sub-groups', '/api/organization/selection-groups']) {
      expect(await read(path, token)).toEqual([
        {
          id: a.beta,
          name: 'Beta',
          children: [
            { id: a.delta, name: 'delta', children: [], parent: a.beta },
            { id: a.epsilon, name: 'Epsilon', children: [], parent: a.beta },
          ],
        },
      ]);
    }
  });

  it('a sub-group assignee sees their sub-group only, as a root naming its group', async () => {
    const token = a.tokens.get('subgroup_assignee')!;
    expect(await read('/api/organization/groups', token)).toEqual([]);
    expect(((await read('/api/organization/sub-groups', token)) as { id: string; parent_name: string }[]).map((row) => [row.id, row.parent_name])).toEqual([
      [a.gamma, 'alpha'],
    ]);
    expect(await read('/api/organization/departments', token)).toEqual([{ id: a.gamma, name: 'Gamma', parent_id: a.alpha, level: 3, capacity: null }]);
    expect(await read('/api/organization/groups-sub-groups', token)).toEqual([{ id: a.gamma, name: 'Gamma', children: [], parent: a.alpha }]);
    expect(await read('/api/organization/selection-groups', token)).toEqual([{ id: a.gamma, name: 'Gamma', children: [], parent: a.alpha }]);
  });

  it('staff see nothing, even though they belong to a sub-group', async () => {
    for (const path of READ_PATHS) expect(await read(path, a.tokens.get('staff')!), path).toEqual([]);
  });

  it('an assignee without a department sees nothing', async () => {
    const user = await insertUser(database.db, { organizationId: a.organizationId, role: 'group_assignee' });
    const token = await signIn(app, user.email);
    for (const path of READ_PATHS) expect(await read(path, token), path).toEqual([]);
  });

  it('every read needs a session', async () => {
    for (const path of READ_PATHS) {
      const response = await get(app, path);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: Messages.sessionExpired });
    }
  });
});

describe('tenant isolation', () => {
  it('no read of one organisation names anything of the other', async () => {
    const foreign = [b.alpha, b.beta, b.gamma, b.delta, b.epsilon, ...b.users.values()];
    for (const role of ROLES) {
      for (const path of READ_PATHS) {
        const response = await get(app, path, { token: a.tokens.get(role)! });
        for (const id of foreign) expect(response.body, `${role} ${path}`).not.toContain(id);
      }
    }
  });

  it('a group assignee who is named assignee of another organisation’s group still sees only their own', async () => {
    // A forged cross-tenant link must not widen the scope.
    await database.db.updateTable('departments').set({ assignee_id: a.users.get('group_assignee')! }).where('id', '=', b.alpha).execute();
    try {
      const body = (await get(app, '/api/organization/departments', { token: a.tokens.get('group_assignee')! })).body;
      expect(body).not.toContain(b.alpha);
    } finally {
      await database.db.updateTable('departments').set({ assignee_id: null }).where('id', '=', b.alpha).execute();
    }
  });
});

describe('the scope service', () => {
  const contextOf = async (role: Role, viewAsGroupId: string | null = null) => {
    const user = await database.db.selectFrom('users').selectAll().where('id', '=', a.users.get(role)!).executeTakeFirstOrThrow();
    const organization = await database.db.selectFrom('organizations').selectAll().where('id', '=', a.organizationId).executeTakeFirstOrThrow();
    return { user, organization, viewAsGroupId };
  };

  it('answers the visible ids per role and for a view-as session', async () => {
    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted(await visibleDepartmentIds(database.db, await contextOf('admin')))).toEqual(sorted([a.alpha, a.beta, a.gamma, a.delta, a.epsilon]));
    expect(sorted(await visibleDepartmentIds(database.db, await contextOf('group_assignee')))).toEqual(sorted([a.beta, a.delta, a.epsilon]));
    expect(await visibleDepartmentIds(database.db, await contextOf('subgroup_assignee'))).toEqual([a.gamma]);
    expect(await visibleDepartmentIds(database.db, await contextOf('staff'))).toEqual([]);
    expect(sorted(await visibleDepartmentIds(database.db, await contextOf('admin', a.alpha)))).toEqual(sorted([a.alpha, a.gamma]));
    // A view-as group of another organisation shows nothing.
    expect(await visibleDepartmentIds(database.db, await contextOf('admin', b.alpha))).toEqual([]);
  });

  it('filters any table by its department column', async () => {
    const members = async (role: Role) => {
      const scope = await departmentScopeOf(database.db, await contextOf(role));
      const rows = await database.db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', a.organizationId)
        .where(inDepartmentScope(scope, 'users.department_id'))
        .execute();
      return rows.length;
    };
    const everyone = await database.db.selectFrom('users').select('id').where('organization_id', '=', a.organizationId).execute();
    expect(await members('admin')).toBe(everyone.length);
    // Beta: its assignee, 1 member, delta: staff + 2 + 1 inactive, epsilon: 1.
    expect(await members('group_assignee')).toBe(7);
    expect(await members('subgroup_assignee')).toBe(1);
    expect(await members('staff')).toBe(0);
  });
});

describe('DELETE /api/organization/remove-department', () => {
  it('refuses everyone but the administrator and the second administrator', async () => {
    for (const role of ['sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'] as const) {
      const response = await remove(a.epsilon, a.tokens.get(role)!);
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
    }
    expect(await database.db.selectFrom('departments').select('id').where('id', '=', a.epsilon).executeTakeFirst()).toBeDefined();
  });

  it('answers another organisation’s department exactly as an unknown or malformed id, and changes nothing', async () => {
    const answers = [];
    for (const id of [b.epsilon, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', `${b.epsilon} `]) {
      const response = await remove(id, a.tokens.get('admin')!);
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[0]).toEqual({ status: 404, body: { status: 404, message: GroupMessages.notBelongToOrganization } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await database.db.selectFrom('departments').select('id').where('id', '=', b.epsilon).executeTakeFirst()).toBeDefined();
  });

  it('needs the department_id', async () => {
    const response = await remove(undefined, a.tokens.get('admin')!);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ department_id: [Messages.fieldRequired('department_id')] });
  });

  it('refuses a group that has sub-groups', async () => {
    const response = await remove(a.beta, a.tokens.get('admin')!);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, message: GroupMessages.departmentHasSubGroups });
    expect(await database.db.selectFrom('departments').select('id').where('id', '=', a.beta).executeTakeFirst()).toBeDefined();
  });

  it('removes a sub-group, then its group; members keep their account without a department; audited', async () => {
    const own = await world();
    const inDelta = await database.db.selectFrom('users').select('id').where('department_id', '=', own.delta).execute();
    expect(inDelta).toHaveLength(4);
    const first = await remove(own.delta, own.tokens.get('second_admin')!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 200, data: { id: own.delta, unassigned_members: 4 } });
    const members = await database.db.selectFrom('users').select(['id', 'department_id']).where('id', 'in', inDelta.map((row) => row.id)).execute();
    expect(members).toHaveLength(4);
    for (const member of members) expect(member.department_id).toBeNull();

    expect((await remove(own.epsilon, own.tokens.get('admin')!)).statusCode).toBe(200);
    const group = await remove(own.beta, own.tokens.get('admin')!);
    expect(group.json()).toEqual({ status: 200, data: { id: own.beta, unassigned_members: 2 } });
    expect(await database.db.selectFrom('departments').select('id').where('id', 'in', [own.beta, own.delta, own.epsilon]).execute()).toEqual([]);
    const groups = (await read('/api/organization/groups', own.tokens.get('admin')!)) as { id: string }[];
    expect(groups.map((row) => row.id)).toEqual([own.alpha]);
    // The other organisation is untouched.
    expect(await database.db.selectFrom('departments').select('id').where('organization_id', '=', b.organizationId).execute()).toHaveLength(5);

    const rows = await auditRows(own.organizationId, 'organization.department_removed');
    expect(rows.map((row) => row.details)).toEqual([
      { department_id: own.delta, name: 'delta', level: 3, parent_id: own.beta, unassigned_members: 4, ended_view_as_sessions: 0 },
      { department_id: own.epsilon, name: 'Epsilon', level: 3, parent_id: own.beta, unassigned_members: 1, ended_view_as_sessions: 0 },
      { department_id: own.beta, name: 'Beta', level: 2, parent_id: null, unassigned_members: 2, ended_view_as_sessions: 0 },
    ]);
    expect(rows.map((row) => row.actor)).toEqual([own.users.get('second_admin'), own.users.get('admin'), own.users.get('admin')]);
    expect((await remove(own.beta, own.tokens.get('admin')!)).statusCode).toBe(404);
  });
});
