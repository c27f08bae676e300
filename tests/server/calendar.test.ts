import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarData, CalendarFeed } from '../../domain/contracts/calendar';
import type { Distribution } from '../../domain/contracts/stats';
import { isSuppressed } from '../../domain/contracts/stats';
import { CONSENT_KEY, STORED_THINGS } from '../../domain/consent/policy';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEFAULT_DEMO_RESPONSES, DEFAULT_DEMO_SEED, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { bearer, insertUser, signIn } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

const config = testConfig();
let database: OpenDatabase;
let app: FastifyInstance;
let demo: DemoSignIn;
let admin: string;
let otherAdmin: string;
let staff: string;

beforeAll(async () => {
  ({ database, app } = await openTestApp({ config, database: { lookups: true } }));
  demo = (await createDemoOrganization(database.db, {
    seed: DEFAULT_DEMO_SEED,
    responses: DEFAULT_DEMO_RESPONSES,
    organizationName: 'Calendar Co.',
    argon2: config.argon2,
    singleTransaction: false,
    batchSize: 500,
  }))!;
  admin = await signIn(app, demo.adminEmail, DEMO_PASSWORD);
  otherAdmin = await signIn(app, (await insertUser(database.db, { role: 'admin' })).email);
  staff = await signIn(app, (await insertUser(database.db, { organizationId: demo.organizationId, role: 'staff' })).email);
});

afterAll(() => closeTestApp({ app, database }));

