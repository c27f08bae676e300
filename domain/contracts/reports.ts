import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { ExportFilters, ExportPage } from './exports';

/**
 * Reports (issue 16): a report definition names a title, the dashboard pages and the cards of
 * each (the export catalogue: EXPORT_PAGES / EXPORT_CARDS of exports.ts), the dashboard filters
 * and the date range (filter's date-tag). The server answers it as a PDF made from the figures
 * the statistics endpoints release to the same caller, so a report can only hold what the
 * dashboard shows. A saved definition is run again on whatever the data is then.
 */

export const REPORT_TITLE_MAX = 200;
export const REPORT_NAME_MAX = 120;

/** One page of a report and its chosen cards (keys as EXPORT_CARDS names them, e.g. 'language/row-one'). */
export const ReportPageChoice = t.strict({ page: ExportPage, cards: t.array(t.string) });
export type ReportPageChoice = t.TypeOf<typeof ReportPageChoice>;

export const ReportDefinition = t.intersection([t.strict({ title: t.string, pages: t.array(ReportPageChoice) }), t.partial({ filter: ExportFilters })]);
export type ReportDefinition = t.TypeOf<typeof ReportDefinition>;

/** POST /general/report/save: a definition kept under a name for the organisation. */
export const SaveReportBody = t.strict({ name: t.string, definition: ReportDefinition });
export type SaveReportBody = t.TypeOf<typeof SaveReportBody>;

export const ReportIdBody = t.strict({ id: t.string });

export const SavedReport = t.strict({ id: t.string, name: t.string, definition: ReportDefinition, createdBy: t.union([t.string, t.null]), createdAt: t.string });
export type SavedReport = t.TypeOf<typeof SavedReport>;
export const SavedReports = t.strict({ reports: t.array(SavedReport) });
export type SavedReports = t.TypeOf<typeof SavedReports>;

export const reportEndpoints = {
  /** Answers the PDF itself with a Content-Disposition, or the 422 envelope. */
  exportReport: endpoint({ method: 'POST', path: '/general/export-report', body: ReportDefinition, data: t.unknown }),
  list: endpoint({ method: 'GET', path: '/general/report/list', data: SavedReports }),
  save: endpoint({ method: 'POST', path: '/general/report/save', body: SaveReportBody, data: SavedReport }),
  remove: endpoint({ method: 'POST', path: '/general/report/delete', body: ReportIdBody, data: t.null }),
} as const;

export const reportMessages = {
  titleRequired: 'The title field is required',
  titleTooLong: `The title may not be greater than ${REPORT_TITLE_MAX} characters.`,
  pagesRequired: 'The pages field is required',
  pagesDuplicate: 'The pages field has a duplicate value.',
  nameRequired: 'Please enter a name.',
  nameTooLong: `The name may not be greater than ${REPORT_NAME_MAX} characters.`,
  reportNotFound: 'The selected report is invalid.',
  tooMany: 'The organisation has too many saved reports: delete one first.',
} as const;

/** The file name of a report, e.g. 'board-pack-2026-11-25.pdf'. */
export const reportFileName = (title: string, day: string): string => {
  const slug = title
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug === '' ? 'report' : slug}-${day}.pdf`;
};
