import * as t from 'io-ts';
import { ReportDefinition, ReportPageChoice } from '../contracts/reports';
import { message } from '../kernel/message';

/** The report builder asks for a PDF of its title and chosen cards; the active filters are added when it is decided. */
export const reportCommands = {
  download: message('report/download', { title: t.string, pages: t.array(ReportPageChoice) }),
  /** A saved definition run again on today's data, with the filters it was saved with. */
  run: message('report/run', { definition: ReportDefinition }),
};
export const ReportCommand = t.union([reportCommands.download, reportCommands.run]);
export type ReportCommand = t.TypeOf<typeof ReportCommand>;

export const reportEvents = {
  pdfRequested: message('report/pdfRequested', { definition: ReportDefinition }),
  pdfDownloaded: message('report/pdfDownloaded', { fileName: t.string }),
  /** A failure is also shown by the API client's own notification (the call is not silent). */
  pdfFailed: message('report/pdfFailed', { message: t.string }),
};
export const ReportEvent = t.union([reportEvents.pdfRequested, reportEvents.pdfDownloaded, reportEvents.pdfFailed]);
export type ReportEvent = t.TypeOf<typeof ReportEvent>;
