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
