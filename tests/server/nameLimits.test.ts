import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import {
  ALIAS_LIMIT, FIRST_NAME_LIMIT, GROUP_NAME_LIMIT, LAST_NAME_LIMIT, NAME_MAX, ORGANIZATION_NAME_LIMIT,
} from '../../domain/contracts/textLimits';
import type { OpenDatabase } from '../../server/db/connect';
import { call, insertOrganization, insertUser, passwordHash, PASSWORD, signIn, uniqueEmail } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

/**
 * Names and aliases past their limits (domain/contracts/textLimits.ts) are refused by every
 * endpoint that takes them, with a 422 and the limit's own sentence at the field: never a 500,
 * never a row written.
 */
let database: OpenDatabase;
let app: FastifyInstance;
let organizationId: string;
let admin: string;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  organizationId = await insertOrganization(database.db);
  const user = await insertUser(database.db, { organizationId, role: 'admin' });
  admin = await signIn(app, user.email);
});

afterAll(() => closeTestApp({ app, database }));

const refused = async (method: 'POST' | 'PATCH', url: string, payload: unknown, errors: Record<string, string[]>, token: string | undefined = admin) => {
  const response = await call(app, method, url, payload, token ? { token } : {});
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({ status: 422, message: Messages.invalidData, errors });
};

const departmentCount = async (): Promise<number> =>
  Number((await database.db.selectFrom('departments').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).n);

const long = 'x'.repeat(300);

describe('group and sub-group names', () => {
  it('refuses a 300-character group name, writes nothing, and takes one of exactly the limit', async () => {
    const before = await departmentCount();
    await refused('POST', '/api/department-register', { name: long }, { name: [GROUP_NAME_LIMIT.tooLong] });
    await refused('POST', '/api/department-register', { name: `  ${'y'.repeat(NAME_MAX + 1)}  ` }, { name: [GROUP_NAME_LIMIT.tooLong] });
    await refused('POST', '/api/department-register', { name: 'Two\nlines' }, { name: [GROUP_NAME_LIMIT.badCharacters] });
    expect(await departmentCount()).toBe(before);
    const exact = await call(app, 'POST', '/api/department-register', { name: `  ${'z'.repeat(NAME_MAX)}  ` }, { token: admin });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data.name).toBe('z'.repeat(NAME_MAX));
  });

  it('refuses a long sub-group name and a long assignee name the same way', async () => {
    const group = await call(app, 'POST', '/api/department-register', { name: 'Research & Development' }, { token: admin });
    expect(group.statusCode, group.body).toBe(200);
    const before = await departmentCount();
    await refused('POST', '/api/invite-sub-group', { group_id: group.json().data.id, name: long }, { name: [GROUP_NAME_LIMIT.tooLong] });
    await refused(
      'POST',
      '/api/department-register',
      { name: 'Labs', assignee: { email: uniqueEmail('assignee'), first_name: long, last_name: 'Ng' } },
      { 'assignee.first_name': [FIRST_NAME_LIMIT.tooLong] },
    );
    expect(await departmentCount()).toBe(before);
  });
});

describe('survey link aliases', () => {
  const link = (alias: string) => ({ alias, expires_at: new Date(Date.now() + 86_400_000).toISOString(), capacity: 1 });

  it('refuses markup, signs and line breaks, and keeps the letters, digits, spaces, hyphens and underscores', async () => {
    for (const alias of ['<b>bold</b>', 'team #1', 'a&b=c', 'two\nlines']) {
      await refused('POST', '/api/token/update', link(alias), { alias: [ALIAS_LIMIT.badCharacters] });
    }
    await refused('POST', '/api/token/update', link('x'.repeat(61)), { alias: [ALIAS_LIMIT.tooLong] });
    const made = await call(app, 'POST', '/api/token/update', link('Spring survey_2026-équipe'), { token: admin });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.url).toContain('alias=Spring%20survey_2026-%C3%A9quipe');
  });
});

describe('organisation and person names', () => {
  it('refuses them past the limit on registration, settings and the profile', async () => {
    await refused(
      'POST',
      '/api/head-register',
      {
        organization_name: long, country: 'AU', industry: null, first_name: 'Grace', last_name: long,
        email: uniqueEmail('head'), password: PASSWORD, password_confirmation: PASSWORD, agree: true,
      },
      { organization_name: [ORGANIZATION_NAME_LIMIT.tooLong], last_name: [LAST_NAME_LIMIT.tooLong] },
      undefined,
    );
    await refused('PATCH', '/api/organization/setting/update', { name: long }, { name: [ORGANIZATION_NAME_LIMIT.tooLong] });
    await refused('PATCH', '/api/user/update', { first_name: long }, { first_name: [FIRST_NAME_LIMIT.tooLong] });
    await refused('POST', '/api/invite-sub-admin', { email: uniqueEmail('sub'), first_name: 'Ada', last_name: long }, { last_name: [LAST_NAME_LIMIT.tooLong] });
    const kept = await database.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
    expect(kept.name).not.toBe(long);
  });
});
