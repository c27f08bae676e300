import Holidays from 'date-holidays';
import type { CalendarEventKind } from '../../../domain/contracts/calendar';
import { OBSERVANCES } from '../../../domain/calendar/observances';
import { OBSERVANCE_TRANSLATIONS } from '../../../domain/calendar/observanceTranslations';

/**
 * The calendar's catalogue: every public holiday date-holidays knows (207 countries) and the
 * observances of domain/calendar/observances.ts, for whole calendar years. A day kept under one
 * name on one date is one event listing every country that keeps it: Christmas Day is one row,
 * not one per country, and the catalogue's own observance of the same name and day takes those
 * countries in. Codes, not lookup ids: the service maps them. Built once per (year,
 * organisation country) and kept: the package takes about a second and a half for a year of
 * every country.
 */
export interface CatalogueEvent {
  readonly id: string;
  /** The English name. */
  readonly name: string;
  /** The name in the product's other languages, where date-holidays has it. */
  readonly names: Readonly<Partial<Record<TranslatedLanguage, string>>>;
  /** The day in the time zone where it is kept (YYYY-MM-DD). */
  readonly date: string;
  readonly days: number;
  readonly kind: CalendarEventKind;
  readonly description: string;
  /** The description in the product's other languages, where the catalogue has it. */
  readonly descriptions: Readonly<Partial<Record<TranslatedLanguage, string>>>;
  readonly countries: readonly string[];
  /** The countries among them where it is a day off; the others only mark it. */
  readonly publicIn: readonly string[];
  readonly worldviews: readonly string[];
  readonly heritages: readonly string[];
}

const DAY_MS = 86_400_000;

const TRANSLATED_LANGUAGES = ['fr', 'es', 'ar', 'zh'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

const translated = (language: string): language is TranslatedLanguage => (TRANSLATED_LANGUAGES as readonly string[]).includes(language);

/** The event's name in a language of the product, English when the catalogue has none. */
export const nameIn = (event: CatalogueEvent, language: string): string => (translated(language) ? event.names[language] ?? event.name : event.name);

/** The event's description in a language of the product, English when the catalogue has none. */
export const descriptionIn = (event: CatalogueEvent, language: string): string =>
  translated(language) ? event.descriptions[language] ?? event.description : event.description;

type NameTable = Readonly<Record<string, string>>;

const translatedNames = (table: NameTable | undefined): CatalogueEvent['names'] =>
  Object.fromEntries(TRANSLATED_LANGUAGES.flatMap((language) => (table?.[language] ? [[language, table[language]]] : [])));

/** One formatter per time zone: making one costs far more than using it, and a year of every country's days uses one thousands of times. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A Date's calendar day in a time zone (YYYY-MM-DD). */
export const dayIn = (instant: Date, timeZone: string): string => {
  let format = dayFormats.get(timeZone);
  if (format === undefined) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};

const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The zone a country's days are reckoned in (its first listed zone), or UTC. */
export const zoneOf = (country: string): string => {
  const zones = new Holidays(country).getTimezones?.() ?? [];
  return zones[0] ?? 'UTC';
};

/**
 * The day a holiday falls on where it is kept. Hebrew and Islamic days start at sunset the
 * evening before (their start Date is that evening), others at midnight: twelve hours after the
 * start is inside the day itself in both cases.
 */
const dayOf = (start: Date, timeZone: string): string => dayIn(new Date(start.getTime() + DAY_MS / 2), timeZone);

const daysBetween = (start: Date, end: Date): number => Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));

/** One country's day as date-holidays gives it, before days of the same name and date are joined. */
interface CountryDay {
  readonly country: string;
  readonly name: string;
  readonly names: CatalogueEvent['names'];
  readonly date: string;
  readonly days: number;
  readonly kind: CalendarEventKind;
}

/**
 * Public holidays (and the bank holidays, observances, optional and school days the package
 * lists) of every country for a year. A marked-only day the package names in no language of
 * ours but its own ("1. Advent") is left out; a public holiday keeps its own-language name,
 * which is its proper name.
 */
