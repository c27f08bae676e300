import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompareData, type ComparedSelection, CompareMessages, selectionParameters } from '../../domain/contracts/compare';
import { GroupMessages } from '../../domain/contracts/groups';
import { type Distribution, isSuppressed } from '../../domain/contracts/stats';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { toJson } from '../../server/db/database';
import { createCapturingMailer } from '../../server/services/mail';
import { statsMessages } from '../../domain/contracts/stats';
import { bearer, get, insertUser, post, signIn } from './helpers/accounts';
import { insertDepartment, insertResponse, lookupIds } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

/**
 * Compare → Internal on a hand-built organisation whose every figure is known. Person i (0 to 39):
 * - group Sales when i < 24, Support when 24 <= i < 39, Tiny otherwise (1 person: no perturbation shows a true 1 at k = 5);
 * - a woman when i is even; born 1990 (Gen Y) when i % 3 is 0, else 2000 (Gen Z);
 * - a manager when i % 4 is 0, else a clerk; a physical disability when i % 6 is 0, else none;
 * - born in Australia when i % 3 is 0, India when i % 3 is 1, Britain otherwise;
 * - English for everyone, Hindi when i % 2 is 1, French when i % 4 is 2;
 * - Christian when i % 2 is 0, else secular; heritage H1 when i % 3 is 0, else H2;
 * - submitted in 2024 when i < 12 (the range "Round 2024"), else in 2025.
 * Another organisation has its own group Elsewhere with 20 people.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let admin: string;
let adminEmail: string;
let otherAdmin: string;
let assigneeOfSupport: string;
let organizationName: string;
const groups: Record<string, string> = {};
const ids: Record<string, number> = {};

const people = Array.from({ length: 40 }, (_, i) => i);
const groupOf = (i: number) => (i < 24 ? 'Sales' : i < 39 ? 'Support' : 'Tiny');

beforeAll(async () => {
  ({ database, app } = await openTestApp({ database: { lookups: true } }));
  const idOf = lookupIds(database.db);
  const db = database.db;
  const user = await insertUser(db, { role: 'admin' });
  const organizationId = user.organizationId;
  organizationName = (await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()).name;
  for (const name of ['Sales', 'Support', 'Tiny']) groups[name] = await insertDepartment(db, organizationId, name);
  const assignee = await insertUser(db, { organizationId, role: 'group_assignee' });
  await db.updateTable('departments').set({ assignee_id: assignee.id }).where('id', '=', groups.Support!).execute();
  const other = await insertUser(db, { role: 'admin' });
  groups.Elsewhere = await insertDepartment(db, other.organizationId, 'Elsewhere');
  const ranges = [{ id: 'r2024', label: 'Round 2024', type: 'between', value: '2024-01-01..2024-12-31' }];
  await db.insertInto('settings').values({ organization_id: organizationId, key: 'date_ranges', value: toJson(ranges) }).execute();

  for (const [key, list, code] of [
    ['female', 'genders', 'female'], ['male', 'genders', 'male'],
    ['AU', 'countries', 'AU'], ['IN', 'countries', 'IN'], ['GB', 'countries', 'GB'],
    ['eng', 'languages', 'eng'], ['hin', 'languages', 'hin'], ['fra', 'languages', 'fra'],
    ['christian', 'worldviews', '25'], ['secular', 'worldviews', '95'],
    ['age1990', 'ages', '1990'], ['age2000', 'ages', '2000'], ['manager', 'position-levels', '1'], ['clerk', 'position-levels', '5'],
    ['none', 'disabilities', 'none'], ['physical', 'disabilities', 'physical'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }
  const cultures = await db.selectFrom('lookup_principles').select('id').where('list', '=', 'ethnicities').where('code', '<>', 'prefer_not').orderBy('id').limit(2).execute();
  ids.H1 = cultures[0]!.id;
  ids.H2 = cultures[1]!.id;

  const insert = async (organization: string, department: string, i: number) => {
    const id = await insertResponse(db, {
      organization_id: organization,
      department_id: department,
      birth_year: i % 3 === 0 ? 1990 : 2000,
      gender_id: i % 2 === 0 ? ids.female! : ids.male!,
      age_id: i % 3 === 0 ? ids.age1990! : ids.age2000!,
      disability_id: i % 6 === 0 ? ids.physical! : ids.none!,
      position_level_id: i % 4 === 0 ? ids.manager! : ids.clerk!,
      country_birth_id: i % 3 === 0 ? ids.AU! : i % 3 === 1 ? ids.IN! : ids.GB!,
      worldview_id: i % 2 === 0 ? ids.christian! : ids.secular!,
      submitted_at: new Date(i < 12 ? '2024-06-01T00:00:00Z' : '2025-06-01T00:00:00Z'),
    });
    const child = { response_id: id, organization_id: organization };
    await db.insertInto('response_languages').values({ ...child, language_id: ids.eng!, level: 'native' }).execute();
    if (i % 2 === 1) await db.insertInto('response_languages').values({ ...child, language_id: ids.hin!, level: 'fluent' }).execute();
    if (i % 4 === 2) await db.insertInto('response_languages').values({ ...child, language_id: ids.fra!, level: 'basic' }).execute();
    await db.insertInto('response_heritages').values({ ...child, ethnicity_id: i % 3 === 0 ? ids.H1! : ids.H2! }).execute();
  };
  for (const i of people) await insert(organizationId, groups[groupOf(i)]!, i);
  for (let i = 0; i < 20; i += 1) await insert(other.organizationId, groups.Elsewhere!, i);
  adminEmail = user.email;
  otherAdmin = await signIn(app, other.email);
  admin = await signIn(app, user.email);
  assigneeOfSupport = await signIn(app, assignee.email);
});

afterAll(() => closeTestApp({ app, database }));

type Selection = { group: string; 'date-tag'?: string };
type Body = { status: number; data?: CompareData; message?: string; errors?: Record<string, string[]> };

const compareUrl = (selections: readonly Selection[], extra: Record<string, string> = {}) =>
  `/api/compare/data?${new URLSearchParams({ ...selectionParameters(selections), ...extra }).toString()}`;

const compare = async (selections: readonly Selection[], token = admin, extra: Record<string, string> = {}) => {
  const response = await get(app, compareUrl(selections, extra), { token });
  return { statusCode: response.statusCode, body: response.json() as Body };
};

const compared = async (selections: readonly Selection[], token = admin): Promise<CompareData> => {
  const { statusCode, body } = await compare(selections, token);
  expect(statusCode, JSON.stringify(body)).toBe(200);
  expect(body.status).toBe(200);
  return body.data!;
};

const truth = (members: readonly number[]) => ({
  respondents: members.length,
  female: members.filter((i) => i % 2 === 0).length,
  male: members.filter((i) => i % 2 === 1).length,
  genY: members.filter((i) => i % 3 === 0).length,
  managers: members.filter((i) => i % 4 === 0).length,
  AU: members.filter((i) => i % 3 === 0).length,
  IN: members.filter((i) => i % 3 === 1).length,
  GB: members.filter((i) => i % 3 === 2).length,
  eng: members.length,
  hin: members.filter((i) => i % 2 === 1).length,
});

const near = (actual: number | undefined, expected: number, what: string) => {
  expect(actual, what).toBeDefined();
  expect(Math.abs(actual! - expected), `${what}: ${actual} for ${expected}`).toBeLessThanOrEqual(MAX_ADJUSTMENT);
};

const K = 5;

/** A value below k is not listed at all; at k + d or more it always is; listed, it is within d. */
const listed = (actual: number | undefined, expected: number, what: string) => {
  if (expected >= K + MAX_ADJUSTMENT || actual !== undefined) near(actual, expected, what);
};

