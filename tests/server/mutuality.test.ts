import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupMessages } from '../../domain/contracts/groups';
import { type ComparedMutualityPillar, type MutualityCountryEntry, type MutualityData, MutualityMessages } from '../../domain/contracts/mutuality';
import { type Distribution } from '../../domain/contracts/stats';
import { CENSUS_DATASETS } from '../../domain/mutuality/census';
import { comparePillar, mutualityScore, overallScore } from '../../domain/mutuality/score';
import { COUNT_FORMAT, fractionOf, PERCENT_FORMAT, SCORE_FORMAT } from '../../server/services/exports/workbook';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import type { OpenDatabase } from '../../server/db/connect';
import { bearer, get, insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertResponse, lookupIds } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

/**
 * Compare → External on a hand-built organisation whose every figure is known. Person i (0 to 62):
 * - group Big when i < 62, Tiny (1 person: no adjustment shows a true 1 at k = 5) otherwise;
 * - a woman when i is even;
 * - born in Australia when i % 3 is 0 or 1 (42 of 63), India when i % 6 is 2, France otherwise;
 * - Christian when i % 2 is 0, else secular (no religion);
 * - English for everyone, Hindi when i % 3 is 2;
 * - heritage English (ASCCEG 2101) when i % 2 is 0, else Chinese (6101).
 * Another organisation has 30 people born in France, all Hindu; a third has 1 person (below k whatever the adjustment). A country Testland is added to
 * the countries list: no census and no CLDR entry, so no dataset.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let admin: string;
let otherAdmin: string;
let smallAdmin: string;
let smallOrganizationId: string;
let organizationId: string;
let otherOrganizationId: string;
let organizationName: string;
const groups: Record<string, string> = {};
const ids: Record<string, number> = {};

const people = Array.from({ length: 63 }, (_, i) => i);
const groupOf = (i: number) => (i < 62 ? 'Big' : 'Tiny');
const AU = CENSUS_DATASETS.find((dataset) => dataset.id === 'AU_2021')!;

beforeAll(async () => {
  ({ database, app } = await openTestApp({ database: { lookups: true } }));
  const idOf = lookupIds(database.db);
  const db = database.db;
  await db.insertInto('lookup_principles').values({ list: 'countries', code: 'QZ', name: 'Testland', search: 'testland', sort: 100_000 }).execute();
  const user = await insertUser(db, { role: 'admin' });
  organizationId = user.organizationId;
  organizationName = (await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()).name;
  for (const name of ['Big', 'Tiny']) groups[name] = await insertDepartment(db, organizationId, name);
  const other = await insertUser(db, { role: 'admin' });
  otherOrganizationId = other.organizationId;
  groups.Elsewhere = await insertDepartment(db, other.organizationId, 'Elsewhere');

  for (const [key, list, code] of [
    ['female', 'genders', 'female'], ['male', 'genders', 'male'],
    ['AU', 'countries', 'AU'], ['IN', 'countries', 'IN'], ['FR', 'countries', 'FR'],
    ['eng', 'languages', 'eng'], ['hin', 'languages', 'hin'],
    ['christian', 'worldviews', '25'], ['secular', 'worldviews', '95'], ['hindu', 'worldviews', '35'],
    ['english', 'ethnicities', 'ascceg:2101'], ['chinese', 'ethnicities', 'ascceg:6101'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }

  const insert = async (organization: string, department: string, i: number, elsewhere = false) => {
    const id = await insertResponse(db, {
      organization_id: organization,
      department_id: department,
      birth_year: 1990,
      gender_id: i % 2 === 0 ? ids.female! : ids.male!,
      country_birth_id: elsewhere ? ids.FR! : i % 3 !== 2 ? ids.AU! : i % 6 === 2 ? ids.IN! : ids.FR!,
      worldview_id: elsewhere ? ids.hindu! : i % 2 === 0 ? ids.christian! : ids.secular!,
      submitted_at: new Date('2025-06-01T00:00:00Z'),
    });
    const child = { response_id: id, organization_id: organization };
    await db.insertInto('response_languages').values({ ...child, language_id: ids.eng!, level: 'native' }).execute();
    if (i % 3 === 2) await db.insertInto('response_languages').values({ ...child, language_id: ids.hin!, level: 'fluent' }).execute();
    await db.insertInto('response_heritages').values({ ...child, ethnicity_id: i % 2 === 0 ? ids.english! : ids.chinese! }).execute();
  };
  for (const i of people) await insert(organizationId, groups[groupOf(i)]!, i);
  for (let i = 0; i < 30; i += 1) await insert(other.organizationId, groups.Elsewhere!, i, true);
  const small = await insertUser(db, { role: 'admin' });
  smallOrganizationId = small.organizationId;
  const smallGroup = await insertDepartment(db, small.organizationId, 'Few');
  await insert(small.organizationId, smallGroup, 0);
  smallAdmin = await signIn(app, small.email);
  otherAdmin = await signIn(app, other.email);
  admin = await signIn(app, user.email);
});

afterAll(() => closeTestApp({ app, database }));

type Body<T> = { status: number; data?: T; message?: string; errors?: Record<string, string[]> };

const read = async <T>(url: string, token = admin) => {
  const response = await get(app, url, { token });
  return { statusCode: response.statusCode, body: response.json() as Body<T> };
};

const mutuality = async (params: Record<string, string>, path = 'data', token = admin): Promise<MutualityData> => {
  const { statusCode, body } = await read<MutualityData>(`/api/mutuality/${path}?${new URLSearchParams(params).toString()}`, token);
  expect(statusCode, JSON.stringify(body)).toBe(200);
  expect(body.status, JSON.stringify(body)).toBe(200);
  return body.data!;
};

const shown = (pillar: ComparedMutualityPillar | undefined) => {
  expect(pillar?.status, JSON.stringify(pillar)).toBe(200);
  return pillar as Extract<ComparedMutualityPillar, { status: 200 }>;
};

const pillarOf = (data: MutualityData, name: string) => shown(data.pillars.find((pillar) => pillar.pillar === name));
const valueOf = (pillar: Extract<ComparedMutualityPillar, { status: 200 }>, key: string) => pillar.values.find((value) => value.key === key)!;

/** The released distribution the dashboards show for the same caller and filters. */
const released = async (path: string, params: Record<string, string> = {}): Promise<Distribution> => {
  const { body } = await read<Distribution>(`/api/${path}?${new URLSearchParams(params).toString()}`);
  expect(body.status).toBe(200);
  return body.data!;
};

