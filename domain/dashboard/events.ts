import * as t from 'io-ts';
import { CompareSelection } from '../contracts/compare';
import { ExportFormat } from '../contracts/exports';
import { Filters } from '../filters/model';
import { message } from '../kernel/message';

/** A comparison's spreadsheet: everything ('excel') or its key facts ('key-facts'). */
export const CompareExportKind = t.keyof({ excel: null, 'key-facts': null });
export type CompareExportKind = t.TypeOf<typeof CompareExportKind>;

export const dashboardCommands = {
  /** The header's Refresh: reload the data of the page being read. */
  refresh: message('dashboard/refresh', { page: t.string }),
  /** The page's Export (xlsx of every card) or a card's CSV, with the filters active now. */
  export: message('dashboard/export', { page: t.string, format: ExportFormat, card: t.union([t.string, t.null]) }),
  /** Compare → Internal's download: the comparison (or its key facts) as a spreadsheet, with the filters active now. */
  exportCompare: message('dashboard/exportCompare', { page: t.string, kind: CompareExportKind, selections: t.array(CompareSelection) }),
};
export const DashboardCommand = t.union([dashboardCommands.refresh, dashboardCommands.export, dashboardCommands.exportCompare]);
export type DashboardCommand = t.TypeOf<typeof DashboardCommand>;

export const dashboardEvents = {
  reloadRequested: message('dashboard/reloadRequested', { page: t.string }),
  /** An export was asked for; `filters` are the ones it was asked with (the effect sends these). */
  exportRequested: message('dashboard/exportRequested', { page: t.string, format: ExportFormat, card: t.union([t.string, t.null]), filters: Filters }),
  exportCompareRequested: message('dashboard/exportCompareRequested', { page: t.string, kind: CompareExportKind, selections: t.array(CompareSelection), filters: Filters }),
  exported: message('dashboard/exported', { page: t.string, fileName: t.string }),
  exportFailed: message('dashboard/exportFailed', { page: t.string, message: t.string }),
};
export const DashboardEvent = t.union([
  dashboardEvents.reloadRequested,
  dashboardEvents.exportRequested,
  dashboardEvents.exportCompareRequested,
  dashboardEvents.exported,
  dashboardEvents.exportFailed,
]);
export type DashboardEvent = t.TypeOf<typeof DashboardEvent>;

/** What the last export of the session did, for the page's live message. */
export type ExportNote = { readonly kind: 'done'; readonly fileName: string } | { readonly kind: 'failed'; readonly message: string };

/** The key of an export in progress: the page, and the card when only one is exported. */
export const exportKey = (page: string, card: string | null): string => (card === null ? page : `${page} ${card}`);

