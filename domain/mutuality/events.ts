import * as t from 'io-ts';
import { message } from '../kernel/message';

/** Compare → External: the comparison with a country as a spreadsheet (POST /general/export-excel-mutuality). */
export const mutualityCommands = {
  downloadExcel: message('mutuality/downloadExcel', { organizationId: t.string, countryId: t.string }),
};
export const MutualityCommand = mutualityCommands.downloadExcel;
export type MutualityCommand = t.TypeOf<typeof MutualityCommand>;

export const mutualityEvents = {
  excelRequested: message('mutuality/excelRequested', { organizationId: t.string, countryId: t.string }),
  excelDownloaded: message('mutuality/excelDownloaded', { countryId: t.string, fileName: t.string }),
  /** A failure is also shown by the API client's own notification (the call is not silent). */
  excelFailed: message('mutuality/excelFailed', { countryId: t.string, message: t.string }),
};
export const MutualityEvent = t.union([mutualityEvents.excelRequested, mutualityEvents.excelDownloaded, mutualityEvents.excelFailed]);
export type MutualityEvent = t.TypeOf<typeof MutualityEvent>;
