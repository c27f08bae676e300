import * as t from 'io-ts';
import { ExportFormat } from '../contracts/exports';
import { Filters } from '../filters/model';
import { message } from '../kernel/message';

export const dashboardCommands = {
  /** The header's Refresh: reload the data of the page being read. */
  refresh: message('dashboard/refresh', { page: t.string }),
  /** The page's Export (xlsx of every card) or a card's CSV, with the filters active now. */
  export: message('dashboard/export', { page: t.string, format: ExportFormat, card: t.union([t.string, t.null]) }),
};
export const DashboardCommand = t.union([dashboardCommands.refresh, dashboardCommands.export]);
export type DashboardCommand = t.TypeOf<typeof DashboardCommand>;

export const dashboardEvents = {
  reloadRequested: message('dashboard/reloadRequested', { page: t.string }),
  /** An export was asked for; `filters` are the ones it was asked with (the effect sends these). */
  exportRequested: message('dashboard/exportRequested', { page: t.string, format: ExportFormat, card: t.union([t.string, t.null]), filters: Filters }),
  exported: message('dashboard/exported', { page: t.string, fileName: t.string }),
  exportFailed: message('dashboard/exportFailed', { page: t.string, message: t.string }),
};
export const DashboardEvent = t.union([dashboardEvents.reloadRequested, dashboardEvents.exportRequested, dashboardEvents.exported, dashboardEvents.exportFailed]);
export type DashboardEvent = t.TypeOf<typeof DashboardEvent>;

/** What the last export of the session did, for the page's live message. */
export type ExportNote = { readonly kind: 'done'; readonly fileName: string } | { readonly kind: 'failed'; readonly message: string };

export interface DashboardState {
  /** How many reloads each page has been asked for; a page's sections reload when it changes. */
  readonly reloads: Readonly<Record<string, number>>;
  /** The export on its way ('overview' for a page, 'overview language/tree' for a card), if any. */
  readonly exporting?: string;
  readonly exportNote?: ExportNote;
}

export const initialDashboard: DashboardState = { reloads: {} };

/** The key of an export in progress: the page, and the card when only one is exported. */
export const exportKey = (page: string, card: string | null): string => (card === null ? page : `${page} ${card}`);

/** One export at a time: another Export while a file is being made is dropped. */
export const decideExport = (state: DashboardState, command: t.TypeOf<typeof dashboardCommands.export>, filters: Filters): DashboardEvent[] =>
  state.exporting !== undefined ? [] : [{ type: 'dashboard/exportRequested', page: command.page, format: command.format, card: command.card, filters }];

export const dashboardReducer = (state: DashboardState = initialDashboard, event: { type: string }): DashboardState => {
  switch (event.type) {
    case 'dashboard/reloadRequested': {
      const { page } = event as t.TypeOf<typeof dashboardEvents.reloadRequested>;
      return { ...state, reloads: { ...state.reloads, [page]: (state.reloads[page] ?? 0) + 1 } };
    }
    case 'dashboard/exportRequested': {
      const { page, card } = event as t.TypeOf<typeof dashboardEvents.exportRequested>;
      return { reloads: state.reloads, exporting: exportKey(page, card) };
    }
    case 'dashboard/exported': {
      const { fileName } = event as t.TypeOf<typeof dashboardEvents.exported>;
      return { reloads: state.reloads, exportNote: { kind: 'done', fileName } };
    }
    case 'dashboard/exportFailed': {
      const { message: text } = event as t.TypeOf<typeof dashboardEvents.exportFailed>;
      return { reloads: state.reloads, exportNote: { kind: 'failed', message: text } };
    }
    case 'session/signedOut':
      return initialDashboard;
    default:
      return state;
  }
};