const within = (actual: number | null, expected: number, tolerance: number, what: string) => {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} for ${expected}`).toBeLessThanOrEqual(tolerance);
};

/**
 * The farthest a released share can sit from the true one, in points: every one of the `cells`
 * released counts moves by up to d (the p-table's bound), at worst in opposite directions.
 */
const shareBound = (count: number, total: number, cells: number): number => {
  const d = MAX_ADJUSTMENT;
  const truth = (count / total) * 100;
  const up = ((count + d) / (total + d - (cells - 1) * d)) * 100;
  const down = ((count - d) / (total - d + (cells - 1) * d)) * 100;
  return Math.max(up - truth, truth - down);
};

/** The farthest a score (1 − total variation distance) can move: half the sum of its shares' bounds. */
const scoreBound = (counts: readonly number[]): number => {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.reduce((sum, count) => sum + shareBound(count, total, counts.length), 0) / 200;
};

let countries: MutualityCountryEntry[];

describe('GET /mutuality/countries-list', () => {
  it('lists every country with a dataset and its pillars: the offices’ censuses and CLDR’s language estimates', async () => {
    const { statusCode, body } = await read<MutualityCountryEntry[]>('/api/mutuality/countries-list');
    expect(statusCode).toBe(200);
    countries = body.data!;
    expect(countries.length).toBeGreaterThan(190);
    const byCode = new Map(countries.map((country) => [country.code, country]));
    expect(byCode.get('AU')).toMatchObject({ id: ids.AU, dataset: 'Australia 2021 census', year: 2021, pillars: ['heritage', 'country', 'language', 'worldview'] });
    expect(byCode.get('NZ')).toMatchObject({ dataset: 'New Zealand 2018 census', pillars: ['heritage', 'country', 'language', 'worldview'] });
    // England and Wales: no official language figures yet, so CLDR's estimate; Canada: origins only.
    expect(byCode.get('GB')).toMatchObject({ dataset: 'England and Wales 2021 census', pillars: ['heritage', 'country', 'language', 'worldview'] });
    expect(byCode.get('CA')).toMatchObject({ year: 2021, pillars: ['heritage', 'language'] });
    // Nothing official for the United States: its languages are CLDR's estimate, not a census.
    expect(byCode.get('US')).toMatchObject({ year: null, pillars: ['language'] });
    expect(byCode.get('US')!.dataset).toMatch(/^Unicode CLDR \d+ language estimates$/);
    expect(byCode.get('FR')).toMatchObject({ year: null, pillars: ['language'] });
  });
});

describe('GET /mutuality/data', () => {
  it('compares the organisation’s released mix with the Australian census, pillar by pillar', async () => {
    const data = await mutuality({ country_id: String(ids.AU) });
    expect(data.country).toEqual({ id: ids.AU, code: 'AU', name: 'Australia' });
    expect(data.label).toBe(organizationName);
    within(data.respondents, 63, MAX_ADJUSTMENT, 'respondents');
    expect(data.pillars.map((pillar) => pillar.pillar)).toEqual(['heritage', 'country', 'language', 'worldview']);

    // Country of birth, exactly as the released distribution gives it: AU 42, IN 11, FR 10 (other).
    const country = pillarOf(data, 'country');
    const birth = await released('country/countries');
    const count = (distribution: Distribution, id: number) => {
      const cell = distribution.cells.find((item) => item.key === String(id));
      return cell !== undefined && 'count' in cell ? cell.count : 0;
    };
    const [au, india, france] = [count(birth, ids.AU!), count(birth, ids.IN!), count(birth, ids.FR!)];
    const expected = comparePillar(AU.pillars.find((pillar) => pillar.pillar === 'country')!, [
      { code: 'AU', count: au, label: 'Australia' },
      { code: 'IN', count: india, label: 'India' },
      { code: 'FR', count: france, label: 'France' },
    ]);
    expect(country.values.map((value) => [value.key, value.share, value.census, value.gap])).toEqual(expected.values.map((value) => [value.key, value.share, value.census, value.gap]));
    expect(country.score).toBe(expected.score);
    // The ABS page lists the five largest countries after Australia: Australia and France are "other".
    // India: 673,352 of 25,422,788 = 2.65%; other: 100 − the five (11.71) = 88.29%.
    expect(valueOf(country, 'IN').published).toBe(2.65);
    expect(valueOf(country, 'other').published).toBe(88.3);
    expect(valueOf(country, 'IN').computed).toMatch(/25,422,788/);
    // Of the organisation's two shares, India and "other", the second is 100 − the first, so the
    // score moves exactly as far as India's share. That share is a quotient of three released cells,
    // India, Australia and France (these two added into "other"), each with its own adjustment.
    within(country.score, mutualityScore({ IN: 11, other: 52 }, { GB: 3.65, IN: 2.65, CN: 2.16, NZ: 2.09, PH: 1.16, other: 88.29 })!, shareBound(11, 63, 3) / 100, 'country score');
    expect(country.source).toMatchObject({ name: 'Australia 2021 census', publisher: 'Australian Bureau of Statistics', year: 2021, kind: 'census', licence: { name: 'Creative Commons Attribution 4.0 International' } });
    expect(country.source.table).toMatch(/^BPLP/);
    expect(country.source.urls.every((url) => url.startsWith('https://www.abs.gov.au/'))).toBe(true);

    // Worldview: half Christian, half no religion; the census's other religions are "other", its not stated left out.
    const worldview = pillarOf(data, 'worldview');
    within(valueOf(worldview, '25').share, (32 / 63) * 100, shareBound(32, 63, 2), 'Christian');
    within(valueOf(worldview, '95').share, (31 / 63) * 100, shareBound(31, 63, 2), 'no religion');
    expect(valueOf(worldview, 'other').share).toBe(0);
    // Christian 11,148,814, No Religion 9,886,957, other religions 2,538,587 (counts of the ABS table).
    within(worldview.score, mutualityScore({ a: 1, b: 1 }, { a: 11_148_814, b: 9_886_957, c: 2_538_587 })!, scoreBound([32, 31]) + 0.001, 'worldview score');
    // Everyone answered: the answered count and the total are the same people, each with its own
    // adjustment (a figure equal to the one it sits in gets a key of its own), so (63 ± d) / (63 ± d).
    within(worldview.coverage, 100, (100 * 2 * MAX_ADJUSTMENT) / (63 + MAX_ADJUSTMENT), 'worldview coverage');

    // Heritage: top ten ancestries only, English and Chinese both in them; nothing left unclassified.
    const heritage = pillarOf(data, 'heritage');
    expect(heritage.rest).toBe('none');
    expect(heritage.classified).toBe(100);
    within(valueOf(heritage, 'ascceg:2101').share, (32 / 63) * 100, shareBound(32, 63, 2), 'English ancestry');
    expect(valueOf(heritage, 'ascceg:1101').share).toBe(0);

    // Language: the ABS page gives only the five largest languages other than English; nobody here speaks one.
    const language = pillarOf(data, 'language');
    expect(language.values.map((value) => value.key)).toEqual(['cmn', 'ara', 'vie', 'yue', 'pan']);
    expect(language.classified).toBe(0);
    expect(language.score).toBeNull();

    const scores = data.pillars.map((pillar) => (pillar.status === 200 ? pillar.score : null));
    expect(data.overall).toBe(overallScore(scores));
    expect(data.missing).toEqual([]);
  });

  it('compares with New Zealand’s full tables, read from Stats NZ’s files, and says what the United States census lacks', async () => {
    const data = await mutuality({ country_id: String(await lookupIds(database.db)('countries', 'NZ')) });
    expect(data.pillars.map((pillar) => pillar.pillar)).toEqual(['heritage', 'country', 'language', 'worldview']);
    for (const pillar of data.pillars) {
      expect(pillar.source).toMatchObject({ publisher: 'Stats NZ Tatauranga Aotearoa', year: 2018, kind: 'census' });
      expect(pillar.source.readFrom).toMatch(/sha256 [0-9a-f]{64}/);
      expect(pillar.source.urls[0]).toMatch(/^https:\/\/www\.stats\.govt\.nz\//);
    }
    expect(pillarOf(data, 'country').source.table).toMatch(/^birthplace-2018-census/);
    // Everyone's languages are in the classification: English 63 and Hindi 21 mentions, English spoken by 95.37% of New Zealand.
    const language = pillarOf(data, 'language');
    expect(language.classified).toBe(100);
    expect(valueOf(language, 'eng').published).toBe(95.37);
    within(valueOf(language, 'eng').share, 75, shareBound(63, 84, 2), 'English');
    // The United Kingdom is England, Scotland, Wales, Northern Ireland and UK nfd added up.
    expect(valueOf(pillarOf(data, 'country'), 'GB').computed).toMatch(/England .*Scotland/);

    const us = await mutuality({ country_id: String(await lookupIds(database.db)('countries', 'US')) });
    expect(us.pillars.map((pillar) => [pillar.pillar, pillar.source.kind])).toEqual([['language', 'estimate']]);
    expect(us.missing).toContainEqual({ pillar: 'worldview', reason: 'not-collected', table: null, census: 'United States 2020 census' });
  });

  it('applies the dashboard filters, and never counts another organisation', async () => {
    const data = await mutuality({ country_id: String(ids.AU), 'filter[gender][0]': String(ids.female) });
    within(data.respondents, 32, MAX_ADJUSTMENT, 'women');
    // Women are all Christian here; the other organisation's Hindus are not counted.
    const worldview = pillarOf(data, 'worldview');
    expect(valueOf(worldview, '25').share).toBe(100);
    expect(valueOf(worldview, 'other').share).toBe(0);
    // The ABS table gives other religions as one row: the other organisation's Hindus are all "other".
    const theirs = await mutuality({ country_id: String(ids.AU) }, 'data', otherAdmin);
    expect(valueOf(pillarOf(theirs, 'worldview'), 'other').share).toBe(100);
  });

  it('compares languages with CLDR for a country without a census', async () => {
    const data = await mutuality({ country_id: String(ids.IN) });
    expect(data.pillars.map((pillar) => pillar.pillar)).toEqual(['language']);
    const language = pillarOf(data, 'language');
    expect(language.source.licence.name).toBe('Unicode License v3');
    expect(language.source.name).toMatch(/^Unicode CLDR \d+ language estimates$/);
    expect(language.source.kind).toBe('estimate');
    expect(valueOf(language, 'hin').census).toBeGreaterThan(0);
  });

  it('refuses a missing, unknown or dataless country in the SPEC’s words', async () => {
    const missing = await read('/api/mutuality/data');
    expect(missing.statusCode).toBe(422);
    expect(missing.body.errors).toEqual({ country_id: [MutualityMessages.countryRequired] });
    for (const id of ['abc', '999999999', String(ids.english)]) {
      const unknown = await read(`/api/mutuality/data?country_id=${id}`);
      expect(unknown.statusCode, id).toBe(422);
      expect(unknown.body.errors).toEqual({ country_id: [MutualityMessages.countryNotExist] });
    }
    const dataless = await database.db.selectFrom('lookup_principles').select('id').where('list', '=', 'countries').where('code', '=', 'QZ').executeTakeFirstOrThrow();
    expect(countries.some((country) => country.id === dataless.id)).toBe(false);
    const none = await read(`/api/mutuality/data?country_id=${dataless.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.body.message).toBe(MutualityMessages.noDataset);
  });
});