const countOf = (distribution: Distribution | null, key: number | string | undefined): number | undefined => {
  const cell = distribution?.cells.find((item) => item.key === String(key));
  return cell === undefined || isSuppressed(cell) ? undefined : cell.count;
};

const shown = (column: ComparedSelection | undefined) => {
  expect(column?.status, JSON.stringify(column)).toBe(200);
  return column as Extract<ComparedSelection, { status: 200 }>;
};

const expectFigures = (column: ComparedSelection | undefined, members: readonly number[], name: string) => {
  const released = shown(column);
  const expected = truth(members);
  near(released.respondents, expected.respondents, `${name} respondents`);
  listed(countOf(released.demographics.gender, ids.female), expected.female, `${name} women`);
  listed(countOf(released.demographics.gender, ids.male), expected.male, `${name} men`);
  listed(countOf(released.demographics.positionLevel, ids.manager), expected.managers, `${name} managers`);
  listed(countOf(released.demographics.generation, 'Gen Y'), expected.genY, `${name} Gen Y`);
  const country = Object.fromEntries(released.tops.country.map((cell) => [cell.key, cell.count]));
  for (const code of ['AU', 'IN', 'GB'] as const) listed(country[String(ids[code])], expected[code], `${name} born in ${code}`);
  const language = Object.fromEntries(released.tops.language.map((cell) => [cell.key, cell.count]));
  near(language[String(ids.eng)], expected.eng, `${name} English`);
  listed(language[String(ids.hin)], expected.hin, `${name} Hindi`);
  expect(released.tops.language[0]!.key).toBe(String(ids.eng));
  expect(released.index?.pillars.map((pillar) => pillar.pillar).sort()).toEqual(['country', 'heritage', 'language', 'worldview']);
  for (const pillar of released.index!.pillars) expect(pillar.effectiveGroups).toBeGreaterThanOrEqual(1);
  // Special categories at k = 10: 7 or fewer people are never shown; nobody is LGBTIQ+ here.
  const ltc = members.filter((i) => i % 6 === 0).length;
  if (ltc + MAX_ADJUSTMENT < 10) expect(released.demographics.longTermCondition).toBeNull();
  else if (released.demographics.longTermCondition !== null) near(released.demographics.longTermCondition, ltc, `${name} long-term condition`);
  expect(released.demographics.lgbtiq).toBeNull();
  const band = (born: number) => {
    const age = new Date().getUTCFullYear() - born;
    const low = age - (age % 5);
    return `${low}-${low + 4}`;
  };
  listed(countOf(released.demographics.ageBand, band(1990)), expected.genY, `${name} born 1990`);
  listed(countOf(released.demographics.ageBand, band(2000)), expected.respondents - expected.genY, `${name} born 2000`);
  expect(released.shown.countries).toBeLessThanOrEqual(3);
  expect(released.shown.countries).toBeGreaterThanOrEqual((['AU', 'IN', 'GB'] as const).filter((code) => expected[code] >= K + MAX_ADJUSTMENT).length);
};

