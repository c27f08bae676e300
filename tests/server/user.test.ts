import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, type Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { BANNER_PANELS, MENU } from '../../domain/navigation/menu';
import { isShown } from '../../domain/navigation/permissions';
import type { OpenDatabase } from '../../server/db/connect';
import { freshAddress, get, insertUser, PASSWORD, passwordHash, patch, post, signIn } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

const ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin', 'group_assignee', 'subgroup_assignee', 'staff'];
const tokens = new Map<Role, string>();

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  for (const role of ROLES) tokens.set(role, await signIn(app, (await insertUser(database.db, { role })).email));
});

afterAll(() => closeTestApp({ app, database }));

const menuIds = (): number[] => {
  const ids = new Set<number>();
  const walk = (items: typeof MENU) => {
    for (const item of items) {
      ids.add(item.id);
      if (item.sub) walk(item.sub);
    }
  };
  walk(MENU);
  return [...ids].sort();
};

describe('GET /api/user/permissions', () => {
  const expectedVisible: Record<Role, number[]> = {
    admin: menuIds(),
    second_admin: menuIds(),
    sub_admin: menuIds().filter((id) => id !== 3014),
    group_assignee: [3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3014, 3015, 3016],
    subgroup_assignee: [3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3015, 3016],
    staff: [3001],
  };

  it('gives every role one entry per menu id, each shown or hidden per the table', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), async (role) => {
        const response = await get(app, '/api/user/permissions', { token: tokens.get(role)! });
        expect(response.statusCode).toBe(200);
        const permissions = response.json().data as { hash_id: string; attributes: { isShow: boolean } }[];
        expect(permissions.map((p) => Number(p.hash_id)).sort()).toEqual(menuIds());
        expect(new Set(permissions.map((p) => p.hash_id)).size).toBe(permissions.length);
        for (const permission of permissions) expect(Object.keys(permission.attributes)).toEqual(['isShow']);
        const visible = menuIds().filter((id) => isShown(permissions, id));
        expect(visible).toEqual(expectedVisible[role]);
      }),
      { numRuns: 30 },
    );
  });

  it('needs a session', async () => {
    const response = await get(app, '/api/user/permissions');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, message: Messages.sessionExpired });
  });
});

describe('GET and POST /api/user/setting', () => {
  it('defaults every banner panel to hideAlways, keeps choices, and shows them in the session check', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const initial = await get(app, '/api/user/setting', { token });
    expect(initial.json()).toEqual({ status: 200, data: { banners: Object.fromEntries(BANNER_PANELS.map((panel) => [panel, 'hideAlways'])) } });

    const saved = await post(app, '/api/user/setting', { banners: { compare: 'showAlways', reports: 'showOnce' } }, { token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.banners).toMatchObject({ compare: 'showAlways', reports: 'showOnce', overview: 'hideAlways' });

    await post(app, '/api/user/setting', { banners: { overview: 'showOnce' } }, { token });
    const read = await get(app, '/api/user/setting', { token });
    expect(read.json().data.banners).toMatchObject({ compare: 'showAlways', reports: 'showOnce', overview: 'showOnce', languages: 'hideAlways' });
    expect(Object.keys(read.json().data.banners).sort()).toEqual([...BANNER_PANELS].sort());
    const check = await post(app, '/api/check-access-token', {}, { token });
    expect(check.json().data.user.setting).toEqual(read.json().data);
  });

  it('refuses unknown panels and unknown choices', async () => {
    const token = tokens.get('admin')!;
    const unknownPanel = await post(app, '/api/user/setting', { banners: { dashboard: 'showAlways' } }, { token });
    expect(unknownPanel.statusCode).toBe(422);
    expect(unknownPanel.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: { 'banners.dashboard': [ServerMessages.fieldInvalid('banners.dashboard')] },
    });
    const unknownChoice = await post(app, '/api/user/setting', { banners: { compare: 'sometimes' } }, { token });
    expect(unknownChoice.statusCode).toBe(422);
  });

  it('keeps the slide show’s pages, order and interval beside the banners (issue 17)', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    expect((await get(app, '/api/user/setting', { token })).json().data.slide_show).toBeUndefined();
    const slideShow = { pages: ['languages', 'home', 'worldviews'], interval: 30 };
    const saved = await post(app, '/api/user/setting', { banners: { compare: 'showAlways' }, slide_show: slideShow }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ slide_show: slideShow, banners: { compare: 'showAlways' } });
    // Saving banners alone keeps the slide show.
    await post(app, '/api/user/setting', { banners: { overview: 'showOnce' } }, { token });
    const read = await get(app, '/api/user/setting', { token });
    expect(read.json().data.slide_show).toEqual(slideShow);
    expect((await post(app, '/api/check-access-token', {}, { token })).json().data.user.setting.slide_show).toEqual(slideShow);
    for (const bad of [{ pages: [], interval: 30 }, { pages: ['home', 'home'], interval: 30 }, { pages: ['payroll'], interval: 30 }, { pages: ['home'], interval: 7 }, 'all']) {
      const refused = await post(app, '/api/user/setting', { banners: {}, slide_show: bad }, { token });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await get(app, '/api/user/setting', { token })).json().data.slide_show).toEqual(slideShow);
  });
});

