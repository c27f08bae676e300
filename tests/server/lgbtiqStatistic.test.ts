import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsEndpoints } from '../../domain/contracts/statistics';
import { type Distribution, type StatCell, isSuppressed } from '../../domain/contracts/stats';
import { toSearchParams } from '../../domain/filters/encoding';
import { MAX_ADJUSTMENT, SPECIAL_CATEGORY_MIN_GROUP_SIZE } from '../../domain/stats';
import type { OpenDatabase } from '../../server/db/connect';
import { get, insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertResponse, lookupIds } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

/**
 * The Demographics page's LGBTIQ+ chart (GET /demographic/lgbtiq): sexual orientation is
 * special-category data, so its figures are released at k = 10 even with no filter. 46 people:
 * 24 straight, 16 bisexual, 6 gay or lesbian; person i is born in 1990 (Gen Y) when i < 40,
 * else in 2000 (Gen Z), so Gen Z holds only the six gay or lesbian people.
 * With an adjustment of at most ±3, 16 is always shown (13 or more) and 6 never (9 or less).
 */

const PATH = statisticsEndpoints.demographic.lgbtiq.path;
const K = SPECIAL_CATEGORY_MIN_GROUP_SIZE;

let database: OpenDatabase;
let app: FastifyInstance;
let admin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ database, app } = await openTestApp({ database: { lookups: true } }));
  const db = database.db;
  const idOf = lookupIds(db);
  const user = await insertUser(db, { role: 'admin' });
  const department = await insertDepartment(db, user.organizationId, 'Everyone');
  for (const [key, list, code] of [
    ['straight', 'sexual-orientations', 'straight'], ['bisexual', 'sexual-orientations', 'bisexual'], ['gayLesbian', 'sexual-orientations', 'gay_lesbian'],
    ['female', 'genders', 'female'], ['male', 'genders', 'male'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }
  for (let i = 0; i < 46; i += 1) {
    await insertResponse(db, {
      organization_id: user.organizationId,
      department_id: department,
      birth_year: i < 40 ? 1990 : 2000,
      gender_id: i % 2 === 0 ? ids.female! : ids.male!,
      sexual_orientation_id: i < 24 ? ids.straight! : i < 40 ? ids.bisexual! : ids.gayLesbian!,
    });
  }
  admin = await signIn(app, user.email);
});

afterAll(() => closeTestApp({ app, database }));

type Body = { status: number; data?: Distribution; message?: string };
const stat = async (path: string, filters: Record<string, unknown> = {}): Promise<Body> => {
  const query = toSearchParams(filters as never);
  const response = await get(app, `/api${path}${query === '' ? '' : `?${query}`}`, { token: admin });
  expect(response.statusCode, `${path} ${response.body}`).toBe(200);
  return response.json() as Body;
};
const cellOf = (body: Body, key: keyof typeof ids): StatCell | undefined => body.data?.cells.find((cell) => cell.key === String(ids[key]));

describe('the LGBTIQ+ chart (sexual orientation at the special-category k)', () => {
  it('shows answers of 10 people or more and hides those below 10, saying k is 10', async () => {
    const body = await stat(PATH);
    expect(body.status, body.message).toBe(200);
    for (const [key, truth] of [['straight', 24], ['bisexual', 16]] as const) {
      const cell = cellOf(body, key);
      expect(cell !== undefined && !isSuppressed(cell), key).toBe(true);
      if (cell === undefined || isSuppressed(cell)) continue;
      expect(Math.abs(cell.count - truth), key).toBeLessThanOrEqual(MAX_ADJUSTMENT);
      expect(cell.count).toBeGreaterThanOrEqual(K);
    }
    // Six people: a figure of 9 at most, below the special-category k whatever the adjustment.
    const few = cellOf(body, 'gayLesbian');
    if (few !== undefined) {
      expect(isSuppressed(few)).toBe(true);
      if (isSuppressed(few)) expect(few.threshold).toBe(K);
    }
    expect(JSON.stringify(body.data)).not.toMatch(/"count":[0-9],/);
  });

  it('refuses the whole chart for a selection of fewer than 10 people, where other charts use k = 5', async () => {
    // Gen Z: the six gay or lesbian people.
    expect(await stat(PATH, { generation: ['Gen Z'] })).toEqual({ status: 204, message: `It needs at least ${K} answers.` });
    const genY = await stat(PATH, { generation: ['Gen Y'] });
    expect(genY.status, genY.message).toBe(200);
    expect(cellOf(genY, 'gayLesbian') === undefined || isSuppressed(cellOf(genY, 'gayLesbian')!)).toBe(true);
    // The same people's genders: an ordinary chart, refused only below k = 5.
    const gender = await stat(statisticsEndpoints.demographic.rowOne.path, { generation: ['Gen Z'] });
    if (gender.status === 204) expect(gender.message).toBe('It needs at least 5 answers.');
  });
});
