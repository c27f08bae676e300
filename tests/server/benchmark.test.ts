import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHMARK_METRICS, type BenchmarkData, type BenchmarkGroup } from '../../domain/contracts/benchmark';
import { type CompareData, type ComparedSelection, selectionParameters } from '../../domain/contracts/compare';
import { MAX_ADJUSTMENT, bandOf, percentOf } from '../../domain/stats';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createCapturingMailer } from '../../server/services/mail';
import { get, insertUser, post, signIn } from './helpers/accounts';
import { insertDepartment, lookupIds } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

/**
 * Benchmark → Internal on a hand-built organisation (registered in Australia) whose every
 * answer is known. Person i of a group:
 * - a woman when i is even; a manager when i % 4 is 0; a physical disability when i % 6 is 0;
 * - born in Australia when i % 3 is 0, India when i % 3 is 1, Britain otherwise;
 * - English for everyone, Hindi too when i % 2 is 1; Christian when i % 2 is 0, secular when
 *   i % 5 is 1, Prefer not to answer otherwise; heritage H1 when i % 3 is 0, else H2.
 * Groups: Sales 24 people (survey links of 20 and 10 seats), its sub-group Sales East 12
 * (part of Sales' 24? no: its own 12, so Sales as a group counts 36), Support 15, Ops 20,
 * Tiny 1 (below k whatever its perturbation), Legal 2 of its own with its sub-group Legal Team 10 (so Legal counts 12, and
 * Legal and Legal Team differ by 2 people: protected together, Legal Team is left out). Another
 * organisation has Elsewhere, 20 people.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let admin: string;
let otherAdmin: string;
let adminEmail: string;
const groups: Record<string, string> = {};
const ids: Record<string, number> = {};
const SIZES: Record<string, number> = { Sales: 24, 'Sales East': 12, Support: 15, Ops: 20, Tiny: 1, Legal: 2, 'Legal Team': 10 };

beforeAll(async () => {
  ({ database, app } = await openTestApp({ database: { lookups: true } }));
  const db = database.db;
  const idOf = lookupIds(db);
  const user = await insertUser(db, { role: 'admin' });
  const organizationId = user.organizationId;
  await db.updateTable('organizations').set({ country: 'AU' }).where('id', '=', organizationId).execute();
  for (const name of ['Sales', 'Support', 'Ops', 'Tiny', 'Legal']) groups[name] = await insertDepartment(db, organizationId, name);
  groups['Sales East'] = await insertDepartment(db, organizationId, 'Sales East', { parentId: groups.Sales! });
  groups['Legal Team'] = await insertDepartment(db, organizationId, 'Legal Team', { parentId: groups.Legal! });
  await db.updateTable('departments').set({ capacity: 40 }).where('id', '=', groups.Support!).execute();
  for (const [alias, capacity] of [['sales-a', 20], ['sales-b', 10]] as const) {
    await db
      .insertInto('survey_tokens')
      .values({ organization_id: organizationId, token: `${alias}-${organizationId}`, alias, survey_id: 1, department_id: groups.Sales!, expires_at: new Date(Date.now() + 86_400_000), capacity })
      .execute();
  }
  const other = await insertUser(db, { role: 'admin' });
  groups.Elsewhere = await insertDepartment(db, other.organizationId, 'Elsewhere');
  for (const [key, list, code] of [
    ['female', 'genders', 'female'], ['male', 'genders', 'male'],
    ['AU', 'countries', 'AU'], ['IN', 'countries', 'IN'], ['GB', 'countries', 'GB'],
    ['eng', 'languages', 'eng'], ['hin', 'languages', 'hin'],
    ['christian', 'worldviews', '25'], ['secular', 'worldviews', '95'], ['worldviewPna', 'worldviews', 'prefer_not'],
    ['manager', 'position-levels', '1'], ['clerk', 'position-levels', '5'],
    ['none', 'disabilities', 'none'], ['physical', 'disabilities', 'physical'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }
  const cultures = await db.selectFrom('lookup_principles').select('id').where('list', '=', 'ethnicities').where('code', '<>', 'prefer_not').orderBy('id').limit(2).execute();
  // A response's group_id is its department's top-level group, as a submission writes it.
  const topGroupOf = (department: string) => (department === groups['Sales East'] ? groups.Sales! : department === groups['Legal Team'] ? groups.Legal! : department);
  const insert = async (organization: string, department: string, i: number) => {
    const { id } = await db
      .insertInto('responses')
      .values({
        organization_id: organization, survey_id: 1, token_id: null, department_id: department, group_id: topGroupOf(department), anonymous: true,
        first_name: null, last_name: null, email: null, invitation_id: null,
        birth_year: 1990, gender_id: i % 2 === 0 ? ids.female! : ids.male!, age_id: null, education_id: null,
        disability_id: i % 6 === 0 ? ids.physical! : ids.none!, sexual_orientation_id: null,
        position_level_id: i % 4 === 0 ? ids.manager! : ids.clerk!, position_type_id: null,
        country_birth_id: i % 3 === 0 ? ids.AU! : i % 3 === 1 ? ids.IN! : ids.GB!, state_id: null,
        worldview_id: i % 2 === 0 ? ids.christian! : i % 5 === 1 ? ids.secular! : ids.worldviewPna!,
        branch_id: null, denomination_id: null, culture_identity_id: null, appearance_id: null, answers: '{}',
        submitted_at: new Date('2025-06-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const child = { response_id: id, organization_id: organization };
    await db.insertInto('response_languages').values({ ...child, language_id: ids.eng!, level: 'native' }).execute();
    if (i % 2 === 1) await db.insertInto('response_languages').values({ ...child, language_id: ids.hin!, level: 'fluent' }).execute();
    await db.insertInto('response_heritages').values({ ...child, ethnicity_id: i % 3 === 0 ? cultures[0]!.id : cultures[1]!.id }).execute();
  };
  for (const [name, size] of Object.entries(SIZES)) for (let i = 0; i < size; i += 1) await insert(organizationId, groups[name]!, i);
  for (let i = 0; i < 20; i += 1) await insert(other.organizationId, groups.Elsewhere!, i);
  adminEmail = user.email;
  admin = await signIn(app, user.email);
  otherAdmin = await signIn(app, other.email);
});

afterAll(() => closeTestApp({ app, database }));

type Body = { status: number; data?: BenchmarkData; message?: string; errors?: Record<string, string[]> };

const benchmark = async (token = admin, query = '', server = app) => {
  const response = await post(server, `/api/benchmark/internal/process${query}`, {}, { token });
  return { statusCode: response.statusCode, body: response.json() as Body };
};

const processed = async (token = admin): Promise<BenchmarkData> => {
  const { statusCode, body } = await benchmark(token);
  expect(statusCode, JSON.stringify(body)).toBe(200);
  return body.data!;
};

const near = (actual: number | null | undefined, expected: number, what: string, within = MAX_ADJUSTMENT) => {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} for ${expected}`).toBeLessThanOrEqual(within);
};

const byName = (data: BenchmarkData, name: string): BenchmarkGroup => {
  const group = data.groups.find((item) => item.name === name);
  expect(group, name).toBeDefined();
  return group!;
};

const compareColumn = async (group: string): Promise<Extract<ComparedSelection, { status: 200 }>> => {
  const response = await get(app, `/api/compare/data?${new URLSearchParams(selectionParameters([{ group }, { group: 'all' }])).toString()}`, { token: admin });
  const column = (response.json() as { data: CompareData }).data.selections[0]!;
  expect(column.status).toBe(200);
  return column as Extract<ComparedSelection, { status: 200 }>;
};

describe('POST /benchmark/internal/process', () => {
  it('measures every group of k or more on twenty metrics, and names the groups left out', async () => {
    const data = await processed();
    expect(data.k).toBe(5);
    expect(data.groups.map((group) => group.name).sort()).toEqual(['Legal', 'Ops', 'Sales', 'Sales East', 'Support']);
    // Tiny is below k; Legal Team would show, beside Legal, the 2 people of Legal's own.
    expect(data.leftOut).toEqual([{ id: groups['Legal Team'], name: 'Legal Team' }, { id: groups.Tiny, name: 'Tiny' }]);
    expect(JSON.stringify(data)).not.toContain('Elsewhere');
    expect(BENCHMARK_METRICS.length).toBeGreaterThanOrEqual(15);
    for (const group of data.groups) expect(Object.keys(group.values).sort()).toEqual(BENCHMARK_METRICS.map(([key]) => key).sort());
    expect(byName(data, 'Sales East').parentId).toBe(groups.Sales);
    expect(byName(data, 'Sales').parentId).toBeNull();
  });

  it('gives each group the very figures a comparison releases for it, and values near the truth', async () => {
    const data = await processed();
    const truthOf = (size: number) => {
      const all = Array.from({ length: size }, (_, i) => i);
      const share = (test: (i: number) => boolean) => (all.filter(test).length * 100) / size;
      return { size, women: share((i) => i % 2 === 0), bornAbroad: share((i) => i % 3 !== 0), multilingual: share((i) => i % 2 === 1), pna: share((i) => i % 2 === 1 && i % 5 !== 1) };
    };
    const expectations: Record<string, ReturnType<typeof truthOf>> = {
      // Sales stands for itself and its sub-group: 24 + 12 people.
      Sales: { ...truthOf(24), size: 36 },
      'Sales East': truthOf(12),
      Support: truthOf(15),
      Ops: truthOf(20),
    };
    for (const [name, truth] of Object.entries(expectations)) {
      const group = byName(data, name);
      const column = await compareColumn(group.id);
      // Exact: the same released count, index and pillars as Compare → Internal.
      expect(group.values.respondents, name).toBe(column.respondents);
      expect(group.values.index_overall, name).toBe(column.index!.overall);
      for (const pillar of column.index!.pillars) {
        expect(group.values[`index_${pillar.pillar}`], `${name} ${pillar.pillar}`).toBe(pillar.giniSimpson);
        expect(group.values[`groups_${pillar.pillar}`], `${name} ${pillar.pillar}`).toBe(pillar.effectiveGroups);
      }
      expect(group.values.long_term_condition, name).toBe(column.demographics.longTermCondition === null ? null : percentOf(column.demographics.longTermCondition, column.respondents));
      expect(group.values.lgbtiq, `${name}: nobody is LGBTIQ+`).toBeNull();
      near(group.values.respondents, truth.size, `${name} respondents`);
      // Shares of perturbed counts: within a few points of the truth.
      const points = (200 * MAX_ADJUSTMENT) / truth.size + 1;
      if (name !== 'Sales East') near(group.values.women, truth.women, `${name} women`, points);
      // A count that can be adjusted below k (Sales East's 6 of 12) may be not listed: unknown, never 0.
      const multilingualCount = Math.round((truth.multilingual * truth.size) / 100);
      if (multilingualCount >= 5 + MAX_ADJUSTMENT || group.values.multilingual !== null) near(group.values.multilingual, truth.multilingual, `${name} multilingual`, points);
      if (group.values.born_abroad !== null) near(group.values.born_abroad, truth.bornAbroad, `${name} born abroad`, points);
    }
    // Seats: Sales' links hold 30 seats; Support's group capacity is 40; Ops has nothing capping it.
    expect(byName(data, 'Sales').values.participation).toBe(Math.min(100, percentOf(byName(data, 'Sales').values.respondents!, 30)));
    expect(byName(data, 'Support').values.participation).toBe(percentOf(byName(data, 'Support').values.respondents!, 40));
    expect(byName(data, 'Ops').values.participation).toBeNull();
    // Prefer not to answer on religion is released at k = 10 only.
    const sales = byName(data, 'Sales').values.prefer_not_religion;
    // 9 of Sales' own 24 and 4 of Sales East's 12 preferred not to say: 13 of 36, at k = 10.
    near(sales, 1300 / 36, 'Sales religion prefer not', (200 * MAX_ADJUSTMENT) / 36 + 1);
    // Sales East's 4 who preferred not to say are below 10: not listed, so unknown rather than 0.
    expect(byName(data, 'Sales East').values.prefer_not_religion).toBeNull();
    expect(byName(data, 'Sales').values.prefer_not_sexual_orientation).toBeNull();
  });

  it('bands each metric as the median and P10–P90 of the measured groups', async () => {
    const data = await processed();
    for (const { metric, band } of data.bands) expect(band, metric).toEqual(bandOf(data.groups.map((group) => group.values[metric])));
    const respondents = data.bands.find((item) => item.metric === 'respondents')!.band!;
    const sorted = data.groups.map((group) => group.values.respondents!).sort((x, y) => x - y);
    expect(respondents.n).toBe(5);
    // Five values: the median is the middle one; P10 at 0.4 of the way from the first to the second, P90 at 0.6 from the fourth to the fifth.
    expect(respondents.median).toBe(sorted[2]);
    expect(respondents.p10).toBeCloseTo(sorted[0]! + 0.4 * (sorted[1]! - sorted[0]!), 3);
    expect(respondents.p90).toBeCloseTo(sorted[3]! + 0.6 * (sorted[4]! - sorted[3]!), 3);
    const participation = data.bands.find((item) => item.metric === 'participation')!.band!;
    expect(participation.n).toBe(2);
  });

  it('follows the responses: a new respondent is counted at the next call', async () => {
    expect((await processed()).leftOut.map((group) => group.name)).toEqual(['Legal Team', 'Tiny']);
    const db = database.db;
    const organizationId = (await db.selectFrom('departments').select('organization_id').where('id', '=', groups.Tiny!).executeTakeFirstOrThrow()).organization_id;
    const template = await db.selectFrom('responses').selectAll().where('department_id', '=', groups.Tiny!).executeTakeFirstOrThrow();
    // New answers as the product writes them: in no release block yet, so the next call releases
    // the six as a block of their own (a copied block would hold people its counted atoms do not).
    const { id: _id, record_key: _key, release_block: _block, ...row } = template as typeof template & { record_key?: unknown };
    for (let i = 0; i < 6; i += 1) await db.insertInto('responses').values({ ...row, organization_id: organizationId, answers: '{}' } as never).execute();
    const after = await processed();
    expect(after.leftOut.map((group) => group.name)).toEqual(['Legal Team']);
    near(byName(after, 'Tiny').values.respondents, 7, 'Tiny after six more');
  });

  it('answers another organisation with its own groups only, and an assignee with what they see', async () => {
    const data = await processed(otherAdmin);
    expect(data.groups.map((group) => group.name)).toEqual(['Elsewhere']);
    expect(JSON.stringify(data)).not.toMatch(/Sales|Support|Ops|Tiny/);
    const assignee = await insertUser(database.db, { organizationId: (await database.db.selectFrom('departments').select('organization_id').where('id', '=', groups.Support!).executeTakeFirstOrThrow()).organization_id, role: 'group_assignee' });
    await database.db.updateTable('departments').set({ assignee_id: assignee.id }).where('id', '=', groups.Support!).execute();
    const seen = await processed(await signIn(app, assignee.email));
    expect(seen.groups.map((group) => group.name)).toEqual(['Support']);
    expect(seen.leftOut).toEqual([]);
  });

  it('refuses a bad filter with 422 and a caller without a session with 401', async () => {
    const bad = await benchmark(admin, '?filter[colour]=red');
    expect(bad.statusCode).toBe(422);
    expect(bad.body.message).toBe('The given data was invalid.');
    const anonymous = await post(app, '/api/benchmark/internal/process', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts each group against the hourly allowance; a refused group is left out by name', async () => {
    // The selections the tests above asked are this hour's too (the allowance is kept in the database).
    await database.db.deleteFrom('statistics_selections').execute();
    const limited = await buildApp(testConfig({ statisticsSelectionsPerHour: 2 }), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
    try {
      const token = await signIn(limited, adminEmail);
      const { body } = await benchmark(token, '', limited);
      // In name order: Legal and Legal Team are admitted, Legal Team then protected away with Legal; the rest refused.
      expect(body.data!.groups.map((group) => group.name)).toEqual(['Legal']);
      expect(body.data!.leftOut.length).toBe(6);
    } finally {
      await limited.close();
    }
  });
});
