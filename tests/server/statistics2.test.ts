import type { FastifyInstance } from 'fastify';
import { isRight } from 'fp-ts/lib/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StatisticsEndpoint, statisticsEndpoints } from '../../domain/contracts/statistics';
import { type CrossTable, type Distribution, type StatCell, type StatTree, type TreeCell, isSuppressed } from '../../domain/contracts/stats';
import { toSearchParams } from '../../domain/filters/encoding';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createCapturingMailer } from '../../server/services/mail';
import { get, insertUser, signIn } from './helpers/accounts';
import { insertDepartment, lookupIds, type IdOf } from './helpers/surveyResponses';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * The statistics of issue 5 on a hand-built population of 30 respondents whose every figure
 * is known. Person i (0 to 29):
 * - a woman when i is even; born 1990 (Gen Y, 35-39) when i < 15, else 2000 (Gen Z, 25-29);
 * - a manager when i % 3 is 1, else a clerk; a bachelor's degree when i < 20, else junior
 *   secondary; a physical disability when i % 5 < 2, else none;
 * - born in Australia (the organisation's country) when i < 20, else India; a mother born in
 *   India (i < 5), a grandmother born in Britain (5 <= i < 10), a father born in Australia (10 <= i < 20);
 * - Hindi native (i < 5) or fluent (5 <= i < 10); English native when i >= 5, except i = 10, 11
 *   who speak it fluently and French at a basic level;
 * - Christian when i < 15, else secular; heritage H2 when i < 10, H1 when i >= 5;
 * - belongs to culture H2 (i < 10) and H1 (5 <= i < 25); identifies most with H2 (i a multiple
 *   of 3) or else H1 (i < 23); appears South Asian (i < 10 or i >= 25) or White.
 * Group D1 holds i < 15, group D2 the rest (its assignee sees 15 people).
 *
 * Disclosure control also hides an answer everyone in the selection gave (it would tell each
 * person's answer), so the population mixes every answer.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let admin: string;
let assigneeOfD2: string;
let idOf: IdOf;
const ids: Record<string, number> = {};

const people = Array.from({ length: 30 }, (_, i) => i);

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  idOf = lookupIds(database.db);
  const db = database.db;
  const user = await insertUser(db, { role: 'admin' });
  const organizationId = user.organizationId;
  const d1 = await insertDepartment(db, organizationId, 'D1');
  const d2 = await insertDepartment(db, organizationId, 'D2');
  const assignee = await insertUser(db, { organizationId, role: 'group_assignee' });
  await db.updateTable('departments').set({ assignee_id: assignee.id }).where('id', '=', d2).execute();

  for (const [key, list, code] of [
    ['female', 'genders', 'female'], ['male', 'genders', 'male'],
    ['AU', 'countries', 'AU'], ['IN', 'countries', 'IN'], ['GB', 'countries', 'GB'],
    ['eng', 'languages', 'eng'], ['hin', 'languages', 'hin'], ['fra', 'languages', 'fra'],
    ['christian', 'worldviews', '25'], ['secular', 'worldviews', '95'],
    ['age1990', 'ages', '1990'], ['age2000', 'ages', '2000'], ['manager', 'position-levels', '1'],
    ['none', 'disabilities', 'none'], ['physical', 'disabilities', 'physical'], ['bachelor', 'educations', '3'], ['junior', 'educations', '62'],
    ['clerk', 'position-levels', '5'],
    ['white', 'appearances', 'white'], ['southAsian', 'appearances', 'south_asian'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }
  const cultures = await db.selectFrom('lookup_principles').select('id').where('list', '=', 'ethnicities').where('code', '<>', 'prefer_not').orderBy('id').limit(2).execute();
  ids.H1 = cultures[0]!.id;
  ids.H2 = cultures[1]!.id;

  for (const i of people) {
    const { id } = await db
      .insertInto('responses')
      .values({
        organization_id: organizationId,
        survey_id: 1,
        token_id: null,
        department_id: i < 15 ? d1 : d2,
        group_id: i < 15 ? d1 : d2,
        anonymous: true,
        first_name: null,
        last_name: null,
        email: null,
        invitation_id: null,
        birth_year: i < 15 ? 1990 : 2000,
        gender_id: i % 2 === 0 ? ids.female! : ids.male!,
        age_id: i < 15 ? ids.age1990! : ids.age2000!,
        education_id: i < 20 ? ids.bachelor! : ids.junior!,
        disability_id: i % 5 < 2 ? ids.physical! : ids.none!,
        sexual_orientation_id: null,
        position_level_id: i % 3 === 1 ? ids.manager! : ids.clerk!,
        position_type_id: null,
        country_birth_id: i < 20 ? ids.AU! : ids.IN!,
        state_id: null,
        worldview_id: i < 15 ? ids.christian! : ids.secular!,
        branch_id: null,
        denomination_id: null,
        culture_identity_id: i % 3 === 0 ? ids.H2! : i < 23 ? ids.H1! : null,
        appearance_id: i < 10 || i >= 25 ? ids.southAsian! : ids.white!,
        answers: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const child = { response_id: id, organization_id: organizationId };
    if (i < 5) await db.insertInto('response_ancestry').values({ ...child, relation: 'mother', country_id: ids.IN! }).execute();
    else if (i < 10) await db.insertInto('response_ancestry').values({ ...child, relation: 'maternal_grandmother', country_id: ids.GB! }).execute();
    else if (i < 20) await db.insertInto('response_ancestry').values({ ...child, relation: 'father', country_id: ids.AU! }).execute();
    if (i >= 5) await db.insertInto('response_languages').values({ ...child, language_id: ids.eng!, level: i === 10 || i === 11 ? 'fluent' : 'native' }).execute();
    if (i < 10) await db.insertInto('response_languages').values({ ...child, language_id: ids.hin!, level: i < 5 ? 'native' : 'fluent' }).execute();
    if (i === 10 || i === 11) await db.insertInto('response_languages').values({ ...child, language_id: ids.fra!, level: 'basic' }).execute();
    if (i >= 5) await db.insertInto('response_heritages').values({ ...child, ethnicity_id: ids.H1! }).execute();
    if (i < 10) await db.insertInto('response_heritages').values({ ...child, ethnicity_id: ids.H2! }).execute();
    if (i >= 5 && i < 25) await db.insertInto('response_cultures').values({ ...child, ethnicity_id: ids.H1! }).execute();
    if (i < 10) await db.insertInto('response_cultures').values({ ...child, ethnicity_id: ids.H2! }).execute();
  }
  admin = await signIn(app, user.email);
  assigneeOfD2 = await signIn(app, assignee.email);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Body = { status: number; data?: any; message?: string };
const stat = async (path: string, filters: Record<string, unknown> = {}, token = admin): Promise<Body> => {
  const query = toSearchParams(filters as never);
  const response = await get(app, `/api${path}${query === '' ? '' : `?${query}`}`, { token });
  expect(response.statusCode, `${path} ${response.body}`).toBe(200);
  return response.json() as Body;
};

/** Released counts by key; suppressed cells as 'hidden'. */
const countsOf = (cells: readonly StatCell[]): Record<string, number | 'hidden'> =>
  Object.fromEntries(cells.map((cell) => [cell.key, isSuppressed(cell) ? 'hidden' : cell.count]));
const byId = (counts: Record<string, number | 'hidden'>): Record<string, number | 'hidden'> => {
  const names = new Map(Object.entries(ids).map(([name, id]) => [String(id), name]));
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key.split('|').map((part) => names.get(part) ?? part).join('|'), value]));
};
const distribution = async (path: string, filters: Record<string, unknown> = {}, token = admin) => {
  const body = await stat(path, filters, token);
  expect(body.status, `${path} ${body.message}`).toBe(200);
  return byId(countsOf((body.data as Distribution).cells));
};
const headline = async (path: string, filters: Record<string, unknown> = {}, token = admin) => {
  const body = await stat(path, filters, token);
  expect(body.status, `${path} ${body.message}`).toBe(200);
  return Object.fromEntries((body.data.items as { key: string; value: number }[]).map((item) => [item.key, item.value]));
};
const flatTree = (nodes: readonly TreeCell[]): StatCell[] => nodes.flatMap((node) => [node, ...flatTree(node.children)]);

const NEW_PATHS: StatisticsEndpoint[] = [
  ...Object.values(statisticsEndpoints.country),
  ...Object.values(statisticsEndpoints.language),
  ...Object.values(statisticsEndpoints.worldview),
  ...Object.values(statisticsEndpoints.ethnicity),
  statisticsEndpoints.cultureBelong.tree,
  statisticsEndpoints.cultureIdentity.tree,
  ...Object.values(statisticsEndpoints.appearance),
];


const D = MAX_ADJUSTMENT;

/**
 * A released figure against its true count (the cell key method): within ±d of the truth and at
 * least k when shown; a true count of k + d or more is always shown, one below k is never shown
 * as itself. `undefined` or 'hidden': not shown.
 */
const near = (actual: number | 'hidden' | undefined, truth: number, k = 5, label = '') => {
  if (actual === undefined || actual === 'hidden') {
    expect(truth, `${label}: a true ${truth} is always shown`).toBeLessThan(k + D);
    return;
  }
  expect(Math.abs(actual - truth), `${label}: ${actual} against ${truth}`).toBeLessThanOrEqual(D);
  expect(actual, label).toBeGreaterThanOrEqual(k);
  if (truth < k) expect(actual, label).not.toBe(truth);
};

/**
 * A shown parent holds its shown children (release.ts `holding`): it reads its own figure, near its
 * truth, or the sum of its children when that is larger, which may lie up to d per child above it.
 */
const nearHolding = (node: TreeCell | undefined, truth: number, label: string) => {
  if (node === undefined || isSuppressed(node)) return near(undefined, truth, 5, label);
  const inside = node.children.reduce((sum, child) => sum + (isSuppressed(child) ? 0 : child.count), 0);
  if (node.count === inside && inside > truth + D) {
    expect(inside, `${label}: its children ${inside} against ${truth}`).toBeLessThanOrEqual(truth + D * node.children.length);
    return;
  }
  near(node.count, truth, 5, label);
};

/** Every released value has people and is near its truth; every true value of k + d or more is listed. */
const expectNear = (actual: Record<string, number | 'hidden'>, truth: Record<string, number>, k = 5) => {
  for (const key of Object.keys(actual)) expect(truth[key] ?? 0, `${key} has nobody`).toBeGreaterThan(0);
  for (const [key, expected] of Object.entries(truth)) near(actual[key], expected, k, key);
};
/** Headline items: the same rule (an item below k after adjustment is left out). */
const nearAll = (actual: Record<string, number>, truth: Record<string, number>, k = 5) => expectNear(actual, truth, k);
const female = () => ({ gender: [String(ids.female)] });

describe('country statistics', () => {
  it('count respondents, countries, continents and regions of birth, and who was born here', async () => {
    const one = await headline('/country/row-one');
    near(one.respondents, 30);
    expect(one.countries).toBe(2);
    expect(await headline('/country/row-two')).toEqual({ continents: 2, regions: 2 });
    nearAll(await headline('/country/row-three'), { born_here: 20, born_abroad: 10 });
    nearAll(await headline('/country/row-three', female()), { born_here: 10, born_abroad: 5 });
  });

  it('place each family in its migration generation from the relatives born abroad', async () => {
    expectNear(await distribution('/country/parent-grandparent'), { first: 10, second: 5, third: 5, local: 10 });
    // Women: 5 born abroad, 3 with a mother and 2 with a grandmother born abroad (both below k), 5 local.
    expectNear(await distribution('/country/parent-grandparent', female()), { first: 5, second: 3, third: 2, local: 5 });
  });

  it('raise k to 10 with a special-category filter', async () => {
    const body = await stat('/country/parent-grandparent', { disability: 'no' });
    if (body.status === 204) {
      expect(body.message).toBe('It needs at least 10 answers.');
      return;
    }
    near(body.data.total, 18, 10);
    // 18 people without a disability: 6 born abroad, 3 and 3 with a parent or grandparent born abroad, 6 local.
    expectNear(countsOf((body.data as Distribution).cells), { first: 6, second: 3, third: 3, local: 6 }, 10);
  });
});

describe('language statistics', () => {
  it('count languages, mono- and multilingual people, zones and native languages', async () => {
    // French (2 speakers) is below k: it counts as a shown language only when its adjusted count
    // reaches k (a true 2 does with 2 cell keys of 256), and then the list of languages shows it too.
    const one = await headline('/language/row-one');
    near(one.respondents, 30);
    const listed = ((await stat('/language/most-common')).data.cells as StatCell[]).map((cell) => cell.key);
    expect(one.languages).toBe(listed.length);
    expect(listed.filter((key) => key !== String(ids.fra))).toHaveLength(2);
    nearAll(await headline('/language/row-two'), { monolingual: 23, multilingual: 7 });
    // Native languages: English 23, Hindi 5 (listed when its adjusted count is 5 or more).
    expect([1, 2]).toContain((await headline('/language/row-three')).native_languages);
  });

  it('list the most common languages largest first, without the hidden ones', async () => {
    const cells = (await stat('/language/most-common')).data.cells as StatCell[];
    // French's 2 speakers are listed only on the rare key that adjusts them up to k.
    expect(cells.map((cell) => cell.key).filter((key) => key !== String(ids.fra))).toEqual([String(ids.eng), String(ids.hin)]);
    expectNear(byId(countsOf(cells)), { eng: 25, hin: 10, fra: 2 });
    // Women: English 12, Hindi 5.
    expectNear(byId(countsOf((await stat('/language/most-common', female())).data.cells)), { eng: 12, hin: 5 });
  });

  it('count languages known per person and the levels spoken', async () => {
    expectNear(countsOf((await stat('/language/total-known')).data.cells), { 1: 23, 2: 7 });
    // 28 of 30 have a native language, 7 speak one fluently, 2 at a basic level.
    expectNear(await distribution('/language/list-level'), { native: 28, fluent: 7, basic: 2 });
  });

  it('break languages down by gender, hiding small cells', async () => {
    const table = (await stat('/language/list-gender')).data as CrossTable;
    near(table.total, 30);
    // French (one woman, one man) is a column only on the 2 keys of 256 that show its 2 speakers as 5; its cells then read hidden.
    expectNear(byId(countsOf(table.cells.flat())), { 'female|eng': 12, 'male|eng': 13, 'female|hin': 5, 'male|hin': 5, 'female|fra': 1, 'male|fra': 1 });
    for (const path of ['/language/list-zone-gender', '/language/list-macrozone-gender']) {
      const zones = (await stat(path)).data as CrossTable;
      for (const cell of zones.rowTotals) near('count' in cell ? cell.count : undefined, 15, 5, path);
    }
  });

  it('answer the zone lists and the participant tree', async () => {
    for (const path of ['/language/most-common-zone', '/language/most-common-macrozone', '/language/micro-zones']) {
      const cells = (await stat(path)).data.cells as StatCell[];
      const counts = cells.filter((cell) => !isSuppressed(cell)).map((cell) => ('count' in cell ? cell.count : 0));
      // English (25 speakers) and Hindi (10) come from different places.
      near(Math.max(...counts), 25, 5, path);
    }
    const tree = (await stat('/language/tree-participant')).data as StatTree;
    const counts = byId(countsOf(flatTree(tree.nodes)));
    near(counts.eng, 25);
    near(counts.hin, 10);
    near(counts.fra, 2);
  });
});

describe('worldview and heritage rows', () => {
  it('count worldviews and religious against secular people', async () => {
    const one = await headline('/worldview/row-one');
    near(one.respondents, 30);
    expect(one.worldviews).toBe(2);
    expect(await headline('/worldview/row-two')).toEqual({ branches: 0, denominations: 0 });
    nearAll(await headline('/worldview/row-three'), { religious: 15, secular: 15 });
    nearAll(await headline('/worldview/row-three', female()), { religious: 8, secular: 7 });
  });

  it('count heritages, and people naming one or several', async () => {
    const one = await headline('/ethnicity/row-one');
    near(one.respondents, 30);
    expect(one.heritages).toBe(2);
    nearAll(await headline('/ethnicity/row-three'), { one_heritage: 25, several_heritages: 5 });
    expect(Object.keys(await headline('/ethnicity/row-two'))).toEqual(['cultural_families', 'regions']);
  });
});

describe('culture and appearance statistics (questions 25 to 27)', () => {
  it('count the cultures people belong to and the one they identify with most', async () => {
    expectNear(await distribution('/ethnicity/culture-belong'), { H1: 20, H2: 10 });
    expectNear(await distribution('/ethnicity/culture-identity'), { H1: 15, H2: 10 });
    expectNear(await distribution('/ethnicity/culture-identity', { gender: [String(ids.male)] }), { H1: 7, H2: 5 });
    for (const [path, leaves] of [['/culture-belong/tree', { H1: 20, H2: 10 }], ['/culture-identity/tree', { H1: 15, H2: 10 }]] as const) {
      const tree = (await stat(path)).data as StatTree;
      const counts = byId(countsOf(flatTree(tree.nodes)));
      near(counts.H1, leaves.H1, 5, `${path} H1`);
      near(counts.H2, leaves.H2, 5, `${path} H2`);
      // A cultural family counts its cultures (each family here holds one of H1, H2).
      for (const node of tree.nodes) if (!isSuppressed(node)) expect([20, 15, 10].some((truth) => Math.abs(node.count - truth) <= D), node.key).toBe(true);
    }
  });

  it('count appearances, and appearances by continent of birth', async () => {
    expectNear(await distribution('/appearance/appearances'), { white: 15, southAsian: 15 });
    const tree = (await stat('/appearance/tree')).data as StatTree;
    const counts = byId(countsOf(flatTree(tree.nodes)));
    for (const look of ['white', 'southAsian'] as const) nearHolding(tree.nodes.find((node) => node.key === String(ids[look])), 15, look);
    const branches = (prefix: string) => Object.entries(counts).filter(([key]) => key.startsWith(prefix)).map(([, value]) => value as number).sort((a, b) => b - a);
    for (const prefix of ['white|', 'southAsian|']) {
      const [large, small] = branches(prefix);
      near(large, 10, 5, prefix);
      near(small, 5, 5, prefix);
    }
  });
});

describe('every new endpoint', () => {
  it('decodes, and withholds a selection below k with the SPEC message', async () => {
    for (const endpoint of NEW_PATHS) {
      const body = await stat(endpoint.path);
      expect(body.status, `${endpoint.path} ${body.message}`).toBe(200);
      expect(isRight(endpoint.data.decode(body.data)), endpoint.path).toBe(true);
      expect(await stat(endpoint.path, { 'age-range': '0-14' }), endpoint.path).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
      expect(await stat(endpoint.path, { lgbtiq: 'yes' }), endpoint.path).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
    }
  });

  it('never releases a count below k', async () => {
    const released = (value: unknown): number[] => {
      if (Array.isArray(value)) return value.flatMap(released);
      if (value === null || typeof value !== 'object') return [];
      const record = value as Record<string, unknown>;
      const own = typeof record.count === 'number' && !('suppressed' in record) ? [record.count] : [];
      const item = typeof record.value === 'number' && typeof record.key === 'string' && !['respondents', 'countries', 'continents', 'regions', 'languages', 'zones', 'native_languages', 'worldviews', 'branches', 'denominations', 'heritages', 'cultural_families'].includes(record.key) ? [record.value] : [];
      return [...own, ...item, ...Object.entries(record).filter(([key]) => key !== 'count').flatMap(([, child]) => released(child))];
    };
    for (const endpoint of NEW_PATHS) {
      for (const filters of [{}, female(), { disability: 'no' }]) {
        const body = await stat(endpoint.path, filters);
        if (body.status !== 200) continue;
        const k = 'disability' in filters ? 10 : 5;
        for (const count of released(body.data)) expect(count >= k, `${endpoint.path} ${JSON.stringify(filters)} ${count}`).toBe(true);
      }
    }
  });

  it("keeps a group assignee to their group's respondents", async () => {
    const one = await headline('/country/row-one', {}, assigneeOfD2);
    near(one.respondents, 15);
    // Countries of 10 and 5 people: the second is listed when its adjusted count is 5 or more.
    expect([1, 2]).toContain(one.countries);
    expectNear(await distribution('/country/parent-grandparent', {}, assigneeOfD2), { first: 10, local: 5 });
    expectNear(await distribution('/appearance/appearances', {}, assigneeOfD2), { white: 10, southAsian: 5 });
  });
});

describe('demographic statistics on known people', () => {
  it('count gender, generation, position, education and disability within the adjustment', async () => {
    expectNear(await distribution('/demographic/row-one'), { female: 15, male: 15 });
    expectNear(await distribution('/demographic/row-two'), { 'Gen Y': 15, 'Gen Z': 15 });
    expectNear(await distribution('/demographic/row-three'), { manager: 10, clerk: 20 });
    expectNear(await distribution('/demographic/row-four'), { bachelor: 20, junior: 10 });
    expectNear(await distribution('/demographic/row-five'), { physical: 12, none: 18 });
    expectNear(await distribution('/demographic/highschool-completion'), { completed: 20, not_completed: 10 });
    expectNear(await distribution('/demographic/woman-manager'), { female: 5, male: 5 });
  });

  it('narrow each figure to the filtered people', async () => {
    expectNear(await distribution('/demographic/row-two', female()), { 'Gen Y': 8, 'Gen Z': 7 });
    expectNear(await distribution('/demographic/row-one', { generation: ['Gen Y'] }), { female: 8, male: 7 });
    expectNear(await distribution('/demographic/row-one', { 'age-range': '25-29' }), { female: 7, male: 8 });
    expectNear(await distribution('/demographic/row-one', { 'position-level': [String(ids.manager)] }), { female: 5, male: 5 });
    near((await stat('/demographic/row-one', female())).data.total, 15);
    expect(await stat('/demographic/row-one', { 'position-level': [String(ids.manager)], 'age-range': '0-14' })).toEqual({
      status: 204,
      message: 'It needs at least 5 answers.',
    });
  });

  it('raise k to 10 with a special-category filter', async () => {
    const body = await stat('/demographic/row-one', { disability: 'no' });
    near(body.data.total, 18, 10);
    expectNear(byId(countsOf(body.data.cells)), { female: 9, male: 9 }, 10);
    // Managers without a disability: 6 (at most 8 after adjustment).
    expect(await stat('/demographic/woman-manager', { disability: 'no' })).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
    expect(await stat('/demographic/row-one', { disability: 'no', 'age-range': '0-14' })).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
    expect(await stat('/demographic/row-one', { lgbtiq: 'yes' })).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
    const ltc = await stat('/demographic/people-ltc');
    if (ltc.status === 200) near(ltc.data.count, 12, 10);
    // Six of them are women: at most 8 after adjustment, below the special-category k.
    expect(await stat('/demographic/people-ltc', female())).toEqual({ status: 204, message: 'It needs at least 10 answers.' });
  });
});

describe('key facts of the country and heritage pages', () => {
  it('tell the share born here to a parent born abroad, and how many cultural heritages are named', async () => {
    const share = (facts: string[], sentence: RegExp) => {
      const found = facts.map((fact) => sentence.exec(fact)).find((match) => match !== null);
      return found ? Number(found[1]) : null;
    };
    // 5 of 30 (16.7%) before adjustment: within (5 ± d) / (30 ± d).
    const country = (await get(app, '/api/key-facts?page=country', { token: admin })).json();
    const second = share(country.data.facts, /^([\d.]+)% were born here to a parent born abroad\.$/);
    if (second !== null) expect(second).toBeGreaterThanOrEqual(9.4), expect(second).toBeLessThanOrEqual(25);
    const heritage = (await get(app, '/api/key-facts?page=ethnicity', { token: admin })).json();
    // H1 and H2, as /ethnicity/row-one releases them.
    expect(heritage.data.facts).toContain('2 cultural heritages are named.');
  });
});