const members = (name: string) => people.filter((i) => groupOf(i) === name);

describe('GET /compare/data', () => {
  it('shows each selection side by side, every figure within ±d of the truth', async () => {
    const data = await compared([{ group: 'all' }, { group: groups.Sales! }, { group: groups.Support! }]);
    expect(data.selections.map((column) => column.label)).toEqual([organizationName, 'Sales', 'Support']);
    expectFigures(data.selections[0], people, 'organisation');
    expectFigures(data.selections[1], members('Sales'), 'Sales');
    expectFigures(data.selections[2], members('Support'), 'Support');
    const facts = Object.fromEntries(data.facts.map((fact) => [fact.key, fact]));
    expect(facts.most_respondents?.label).toBe(organizationName);
    near(facts.most_respondents?.value, people.length, 'most respondents');
  });

  it('says the sentence in the column of a selection below k, and shows the others', async () => {
    const data = await compared([{ group: groups.Sales! }, { group: groups.Tiny! }]);
    expect(shown(data.selections[0]).label).toBe('Sales');
    expect(data.selections[1]).toEqual({ group: groups.Tiny, dateTag: null, label: 'Tiny', status: 204, message: 'It needs at least 5 answers.' });
    // One released selection compares with nothing.
    expect(data.facts).toEqual([]);
  });

  it('compares a date range with the whole period', async () => {
    const data = await compared([{ group: groups.Sales! }, { group: groups.Sales!, 'date-tag': 'r2024' }]);
    expect(data.selections[1]!.label).toBe('Sales · Round 2024');
    expectFigures(data.selections[0], members('Sales'), 'Sales');
    near(shown(data.selections[1]).respondents, 12, 'Sales in 2024');
  });

  it('applies the shared dashboard filters to every selection', async () => {
    const { statusCode, body } = await compare([{ group: 'all' }, { group: groups.Sales! }], admin, { 'filter[gender][0]': String(ids.female) });
    expect(statusCode).toBe(200);
    near(shown(body.data!.selections[0]).respondents, people.filter((i) => i % 2 === 0).length, 'women');
    near(shown(body.data!.selections[1]).respondents, members('Sales').filter((i) => i % 2 === 0).length, 'women in Sales');
  });

  it('refuses fewer than 2 or more than 6 selections, and malformed ones, in the SPEC’s words', async () => {
    for (const selections of [[], [{ group: 'all' }], Array.from({ length: 7 }, () => ({ group: 'all' }))]) {
      const { statusCode, body } = await compare(selections);
      expect(statusCode).toBe(422);
      expect(body).toMatchObject({ message: 'The given data was invalid.', errors: { selection: [CompareMessages.count] } });
    }
    const malformed = await compare([{ group: 'all' }, { group: 'sales' }]);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.body.errors).toEqual({ 'selection[1][group]': [CompareMessages.group] });
    const gap = await get(app, `/api/compare/data?selection[0][group]=all&selection[2][group]=all`, { token: admin });
    expect(gap.statusCode).toBe(422);
    const stray = await get(app, `/api/compare/data?selection[0][group]=all&selection[1][group]=all&selection[1][name]=x`, { token: admin });
    expect(stray.statusCode).toBe(422);
  });

  it('answers an unknown date range with 422 and an unknown or foreign group with 404, never another organisation’s figures', async () => {
    const tag = await compare([{ group: 'all' }, { group: 'all', 'date-tag': 'nope' }]);
    expect(tag.statusCode).toBe(422);
    expect(tag.body.errors).toEqual({ 'selection[1][date-tag]': [CompareMessages.dateTag] });
    for (const group of [groups.Elsewhere!, '00000000-0000-4000-8000-000000000000']) {
      const { statusCode, body } = await compare([{ group: 'all' }, { group }]);
      expect(statusCode).toBe(404);
      expect(body.message).toBe(GroupMessages.notBelongToOrganization);
      expect(JSON.stringify(body)).not.toContain('Elsewhere');
    }
    const unauthenticated = await get(app, compareUrl([{ group: 'all' }, { group: groups.Sales! }]));
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('answers another organisation with its own people only, and never with this one’s groups', async () => {
    const data = await compared([{ group: 'all' }, { group: groups.Elsewhere! }], otherAdmin);
    near(shown(data.selections[0]).respondents, 20, 'the other organisation');
    near(shown(data.selections[1]).respondents, 20, 'Elsewhere');
    const ours = await compare([{ group: 'all' }, { group: groups.Sales! }], otherAdmin);
    expect(ours.statusCode).toBe(404);
    expect(JSON.stringify(ours.body)).not.toContain('Sales');
  });

  it('lets a group assignee compare only what they see', async () => {
    const outside = await compare([{ group: groups.Support! }, { group: groups.Sales! }], assigneeOfSupport);
    expect(outside.statusCode).toBe(404);
    const data = await compared([{ group: 'all' }, { group: groups.Support! }], assigneeOfSupport);
    // "The whole organisation" of an assignee is what they may see: their group, named so.
    expect(data.selections[0]!.label).toBe('Support');
    near(shown(data.selections[0]).respondents, members('Support').length, 'assignee’s whole view');
    expectFigures(data.selections[1], members('Support'), 'Support');
  });

  it('counts a comparison of n selections as n selections of the hourly allowance', async () => {
    // The selections the tests above asked are this hour's too (the allowance is kept in the database).
    await database.db.deleteFrom('statistics_selections').execute();
    const limited = await buildApp(testConfig({ statisticsSelectionsPerHour: 3 }), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
    try {
      const token = await signIn(limited, adminEmail);
      const four = [{ group: 'all' }, { group: groups.Sales! }, { group: groups.Support! }, { group: groups.Sales!, 'date-tag': 'r2024' }];
      for (let round = 0; round < 2; round += 1) {
        const response = await get(limited, compareUrl(four), { token });
        const data = (response.json() as Body).data!;
        expect(data.selections.map((column) => column.status)).toEqual([200, 200, 200, 204]);
        expect(data.selections[3]).toMatchObject({ status: 204, message: statsMessages.notEnoughData });
      }
    } finally {
      await limited.close();
    }
  });
});

const readWorkbook = async (payload: Buffer): Promise<ExcelJS.Workbook> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
};

const rowsOf = (sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] => {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as ExcelJS.CellValue[]).slice(1);
  });
  return rows;
};

