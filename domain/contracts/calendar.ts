import * as t from 'io-ts';
import { endpoint } from './endpoint';

/**
 * The cultural diversity calendar (issue 17): the next 12 months of public holidays
 * (date-holidays) and observances (domain/calendar/observances.ts), each linked to the
 * worldviews, heritages (lookup ids) and countries (alpha-2) it belongs to, dated in the
 * organisation's time zone, with how many of the organisation's people share a linked group
 * taken from the dashboard's released figures only.
 */

export const CalendarView = t.keyof({ relevant: null, all: null });
export type CalendarView = t.TypeOf<typeof CalendarView>;
export const CalendarSort = t.keyof({ date: null, relevance: null });
export type CalendarSort = t.TypeOf<typeof CalendarSort>;

/** Every field is text on the wire and checked by the service (422 in the SPEC's words). */
export const CalendarQuery = t.partial({
  /** 'YYYY-MM', one month of the window. */
  month: t.string,
  /** A worldview lookup id. */
  worldview: t.string,
  /** An ISO 3166 alpha-2 code. */
  country: t.string,
  view: t.string,
  sort: t.string,
  /** The page's language for the events' names (en, fr, es, ar, zh); English where the catalogue has no name in it. */
  language: t.string,
});
export type CalendarQuery = t.TypeOf<typeof CalendarQuery>;

export const CalendarEventKind = t.keyof({ public: null, observance: null, awareness: null });
export type CalendarEventKind = t.TypeOf<typeof CalendarEventKind>;

/** The released share (percent, one decimal) of respondents in one linked group. */
export const CalendarRelevance = t.strict({
  group: t.keyof({ worldview: null, heritage: null, country: null }),
  id: t.string,
  label: t.string,
  percent: t.number,
});
export type CalendarRelevance = t.TypeOf<typeof CalendarRelevance>;

export const CalendarEvent = t.strict({
  id: t.string,
  name: t.string,
  /** The day in the organisation's time zone, YYYY-MM-DD. */
  date: t.string,
  /** Days it lasts (Hanukkah 8). */
  days: t.number,
  kind: CalendarEventKind,
  /** A neutral sentence for the catalogue's observances; '' for date-holidays days (the client says "a public holiday in …" or "a day marked in …"). */
  description: t.string,
  countries: t.array(t.string),
  /** The countries among them where it is a public holiday; the others mark it only. */
  publicIn: t.array(t.string),
  worldviews: t.array(t.string),
  heritages: t.array(t.string),
  /** The largest released share among the linked groups; null when none is released. */
  relevance: t.union([CalendarRelevance, t.null]),
});
export type CalendarEvent = t.TypeOf<typeof CalendarEvent>;

export const CalendarOption = t.strict({ id: t.string, label: t.string });

export const CalendarData = t.strict({
  timeZone: t.string,
  from: t.string,
  to: t.string,
  view: CalendarView,
  sort: CalendarSort,
  /** The whole catalogue over the window: dated events and countries. */
  catalogue: t.strict({ events: t.number, countries: t.number }),
  /** Lunisolar festivals typed per year, and the last year known. */
  typedUntil: t.array(t.strict({ name: t.string, year: t.number })),
  months: t.array(t.string),
  worldviews: t.array(CalendarOption),
  countries: t.array(CalendarOption),
  /** The heritages the catalogue links to, for their names. */
  heritages: t.array(CalendarOption),
  events: t.array(CalendarEvent),
});
export type CalendarData = t.TypeOf<typeof CalendarData>;

export const CalendarFeed = t.strict({
  active: t.boolean,
  createdAt: t.union([t.string, t.null]),
  /** Only in the answer that creates the link: the token is stored hashed and cannot be shown again. */
  url: t.union([t.string, t.null]),
});
export type CalendarFeed = t.TypeOf<typeof CalendarFeed>;

export const calendarEndpoints = {
  events: endpoint({ method: 'GET', path: '/general/calender-events', query: CalendarQuery, data: CalendarData }),
  /** The year as a spreadsheet (answers the file, not an envelope). */
  exportYear: endpoint({ method: 'GET', path: '/general/calender-events/export', query: t.partial({ view: t.string }), data: t.unknown }),
  /** The events of the current view (the same query as events) as an iCalendar file (answers the file, not an envelope). */
  exportIcs: endpoint({ method: 'GET', path: '/general/calender-events/ics', query: CalendarQuery, data: t.unknown }),
  feed: endpoint({ method: 'GET', path: '/general/calender-events/feed', data: CalendarFeed }),
  /** A new private link (any older one stops working). Audited. */
  createFeed: endpoint({ method: 'POST', path: '/general/calender-events/feed', body: t.strict({}), data: CalendarFeed }),
  /** The link stops working (404). Audited. */
  revokeFeed: endpoint({ method: 'POST', path: '/general/calender-events/feed/revoke', body: t.strict({}), data: CalendarFeed }),
} as const;

/** The public feed's address below /api: the token is its only credential. */
export const CALENDAR_FEED_PREFIX = '/calendar/feed/';

export const calendarMessages = {
  feedNotFound: 'This calendar link does not exist or was revoked.',
} as const;
