import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsEndpoints } from '../../domain/contracts/statistics';
import { isSuppressed, type Distribution, type StatCell } from '../../domain/contracts/stats';
import { toSearchParams } from '../../domain/filters/encoding';
import { numberFormats } from '../../domain/i18n/numbers';
import { KEY_FACT_SECTIONS, type KeyFactPage, keyFactsOf } from '../../domain/keyfacts/facts';
import { keyFactSentence } from '../../domain/keyfacts/wording';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { toJson } from '../../server/db/database';
import { DEMO_PASSWORD, createDemoOrganization, type DemoSignIn } from '../../server/demo';
import { labelLocaliser } from '../../server/services/exports/labels';
import { translator } from '../../server/services/exports/words';
import { createCapturingMailer } from '../../server/services/mail';
import { SelectionBudget } from '../../server/services/statistics/budget';
import { statsRequestOf } from '../../server/services/statistics/figures';
import { releaseDue } from '../../server/services/statistics/releaseBatches';
import { bearer, get, post, signIn } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let a: DemoSignIn;
let small: DemoSignIn;
let adminA: string;

const config = testConfig();
const demo = (name: string, responses: number) =>
  createDemoOrganization(database.db, { seed: name, responses, organizationName: name, argon2: config.argon2, singleTransaction: false, batchSize: 300 });

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  app = await buildApp(config, { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  a = (await demo('stats-a', 600))!;
  small = (await demo('stats-small', 7))!;
  // Record keys chosen so that the small organisation's figures are known: any set of its people
  // sums to 0 or 100, whose adjustments (-3 and 0, never up) cannot show 7 people at k = 10 nor
  // hide all 7 at k = 5. With random keys either happened once in 256 runs.
  await sql`update responses set record_key = case when id = (select min(id::text)::uuid from responses where organization_id = ${small.organizationId}) then 100 else 0 end
    where organization_id = ${small.organizationId}`.execute(database.db);
  adminA = await signIn(app, a.adminEmail, DEMO_PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const url = (path: string, filters: Record<string, unknown> = {}) => {
  const query = toSearchParams(filters as never);
  return `/api${path}${query === '' ? '' : `?${query}`}`;
};
const stat = async (token: string, path: string, filters: Record<string, unknown> = {}) => {
  const response = await get(app, url(path, filters), { token });
  expect(response.statusCode, `${path} ${response.body}`).toBe(200);
  return response.json() as { status: number; data?: any; message?: string };
};

/** The true count of the released responses (the figures count those; a response withdrawn with its block waits again). */
const sqlCount = async (organizationId: string, where = sql`true`) =>
  Number(
    (
      await sql<{ count: number }>`select count(*)::int as count from responses r
        where r.organization_id = ${organizationId} and r.release_block is not null and ${where}`.execute(database.db)
    ).rows[0]!.count,
  );

const principleId = async (list: string, code: string) =>
  (await database.db.selectFrom('lookup_principles').select('id').where('list', '=', list).where('code', '=', code).executeTakeFirstOrThrow()).id;

const releasedCells = (distribution: Distribution) => distribution.cells.filter((cell): cell is Extract<StatCell, { count: number }> => !isSuppressed(cell));

/** A released count against the truth: within the p-table's maximum adjustment. */
const expectNear = (actual: number, truth: number) => expect(Math.abs(actual - truth), `${actual} against ${truth}`).toBeLessThanOrEqual(MAX_ADJUSTMENT);

const allEndpoints = Object.values(statisticsEndpoints).flatMap((group) => ('path' in group ? [group] : Object.values(group)));
// key-facts needs its page parameter: tested on its own below.
const SERVED_BY_LATER_WORK = new Set(['/key-facts']);

describe('statistics endpoints', () => {
  it('answer every served endpoint with a decodable section, with and without filters', async () => {
    const female = await principleId('genders', 'female');
    for (const endpoint of allEndpoints.filter((e) => !SERVED_BY_LATER_WORK.has(e.path))) {
      for (const filters of [{}, { gender: [String(female)] }, { gender: [String(female)], 'age-range': '25-44' }]) {
        const body = await stat(adminA, endpoint.path, filters);
        // The 600-person demo organisation releases every section when nothing is filtered.
        if (Object.keys(filters).length === 0) expect(body.status, `${endpoint.path} ${body.message}`).toBe(200);
        if (body.status === 204) {
          expect(body.message, endpoint.path).toMatch(/It needs at least|Not enough data/);
          continue;
        }
        expect(body.status, endpoint.path).toBe(200);
        expect(isRight(endpoint.data.decode(body.data)), `${endpoint.path} ${JSON.stringify(body.data).slice(0, 300)}`).toBe(true);
      }
    }
  });

  it('count the organisation respondents in SQL, and a filter selects its people', async () => {
    expectNear((await stat(adminA, '/home/total-registered')).data.count, await sqlCount(a.organizationId));
    const female = await principleId('genders', 'female');
    const women = await sqlCount(a.organizationId, sql`r.gender_id = ${female}`);
    expectNear((await stat(adminA, '/overview/total-registered', { gender: [String(female)] })).data.count, women);
    const table = (await stat(adminA, '/overview/gender-age-range')).data;
    expectNear(table.total, await sqlCount(a.organizationId));
    // The same people give the same figure on every endpoint.
    expect(table.total).toBe((await stat(adminA, '/home/total-registered')).data.count);
    expect(table.rows.map((row: { key: string }) => row.key)).toContain(String(female));
  });

  it('withhold a selection below k with the SPEC message (10 with a special-category filter)', async () => {
    expect(await stat(adminA, '/home/total-registered', { 'age-range': '0-14' })).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    const token = await signIn(app, small.adminEmail, DEMO_PASSWORD);
    expectNear((await stat(token, '/home/total-registered')).data.count, 7);
    expect(await stat(token, '/overview/country-birth', { disability: 'no' })).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
    expect(await stat(token, '/overview/people-ltc')).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
  });

  it('list only values shown with k or more after adjustment, never a small one as itself nor a zero', async () => {
    const body = await stat(adminA, '/overview/country-birth');
    const distribution = body.data as Distribution;
    // A value below k is not listed at all: its name would tell that somebody gave it.
    expect(distribution.cells.filter(isSuppressed)).toEqual([]);
    const truth = await sql<{ id: number; count: number }>`select country_birth_id as id, count(*)::int as count from responses
      where organization_id = ${a.organizationId} and country_birth_id is not null group by country_birth_id`.execute(database.db);
    const trueCounts = new Map(truth.rows.map((row) => [String(row.id), row.count]));
    for (const cell of releasedCells(distribution)) {
      const exact = trueCounts.get(cell.key) ?? 0;
      expect(exact, cell.key).toBeGreaterThan(0);
      expectNear(cell.count, exact);
      expect(cell.count).toBeGreaterThanOrEqual(5);
      if (exact < 5) expect(cell.count).not.toBe(exact);
    }
    // Every value of k + d people or more is listed.
    for (const [key, count] of trueCounts) if (count >= 5 + MAX_ADJUSTMENT) expect(releasedCells(distribution).map((cell) => cell.key)).toContain(key);
  });

  it('reject bad filters with 422 and unknown date ranges', async () => {
    const bad = await get(app, url('/home/total-registered', { 'age-range': '40-20' }), { token: adminA });
    expect(bad.statusCode).toBe(422);
    const unknown = await get(app, url('/home/total-registered', { 'date-tag': 'nope' }), { token: adminA });
    expect(unknown.statusCode).toBe(422);
    expect((await get(app, url('/home/total-registered', { disability: 'maybe' }), { token: adminA })).statusCode).toBe(422);
  });

  it('decode the filters with the contract’s codec: an unknown filter or a bad value is a 422 naming it', async () => {
    const errors = async (search: string) => {
      const response = await get(app, `/api/overview/country-birth?${search}`, { token: adminA });
      expect(response.statusCode, response.body).toBe(422);
      return (response.json() as { errors: Record<string, string[]> }).errors;
    };
    expect(await errors('filter[colour]=red')).toEqual({ 'filter[colour]': ['This filter does not exist.'] });
    expect(await errors('filter[age-range]=40-20')).toEqual({ 'filter[age-range]': ['The age range must start below its end.'] });
    expect(await errors('filter[lgbtiq]=maybe')).toEqual({ 'filter[lgbtiq]': ['Use yes or no.'] });
    expect(await errors('filter[generation][0]=Gen%20Q')).toEqual({ 'filter[generation]': ['The filters are invalid.'] });
  });

  it('answer any filter query with figures, a 204 sentence or a 422, never a server error', async () => {
    const female = String(await principleId('genders', 'female'));
    const key = fc.constantFrom('gender', 'position-level', 'age-range', 'generation', 'disability', 'lgbtiq', 'date-tag', 'colour', '');
    const value = fc.oneof(fc.constantFrom(female, '25-44', '0-99', 'Gen Z', 'yes', 'no', '', '-1', '1e9', '%', 'unknown', '\u0000'), fc.string({ maxLength: 8 }));
    const part = fc.tuple(key, fc.boolean(), value).map(
      ([name, list, raw]) => `${encodeURIComponent(`filter[${name}]${list ? '[]' : ''}`)}=${encodeURIComponent(raw)}`,
    );
    const paths = ['/home/total-registered', '/overview/country-birth', '/worldview/tree', '/general/mutuality-index', '/demographic/state-per-gender'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.array(part, { maxLength: 4 }), async (path, parts) => {
        const response = await get(app, `/api${path}?${parts.join('&')}`, { token: adminA });
        expect([200, 422], `${path}?${parts.join('&')} ${response.body}`).toContain(response.statusCode);
        const body = response.json() as { status: number; message?: string };
        if (response.statusCode === 200 && body.status === 204) expect(body.message).toMatch(/It needs at least|Not enough data/);
      }),
      { numRuns: 60 },
    );
  });

  it('choose the population with a date-tag', async () => {
    const ranges = [
      { id: 'all', label: 'All', type: 'since', value: '2000-01-01' },
      { id: 'none', label: 'None', type: 'between', value: '2000-01-01..2000-01-02' },
    ];
    await database.db.insertInto('settings').values({ organization_id: a.organizationId, key: 'date_ranges', value: toJson(ranges) }).execute();
    expect((await stat(adminA, '/home/total-registered', { 'date-tag': 'all' })).data).toEqual((await stat(adminA, '/home/total-registered')).data);
    expectNear((await stat(adminA, '/home/total-registered', { 'date-tag': 'all' })).data.count, await sqlCount(a.organizationId));
    expect(await stat(adminA, '/home/total-registered', { 'date-tag': 'none' })).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
  });

  it("limit an assignee to their groups, and a view-as session to the viewed group", async () => {
    const assignee = await database.db
      .selectFrom('users')
      .innerJoin('departments', 'departments.assignee_id', 'users.id')
      .select(['users.email', 'departments.id as departmentId'])
      .where('users.organization_id', '=', a.organizationId)
      .where('users.role', '=', 'group_assignee')
      .where('departments.parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const inGroup = sql`r.department_id in (select id from departments where id = ${assignee.departmentId} or parent_id = ${assignee.departmentId})`;
    const expected = await sqlCount(a.organizationId, inGroup);
    const token = await signIn(app, assignee.email, DEMO_PASSWORD);
    const own = await stat(token, '/home/total-registered');
    if (own.status === 200) expectNear(own.data.count, expected);
    if (expected >= 5 + MAX_ADJUSTMENT) expect(own.status).toBe(200);
    if (expected < 5 - MAX_ADJUSTMENT) expect(own.status).toBe(204);
    expect(expected).toBeLessThan(await sqlCount(a.organizationId));

    await database.db.updateTable('organizations').set({ view_as_consent: true }).where('id', '=', a.organizationId).execute();
    const started = await post(app, '/api/organization/view-as', { group_id: assignee.departmentId }, { token: adminA });
    expect(started.statusCode, started.body).toBe(200);
    const viewing = started.json().data.access_token as string;
    const viewed = await stat(viewing, '/home/total-registered');
    expect(viewed).toEqual(own);
  });

  it("never lets another organisation's responses change an organisation's figures", async () => {
    const before = await Promise.all(['/home/total-registered', '/overview/country-birth', '/worldview/tree'].map((path) => stat(adminA, path)));
    const b = (await demo('stats-b', 120))!;
    const after = await Promise.all(['/home/total-registered', '/overview/country-birth', '/worldview/tree'].map((path) => stat(adminA, path)));
    expect(after).toEqual(before);
    const tokenB = await signIn(app, b.adminEmail, DEMO_PASSWORD);
    expectNear((await stat(tokenB, '/home/total-registered')).data.count, 120);
  });

  it('recompute the cached population when responses change', async () => {
    await stat(adminA, '/home/total-registered');
    const victim = await database.db.selectFrom('responses').select(['id', 'release_block']).where('organization_id', '=', a.organizationId).where('release_block', 'is not', null).limit(1).executeTakeFirstOrThrow();
    await database.db.deleteFrom('responses').where('id', '=', victim.id).execute();
    // Its block leaves the figures with it: the others of the block wait for a batch again.
    expect(await database.db.selectFrom('release_blocks').select('id').where('id', '=', victim.release_block!).executeTakeFirst()).toBeUndefined();
    // The figure is the new population's: near its count, with the adjustment of its own records.
    expectNear((await stat(adminA, '/home/total-registered')).data.count, await sqlCount(a.organizationId));
    expect(app.statisticsCache.size).toBeGreaterThan(0);
  });

  it('narrow woman-manager to the managers and break states down by gender', async () => {
    const managers = await principleId('position-levels', '1');
    const expected = await sqlCount(a.organizationId, sql`r.position_level_id = ${managers}`);
    const body = await stat(adminA, '/demographic/woman-manager');
    if (body.status === 200) expectNear(body.data.total, expected);
    if (expected >= 5 + MAX_ADJUSTMENT) expect(body.status).toBe(200);
    const clerks = await principleId('position-levels', '5');
    // A position filter without managers selects nobody.
    expect(await stat(adminA, '/demographic/woman-manager', { 'position-level': [String(clerks)] })).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    const table = (await stat(adminA, '/demographic/state-per-gender')).data;
    expectNear(table.total, await sqlCount(a.organizationId));
    // The same people, the same figure: the gender chart's total is the table's, raised only to hold its shown cells.
    const genders = (await stat(adminA, '/demographic/row-one')).data as Distribution;
    const shownSum = genders.cells.reduce((sum, cell) => sum + (isSuppressed(cell) ? 0 : cell.count), 0);
    expect(genders.total).toBe(Math.max(table.total, shownSum));
  });

  it('release the diversity index of the organisation, and badges from it', async () => {
    const body = await stat(adminA, '/general/mutuality-index');
    expect(body.status).toBe(200);
    expect(isRight(statisticsEndpoints.general.mutualityIndex.data.decode(body.data))).toBe(true);
    expect(body.data.pillars.map((pillar: { pillar: string }) => pillar.pillar).sort()).toEqual(['country', 'heritage', 'language', 'worldview']);
    expect(body.data.overall).toBeGreaterThan(0);
    expect(body.data.overall).toBeLessThanOrEqual(1);
    const weights = Object.values(body.data.weights as Record<string, number>).reduce((sum, value) => sum + value, 0);
    expect(weights).toBeCloseTo(1, 2);
    expect(await stat(adminA, '/general/mutuality-index', { 'age-range': '0-14' })).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    const badges = (await stat(adminA, '/general/badges')).data.badges as { key: string; earned: boolean }[];
    expect(badges.map((badge) => badge.key)).toEqual(['diverse-heritage', 'born-worldwide', 'multilingual', 'many-worldviews', 'mutuality-leader']);
    expect(badges.find((badge) => badge.key === 'mutuality-leader')!.earned).toBe(body.data.overall >= 0.7);
  });

  it('say key facts from released figures for a page, in the caller\'s language, and skip them without one', async () => {
    expect(await stat(adminA, '/key-facts')).toEqual({ status: 204, message: 'Choose a page for the key facts.' });
    expect((await get(app, '/api/key-facts?page=nowhere', { token: adminA })).statusCode).toBe(422);
    const keyFacts = async (page: string, locale: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/key-facts?page=${page}`, headers: { ...bearer(adminA), 'x-locale': locale } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { status: number; data?: { facts: string[] }; message?: string };
    };
    /** What the dashboard says for its page (domain/keyfacts), from the sections it releases. */
    const dashboardFacts = async (page: KeyFactPage, locale: string) => {
      const sections: Record<string, unknown> = {};
      for (const path of KEY_FACT_SECTIONS[page]) {
        const body = await stat(adminA, `/${path}`);
        sections[path] = body.status === 200 ? body.data : null;
      }
      // The dashboard names a value as its charts do: in the reader's language.
      const localise = await labelLocaliser(database.db, locale, translator(locale));
      return keyFactsOf(page, localise(sections)).map((fact) => keyFactSentence(fact, translator(locale), numberFormats(locale)));
    };
    const count = (await stat(adminA, '/home/total-registered')).data.count as number;
    const groups = (await stat(adminA, '/home/total-group-subgroup')).data.count as number;
    expect((await keyFacts('overview', 'en')).data!.facts[0]).toBe(`${count} people have answered the survey.`);
    expect((await keyFacts('overview', 'fr')).data!.facts[0]).toBe(`${numberFormats('fr').count(count)} personnes ont répondu à l’enquête.`);
    const coordinator = (await keyFacts('coordinator', 'en')).data!.facts;
    expect(coordinator[0]).toBe(`${count} people have answered the survey.`);
    expect(coordinator).toContain(`You can see ${groups} groups and sub-groups.`);
    const pages = { overview: 'overview', languages: 'languages', worldviews: 'worldviews', coordinator: 'coordinator', demographics: 'demographics', country: 'country-birth', ethnicity: 'cultural-heritage' } as const;
    for (const [page, dashboardPage] of Object.entries(pages)) {
      for (const locale of ['en', 'fr']) {
        const body = await keyFacts(page, locale);
        expect(body.status, page).toBe(200);
        expect(body.data!.facts.length, page).toBeGreaterThan(0);
        expect(body.data!.facts, `${page} ${locale}`).toEqual(await dashboardFacts(dashboardPage, locale));
      }
    }
    // A fact that names a value names it in French, not by the statistics' English label.
    const topLanguage = (await stat(adminA, '/language/languages')).data.cells.filter((cell: { count?: number; preferNot?: boolean }) => typeof cell.count === 'number' && cell.preferNot !== true).sort((x: { count: number }, y: { count: number }) => y.count - x.count)[0] as { label: string } | undefined;
    if (topLanguage !== undefined) {
      const french = (await keyFacts('languages', 'fr')).data!.facts[0]!;
      const frenchName = (await labelLocaliser(database.db, 'fr', translator('fr')))({ cells: [topLanguage] }).cells[0]!.label;
      expect(frenchName).not.toBe(topLanguage.label);
      expect(french).toContain(frenchName);
    }
    expect((await get(app, '/api/key-facts?page=overview&filter[age-range]=0-14', { token: adminA })).json()).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
  });

  it('give every response and answer row a random record key, which no statistic sends out', async () => {
    for (const table of ['responses', 'response_languages', 'response_heritages', 'response_cultures', 'response_ancestry'] as const) {
      const rows = await sql<{ key: number | null }>`select record_key as key from ${sql.table(table)} where organization_id = ${a.organizationId}`.execute(database.db);
      expect(rows.rows.length, table).toBeGreaterThan(0);
      for (const row of rows.rows) {
        expect(Number.isInteger(row.key), table).toBe(true);
        expect(row.key!).toBeGreaterThanOrEqual(0);
        expect(row.key!).toBeLessThan(2 ** 31);
      }
      // 31 random bits: hardly ever two the same among a few thousand rows.
      expect(new Set(rows.rows.map((row) => row.key)).size, table).toBeGreaterThanOrEqual(rows.rows.length - 2);
    }
    for (const endpoint of allEndpoints.filter((e) => !SERVED_BY_LATER_WORK.has(e.path))) {
      const body = (await get(app, url(endpoint.path), { token: adminA })).body;
      expect(body, endpoint.path).not.toMatch(/record_key|recordKey/);
    }
  });

  it('answer a limited number of different selections per hour, and any repeated one', async () => {
    await database.db.deleteFrom('statistics_selections').execute();
    const limited = await buildApp(testConfig({ statisticsSelectionsPerHour: 3 }), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
    try {
      const token = await signIn(limited, a.adminEmail, DEMO_PASSWORD);
      const ask = async (filters: Record<string, unknown>) => (await limited.inject({ method: 'GET', url: url('/home/total-registered', filters), headers: { authorization: `Bearer ${token}` } })).json();
      const female = String(await principleId('genders', 'female'));
      const first = await ask({});
      expect(first.status).toBe(200);
      expect((await ask({ gender: [female] })).status).toBe(200);
      expect((await ask({ 'age-range': '25-44' })).status).toBe(200);
      expect(await ask({ 'age-range': '25-64' })).toEqual({ status: 204, message: 'Not enough data to show.' });
      // A selection already answered this hour costs nothing: the same figure again.
      expect(await ask({})).toEqual(first);
    } finally {
      await limited.close();
    }
  });

  it('share one allowance between server processes: a second app over the same database grants no more', async () => {
    await database.db.deleteFrom('statistics_selections').execute();
    const config = testConfig({ statisticsSelectionsPerHour: 3 });
    const apps = [0, 1].map(() => buildApp(config, { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer }));
    const [one, two] = await Promise.all(apps);
    try {
      const askOf = async (app: typeof one) => {
        const token = await signIn(app, a.adminEmail, DEMO_PASSWORD);
        return async (filters: Record<string, unknown>) => (await app.inject({ method: 'GET', url: url('/home/total-registered', filters), headers: { authorization: `Bearer ${token}` } })).json();
      };
      const [askOne, askTwo] = [await askOf(one), await askOf(two)];
      expect((await askOne({})).status).toBe(200);
      expect((await askOne({ 'age-range': '25-44' })).status).toBe(200);
      expect((await askTwo({ 'age-range': '45-64' })).status).toBe(200);
      // The hour's three places are taken, whichever process took them.
      expect(await askTwo({ 'age-range': '25-64' })).toEqual({ status: 204, message: 'Not enough data to show.' });
      expect(await askOne({ 'age-range': '18-24' })).toEqual({ status: 204, message: 'Not enough data to show.' });
      // A selection the other process answered is free here too.
      expect((await askOne({ 'age-range': '45-64' })).status).toBe(200);
      expect((await askTwo({})).status).toBe(200);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('count populations, not spellings, over a sliding hour rather than the clock hour', async () => {
    await database.db.deleteFrom('statistics_selections').execute();
    let now = Date.parse('2026-11-28T22:59:00Z');
    const budget = new SelectionBudget(database.db, 3, () => now);
    const contextOf = async (filters: Record<string, unknown>) => (await statsRequestOf(database.db, a.organizationId, { kind: 'organization' }, filters as never)).context;
    await releaseDue(database.db, a.organizationId);
    expect(await budget.allow(await contextOf({ 'age-range': '0-100' }))).toBe(true);
    // The same people spelt otherwise: no new place taken.
    expect(await budget.allow(await contextOf({ 'age-range': '1-100' }))).toBe(true);
    expect(await budget.allow(await contextOf({ 'age-range': '25-44' }))).toBe(true);
    expect(await budget.allow(await contextOf({ 'age-range': '45-64' }))).toBe(true);
    expect(await budget.allow(await contextOf({ 'age-range': '25-64' }))).toBe(false);
    // Past the clock hour the places are still taken; an hour after they were taken they are free again.
    now += 3 * 60_000;
    expect(await budget.allow(await contextOf({ 'age-range': '25-64' }))).toBe(false);
    now += 58 * 60_000;
    expect(await budget.allow(await contextOf({ 'age-range': '25-64' }))).toBe(true);
  });

  it('require a session', async () => {
    expect((await get(app, '/api/home/total-registered')).statusCode).toBe(401);
  });
});