describe('POST /general/export-excel-compare and /general/export-key-facts-compare', () => {
  const selections = () => [{ group: 'all' }, { group: groups.Sales! }, { group: groups.Tiny! }];

  it('writes the comparison the page shows: cover, side by side, key facts, demographics, top values; a selection below k is hidden', async () => {
    const data = await compared(selections());
    const response = await post(app, '/api/general/export-excel-compare', { organizations: selections() }, { token: admin });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="compare-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = await readWorkbook(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Page', 'Contents', 'Side by side', 'Key facts', 'Gender', 'Age', 'Generation', 'Position level', 'Disability', 'Top values']);
    const cover = rowsOf(workbook.worksheets[0]!);
    // The groups shown are the selections compared, not the caller's own scope ("The whole organisation").
    expect(cover.find((row) => row[0] === 'Groups shown')?.[1]).toBe(`${organizationName}; Sales; Tiny`);
    expect(cover.some((row) => row[1] === 'The whole organisation')).toBe(false);
    const side = rowsOf(workbook.getWorksheet('Side by side')!);
    // An empty text cell reads back as no value.
    expect(side[1]).toEqual([undefined, organizationName, 'Sales', 'Tiny']);
    const byLabel = (label: string) => side.find((row) => row[0] === label)!;
    const [whole, sales] = [shown(data.selections[0]), shown(data.selections[1])];
    // Exactly the released figures, and the column below k hidden in every row.
    expect(byLabel('Note')).toEqual(['Note', undefined, undefined, 'It needs at least 5 answers.']);
    expect(byLabel('Respondents')).toEqual(['Respondents', whole.respondents, sales.respondents, 'hidden']);
    expect(byLabel('Diversity index')).toEqual(['Diversity index', whole.index!.overall, sales.index!.overall, 'hidden']);
    const heritage = sales.index!.pillars.find((pillar) => pillar.pillar === 'heritage')!;
    expect(byLabel('Effective number of groups: Cultural heritage')[2]).toBe(heritage.effectiveGroups);
    expect(byLabel('Languages shown')).toEqual(['Languages shown', whole.shown.languages, sales.shown.languages, 'hidden']);
    // Nobody is LGBTIQ+: withheld at k = 10, so hidden, never 0.
    expect(byLabel('LGBTIQ+ people')).toEqual(['LGBTIQ+ people', 'hidden', 'hidden', 'hidden']);
    const facts = rowsOf(workbook.getWorksheet('Key facts')!);
    expect(facts.slice(2, 2 + data.facts.length).map((row) => row[0])).toEqual(
      data.facts.map((fact) => `${fact.label} has the ${{ most_respondents: 'most respondents', highest_index: 'highest diversity index', most_countries: 'most countries of birth shown', most_languages: 'most languages shown', most_worldviews: 'most worldviews shown', most_heritages: 'most cultural heritages shown' }[fact.key]}: ${fact.key === 'highest_index' ? fact.value.toFixed(3) : fact.value}`),
    );
    expect(data.facts.length).toBeGreaterThan(0);
    expect(facts[2 + data.facts.length + 1]?.[0]).toBe(`Figures are adjusted by up to ±${MAX_ADJUSTMENT} to protect people.`);
    const gender = rowsOf(workbook.getWorksheet('Gender')!);
    const women = gender.find((row) => row[0] === whole.demographics.gender!.cells.find((cell) => cell.key === String(ids.female))!.label)!;
    const womenCell = (column: typeof whole) => {
      const cell = column.demographics.gender!.cells.find((item) => item.key === String(ids.female))!;
      return isSuppressed(cell) ? 'hidden' : cell.count;
    };
    expect(women.slice(1)).toEqual([womenCell(whole), womenCell(sales), 'hidden']);
    const text = JSON.stringify(workbook.worksheets.map(rowsOf));
    expect(text).not.toContain('Elsewhere');
  });

  it('names the typed-in items in the caller’s language, as the page does', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/general/export-excel-compare', headers: { ...bearer(admin), 'x-locale': 'fr' }, payload: { organizations: selections() } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = JSON.stringify((await readWorkbook(response.rawPayload)).worksheets.map(rowsOf));
    expect(text).toContain('Femme ou féminin');
    expect(text).not.toContain('Woman or female');
  });

  it('writes the key facts with the side by side table', async () => {
    const response = await post(app, '/api/general/export-key-facts-compare', { organizations: selections().slice(0, 2) }, { token: admin });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/compare-key-facts-/);
    const workbook = await readWorkbook(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Page', 'Contents', 'Key facts', 'Side by side']);
    expect(rowsOf(workbook.getWorksheet('Key facts')!)[2]![0]).toMatch(/^.+ has the most respondents: \d+$/);
  });

  it('refuses bad input in the SPEC’s words: too few or too many selections, unknown and foreign groups, a malformed body', async () => {
    for (const url of ['/api/general/export-excel-compare', '/api/general/export-key-facts-compare']) {
      for (const organizations of [[], [{ group: 'all' }], Array.from({ length: 7 }, () => ({ group: 'all' }))]) {
        const response = await post(app, url, { organizations }, { token: admin });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ message: 'The given data was invalid.', errors: { organizations: [CompareMessages.count] } });
      }
      const malformed = await post(app, url, { organizations: [{ group: 'all' }, { group: 'sales' }] }, { token: admin });
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().errors).toEqual({ 'organizations[1][group]': [CompareMessages.group] });
      for (const group of [groups.Elsewhere!, '00000000-0000-4000-8000-000000000000']) {
        const response = await post(app, url, { organizations: [{ group: 'all' }, { group }] }, { token: admin });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(GroupMessages.notBelongToOrganization);
        expect(response.body).not.toContain('Elsewhere');
      }
      const other = await post(app, url, { organizations: [{ group: 'all' }, { group: groups.Sales! }] }, { token: otherAdmin });
      expect(other.statusCode).toBe(404);
      expect((await post(app, url, { organizations: 'all' }, { token: admin })).statusCode).toBe(422);
      expect((await post(app, url, { organizations: [{ group: 'all' }, { group: 'all' }] })).statusCode).toBe(401);
    }
  });
});

