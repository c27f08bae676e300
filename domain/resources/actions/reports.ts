import { reportEndpoints } from '../../contracts/reports';
import type { ActionEntry } from './entry';

/** The report builder's saved definitions. */
export const reportActions = {
  saveReport: { endpoint: reportEndpoints.save, reloads: ['savedReports'], done: 'The report is saved.' },
  deleteReport: { endpoint: reportEndpoints.remove, reloads: ['savedReports'], done: 'The report is deleted.' },
} satisfies Record<string, ActionEntry>;
