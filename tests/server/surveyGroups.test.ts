import type { FastifyInstance } from 'fastify';
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSurveyGroups, type SurveyGroupOption } from '../../domain/contracts/survey';
import { TokenMessages } from '../../domain/contracts/tokens';
import type { OpenDatabase } from '../../server/db/connect';
import { insertOrganization } from './helpers/accounts';
import { insertDepartment as insertDepartmentRow } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
});

afterAll(() => closeTestApp({ app, database }));

const DAY = 86_400_000;
let counter = 0;

const department = (organizationId: string, name: string, parentId: string | null = null, capacity: number | null = null): Promise<string> =>
  insertDepartmentRow(database.db, organizationId, name, { parentId, capacity });

interface LinkOptions {
  readonly departmentId?: string | null;
  readonly active?: boolean;
  readonly startsAt?: Date;
  readonly expiresAt?: Date;
  readonly capacity?: number;
  readonly used?: number;
}

const link = async (organizationId: string, options: LinkOptions = {}): Promise<{ token: string; alias: string }> => {
  counter += 1;
  const token = `survey-groups-${Date.now().toString(36)}-${counter}`;
  const alias = `Link ${counter}`;
  await database.db
    .insertInto('survey_tokens')
    .values({
      organization_id: organizationId,
      token,
      alias,
      survey_id: 1,
      department_id: options.departmentId ?? null,
      starts_at: options.startsAt ?? new Date(Date.now() - DAY),
      expires_at: options.expiresAt ?? new Date(Date.now() + 7 * DAY),
      capacity: options.capacity ?? 10,
      used: options.used ?? 0,
      active: options.active ?? true,
    })
    .execute();
  return { token, alias };
};

/** A response counted for a department: group_id is its tier 2 group. */
const respond = async (organizationId: string, departmentId: string, groupId: string, times = 1): Promise<void> => {
  for (let i = 0; i < times; i += 1) {
    await database.db
      .insertInto('responses')
      .values({ organization_id: organizationId, survey_id: 1, department_id: departmentId, group_id: groupId, anonymous: true })
      .execute();
  }
};

const groups = (query: string) => app.inject({ method: 'GET', url: `/api/survey/groups?${query}` });

const names = (options: readonly SurveyGroupOption[]) => options.map((o) => o.name);

