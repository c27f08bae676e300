import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { GroupMessages } from '../../domain/contracts/groups';
import type { OpenDatabase } from '../../server/db/connect';
import { sha256Hex } from '../../server/services/auth/tokens';
import { bearer, get, insertOrganization, insertUser, PASSWORD, passwordHash, post, signIn } from './helpers/accounts';
import { insertDepartment as insertDepartmentRow } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

const ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'];

interface World {
  readonly organizationId: string;
  /** Groups 'North' (sub-group 'Harbour') and 'South' (sub-group 'Hills'). */
  readonly north: string;
  readonly south: string;
  readonly harbour: string;
  readonly hills: string;
  readonly users: Map<Role, { id: string; email: string }>;
}

const insertDepartment = (organizationId: string, name: string, parentId: string | null = null, assigneeId: string | null = null): Promise<string> =>
  insertDepartmentRow(database.db, organizationId, name, { parentId, assigneeId });

const world = async (consent: boolean): Promise<World> => {
  const organizationId = await insertOrganization(database.db);
  await database.db.updateTable('organizations').set({ view_as_consent: consent }).where('id', '=', organizationId).execute();
  const users = new Map<Role, { id: string; email: string }>();
  for (const role of ROLES) users.set(role, await insertUser(database.db, { organizationId, role }));
  const south = await insertDepartment(organizationId, 'South');
  const north = await insertDepartment(organizationId, 'North', null, users.get('group_assignee')!.id);
  const harbour = await insertDepartment(organizationId, 'Harbour', north, users.get('subgroup_assignee')!.id);
  const hills = await insertDepartment(organizationId, 'Hills', south);
  await database.db.updateTable('users').set({ department_id: north }).where('id', '=', users.get('group_assignee')!.id).execute();
  await database.db.updateTable('users').set({ department_id: harbour }).where('id', '=', users.get('subgroup_assignee')!.id).execute();
  await database.db.updateTable('users').set({ department_id: hills }).where('id', '=', users.get('staff')!.id).execute();
  return { organizationId, north, south, harbour, hills, users };
};

let a: World;
let b: World;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  a = await world(true);
  b = await world(true);
});

afterAll(() => closeTestApp({ app, database }));

const signInAs = (who: World, role: Role) => signIn(app, who.users.get(role)!.email);

const viewAs = (token: string, groupId: unknown) => post(app, '/api/organization/view-as', { group_id: groupId }, { token });

const startViewing = async (token: string, groupId: string): Promise<string> => {
  const response = await viewAs(token, groupId);
  expect(response.statusCode, response.body).toBe(200);
  const secondary = response.json().data.access_token as string;
  expect(typeof secondary).toBe('string');
  expect(secondary).not.toBe(token);
  return secondary;
};

const sessionOf = (token: string) => database.db.selectFrom('sessions').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirstOrThrow();

const alive = async (token: string): Promise<boolean> => {
  const response = await post(app, '/api/check-access-token', {}, { token });
  if (response.statusCode === 401) expect(response.json()).toEqual({ status: 401, message: Messages.sessionExpired });
  else expect(response.statusCode, response.body).toBe(200);
  return response.statusCode === 200;
};

const viewAsAudits = (organizationId: string) =>
  database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('action', '=', 'organization.view_as_started')
    .orderBy('id')
    .execute();

