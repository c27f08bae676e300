import { calendarEndpoints } from '../../contracts/calendar';
import type { SectionEntry } from './entry';

/** The cultural diversity calendar (its args are the query: month, worldview, country, view, sort) and the caller's feed link. */
export const calendarSections = {
  calendarEvents: { endpoint: calendarEndpoints.events },
  calendarFeed: { endpoint: calendarEndpoints.feed },
} satisfies Record<string, SectionEntry>;