const countryDays = (year: number): CountryDay[] => {
  const days: CountryDay[] = [];
  const countries = Object.keys(new Holidays().getCountries('en'));
  for (const country of countries) {
    const holidays = new Holidays(country, { languages: ['en'] });
    const tables = new Map(holidays.getRules().map((rule) => [(rule as unknown as { rule: string }).rule, (rule as unknown as { name?: NameTable }).name]));
    const zone = zoneOf(country);
    const seen = new Set<string>();
    for (const holiday of holidays.getHolidays(year, 'en')) {
      // Public and bank holidays are days off; the package's other days (observances, optional and school days) are marked only.
      const kind: CalendarEventKind = holiday.type === 'public' || holiday.type === 'bank' ? 'public' : 'observance';
      const table = tables.get(holiday.rule);
      if (kind === 'observance' && table !== undefined && table.en === undefined) continue;
      // The start Date, not the date string: an Islamic day's string can carry an offset.
      const date = dayOf(holiday.start, zone);
      const key = `${date}:${slug(holiday.name)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      days.push({ country, name: holiday.name, names: translatedNames(table), date, days: daysBetween(holiday.start, holiday.end), kind });
    }
  }
  return days;
};

/** Days of one name and date joined into one event listing its countries; a day off in any of them makes it public. */
const joinCountryDays = (days: readonly CountryDay[]): CatalogueEvent[] => {
  const joined = new Map<string, { first: CountryDay; countries: Set<string>; publicIn: Set<string>; days: number; names: CatalogueEvent['names'] }>();
  for (const day of days) {
    const key = `${day.date}:${slug(day.name)}`;
    const entry = joined.get(key) ?? { first: day, countries: new Set<string>(), publicIn: new Set<string>(), days: day.days, names: {} };
    entry.countries.add(day.country);
    if (day.kind === 'public') entry.publicIn.add(day.country);
    entry.days = Math.max(entry.days, day.days);
    entry.names = { ...day.names, ...entry.names };
    joined.set(key, entry);
  }
  return [...joined.values()].map(({ first, countries, publicIn, days: length, names }) => ({
    id: `day:${first.date}:${slug(first.name)}`,
    name: first.name,
    names,
    date: first.date,
    days: length,
    kind: publicIn.size > 0 ? 'public' : 'observance',
    description: '',
    descriptions: {},
    countries: [...countries].sort(),
    publicIn: [...publicIn].sort(),
    worldviews: [],
    heritages: [],
  }));
};

/**
 * The observances for a year, reckoned in the organisation's country and time zone: rules
 * through date-holidays' setHoliday, typed lunisolar dates as they are.
 */
const observances = (year: number, orgCountry: string, timeZone: string): CatalogueEvent[] => {
  const events: CatalogueEvent[] = [];
  for (const observance of OBSERVANCES) {
    const texts = OBSERVANCE_TRANSLATIONS[observance.key] ?? {};
    const base = {
      name: observance.name,
      names: Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text.name])),
      descriptions: Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text.description])),
      publicIn: [],
      kind: observance.kind,
      description: observance.description,
      countries: observance.countries,
      worldviews: observance.worldviews,
      heritages: observance.heritages,
    };
    if (observance.dates !== undefined) {
      for (const date of observance.dates.filter((day) => day.startsWith(`${year}-`))) events.push({ ...base, id: `obs:${observance.key}:${date}`, date, days: 1 });
      continue;
    }
    // The organisation's country gives the reckoning place; its own holidays are unset, only this rule stays.
    const probe = new Holidays(orgCountry, { languages: ['en'], timezone: timeZone });
    for (const held of probe.getRules()) probe.unsetRule((held as unknown as { rule: string }).rule);
    probe.setHoliday(observance.rule!, { name: { en: observance.name }, type: 'observance' });
    for (const day of probe.getHolidays(year, 'en')) {
      const date = dayOf(day.start, timeZone);
      events.push({ ...base, id: `obs:${observance.key}:${date}`, date, days: daysBetween(day.start, day.end) });
    }
  }
  return events;
};

/**
 * The catalogue's observances joined with the countries' day of the same name and date
 * (Christmas Day is a public holiday in the countries that keep it). The observance keeps its
 * id, description and links; it gains the countries and the other languages' names.
 */
const withObservances = (countryEvents: readonly CatalogueEvent[], kept: readonly CatalogueEvent[]): CatalogueEvent[] => {
  const byDay = new Map(countryEvents.map((event) => [`${event.date}:${slug(event.name)}`, event]));
  const taken = new Set<CatalogueEvent>();
  const joined = kept.map((observance): CatalogueEvent => {
    const match = byDay.get(`${observance.date}:${slug(observance.name)}`);
    if (match === undefined || taken.has(match)) return observance;
    taken.add(match);
    return {
      ...observance,
      kind: match.publicIn.length > 0 ? 'public' : observance.kind,
      names: { ...match.names, ...observance.names },
      days: Math.max(observance.days, match.days),
      countries: [...new Set([...observance.countries, ...match.countries])].sort(),
      publicIn: match.publicIn,
    };
  });
  return [...countryEvents.filter((event) => !taken.has(event)), ...joined];
};

const countryCache = new Map<number, CatalogueEvent[]>();
const yearCache = new Map<string, CatalogueEvent[]>();

/** Every catalogue event of a calendar year. */
export const catalogueYear = (year: number, orgCountry: string, timeZone: string): CatalogueEvent[] => {
  let countryEvents = countryCache.get(year);
  if (!countryEvents) countryCache.set(year, (countryEvents = joinCountryDays(countryDays(year))));
  const key = `${year}:${orgCountry}:${timeZone}`;
  let events = yearCache.get(key);
  if (!events) yearCache.set(key, (events = withObservances(countryEvents, observances(year, orgCountry, timeZone))));
  return events;
};

/** The catalogue between two days (from inclusive, to exclusive), by date then name. */
export const catalogueWindow = (from: string, to: string, orgCountry: string, timeZone: string): CatalogueEvent[] => {
  const years: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) years.push(year);
  return years
    .flatMap((year) => catalogueYear(year, orgCountry, timeZone))
    .filter((event) => event.date >= from && event.date < to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
};
