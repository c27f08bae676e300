import * as t from 'io-ts';
import { message } from '../kernel/message';

/** The calendar's year as a spreadsheet: asked for on the page, downloaded by an effect. */
export const calendarCommands = {
  exportYear: message('calendar/exportYear', { view: t.keyof({ relevant: null, all: null }) }),
};
export const CalendarCommand = calendarCommands.exportYear;
export type CalendarCommand = t.TypeOf<typeof CalendarCommand>;

export const calendarEvents = {
  exportRequested: message('calendar/exportRequested', { view: t.keyof({ relevant: null, all: null }) }),
  exported: message('calendar/exported', { fileName: t.string }),
  exportFailed: message('calendar/exportFailed', { message: t.string }),
};
export const CalendarEvent = t.union([calendarEvents.exportRequested, calendarEvents.exported, calendarEvents.exportFailed]);
export type CalendarEvent = t.TypeOf<typeof CalendarEvent>;