describe('PATCH /api/user/update', () => {
  it('updates names and locale and answers the user', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const response = await patch(app, '/api/user/update', { first_name: ' Katherine ', last_name: 'Johnson', locale_id: 'fr' }, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, first_name: 'Katherine', last_name: 'Johnson', locale_id: 'fr' });
    const cleared = await patch(app, '/api/user/update', { locale_id: null }, { token });
    expect(cleared.json().data).toMatchObject({ first_name: 'Katherine', locale_id: null });
    const unchanged = await patch(app, '/api/user/update', {}, { token });
    expect(unchanged.json().data.first_name).toBe('Katherine');
  });

  it('refuses empty names and an unknown locale, all at once', async () => {
    const response = await patch(app, '/api/user/update', { first_name: ' ', last_name: '', locale_id: 'xx' }, { token: tokens.get('staff')! });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: {
        first_name: [Messages.fieldRequired('first name')],
        last_name: [Messages.fieldRequired('last name')],
        locale_id: [ServerMessages.fieldInvalid('locale')],
      },
    });
  });
});

describe('POST /api/user/update-password', () => {
  const body = (overrides: Record<string, string> = {}) => ({ current_password: PASSWORD, password: 'Another-pass1', password_confirmation: 'Another-pass1', ...overrides });

  it('refuses a wrong current password, a weak or unconfirmed one, and the same one', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const wrongCurrent = await post(app, '/api/user/update-password', body({ current_password: 'Nope-nope1' }), { token });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { current_password: [AuthMessages.currentPasswordWrong] } });

    const weak = await post(app, '/api/user/update-password', body({ password: 'weakweak', password_confirmation: 'weakweak2' }), { token });
    expect(weak.json().errors).toEqual({ password: [AuthMessages.invalidPassword], password_confirmation: [AuthMessages.passwordsDiffer] });

    const same = await post(app, '/api/user/update-password', body({ password: PASSWORD, password_confirmation: PASSWORD }), { token });
    expect(same.json().errors).toEqual({ password: [AuthMessages.samePassword] });
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(200);
  });

  it('changes the password, revokes every other session and answers a new token', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const other = await signIn(app, user.email);
    const response = await post(app, '/api/user/update-password', body(), { token });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response.json().data.access_token as string;
    expect(Object.keys(response.json().data)).toEqual(['access_token']);
    for (const old of [token, other]) expect((await post(app, '/api/check-access-token', {}, { token: old })).statusCode).toBe(401);
    expect((await post(app, '/api/check-access-token', {}, { token: fresh })).statusCode).toBe(200);
    expect((await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() })).statusCode).toBe(422);
    await signIn(app, user.email, 'Another-pass1');
    const changedAt = await database.db.selectFrom('users').select('password_changed_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.now() - changedAt.password_changed_at.getTime()).toBeLessThan(60_000);
  });

  it('counts wrong current passwords toward the lockout', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    for (let i = 0; i < 5; i += 1) await post(app, '/api/user/update-password', body({ current_password: 'Nope-nope1' }), { token });
    const locked = await post(app, '/api/user/update-password', body(), { token });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AuthMessages.tooManyAttempts);
  });
});

describe('robustness', () => {
  it('never answers 500 to random bodies on the user endpoints', async () => {
    const token = tokens.get('group_assignee')!;
    const endpoints: [string, string][] = [
      ['POST', '/api/user/setting'],
      ['PATCH', '/api/user/update'],
      ['POST', '/api/user/update-password'],
      ['POST', '/api/user/update-password-2fa'],
      ['POST', '/api/user/update/get-token'],
      ['POST', '/api/user/update/toggle-2fa'],
    ];
    const text = fc.string({ maxLength: 30 });
    const fields = fc.constantFrom('banners', 'first_name', 'last_name', 'locale_id', 'current_password', 'password', 'password_confirmation', 'code', 'method');
    const value = fc.oneof(text, fc.boolean(), fc.constant(null), fc.integer(), fc.dictionary(fc.constantFrom(...BANNER_PANELS, 'x'), text, { maxKeys: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fields, value, { maxKeys: 5 })), async ([method, url], payload) => {
        const response = await app.inject({
          method: method as 'POST' | 'PATCH',
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
        expect(response.body).not.toMatch(/password_hash|totp_secret|token_hash|\$argon2/);
      }),
      { numRuns: 60 },
    );
  });
});