/** The events of an iCalendar text, unfolded (RFC 5545 folds long lines with a leading space). */
const readIcs = (body: string): { uid: string; start: string; summary: string }[] =>
  body
    .replace(/\r?\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => ({
      uid: /\nUID:(.*)/.exec(block)?.[1]?.trim() ?? '',
      start: /\nDTSTART;VALUE=DATE:(\d{8})/.exec(block)?.[1] ?? '',
      summary: /\nSUMMARY:(.*)/.exec(block)?.[1]?.trim() ?? '',
    }));

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token === undefined ? {} : bearer(token) });
const calendar = async (query = '', token = admin): Promise<CalendarData> => {
  const response = await get(`/api/general/calender-events${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CalendarData }>().data;
};
const released = async (path: string, token = admin): Promise<Map<string, number>> => {
  const body = (await get(`/api/${path}`, token)).json<{ status: number; data?: Distribution }>();
  if (body.status !== 200) return new Map();
  return new Map(body.data!.cells.flatMap((cell) => (isSuppressed(cell) || cell.preferNot ? [] : [[cell.key, cell.percent] as const])));
};

describe('the cultural diversity calendar', () => {
  it('covers the next twelve months of at least 1,200 events (one per day and name) across at least 150 countries, dated in the organisation’s time zone', async () => {
    const data = await calendar('?view=all');
    expect(data.timeZone).toBe('Australia/Sydney');
    expect(data.catalogue.events).toBeGreaterThanOrEqual(1200);
    expect(data.catalogue.countries).toBeGreaterThanOrEqual(150);
    expect(data.events.length).toBe(data.catalogue.events);
    // Twelve months from today: a window that starts mid-month ends in the same month a year on.
    expect(data.months[0]).toBe(data.from.slice(0, 7));
    expect(data.months.length).toBe(data.from.endsWith('-01') ? 12 : 13);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    expect(data.from).toBe(today);
    for (const event of data.events) {
      expect(event.date >= data.from && event.date < data.to, `${event.name} ${event.date}`).toBe(true);
      if (event.id.startsWith('obs:')) expect(event.description.length, event.name).toBeGreaterThan(10);
      else expect(event.countries.length, event.id).toBeGreaterThanOrEqual(1);
      for (const country of event.publicIn) expect(event.countries).toContain(country);
      expect(event.kind === 'public', event.id).toBe(event.publicIn.length > 0);
    }
    // One event per day and name: Christmas Day is one row listing the countries that keep it.
    const sameDay = data.events.map((event) => `${event.date} ${event.name}`);
    expect(new Set(sameDay).size).toBe(sameDay.length);
    const christmas = data.events.filter((event) => event.name === 'Christmas Day' && event.date.endsWith('-12-25'));
    expect(christmas).toHaveLength(1);
    expect(christmas[0]!.publicIn.length).toBeGreaterThan(100);
    expect(christmas[0]!.worldviews.length).toBe(1);
    const names = new Set(data.events.map((event) => event.name));
    for (const name of ['Harmony Day', 'IDAHOBIT', 'International Day of Persons with Disabilities', 'Eid al-Fitr', 'Rosh Hashanah', 'Lunar New Year', 'Diwali / Deepavali', 'Vesak', 'Nowruz', 'Easter Sunday', 'World Humanist Day']) {
      expect(names.has(name), name).toBe(true);
    }
    // Every worldview of the lookup list has at least one observance.
    const linked = new Set(data.events.flatMap((event) => event.worldviews));
    for (const worldview of data.worldviews) expect(linked.has(worldview.id), worldview.label).toBe(true);
    expect(data.typedUntil.find((entry) => entry.name === 'Holi')?.year).toBeGreaterThanOrEqual(2028);
  });

  it('shows by default what is relevant to the demo organisation: at least 300 events, each with a reason', async () => {
    const data = await calendar();
    expect(data.view).toBe('relevant');
    expect(data.events.length).toBeGreaterThanOrEqual(300);
    for (const event of data.events) {
      const universal = event.kind === 'awareness' && event.countries.length + event.worldviews.length + event.heritages.length === 0;
      expect(event.relevance !== null || event.countries.includes('AU') || universal, event.id).toBe(true);
    }
    expect(data.events.some((event) => event.name === 'Australia Day')).toBe(true);
  });

  it('says how many people share a linked group from the released figures only, and sorts by it', async () => {
    const shares = {
      worldview: await released('worldview/worldviews'),
      heritage: await released('ethnicity/ethnicities'),
      country: await released('country/countries'),
    };
    const data = await calendar('?sort=relevance');
    const withShare = data.events.filter((event) => event.relevance !== null);
    expect(withShare.length).toBeGreaterThan(50);
    for (const event of withShare) {
      const relevance = event.relevance!;
      // The very figure the dashboard releases for that group.
      expect(shares[relevance.group].get(relevance.id), `${event.name} ${relevance.label}`).toBe(relevance.percent);
      // And the largest of the event's linked groups.
      const linked = [
        ...event.worldviews.map((id) => shares.worldview.get(id)),
        ...event.heritages.map((id) => shares.heritage.get(id)),
      ].filter((value): value is number => value !== undefined);
      for (const value of linked) expect(value).toBeLessThanOrEqual(relevance.percent);
    }
    const percents = data.events.map((event) => event.relevance?.percent ?? -1);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    expect(data.events.some((event) => event.name === 'Lunar New Year' && event.relevance?.group === 'heritage')).toBe(true);
  });

  it('never shows a share for a group the dashboard withholds', async () => {
    // A narrow selection of the same people releases less: the calendar reads the caller's view, not raw counts.
    const data = await calendar('?view=all');
    const heritage = await released('ethnicity/ethnicities');
    for (const event of data.events) if (event.relevance?.group === 'heritage') expect(heritage.has(event.relevance.id)).toBe(true);
    // Staff do not see the statistics: no shares at all, only the organisation's days.
    const staffResponse = await get('/api/worldview/worldviews', staff);
    const staffData = await calendar('', staff);
    if (staffResponse.statusCode !== 200) expect(staffData.events.every((event) => event.relevance === null)).toBe(true);
  });

  it('names events in the page language where the catalogue has the name, in English otherwise', async () => {
    const english = await calendar('?view=all');
    const french = await calendar('?view=all&language=fr');
    const arabic = await calendar('?view=all&language=ar');
    const frenchById = new Map(french.events.map((event) => [event.id, event]));
    const christmas = english.events.find((event) => event.id.startsWith('obs:christmas:'))!;
    expect(frenchById.get(christmas.id)?.name).toBe('Noël');
    expect(arabic.events.find((event) => event.id === christmas.id)?.name).toBe('عيد الميلاد المجيد');
    // The same events, dates and figures in every language: only names and descriptions change.
    expect(french.events.map((event) => [event.id, event.date, event.relevance?.percent])).toEqual(english.events.map((event) => [event.id, event.date, event.relevance?.percent]));
    expect((await get('/api/general/calender-events?language=xx', admin)).statusCode).toBe(422);
  });

  it('downloads the current view as an .ics file: its filters, each day once', async () => {
    const all = await calendar('?view=all');
    const month = all.months[2]!;
    const view = await calendar(`?view=all&month=${month}`);
    const response = await get(`/api/general/calender-events/ics?view=all&month=${month}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="calendar-\d{4}-\d{2}-\d{2}\.ics"$/);
    const events = readIcs(response.body);
    expect(events).toHaveLength(view.events.length);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    expect(new Set(events.map((event) => `${event.start} ${event.summary}`)).size).toBe(events.length);
    expect(events.every((event) => event.start.startsWith(month.replace('-', '')))).toBe(true);
    expect(response.body).not.toMatch(/%|respondents/);
    expect((await get('/api/general/calender-events/ics?view=nope', admin)).statusCode).toBe(422);
    expect((await get('/api/general/calender-events/ics')).statusCode).toBe(401);
  });

  it('filters by month, worldview and country', async () => {
    const all = await calendar('?view=all');
    const month = all.months[3]!;
    const byMonth = await calendar(`?view=all&month=${month}`);
    expect(byMonth.events.length).toBeGreaterThan(100);
    expect(byMonth.events.every((event) => event.date.startsWith(month))).toBe(true);
    const islam = all.worldviews.find((option) => option.label === 'Islam')!;
    const byWorldview = await calendar(`?view=all&worldview=${islam.id}`);
    expect(byWorldview.events.map((event) => event.name)).toEqual(expect.arrayContaining(['Eid al-Fitr', 'Eid al-Adha', 'Ramadan begins']));
    expect(byWorldview.events.every((event) => event.worldviews.includes(islam.id))).toBe(true);
    const byCountry = await calendar('?view=all&country=IN');
    expect(byCountry.events.length).toBeGreaterThan(5);
    expect(byCountry.events.every((event) => event.countries.includes('IN'))).toBe(true);
  });

  it('answers bad input with 422 in the SPEC’s words, and nothing without a session', async () => {
    for (const [query, field] of [
      ['month=2020-01', 'month'],
      ['month=next', 'month'],
      ['view=everything', 'view'],
      ['sort=name', 'sort'],
      ['worldview=999999999', 'worldview'],
      ['country=ZZ', 'country'],
      ['country=%27%3B--', 'country'],
    ] as const) {
      const response = await get(`/api/general/calender-events?${query}`, admin);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ message: 'The given data was invalid.', errors: { [field]: [`The ${field} field is invalid`] } });
    }
    expect((await get('/api/general/calender-events')).statusCode).toBe(401);
    expect((await get('/api/general/calender-events/export')).statusCode).toBe(401);
  });

  it('exports the year as a spreadsheet, text kept as text', async () => {
    const response = await get('/api/general/calender-events/export', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="calendar-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Calendar')!;
    const relevant = await calendar();
    expect(sheet.getRow(1).getCell(1).value).toBe('Date');
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, number) => number > 1 && row.getCell(1).value instanceof Date && rows.push(row));
    expect(rows).toHaveLength(relevant.events.length);
    // Dates are dates and shares fractions shown as percentages, so a spreadsheet can sort and sum them.
    expect((rows[0]!.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(relevant.events[0]!.date);
    expect(rows[0]!.getCell(1).numFmt).toBe('yyyy-mm-dd');
    const shared = rows.find((row) => typeof row.getCell(8).value === 'number')!;
    expect(shared.getCell(8).value as number).toBeLessThanOrEqual(1);
    expect(shared.getCell(8).numFmt).toBe('0.0%');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    const bad = await get('/api/general/calender-events/export?view=nope', admin);
    expect(bad.statusCode).toBe(422);
  });
});