describe('Compare → External in the reader’s language', () => {
  const inFrench = async <T>(url: string, token = admin) => {
    const response = await app.inject({ method: 'GET', url, headers: { ...bearer(token), 'x-locale': 'fr' } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return (response.json() as Body<T>).data!;
  };

  it('names countries and languages from CLDR in French, in the list and in the comparison', async () => {
    const list = await inFrench<MutualityCountryEntry[]>('/api/mutuality/countries-list');
    const byCode = new Map(list.map((country) => [country.code, country]));
    expect(byCode.get('DE')?.name).toBe('Allemagne');
    expect(byCode.get('AU')).toMatchObject({ id: ids.AU, name: 'Australie' });
    // Alphabetical in French: Allemagne before Australie before Émirats arabes unis before Zimbabwe.
    const order = ['DE', 'AU', 'AE', 'ZW'].map((code) => list.findIndex((country) => country.code === code));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const germany = await inFrench<MutualityData>(`/api/mutuality/data?country_id=${byCode.get('DE')!.id}`);
    expect(germany.country.name).toBe('Allemagne');
    const languages = pillarOf(germany, 'language');
    expect(valueOf(languages, 'deu')).toMatchObject({ label: 'allemand' });
    expect(valueOf(languages, 'deu').untranslated).toBeUndefined();

    const australia = await inFrench<MutualityData>(`/api/mutuality/compare-data?country_id=${ids.AU}&group=all`);
    expect(valueOf(pillarOf(australia, 'country'), 'IN').label).toBe('Inde');
    expect(valueOf(pillarOf(australia, 'language'), 'vie').label).toBe('vietnamien');
  });

  it('names worldviews by the product’s translations and leaves the rest in English, marked', async () => {
    const australia = await inFrench<MutualityData>(`/api/mutuality/data?country_id=${ids.AU}`);
    const worldview = pillarOf(australia, 'worldview');
    expect(valueOf(worldview, '25').label).toBe('Christianisme');
    // The rest category is worded by the catalogue, not the census.
    expect(valueOf(worldview, 'other').untranslated).toBeUndefined();
    // Ancestries are heritages, which fall back to English.
    expect(valueOf(pillarOf(australia, 'heritage'), 'ascceg:2101')).toMatchObject({ label: 'English', untranslated: true });
    // English callers get the census's own words, unmarked.
    const english = await mutuality({ country_id: String(ids.AU) });
    expect(valueOf(pillarOf(english, 'worldview'), '25')).toMatchObject({ label: 'Christian' });
    expect(valueOf(pillarOf(english, 'heritage'), 'ascceg:2101').untranslated).toBeUndefined();
  });

  it('writes the French spreadsheet with the French names, withheld figures included', async () => {
    const headers = (token: string) => ({ ...bearer(token), 'x-locale': 'fr' });
    const sheetRows = async (token: string, organization: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/general/export-excel-mutuality', headers: headers(token), payload: { organization_id: organization, country_id: ids.AU } });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets.slice(1).flatMap((sheet) => sheet.getSheetValues().filter(Array.isArray).map((row) => String(row[1])));
    };
    for (const [token, organization] of [[admin, organizationId], [smallAdmin, smallOrganizationId]] as const) {
      const names = await sheetRows(token, organization);
      expect(names).toEqual(expect.arrayContaining(['Inde', 'vietnamien', 'Christianisme']));
      expect(names).not.toContain('India');
    }
  });
});

describe('GET /mutuality/compare-data', () => {
  it('compares one selection, says the sentence below k, and finds no other organisation’s group', async () => {
    const big = await mutuality({ country_id: String(ids.AU), group: groups.Big! }, 'compare-data');
    expect(big.label).toBe('Big');
    within(big.respondents, 62, MAX_ADJUSTMENT, 'Big');
    const whole = await mutuality({ country_id: String(ids.AU), group: 'all' }, 'compare-data');
    expect(whole.label).toBe(organizationName);
    const tiny = await read(`/api/mutuality/compare-data?country_id=${ids.AU}&group=${groups.Tiny}`);
    expect(tiny.body).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    for (const group of [groups.Elsewhere!, crypto.randomUUID()]) {
      const foreign = await read(`/api/mutuality/compare-data?country_id=${ids.AU}&group=${group}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body.message).toBe(GroupMessages.notBelongToOrganization);
    }
    const malformed = await read(`/api/mutuality/compare-data?country_id=${ids.AU}&group=sales`);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.body.errors).toEqual({ group: [MutualityMessages.group] });
  });
});

const exportMutuality = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/general/export-excel-mutuality', headers: bearer(token), payload });

describe('POST /general/export-excel-mutuality', () => {
  it('writes the released comparison with its office, table and year, and scores, ratios and counts as numbers', async () => {
    const response = await exportMutuality(admin, { organization_id: organizationId, country_id: ids.AU });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml/);
    expect(response.headers['content-disposition']).toMatch(/mutuality-au-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Page', 'Contents', 'Cultural heritage', 'Country of birth', 'Language', 'Worldview']);
    const cover = workbook.worksheets[0]!;
    const coverText = cover.getSheetValues().flat().map(String).join('\n');
    expect(coverText).toMatch(/Creative Commons Attribution 4\.0/);
    expect(coverText).toMatch(/Census figures from the statistical office\. Australia 2021 census \(Australian Bureau of Statistics\)/);
    expect(coverText).toMatch(/BPLP Country of birth of person/);
    expect(coverText).not.toMatch(/quoted|nriaffairs|mmvisa/i);
    const data = await mutuality({ country_id: String(ids.AU) });
    // The language pillar has no score here, so the overall one is named for what it covers.
    const coverRows = cover.getSheetValues().filter(Array.isArray).map((row) => row.slice(1));
    const overall = coverRows.find((row) => row[0] === 'Mutuality score, cultural heritage, country of birth, worldview only')!;
    expect(overall[1]).toBe(data.overall);
    const respondents = cover.getRow(coverRows.findIndex((row) => row[0] === 'Respondents') + 1).getCell(2);
    expect(respondents.value).toBe(data.respondents);
    expect(respondents.numFmt).toBe(COUNT_FORMAT);
    const birth = workbook.getWorksheet('Country of birth')!;
    const rows = birth.getSheetValues().filter(Array.isArray).map((row) => row.slice(1));
    const country = pillarOf(data, 'country');
    const india = valueOf(country, 'IN');
    const indiaAt = rows.findIndex((row) => row[0] === 'India');
    expect(rows[indiaAt]!.slice(1, 6)).toEqual([fractionOf(india.share), fractionOf(india.census), fractionOf(india.published!), india.gap, india.ratio]);
    expect(birth.getRow(indiaAt + 1).getCell(2).numFmt).toBe(PERCENT_FORMAT);
    expect(String(rows[indiaAt]![6])).toMatch(/673,352 of 25,422,788/);
    // Largest census share first, "other" last.
    const order = rows.slice(2, 8).map((row) => row[0]);
    expect(order).toEqual(['England', 'India', 'China (excludes SARs and Taiwan)', 'New Zealand', 'Philippines', 'Other']);
    const score = rows.find((row) => row[0] === 'Mutuality score')!;
    expect(score[1]).toBe(country.score);
    expect(birth.getRow(rows.indexOf(score) + 1).getCell(2).numFmt).toBe(SCORE_FORMAT.replace('0.000', '0.000'));
    expect(rows.find((row) => row[0] === 'Year')![1]).toBe(2021);
    expect(rows.find((row) => row[0] === 'Table')![1]).toMatch(/^BPLP/);
  });

  it('writes the census side alone, the organisation’s figures as hidden, when they are withheld', async () => {
    const response = await exportMutuality(smallAdmin, { organization_id: smallOrganizationId, country_id: ids.AU });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Worldview')!.getSheetValues().filter(Array.isArray).map((row) => row.slice(1));
    const christian = rows.find((row) => row[0] === 'Christian')!;
    // 11,148,814 of the 23,574,358 who stated an affiliation (47.3%); 43.85% of everyone, as published.
    expect(christian.slice(1, 7)).toEqual(['hidden', 0.473, 0.4385, 'hidden', 'hidden', 'It needs at least 5 answers.']);
    const cover = workbook.worksheets[0]!.getSheetValues().flat().map(String).join('\n');
    expect(cover).toMatch(/Respondents[\s\S]*hidden/);
  });

  it('answers another organisation’s id as an unknown one, and a bad country in the SPEC’s words', async () => {
    const theirs = await exportMutuality(admin, { organization_id: otherOrganizationId, country_id: ids.AU });
    const nobody = await exportMutuality(admin, { organization_id: crypto.randomUUID(), country_id: ids.AU });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(nobody.json());
    expect(theirs.json().message).toBe(MutualityMessages.organizationNotFound);
    const country = await exportMutuality(admin, { organization_id: organizationId, country_id: 'AU' });
    expect(country.statusCode).toBe(422);
    const missing = await exportMutuality(admin, { organization_id: organizationId });
    expect(missing.statusCode).toBe(422);
  });
});
