import type { AppEvent } from '../app/events';
import { type ExportNote, exportKey } from './events';

export interface DashboardState {
  /** How many reloads each page has been asked for (the reloads themselves are the reload effect's). */
  readonly reloads: Readonly<Record<string, number>>;
  /** The export on its way ('overview' for a page, 'overview language/tree' for a card), if any. */
  readonly exporting?: string;
  readonly exportNote?: ExportNote;
}

export const initialDashboard: DashboardState = { reloads: {} };

export const dashboardReducer = (state: DashboardState = initialDashboard, event: AppEvent): DashboardState => {
  switch (event.type) {
    case 'dashboard/reloadRequested':
      return { ...state, reloads: { ...state.reloads, [event.page]: (state.reloads[event.page] ?? 0) + 1 } };
    case 'dashboard/exportRequested':
      return { reloads: state.reloads, exporting: exportKey(event.page, event.card) };
    case 'dashboard/exportCompareRequested':
      return { reloads: state.reloads, exporting: exportKey(event.page, event.kind) };
    case 'dashboard/exported':
      return { reloads: state.reloads, exportNote: { kind: 'done', fileName: event.fileName } };
    case 'dashboard/exportFailed':
      return { reloads: state.reloads, exportNote: { kind: 'failed', message: event.message } };
    case 'session/signedOut':
      return initialDashboard;
    default:
      return state;
  }
};
