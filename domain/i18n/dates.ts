import { productLanguage } from './languages';

/**
 * Dates as people read them (SPEC section 9: day, month name, year), through Intl in the page's
 * language: '3 mars 2026' in French, '٣ مارس ٢٠٢٦' in Arabic. One place for every screen.
 */
export interface DateFormats {
  /** A day: a calendar date ('2026-03-03', read as that day wherever the reader is) or an instant (its day where the reader is). */
  readonly day: (iso: string) => string;
  /** An instant to the minute in UTC, saying so (survey link times are kept in UTC). */
  readonly utcTime: (iso: string) => string;
  /** A month ('2026-03') with its year. */
  readonly month: (month: string) => string;
  /** An instant's time of day where the reader is, naming that time zone ('22:17 AEDT'): a bare '10:17:20 PM' leaves them guessing whose. */
  readonly localTime: (iso: string) => string;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const byLanguage = new Map<string, DateFormats>();

/** The date formats of a product language code ('au', 'fr', 'ar'...); an unknown code is Australian English. */
export const dateFormats = (code: string): DateFormats => {
  const known = byLanguage.get(code);
  if (known) return known;
  const { lang } = productLanguage(code);
  const dayOptions = { day: 'numeric', month: 'long', year: 'numeric' } as const;
  const calendarDay = new Intl.DateTimeFormat(lang, { ...dayOptions, timeZone: 'UTC' });
  const localDay = new Intl.DateTimeFormat(lang, dayOptions);
  const utc = new Intl.DateTimeFormat(lang, { ...dayOptions, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' });
  const month = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const localTime = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  // What cannot be read as a date is shown as it came rather than as "Invalid Date".
  const guarded = (format: Intl.DateTimeFormat, toDate: (text: string) => Date) => (text: string) => {
    const date = toDate(text);
    return Number.isNaN(date.getTime()) ? text : format.format(date);
  };
  const formats: DateFormats = {
    day: (iso) => (CALENDAR_DAY.test(iso) ? guarded(calendarDay, (d) => new Date(`${d}T00:00:00Z`))(iso) : guarded(localDay, (d) => new Date(d))(iso)),
    utcTime: guarded(utc, (iso) => new Date(iso)),
    month: guarded(month, (m) => new Date(`${m}-01T00:00:00Z`)),
    localTime: guarded(localTime, (iso) => new Date(iso)),
  };
  byLanguage.set(code, formats);
  return formats;
};