describe('primary departments in the session check', () => {
  it('lists the organisation (own view) then every group for organisation-wide roles, the run departments for assignees, none for staff', async () => {
    const ownView = { id: a.organizationId, name: 'Test organisation' };
    const everyGroup = [ownView, { id: a.north, name: 'North' }, { id: a.south, name: 'South' }];
    const expected: Record<Role, { id: string; name: string }[]> = {
      admin: everyGroup,
      second_admin: everyGroup,
      sub_admin: everyGroup,
      group_assignee: [{ id: a.north, name: 'North' }],
      subgroup_assignee: [{ id: a.harbour, name: 'Harbour' }],
      staff: [],
    };
    for (const role of ROLES) {
      const response = await post(app, '/api/check-access-token', {}, { token: await signInAs(a, role) });
      expect(response.json().data.primary_departments, role).toEqual(expected[role]);
    }
  });

  it('names the group in view as the cohort and the departments every read is confined to as the filter', async () => {
    const north = { id: a.north, name: 'North', parent_id: null };
    const expected: Record<Role, { cohort: unknown; filter: unknown }> = {
      admin: { cohort: null, filter: null },
      second_admin: { cohort: null, filter: null },
      sub_admin: { cohort: null, filter: null },
      group_assignee: { cohort: north, filter: { departments: [a.north, a.harbour] } },
      subgroup_assignee: { cohort: { id: a.harbour, name: 'Harbour', parent_id: a.north }, filter: { departments: [a.harbour] } },
      staff: { cohort: { id: a.hills, name: 'Hills', parent_id: a.south }, filter: { departments: [] } },
    };
    for (const role of ROLES) {
      const { cohort, filter } = (await post(app, '/api/check-access-token', {}, { token: await signInAs(a, role) })).json().data;
      expect({ cohort, filter }, role).toEqual(expected[role]);
    }
    const viewing = await startViewing(await signInAs(a, 'admin'), a.south);
    const { cohort, filter } = (await post(app, '/api/check-access-token', {}, { token: viewing })).json().data;
    expect(cohort).toEqual({ id: a.south, name: 'South', parent_id: null });
    expect(filter).toEqual({ departments: [a.south, a.hills] });
  });

  it('answers the organisation’s industry as the item of the industries list it names, and none for a free text', async () => {
    const mining = await database.db
      .insertInto('lookup_principles')
      .values({ list: 'industries', code: 'B', name: 'Mining', search: 'mining', parent_id: null, family_id: null, region_id: null, sort: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const organizationId = await insertOrganization(database.db);
    const admin = await insertUser(database.db, { organizationId, role: 'admin' });
    const industriesOf = async () => (await post(app, '/api/check-access-token', {}, { token: await signIn(app, admin.email) })).json().data.industries;
    await database.db.updateTable('organizations').set({ industry: ' mining ' }).where('id', '=', organizationId).execute();
    expect(await industriesOf()).toEqual([{ value: 'Mining', principleId: mining.id }]);
    await database.db.updateTable('organizations').set({ industry: 'Deep sea salvage' }).where('id', '=', organizationId).execute();
    expect(await industriesOf()).toEqual([]);
  });
});

describe('POST /api/organization/view-as', () => {
  it('opens a secondary session on the group, tied to the primary one, audited with both identities', async () => {
    const primary = await signInAs(a, 'admin');
    const secondary = await startViewing(primary, a.south);
    const primaryRow = await sessionOf(primary);
    const row = await sessionOf(secondary);
    expect(row).toMatchObject({
      kind: 'secondary',
      user_id: a.users.get('admin')!.id,
      organization_id: a.organizationId,
      view_as_group_id: a.south,
      parent_session_id: primaryRow.id,
      revoked_at: null,
      restricted: false,
    });
    const audits = await viewAsAudits(a.organizationId);
    expect(audits.at(-1)).toMatchObject({
      actor: a.users.get('admin')!.id,
      details: {
        user_id: a.users.get('admin')!.id,
        role: 'admin',
        group_id: a.south,
        group_name: 'South',
        primary_session_id: primaryRow.id,
        secondary_session_id: row.id,
        ended_sessions: 0,
      },
    });
    // The secondary session is the same person: the session check answers them.
    const check = await post(app, '/api/check-access-token', {}, { token: secondary });
    expect(check.json().data.user.id).toBe(a.users.get('admin')!.id);
  });

  it('limits every structure read of the secondary session to the viewed group', async () => {
    const primary = await signInAs(a, 'admin');
    const secondary = await startViewing(primary, a.north);
    expect((await get(app, '/api/organization/groups', { token: secondary })).json().data.map((group: { id: string }) => group.id)).toEqual([a.north]);
    expect((await get(app, '/api/organization/departments', { token: secondary })).json().data.map((row: { id: string }) => row.id)).toEqual([a.north, a.harbour]);
    expect((await get(app, '/api/organization/sub-groups', { token: secondary })).json().data.map((row: { id: string }) => row.id)).toEqual([a.harbour]);
    expect((await get(app, '/api/organization/groups-sub-groups', { token: secondary })).json().data).toEqual([
      { id: a.north, name: 'North', children: [{ id: a.harbour, name: 'Harbour', children: [], parent: a.north }] },
    ]);
    // The primary session still sees everything.
    expect((await get(app, '/api/organization/groups', { token: primary })).json().data).toHaveLength(2);
  });

  it('lets an assignee view as their own group only', async () => {
    const token = await signInAs(a, 'group_assignee');
    await startViewing(token, a.north);
    for (const groupId of [a.south, a.harbour]) {
      const refused = await viewAs(token, groupId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 403, message: GroupMessages.viewAsNotAllowed });
    }
    const sub = await signInAs(a, 'subgroup_assignee');
    await startViewing(sub, a.harbour);
    expect((await viewAs(sub, a.north)).statusCode).toBe(403);
  });

  it('refuses staff, and administrators asking for a sub-group', async () => {
    const staff = await viewAs(await signInAs(a, 'staff'), a.hills);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ status: 403, message: GroupMessages.viewAsNotAllowed });
    expect((await viewAs(await signInAs(a, 'admin'), a.harbour)).json()).toEqual({ status: 403, message: GroupMessages.viewAsNotAllowed });
  });

  it('answers another organisation’s group exactly as an unknown or malformed id', async () => {
    const token = await signInAs(a, 'admin');
    const before = await database.db.selectFrom('sessions').select('id').where('kind', '=', 'secondary').execute();
    const answers = [];
    for (const id of [b.north, '00000000-0000-4000-8000-000000000000', 'north', '']) {
      const response = await viewAs(token, id);
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[0]).toEqual({ status: 404, body: { status: 404, message: GroupMessages.notBelongToOrganization } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await database.db.selectFrom('sessions').select('id').where('kind', '=', 'secondary').execute()).toHaveLength(before.length);
    const missing = await viewAs(token, undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ group_id: [Messages.fieldRequired('group_id')] });
  });

  it('needs the organisation’s consent; withdrawing it ends the views', async () => {
    const own = await world(false);
    const admin = await signInAs(own, 'admin');
    const refused = await viewAs(admin, own.north);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, message: GroupMessages.viewAsNeedsConsent });
    expect((await viewAs(await signInAs(own, 'group_assignee'), own.north)).json().message).toBe(GroupMessages.viewAsNeedsConsent);
    expect(await viewAsAudits(own.organizationId)).toEqual([]);
    expect(await database.db.selectFrom('sessions').select('id').where('organization_id', '=', own.organizationId).where('kind', '=', 'secondary').execute()).toEqual([]);

    expect((await post(app, '/api/organization/toggle-view-as-consent', {}, { token: admin })).json().data).toEqual({ view_as_consent: true });
    const secondary = await startViewing(admin, own.north);
    expect(await alive(secondary)).toBe(true);
    expect((await post(app, '/api/organization/toggle-view-as-consent', {}, { token: admin })).json().data).toEqual({ view_as_consent: false });
    expect(await alive(secondary)).toBe(false);
    expect(await alive(admin)).toBe(true);
  });
});

