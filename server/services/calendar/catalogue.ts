import Holidays from 'date-holidays';
import type { CalendarEventKind } from '../../../domain/contracts/calendar';
import { OBSERVANCES } from '../../../domain/calendar/observances';

/**
 * The calendar's catalogue: every public holiday date-holidays knows (207 countries) and the
 * observances of domain/calendar/observances.ts, for whole calendar years. Codes, not lookup
 * ids: the service maps them. Built once per (year, organisation country) and kept: the
 * package takes about a second and a half for a year of every country.
 */
export interface CatalogueEvent {
  readonly id: string;
  readonly name: string;
  /** The day in the time zone where it is kept (YYYY-MM-DD). */
  readonly date: string;
  readonly days: number;
  readonly kind: CalendarEventKind;
  readonly description: string;
  readonly countries: readonly string[];
  readonly worldviews: readonly string[];
  readonly heritages: readonly string[];
}

const DAY_MS = 86_400_000;

/** A Date's calendar day in a time zone (YYYY-MM-DD). */
export const dayIn = (instant: Date, timeZone: string): string => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
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

/** Public holidays (and the bank holidays, observances, optional and school days the package lists) of every country for a year. */
const countryHolidays = (year: number): CatalogueEvent[] => {
  const events: CatalogueEvent[] = [];
  const countries = Object.keys(new Holidays().getCountries('en'));
  for (const country of countries) {
    const holidays = new Holidays(country, { languages: ['en'] });
    const zone = zoneOf(country);
    const seen = new Set<string>();
    for (const holiday of holidays.getHolidays(year, 'en')) {
      // The start Date, not the date string: an Islamic day's string can carry an offset.
      const date = dayOf(holiday.start, zone);
      const id = `${country}:${date}:${slug(holiday.name)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      events.push({
        id,
        name: holiday.name,
        date,
        days: daysBetween(holiday.start, holiday.end),
        // Public and bank holidays are days off; the package's other days (observances, optional and school days) are marked only.
        kind: holiday.type === 'public' || holiday.type === 'bank' ? 'public' : 'observance',
        description: '',
        countries: [country],
        worldviews: [],
        heritages: [],
      });
    }
  }
  return events;
};

/**
 * The observances for a year, reckoned in the organisation's country and time zone: rules
 * through date-holidays' setHoliday, typed lunisolar dates as they are.
 */
const observances = (year: number, orgCountry: string, timeZone: string): CatalogueEvent[] => {
  const events: CatalogueEvent[] = [];
  for (const observance of OBSERVANCES) {
    const base = {
      name: observance.name,
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

const publicCache = new Map<number, CatalogueEvent[]>();
const observanceCache = new Map<string, CatalogueEvent[]>();

/** Every catalogue event of a calendar year. */
export const catalogueYear = (year: number, orgCountry: string, timeZone: string): CatalogueEvent[] => {
  let holidays = publicCache.get(year);
  if (!holidays) publicCache.set(year, (holidays = countryHolidays(year)));
  const key = `${year}:${orgCountry}:${timeZone}`;
  let kept = observanceCache.get(key);
  if (!kept) observanceCache.set(key, (kept = observances(year, orgCountry, timeZone)));
  return [...holidays, ...kept];
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