describe('a comparison of selections that differ by a few people', () => {
  it('answers them with the same people until the few are m, then with whole blocks between them', async () => {
    const db = database.db;
    const organizationId = (await db.selectFrom('departments').select('organization_id').where('id', '=', groups.Sales!).executeTakeFirstOrThrow()).organization_id;
    const ranges = [
      { id: 'r2024', label: 'Round 2024', type: 'between', value: '2024-01-01..2024-12-31' },
      { id: 'since2024', label: 'Since 2024', type: 'since', value: '2024-01-01' },
    ];
    await db.updateTable('settings').set({ value: toJson(ranges) }).where('organization_id', '=', organizationId).where('key', '=', 'date_ranges').execute();
    const template = await db.selectFrom('responses').selectAll().where('department_id', '=', groups.Sales!).executeTakeFirstOrThrow();
    const { id: _id, record_key: _key, release_block: _block, ...row } = template as typeof template & { record_key?: unknown };
    const added: string[] = [];
    const answerIn2023 = async (count: number) => {
      for (let i = 0; i < count; i += 1) added.push((await db.insertInto('responses').values({ ...row, answers: '{}', submitted_at: new Date('2023-03-01T00:00:00Z') } as never).returning('id').executeTakeFirstOrThrow()).id);
    };
    try {
      // Three people of Sales answer (dated 2023): fewer than m, they wait, and Sales is still exactly "Sales since 2024".
      await answerIn2023(3);
      const waiting = await compared([{ group: groups.Sales! }, { group: groups.Sales!, 'date-tag': 'since2024' }]);
      expect(shown(waiting.selections[0]).respondents).toBe(shown(waiting.selections[1]).respondents);
      near(shown(waiting.selections[0]).respondents, 24, 'Sales');
      // Three more make a batch of six: both shown, six apart, and the whole organisation too.
      await answerIn2023(3);
      const released = await compared([{ group: groups.Sales! }, { group: groups.Sales!, 'date-tag': 'since2024' }, { group: 'all' }]);
      expect(released.selections.map((column) => column.status)).toEqual([200, 200, 200]);
      near(shown(released.selections[0]).respondents, 30, 'Sales');
      near(shown(released.selections[1]).respondents, 24, 'Sales since 2024');
      // The six are one month of one group: a date range before 2024 counts exactly them.
      const before2024 = await db.selectFrom('release_blocks').select(['size']).where('organization_id', '=', organizationId).where('id', 'in', db.selectFrom('responses').select('release_block').where('id', 'in', added)).execute();
      expect(before2024.reduce((sum, block) => sum + block.size, 0)).toBe(6);
    } finally {
      await db.deleteFrom('response_languages').where('response_id', 'in', added).execute();
      await db.deleteFrom('response_heritages').where('response_id', 'in', added).execute();
      await db.deleteFrom('responses').where('id', 'in', added).execute();
    }
  });
});