describe('the secondary session dies with the primary', () => {
  it('at sign-out of the primary session', async () => {
    const primary = await signInAs(a, 'second_admin');
    const secondary = await startViewing(primary, a.south);
    const other = await signInAs(a, 'second_admin');
    const otherSecondary = await startViewing(other, a.north);
    expect((await post(app, '/api/logout', {}, { token: primary })).statusCode).toBe(200);
    expect(await alive(secondary)).toBe(false);
    expect((await sessionOf(secondary)).revoked_at).not.toBeNull();
    // Another sign-in of the same person keeps its own view.
    expect(await alive(otherSecondary)).toBe(true);
  });

  it('signing out of the secondary session ends only that one', async () => {
    const primary = await signInAs(a, 'admin');
    const secondary = await startViewing(primary, a.south);
    expect((await post(app, '/api/logout', {}, { token: secondary })).statusCode).toBe(200);
    expect(await alive(secondary)).toBe(false);
    expect(await alive(primary)).toBe(true);
  });

  it('at a password change', async () => {
    const user = await insertUser(database.db, { organizationId: a.organizationId, role: 'admin' });
    const primary = await signIn(app, user.email);
    const secondary = await startViewing(primary, a.north);
    const changed = await post(
      app,
      '/api/user/update-password',
      { current_password: PASSWORD, password: 'Another-Horse2', password_confirmation: 'Another-Horse2' },
      { token: primary },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await alive(secondary)).toBe(false);
    expect(await alive(changed.json().data.access_token)).toBe(true);
  });

  it('when the primary session has been idle for 30 minutes; using the secondary keeps the primary alive', async () => {
    const primary = await signInAs(a, 'admin');
    const secondary = await startViewing(primary, a.north);
    const primaryRow = await sessionOf(primary);
    const secondaryRow = await sessionOf(secondary);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

    await database.db.updateTable('sessions').set({ last_seen_at: ago(5) }).where('id', 'in', [primaryRow.id, secondaryRow.id]).execute();
    expect(await alive(secondary)).toBe(true);
    expect((await sessionOf(primary)).last_seen_at.getTime()).toBeGreaterThan(ago(1).getTime());

    await database.db.updateTable('sessions').set({ last_seen_at: ago(31) }).where('id', '=', primaryRow.id).execute();
    expect(await alive(secondary)).toBe(false);
  });

  it('when a new view starts from the same sign-in, even from the secondary token', async () => {
    const primary = await signInAs(a, 'admin');
    const first = await startViewing(primary, a.north);
    const second = await startViewing(primary, a.south);
    expect(await alive(first)).toBe(false);
    const third = await startViewing(second, a.north);
    expect(await alive(second)).toBe(false);
    expect(await alive(third)).toBe(true);
    expect((await sessionOf(third)).parent_session_id).toBe((await sessionOf(primary)).id);
    expect((await viewAsAudits(a.organizationId)).at(-1)!.details).toMatchObject({ ended_sessions: 1, group_id: a.north });
  });

  it('when the viewed group is removed', async () => {
    const own = await world(true);
    const admin = await signInAs(own, 'admin');
    const secondary = await startViewing(admin, own.south);
    const removed = await app.inject({ method: 'DELETE', url: '/api/organization/remove-department', payload: { department_id: own.hills }, headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await alive(secondary)).toBe(true);
    const group = await app.inject({ method: 'DELETE', url: '/api/organization/remove-department', payload: { department_id: own.south }, headers: bearer(admin) });
    expect(group.statusCode, group.body).toBe(200);
    expect(await alive(secondary)).toBe(false);
  });
});

describe('survey links while viewing as a group', () => {
  it('lists the viewed group’s links only (its sub-groups included), and all of them again in one’s own view', async () => {
    const own = await signInAs(a, 'admin');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const create = (alias: string, department_id: string | null) =>
      post(app, '/api/token/update', { alias, department_id, expires_at: future, capacity: 5 }, { token: own });
    for (const [alias, department] of [['north-link', a.north], ['harbour-link', a.harbour], ['south-link', a.south], ['everyone-link', null]] as const) {
      expect((await create(`${alias}-${Date.now()}`, department)).statusCode).toBe(200);
    }
    const aliases = async (token: string) =>
      ((await get(app, '/api/token/all', { token })).json().data as { alias: string }[]).map((link) => link.alias.replace(/-\d+$/, '')).sort();
    const viewing = await startViewing(own, a.north);
    expect(await aliases(viewing)).toEqual(['harbour-link', 'north-link']);
    expect(await aliases(own)).toEqual(expect.arrayContaining(['everyone-link', 'harbour-link', 'north-link', 'south-link']));
  });
});

describe('invitations while viewing as a group', () => {
  it('lists the viewed group’s invitations only (its sub-groups included), and all of them again in one’s own view', async () => {
    const own = await signInAs(a, 'admin');
    const invite = (email: string, kind: 'group_assignee' | 'subgroup_assignee' | 'sub_admin', departmentId: string | null) =>
      database.db
        .insertInto('invitations')
        .values({
          organization_id: a.organizationId,
          kind,
          email,
          department_id: departmentId,
          token_hash: randomBytes(32).toString('hex'),
          invited_by: a.users.get('admin')!.id,
          expires_at: new Date(Date.now() + 86_400_000),
          accepted_at: null,
          revoked_at: null,
          user_id: null,
        })
        .execute();
    const stamp = Date.now();
    await invite(`north-${stamp}@example.org`, 'group_assignee', a.north);
    await invite(`harbour-${stamp}@example.org`, 'subgroup_assignee', a.harbour);
    await invite(`south-${stamp}@example.org`, 'group_assignee', a.south);
    await invite(`deputy-${stamp}@example.org`, 'sub_admin', null);
    const emails = async (token: string) =>
      ((await get(app, '/api/organization/invitations', { token })).json().data as { email: string }[])
        .map((invitation) => invitation.email)
        .filter((email) => email.endsWith(`-${stamp}@example.org`))
        .map((email) => email.split('-')[0])
        .sort();
    const viewing = await startViewing(own, a.north);
    expect(await emails(viewing)).toEqual(['harbour', 'north']);
    expect(await emails(own)).toEqual(['deputy', 'harbour', 'north', 'south']);
  });
});
