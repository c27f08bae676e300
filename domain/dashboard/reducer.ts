import type { AppEvent } from '../app/events';

export interface DashboardState {
  /** How many reloads each page has been asked for (the reloads themselves are the reload effect's). */
  readonly reloads: Readonly<Record<string, number>>;
}

export const initialDashboard: DashboardState = { reloads: {} };

export const dashboardReducer = (state: DashboardState = initialDashboard, event: AppEvent): DashboardState => {
  switch (event.type) {
    case 'dashboard/reloadRequested':
      return { reloads: { ...state.reloads, [event.page]: (state.reloads[event.page] ?? 0) + 1 } };
    case 'session/signedOut':
      return initialDashboard;
    default:
      return state;
  }
};
