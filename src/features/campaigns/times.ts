/** An instant as the clocks of a zone show it, in the page's language ('12 Mar 2027, 09:00'). */
export const timeInZone = (iso: string, timeZone: string, lang: string): string => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
  } catch {
    // A zone this browser does not know: the same instant in UTC, named.
    return `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
  }
};

/** A calendar day (YYYY-MM-DD) in the page's language, without moving it through any zone. */
export const dayLabel = (day: string, lang: string): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return Number.isNaN(at.getTime()) ? day : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
};

/** The IANA zones this browser knows (an empty list in an old one: the form then offers UTC and the campaign's). */
export const supportedZones = (): readonly string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
};

/** The zone the browser is in, a reasonable first choice for a new campaign. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
