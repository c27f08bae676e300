import { calendarEndpoints } from '../../contracts/calendar';
import type { ActionEntry } from './entry';

/** The private calendar link: a new one (shown once), or revoked. */
export const calendarActions = {
  createCalendarFeed: { endpoint: calendarEndpoints.createFeed, reloads: ['calendarFeed'], done: 'Your private calendar link is ready.' },
  revokeCalendarFeed: { endpoint: calendarEndpoints.revokeFeed, reloads: ['calendarFeed'], done: 'The calendar link no longer works.' },
} satisfies Record<string, ActionEntry>;
