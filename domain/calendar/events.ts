import * as t from 'io-ts';
import { message } from '../kernel/message';

/** The page's query as the server reads it: month, worldview, country, view, sort and language. */
const ViewQuery = t.record(t.string, t.string);

/** The calendar's year as a spreadsheet, or the current view as an .ics file: asked for on the page, downloaded by an effect. */
export const calendarCommands = {
  exportYear: message('calendar/exportYear', { view: t.keyof({ relevant: null, all: null }) }),
  downloadView: message('calendar/downloadView', { query: ViewQuery }),
};
export const CalendarCommand = t.union([calendarCommands.exportYear, calendarCommands.downloadView]);
export type CalendarCommand = t.TypeOf<typeof CalendarCommand>;

export const calendarEvents = {
  exportRequested: message('calendar/exportRequested', { view: t.keyof({ relevant: null, all: null }) }),
  viewRequested: message('calendar/viewRequested', { query: ViewQuery }),
  exported: message('calendar/exported', { fileName: t.string }),
  exportFailed: message('calendar/exportFailed', { message: t.string }),
};
export const CalendarEvent = t.union([calendarEvents.exportRequested, calendarEvents.viewRequested, calendarEvents.exported, calendarEvents.exportFailed]);
export type CalendarEvent = t.TypeOf<typeof CalendarEvent>;
