import type * as t from 'io-ts';
import type { Filters } from '../filters/model';
import type { DashboardEvent, dashboardCommands } from './events';
import type { DashboardState } from './reducer';

/** One export at a time: another Export while a file is being made is dropped. */
export const decideExport = (state: DashboardState, command: t.TypeOf<typeof dashboardCommands.export>, filters: Filters): DashboardEvent[] =>
  state.exporting !== undefined ? [] : [{ type: 'dashboard/exportRequested', page: command.page, format: command.format, card: command.card, filters }];

/** One export at a time, as above: a comparison's download while another file is being made is dropped. */
export const decideExportCompare = (state: DashboardState, command: t.TypeOf<typeof dashboardCommands.exportCompare>, filters: Filters): DashboardEvent[] =>
  state.exporting !== undefined ? [] : [{ type: 'dashboard/exportCompareRequested', page: command.page, kind: command.kind, selections: command.selections, filters }];