describe('GET /api/survey/groups', () => {
  it('answers every group of a whole-organisation link, each followed by its sub-groups, by name, without signing in', async () => {
    const organizationId = await insertOrganization(database.db);
    const sales = await department(organizationId, 'sales');
    const engineering = await department(organizationId, 'Engineering');
    await department(organizationId, 'Web', engineering);
    await department(organizationId, 'backend', engineering);
    await department(organizationId, 'North', sales);
    const { token } = await link(organizationId);

    const response = await groups(`token=${encodeURIComponent(token)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(isRight(getSurveyGroups.data.decode(body.data))).toBe(true);
    const data = body.data as SurveyGroupOption[];
    expect(names(data)).toEqual(['Engineering', 'backend', 'Web', 'sales', 'North']);
    expect(data.find((o) => o.name === 'Web')?.parent_id).toBe(engineering);
    expect(data.find((o) => o.name === 'Engineering')?.parent_id).toBeNull();
    expect(data.every((o) => o.full === false)).toBe(true);
  });

  it('marks a department full once its responses reach its capacity; a group counts its sub-groups', async () => {
    const organizationId = await insertOrganization(database.db);
    const group = await department(organizationId, 'Group', null, 3);
    const small = await department(organizationId, 'Small', group, 1);
    const open = await department(organizationId, 'Open', group);
    const other = await department(organizationId, 'Other', null, 5);
    await respond(organizationId, small, group);
    await respond(organizationId, open, group, 1);
    await respond(organizationId, other, other, 4);
    const { token } = await link(organizationId);

    const before = (await groups(`token=${token}`)).json().data as SurveyGroupOption[];
    expect(Object.fromEntries(before.map((o) => [o.name, o.full]))).toEqual({ Group: false, Small: true, Open: false, Other: false });

    await respond(organizationId, group, group);
    await respond(organizationId, other, other);
    const after = (await groups(`token=${token}`)).json().data as SurveyGroupOption[];
    // A full group leaves no room in any of its sub-groups either.
    expect(Object.fromEntries(after.map((o) => [o.name, o.full]))).toEqual({ Group: true, Small: true, Open: true, Other: true });
  });

  it('answers only the link group and its sub-groups on a group link', async () => {
    const organizationId = await insertOrganization(database.db);
    const mine = await department(organizationId, 'Mine');
    await department(organizationId, 'Child', mine);
    await department(organizationId, 'Elsewhere');
    const { token } = await link(organizationId, { departmentId: mine });
    const data = (await groups(`token=${token}`)).json().data as SurveyGroupOption[];
    expect(names(data)).toEqual(['Mine', 'Child']);
  });

  it('marks a sub-group of a full group full on the sub-group own link too', async () => {
    const organizationId = await insertOrganization(database.db);
    const group = await department(organizationId, 'Parent', null, 1);
    const child = await department(organizationId, 'Child', group);
    await respond(organizationId, group, group);
    const { token } = await link(organizationId, { departmentId: child });
    const data = (await groups(`token=${token}`)).json().data as SurveyGroupOption[];
    expect(data).toEqual([{ id: child, name: 'Child', parent_id: group, full: true }]);
  });

  it('never answers another organisation’s groups, nor counts its responses', async () => {
    const first = await insertOrganization(database.db);
    const second = await insertOrganization(database.db);
    const ours = await department(first, 'Ours', null, 1);
    const theirs = await department(second, 'Theirs');
    await respond(second, theirs, theirs, 3);
    const { token } = await link(first);
    const data = (await groups(`token=${token}`)).json().data as SurveyGroupOption[];
    expect(data).toEqual([{ id: ours, name: 'Ours', parent_id: null, full: false }]);
  });

  it('checks the alias when one is given, in any letter case', async () => {
    const organizationId = await insertOrganization(database.db);
    await department(organizationId, 'Only');
    const { token, alias } = await link(organizationId);
    expect((await groups(`token=${token}&alias=${encodeURIComponent(alias.toUpperCase())}`)).statusCode).toBe(200);
    const wrong = await groups(`token=${token}&alias=nope`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ status: 404, message: TokenMessages.tokenNoLongerValid });
  });

  it.each([
    ['an unknown token', null, 404, TokenMessages.tokenNoLongerValid],
    ['a switched-off link', { active: false }, 404, TokenMessages.tokenNoLongerValid],
    ['an expired link', { expiresAt: new Date(Date.now() - 1000) }, 410, TokenMessages.surveyExpired],
    ['a link not started', { startsAt: new Date(Date.now() + DAY) }, 409, TokenMessages.surveyNotStarted],
    ['a full link', { capacity: 1, used: 1 }, 409, TokenMessages.tokenHasNoSeats],
  ] as const)('refuses %s as the token check does', async (_label, options, status, message) => {
    const organizationId = await insertOrganization(database.db);
    await department(organizationId, 'Hidden');
    const token = options === null ? 'no-such-token' : (await link(organizationId, options)).token;
    const response = await groups(`token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status, message });
    expect(response.body).not.toContain('Hidden');
  });

  it('refuses a link of an organisation that cannot be used', async () => {
    const organizationId = await insertOrganization(database.db, { active: false });
    const { token } = await link(organizationId);
    const response = await groups(`token=${token}`);
    expect(response.statusCode).toBe(404);
  });

  it('answers 422, never 500, without a token', async () => {
    const response = await groups('');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The given data was invalid.');
    const long = await groups(`token=${'x'.repeat(5000)}`);
    expect(long.statusCode).toBe(404);
  });
});