describe('the private iCalendar link', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const create = (token: string) => app.inject({ method: 'POST', url: '/api/general/calender-events/feed', headers: bearer(token), payload: {} });
  const revoke = (token: string) => app.inject({ method: 'POST', url: '/api/general/calender-events/feed/revoke', headers: bearer(token), payload: {} });

  it('is created once, opens without a session as an .ics feed with no figures, and 404s once revoked (audited)', async () => {
    expect((await get('/api/general/calender-events/feed', admin)).json<{ data: CalendarFeed }>().data).toMatchObject({ active: false, url: null });
    const created = (await create(admin)).json<{ data: CalendarFeed }>().data;
    expect(created.active).toBe(true);
    expect(created.url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{40,}\.ics$/);
    // The token is not stored, only its hash.
    const rows = await database.db.selectFrom('calendar_feeds').select('token_hash').execute();
    const token = feedPath(created.url!).split('/').pop()!.replace('.ics', '');
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect((await get('/api/general/calender-events/feed', admin)).json<{ data: CalendarFeed }>().data).toMatchObject({ active: true, url: null });

    const feed = await get(feedPath(created.url!));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = feed.body.split('BEGIN:VEVENT').slice(1);
    // No day twice: not by id, not by day and name (Christmas Day, Good Friday and Easter Sunday once each).
    const parsed = readIcs(feed.body);
    expect(new Set(parsed.map((event) => event.uid)).size).toBe(parsed.length);
    expect(new Set(parsed.map((event) => `${event.start} ${event.summary}`)).size).toBe(parsed.length);
    for (const name of ['Christmas Day', 'Good Friday', 'Easter Sunday']) expect(parsed.filter((event) => event.summary === name).length, name).toBeLessThanOrEqual(1);
    expect(feed.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(events.length).toBeGreaterThan(50);
    expect(feed.body).toMatch(/SUMMARY:Harmony Day/);
    expect(feed.body).toMatch(/SUMMARY:Australia Day/);
    expect(feed.body).not.toMatch(/%|respondents/);
    expect(events.every((event) => /DTSTART;VALUE=DATE:\d{8}/.test(event))).toBe(true);

    // Another organisation's administrator cannot revoke it.
    await revoke(otherAdmin);
    expect((await get(feedPath(created.url!))).statusCode).toBe(200);

    expect((await revoke(admin)).statusCode).toBe(200);
    const gone = await get(feedPath(created.url!));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This calendar link does not exist or was revoked.');

    // A new link works; the revoked one stays dead; making a new one retires the previous.
    const second = (await create(admin)).json<{ data: CalendarFeed }>().data;
    expect((await get(feedPath(second.url!))).statusCode).toBe(200);
    const third = (await create(admin)).json<{ data: CalendarFeed }>().data;
    expect((await get(feedPath(second.url!))).statusCode).toBe(404);
    expect((await get(feedPath(third.url!))).statusCode).toBe(200);
    expect((await get(feedPath(created.url!))).statusCode).toBe(404);

    const audited = await database.db.selectFrom('audit_log').select('action').where('organization_id', '=', demo.organizationId).where('action', 'like', 'calendar.%').execute();
    expect(audited.map((row) => row.action).sort()).toEqual(['calendar.feed_created', 'calendar.feed_created', 'calendar.feed_created', 'calendar.feed_revoked']);
  });

  it('a made-up or malformed token is 404', async () => {
    for (const token of ['x', 'A'.repeat(43), '..%2F..%2Fetc', `${'b'.repeat(43)}.ics`]) expect((await get(`/api/calendar/feed/${token}`)).statusCode, token).toBe(404);
  });
});

describe('GET /accept-cookie', () => {
  it('tells anyone what the browser keeps and what needs consent', async () => {
    const response = await get('/api/accept-cookie');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { consentKey: string; things: { name: string; essential: boolean }[] };
    expect(data.consentKey).toBe(CONSENT_KEY);
    expect(data.things).toHaveLength(STORED_THINGS.length);
    expect(data.things.find((thing) => thing.name === 'token')?.essential).toBe(true);
    expect(data.things.find((thing) => thing.name === 'newLang')?.essential).toBe(false);
  });
});
