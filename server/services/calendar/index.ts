import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { createEvents, type EventAttributes } from 'ics';
import type { Kysely } from 'kysely';
import {
  type CalendarData,
  type CalendarEvent,
  type CalendarFeed,
  type CalendarQuery,
  type CalendarRelevance,
  type CalendarSort,
  type CalendarView,
  CALENDAR_FEED_PREFIX,
  calendarMessages,
} from '../../../domain/contracts/calendar';
import { ServerMessages } from '../../../domain/contracts/errors';
import { PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { typedUntil } from '../../../domain/calendar/observances';
import { PRODUCT_LANGUAGES } from '../../../domain/i18n/languages';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { failed, invalidData, notFound } from '../errors';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { CallerStatistics } from '../statistics/released';
import { type CatalogueEvent, catalogueWindow, dayIn, descriptionIn, nameIn, zoneOf } from './catalogue';
import { releasedShares, type Shares } from './relevance';

export interface CalendarCaller {
  readonly auth: AuthContext;
  readonly statistics: CallerStatistics;
}

/** The organisation's twelve months: from today in its time zone to the same day a year on. */
export const windowOf = (country: string, now: Date): { timeZone: string; from: string; to: string } => {
  const timeZone = zoneOf(country);
  const from = dayIn(now, timeZone);
  const to = `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`;
  return { timeZone, from, to: to.endsWith('-02-29') ? `${to.slice(0, 8)}28` : to };
};

const monthsOf = (from: string, to: string): string[] => {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (`${key}-01` >= to) break;
    months.push(key);
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
  return months;
};

interface Lookups {
  readonly worldviews: Map<string, { id: string; label: string }>;
  readonly heritages: Map<string, { id: string; label: string }>;
  readonly countries: Map<string, { id: string; label: string }>;
}

/** The lookup ids and names of the codes the catalogue uses (worldviews, ethnicities, countries). */
const lookupsOf = async (db: Kysely<Database>): Promise<Lookups> => {
  const rows = await db
    .selectFrom('lookup_principles')
    .select(['id', 'list', 'code', 'name'])
    .where('list', 'in', ['worldviews', 'ethnicities', 'countries'])
    .where('code', '!=', PREFER_NOT_CODE)
    .execute();
  const of = (list: string) => new Map(rows.filter((row) => row.list === list).map((row) => [row.code, { id: String(row.id), label: row.name }]));
  return { worldviews: of('worldviews'), heritages: of('ethnicities'), countries: of('countries') };
};

const ids = (codes: readonly string[], lookup: Lookups[keyof Lookups]): string[] => codes.flatMap((code) => (lookup.has(code) ? [lookup.get(code)!.id] : []));

/** The largest released share among an event's linked groups (heritage, worldview, then country). */
const relevanceOf = (event: CatalogueEvent, lookups: Lookups, shares: Shares): CalendarRelevance | null => {
  let best: CalendarRelevance | null = null;
  const consider = (group: CalendarRelevance['group'], codes: readonly string[], lookup: Lookups[keyof Lookups], released: ReadonlyMap<string, number>) => {
    for (const code of codes) {
      const item = lookup.get(code);
      const percent = item === undefined ? undefined : released.get(item.id);
      if (item !== undefined && percent !== undefined && percent > 0 && (best === null || percent > best.percent)) best = { group, id: item.id, label: item.label, percent };
    }
  };
  consider('heritage', event.heritages, lookups.heritages, shares.heritages);
  consider('worldview', event.worldviews, lookups.worldviews, shares.worldviews);
  consider('country', event.countries, lookups.countries, shares.countries);
  return best;
};

/** Relevant to the organisation: a linked group its people share (released), its own country, or a day for everyone. */
const isRelevant = (event: CalendarEvent, orgCountry: string): boolean =>
  event.relevance !== null ||
  event.countries.includes(orgCountry) ||
  (event.kind === 'awareness' && event.countries.length === 0 && event.worldviews.length === 0 && event.heritages.length === 0);

const oneOf = <T extends string>(field: string, value: string | undefined, allowed: readonly T[], fallback: T): T => {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw invalidData({ [field]: [ServerMessages.fieldInvalid(field)] });
  return value as T;
};

interface Built {
  readonly data: CalendarData;
  readonly lookups: Lookups;
}

/** The events of the window for this caller, filtered and sorted as asked. */
export const calendarEvents = async (db: Kysely<Database>, caller: CalendarCaller, query: CalendarQuery, now = new Date()): Promise<CalendarData> =>
  (await buildCalendar(db, caller, query, now)).data;

const buildCalendar = async (db: Kysely<Database>, caller: CalendarCaller, query: CalendarQuery, now: Date): Promise<Built> => {
  const orgCountry = caller.auth.organization.country;
  const { timeZone, from, to } = windowOf(orgCountry, now);
  const months = monthsOf(from, to);
  const view = oneOf<CalendarView>('view', query.view, ['relevant', 'all'], 'relevant');
  const sort = oneOf<CalendarSort>('sort', query.sort, ['date', 'relevance'], 'date');
  const language = oneOf('language', query.language, PRODUCT_LANGUAGES.map((entry) => entry.code), 'en');
  const month = query.month === undefined || query.month === '' ? undefined : oneOf('month', query.month, months, months[0]!);

  const catalogue = catalogueWindow(from, to, orgCountry, timeZone);
  const lookups = await lookupsOf(db);
  const worldviewOptions = [...lookups.worldviews.values()];
  const countryCodes = [...new Set(catalogue.flatMap((event) => event.countries))].filter((code) => lookups.countries.has(code));
  const countryOptions = countryCodes
    .map((code) => ({ id: code, label: lookups.countries.get(code)!.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  const worldview = query.worldview === undefined || query.worldview === '' ? undefined : oneOf('worldview', query.worldview, worldviewOptions.map((option) => option.id), '');
  const country = query.country === undefined || query.country === '' ? undefined : oneOf('country', query.country, countryCodes, '');

  const shares = await releasedShares(caller.statistics);
  const all: CalendarEvent[] = catalogue.map((event) => ({
    id: event.id,
    name: nameIn(event, language),
    date: event.date,
    days: event.days,
    kind: event.kind,
    description: descriptionIn(event, language),
    countries: [...event.countries],
    publicIn: [...event.publicIn],
    worldviews: ids(event.worldviews, lookups.worldviews),
    heritages: ids(event.heritages, lookups.heritages),
    relevance: relevanceOf(event, lookups, shares),
  }));
  const events = all
    .filter((event) => view === 'all' || isRelevant(event, orgCountry))
    .filter((event) => month === undefined || event.date.startsWith(month))
    .filter((event) => worldview === undefined || event.worldviews.includes(worldview))
    .filter((event) => country === undefined || event.countries.includes(country));
  if (sort === 'relevance') events.sort((a, b) => (b.relevance?.percent ?? -1) - (a.relevance?.percent ?? -1) || a.date.localeCompare(b.date));
  return {
    lookups,
    data: {
      timeZone,
      from,
      to,
      view,
      sort,
      catalogue: { events: catalogue.length, countries: new Set(catalogue.flatMap((event) => event.countries)).size },
      typedUntil: typedUntil(),
      months,
      worldviews: worldviewOptions,
      countries: countryOptions,
      heritages: [...new Set(catalogue.flatMap((event) => event.heritages))].flatMap((code) => (lookups.heritages.has(code) ? [lookups.heritages.get(code)!] : [])),
      events,
    },
  };
};

/** The generic sentence of a date-holidays day, which comes without a description. */
const untold = (event: { countries: readonly string[]; publicIn: readonly string[] }, countryName: (code: string) => string): string => {
  const names = (codes: readonly string[]) => codes.map(countryName).join(', ');
  const marked = event.countries.filter((code) => !event.publicIn.includes(code));
  if (event.publicIn.length === 0) return `A day marked in ${names(marked)}.`;
  return marked.length === 0 ? `A public holiday in ${names(event.publicIn)}.` : `A public holiday in ${names(event.publicIn)}; marked in ${names(marked)}.`;
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A text a spreadsheet program could take for a formula is prefixed with a quote mark. */
const safeText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * The window as a spreadsheet: one row per event with its linked groups by name and the
 * released share. Every text is written as a string cell (exceljs makes formulas only from
 * `{ formula }`), and texts that start like a formula are quoted as well.
 */
export const calendarWorkbook = async (
  db: Kysely<Database>,
  caller: CalendarCaller,
  view: string | undefined,
  now = new Date(),
): Promise<{ fileName: string; contentType: string; body: Readable }> => {
  const { data, lookups } = await buildCalendar(db, caller, { view }, now);
  const byId = (lookup: Lookups[keyof Lookups]) => new Map([...lookup.values()].map((item) => [item.id, item.label]));
  const worldviewNames = byId(lookups.worldviews);
  const heritageNames = byId(lookups.heritages);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = caller.auth.organization.name;
  workbook.created = now;
  const sheet = workbook.addWorksheet('Calendar', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 12 }, { width: 40 }, { width: 12 }, { width: 24 }, { width: 24 }, { width: 30 }, { width: 70 }, { width: 22 }];
  sheet.getColumn(1).numFmt = 'yyyy-mm-dd';
  sheet.getColumn(8).numFmt = '0.0%';
  const header = sheet.addRow(['Date', 'Event', 'Kind', 'Countries', 'Worldviews', 'Heritages', 'Description', 'Share of respondents']);
  header.font = { bold: true };
  header.commit();
  const countryName = (code: string) => lookups.countries.get(code)?.label ?? code;
  for (const event of data.events) {
    const row = sheet.addRow([
      new Date(`${event.date}T00:00:00Z`),
      safeText(event.name),
      event.kind,
      safeText(event.countries.map(countryName).join(', ')),
      safeText(event.worldviews.map((id) => worldviewNames.get(id) ?? id).join(', ')),
      safeText(event.heritages.map((id) => heritageNames.get(id) ?? id).join(', ')),
      safeText(event.description === '' ? untold(event, countryName) : event.description),
      event.relevance === null ? null : event.relevance.percent / 100,
    ]);
    row.commit();
  }
  sheet.addRow([]).commit();
  sheet.addRow([`Dates in ${data.timeZone}. Shares are the dashboard's released figures (adjusted by the cell key method). Public holidays from date-holidays (ISC licence, data CC BY 3.0).`]).commit();
  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { fileName: `calendar-${data.from}.xlsx`, contentType: XLSX_TYPE, body: stream };
};

// The private iCalendar feed.

export interface FeedCaller {
  readonly auth: AuthContext;
  readonly address: string | null;
  /** The product's public address, for the link. */
  readonly appUrl: string;
}

const feedUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/api${CALENDAR_FEED_PREFIX}${token}.ics`;

export const calendarFeed = async (db: Kysely<Database>, auth: AuthContext): Promise<CalendarFeed> => {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', auth.user.id)
    .where('organization_id', '=', auth.organization.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { active: row !== undefined, createdAt: row?.created_at.toISOString() ?? null, url: null };
};

/** A new private link; any live one is revoked first. The token is shown once and kept only as its hash. */
export const createCalendarFeed = async (db: Kysely<Database>, caller: FeedCaller, now = new Date()): Promise<CalendarFeed> => {
  const token = randomToken();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('calendar_feeds').set({ revoked_at: now }).where('user_id', '=', caller.auth.user.id).where('revoked_at', 'is', null).execute();
    await trx
      .insertInto('calendar_feeds')
      .values({ organization_id: caller.auth.organization.id, user_id: caller.auth.user.id, token_hash: sha256Hex(token), created_at: now })
      .execute();
    await audit(trx, { organizationId: caller.auth.organization.id, actor: caller.auth.user.id, action: 'calendar.feed_created', address: caller.address });
  });
  return { active: true, createdAt: now.toISOString(), url: feedUrl(caller.appUrl, token) };
};

export const revokeCalendarFeed = async (db: Kysely<Database>, caller: FeedCaller, now = new Date()): Promise<CalendarFeed> => {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('calendar_feeds')
      .set({ revoked_at: now })
      .where('user_id', '=', caller.auth.user.id)
      .where('organization_id', '=', caller.auth.organization.id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    if (revoked.length > 0) await audit(trx, { organizationId: caller.auth.organization.id, actor: caller.auth.user.id, action: 'calendar.feed_revoked', address: caller.address });
  });
  return { active: false, createdAt: null, url: null };
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

const dateArray = (day: string): [number, number, number] => [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
const plusDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface IcsEvent {
  readonly id: string;
  readonly name: string;
  readonly date: string;
  readonly days: number;
  readonly kind: string;
  readonly description: string;
  readonly countries: readonly string[];
  readonly publicIn: readonly string[];
}

/** All-day events as an iCalendar file; each event once, by its catalogue id. */
const icsOf = (events: readonly IcsEvent[], calName: string, countryName: (code: string) => string): string => {
  const attributes: EventAttributes[] = events.map((event) => ({
    uid: `${event.id}@cultural-diversity-calendar`,
    title: event.name,
    description: event.description === '' ? untold(event, countryName) : event.description,
    start: dateArray(event.date),
    end: dateArray(plusDays(event.date, event.days)),
    categories: [event.kind],
    calName,
    productId: 'cultural-diversity-calendar',
  }));
  const { error, value } = createEvents(attributes);
  if (error || value === undefined || value === null) throw failed('The calendar could not be written.');
  return value;
};

/** The events of the page's current view (its filters, sort and language) as an .ics file to download. */
export const calendarViewIcs = async (db: Kysely<Database>, caller: CalendarCaller, query: CalendarQuery, now = new Date()): Promise<{ fileName: string; body: string }> => {
  const { data, lookups } = await buildCalendar(db, caller, query, now);
  const countryName = (code: string) => lookups.countries.get(code)?.label ?? code;
  return { fileName: `calendar-${data.from}.ics`, body: icsOf(data.events, `${caller.auth.organization.name}: cultural diversity calendar`, countryName) };
};

/**
 * The feed of a live link: the organisation's country's public holidays and every observance
 * of the catalogue over the next twelve months, as all-day events. It carries no figure about
 * people (the link works without signing in), only names, dates and descriptions.
 */
export const calendarIcs = async (db: Kysely<Database>, token: string, now = new Date()): Promise<string> => {
  if (!TOKEN_SHAPE.test(token)) throw notFound(calendarMessages.feedNotFound);
  const feed = await db
    .selectFrom('calendar_feeds')
    .innerJoin('organizations', 'organizations.id', 'calendar_feeds.organization_id')
    .select(['organizations.country', 'organizations.name'])
    .where('calendar_feeds.token_hash', '=', sha256Hex(token))
    .where('calendar_feeds.revoked_at', 'is', null)
    .executeTakeFirst();
  if (feed === undefined) throw notFound(calendarMessages.feedNotFound);
  const { timeZone, from, to } = windowOf(feed.country, now);
  const events = catalogueWindow(from, to, feed.country, timeZone).filter((event) => event.id.startsWith('obs:') || event.countries.includes(feed.country));
  const lookups = await lookupsOf(db);
  return icsOf(events, `${feed.name}: cultural diversity calendar`, (code) => lookups.countries.get(code)?.label ?? code);
};
