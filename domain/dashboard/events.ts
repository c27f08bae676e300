import * as t from 'io-ts';
import { message } from '../kernel/message';

export const dashboardCommands = {
  /** The header's Refresh: reload the data of the page being read. */
  refresh: message('dashboard/refresh', { page: t.string }),
};
export const DashboardCommand = dashboardCommands.refresh;
export type DashboardCommand = t.TypeOf<typeof DashboardCommand>;

export const dashboardEvents = {
  reloadRequested: message('dashboard/reloadRequested', { page: t.string }),
};
export const DashboardEvent = dashboardEvents.reloadRequested;
export type DashboardEvent = t.TypeOf<typeof DashboardEvent>;

export interface DashboardState {
  /** How many reloads each page has been asked for; a page's sections reload when it changes. */
  readonly reloads: Readonly<Record<string, number>>;
}

export const initialDashboard: DashboardState = { reloads: {} };

export const dashboardReducer = (state: DashboardState = initialDashboard, event: { type: string }): DashboardState => {
  if (event.type === 'dashboard/reloadRequested') {
    const { page } = event as DashboardEvent;
    return { reloads: { ...state.reloads, [page]: (state.reloads[page] ?? 0) + 1 } };
  }
  if (event.type === 'session/signedOut') return initialDashboard;
  return state;
};
