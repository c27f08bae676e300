import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchmarkData } from '../../domain/contracts/benchmark';
import { bandOf } from '../../domain/stats';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { toJson } from '../../server/db/database';
import { createCapturingMailer } from '../../server/services/mail';
import { get, insertUser, post, signIn } from './helpers/accounts';
import { insertDepartment, lookupIds } from './helpers/surveyResponses';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * The opt-in pooled benchmark on a hand-built set of organisations. Retail, 100 seats (band
 * 50-249), pooling on: P0 to P9, with 8 + i respondents each (P0 is 8, P9 is 17). Around them:
 * Retail 100 seats pooling off (Quiet), Retail 100 seats pooling on with 1 respondent (Small,
 * below k whatever its perturbation: a true 1 is never shown at k = 5), Retail 2,000 seats pooling on (Large, another band), Banking 100 seats pooling on
 * (Bank, another industry). So exactly ten contribute to the pool of P0.
 */

let database: OpenDatabase;
let app: FastifyInstance;
const orgs: Record<string, { id: string; email: string; token: string }> = {};
let secondAdmin: string;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  const db = database.db;
  const idOf = lookupIds(db);
  const ids = { female: await idOf('genders', 'female'), male: await idOf('genders', 'male'), eng: await idOf('languages', 'eng'), AU: await idOf('countries', 'AU'), IN: await idOf('countries', 'IN') };
  const plan: [string, string, number, boolean, number][] = [
    ...Array.from({ length: 10 }, (_, i): [string, string, number, boolean, number] => [`P${i}`, 'Retail', 100, true, 8 + i]),
    ['Quiet', 'Retail', 100, false, 12],
    ['Small', 'retail ', 100, true, 1],
    ['Large', 'Retail', 2000, true, 12],
    ['Bank', 'Banking', 100, true, 12],
  ];
  for (const [name, industry, seats, pooling, size] of plan) {
    const user = await insertUser(db, { role: 'admin' });
    await db.updateTable('organizations').set({ industry, seat_capacity: seats }).where('id', '=', user.organizationId).execute();
    if (pooling) await db.insertInto('settings').values({ organization_id: user.organizationId, key: 'benchmark_pooling', value: toJson(true) }).execute();
    const department = await insertDepartment(db, user.organizationId, `${name} team`);
    for (let i = 0; i < size; i += 1) {
      const { id } = await db
        .insertInto('responses')
        .values({
          organization_id: user.organizationId, survey_id: 1, token_id: null, department_id: department, group_id: department, anonymous: true,
          first_name: null, last_name: null, email: null, invitation_id: null, birth_year: 1990, gender_id: i % 2 === 0 ? ids.female : ids.male,
          age_id: null, education_id: null, disability_id: null, sexual_orientation_id: null, position_level_id: null, position_type_id: null,
          country_birth_id: i % 3 === 0 ? ids.IN : ids.AU, state_id: null, worldview_id: null, branch_id: null, denomination_id: null,
          culture_identity_id: null, appearance_id: null, answers: '{}', submitted_at: new Date('2025-06-01T00:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('response_languages').values({ response_id: id, organization_id: user.organizationId, language_id: ids.eng, level: 'native' }).execute();
    }
    orgs[name] = { id: user.organizationId, email: user.email, token: await signIn(app, user.email) };
  }
  const second = await insertUser(db, { organizationId: orgs.P0!.id, role: 'second_admin' });
  secondAdmin = await signIn(app, second.email);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const processed = async (name: string): Promise<BenchmarkData> => {
  const response = await post(app, '/api/benchmark/internal/process', {}, { token: orgs[name]!.token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: BenchmarkData }).data;
};

const setPooling = (name: string, pooling: boolean, token = orgs[name]!.token) => post(app, '/api/benchmark/pooling', { pooling }, { token });

describe('the pooled benchmark (opt-in)', () => {
  it('shows the median and P10–P90 of the ten pooling organisations of the same industry and size band', async () => {
    const data = await processed('P0');
    expect(data.pooled).toMatchObject({ status: 'shown', industry: 'Retail', sizeBand: '50-249', organizations: 10 });
    if (data.pooled.status !== 'shown') return;
    // Exactly the band of the ten organisations' own released totals.
    const totals = [];
    for (let i = 0; i < 10; i += 1) totals.push((await get(app, '/api/home/total-registered', { token: orgs[`P${i}`]!.token })).json().data.count as number);
    expect(data.pooled.bands.find((item) => item.metric === 'respondents')!.band).toEqual(bandOf(totals));
    // Only bands: no organisation's own value, and no participation (seats mean different things).
    expect(data.pooled.bands.map((item) => item.metric)).not.toContain('participation');
    expect(Object.keys(data.pooled)).toEqual(['status', 'industry', 'sizeBand', 'organizations', 'bands']);
    expect(JSON.stringify(data.pooled)).not.toContain(orgs.P1!.id);
  });

  it('is off by default, and shows nothing to an organisation that does not pool', async () => {
    expect((await processed('Quiet')).pooled).toEqual({ status: 'off' });
  });

  it('needs ten contributors of k or more: one fewer and the pool is not shown', async () => {
    // Small pools too (its industry matched without case or spaces) but its 1 respondent is below k: it sees the
    // pool it gives to, of the ten others; Large and Bank are another band and industry.
    expect((await processed('Small')).pooled).toMatchObject({ status: 'shown', industry: 'retail', organizations: 10 });
    expect((await processed('Bank')).pooled).toMatchObject({ status: 'too_few', industry: 'Banking' });
    expect((await processed('Large')).pooled).toMatchObject({ status: 'too_few', sizeBand: '1000+' });
    expect((await setPooling('P9', false)).statusCode).toBe(200);
    try {
      // Ten pool (P0 to P8 and Small), but only nine of them have k respondents.
      expect((await processed('P0')).pooled).toEqual({ status: 'too_few', industry: 'Retail', sizeBand: '50-249' });
      // Quiet joins: ten again.
      expect((await setPooling('Quiet', true)).statusCode).toBe(200);
      expect((await processed('P0')).pooled).toMatchObject({ status: 'shown', organizations: 10 });
    } finally {
      await setPooling('P9', true);
      await setPooling('Quiet', false);
    }
  });

  it('is changed by the administrator only, and audited', async () => {
    const refused = await setPooling('P0', false, secondAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the administrator can do this.');
    const bad = await post(app, '/api/benchmark/pooling', { pooling: 'yes' }, { token: orgs.P0!.token });
    expect(bad.statusCode).toBe(422);
    expect((await setPooling('P0', false)).json().data).toEqual({ pooling: false });
    expect((await processed('P0')).pooled).toEqual({ status: 'off' });
    await setPooling('P0', true);
    const audits = await database.db.selectFrom('audit_log').select(['action', 'details']).where('organization_id', '=', orgs.P0!.id).where('action', '=', 'organization.benchmark_pooling_changed').execute();
    expect(audits.map((row) => row.details)).toEqual([{ pooling: false }, { pooling: true }]);
  });
});
