import { catchError, exhaustMap, map, mergeMap, of, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { Messages } from '../../domain/contracts/envelope';
import { type ExportCompareBody, type ExportExcelBody, type ExportPage, exportEndpoints } from '../../domain/contracts/exports';
import { certificateEndpoints } from '../../domain/contracts/certificates';
import { mutualityEndpoints } from '../../domain/contracts/mutuality';
import { extraSurveyEndpoints } from '../../domain/contracts/extraSurvey';
import { reportEndpoints } from '../../domain/contracts/reports';
import { calendarEndpoints } from '../../domain/contracts/calendar';
import { normaliseFilters } from '../../domain/filters/model';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient, DownloadedFile } from '../http/client';
import { failureText } from './failure';

export interface ExportDeps {
  readonly api: Pick<ApiClient, 'download'>;
  /** Hands a file to the browser as a download (a link to an object URL, clicked). */
  readonly saveFile: (file: DownloadedFile, fallbackName: string) => string;
}

/**
 * Export: the server makes the file from the page's released figures with the filters the
 * request names; the file is handed to the browser as a download. exhaustMap: a second click
 * while a file is being made is the same export, not another one (decide drops it too).
 */
export const exportEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('dashboard/exportRequested'),
    exhaustMap(({ page, format, card, filters }): Observable<AppEvent> => {
      const body = { page: page as ExportPage, format, filter: normaliseFilters(filters), ...(card === null ? {} : { card }) } as ExportExcelBody;
      // The extra survey's results have their own export (POST /general/export-extra-survey).
      const file$ =
        page === 'extra-survey'
          ? deps.api.download(extraSurveyEndpoints.exportExtraSurvey, { body: { filter: body.filter ?? {} }, silent: true })
          : deps.api.download(exportEndpoints.exportExcel, { body, silent: true });
      return file$.pipe(
        map((file): AppEvent => ({ type: 'dashboard/exported', page, fileName: deps.saveFile(file, `${page}.${format}`) })),
        catchError((error: unknown) => of<AppEvent>({ type: 'dashboard/exportFailed', page, message: failureText(error, Messages.unknownError).message })),
      );
    }),
  );

/** Compare → Internal's download: the comparison's selections and the filters it was asked with, as the export body. */
export const exportCompareEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('dashboard/exportCompareRequested'),
    exhaustMap(({ page, kind, selections, filters }): Observable<AppEvent> => {
      const endpoint = kind === 'excel' ? exportEndpoints.exportExcelCompare : exportEndpoints.exportKeyFactsCompare;
      const body = { organizations: selections, filter: normaliseFilters(filters) } as ExportCompareBody;
      return deps.api.download(endpoint, { body, silent: true }).pipe(
        map((file): AppEvent => ({ type: 'dashboard/exported', page, fileName: deps.saveFile(file, kind === 'excel' ? 'compare.xlsx' : 'compare-key-facts.xlsx') })),
        catchError((error: unknown) => of<AppEvent>({ type: 'dashboard/exportFailed', page, message: failureText(error, Messages.unknownError).message })),
      );
    }),
  );

/** A certificate's PDF, downloaded for an administrator (mergeMap: each asked-for file comes). */
export const certificatePdfEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('certificate/pdfRequested'),
    mergeMap(({ id }): Observable<AppEvent> =>
      deps.api.download(certificateEndpoints.pdf, { query: { id } }).pipe(
        map((file): AppEvent => ({ type: 'certificate/pdfDownloaded', id, fileName: deps.saveFile(file, 'certificate.pdf') })),
        catchError((error: unknown) => of<AppEvent>({ type: 'certificate/pdfFailed', id, message: failureText(error, Messages.unknownError).message })),
      ),
    ),
  );

/** Compare → External as a spreadsheet (exhaustMap: a second click while the file is made is the same file). */
export const mutualityExcelEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('mutuality/excelRequested'),
    exhaustMap(({ organizationId, countryId }): Observable<AppEvent> =>
      deps.api.download(mutualityEndpoints.exportExcel, { body: { organization_id: organizationId, country_id: countryId } }).pipe(
        map((file): AppEvent => ({ type: 'mutuality/excelDownloaded', countryId, fileName: deps.saveFile(file, 'mutuality.xlsx') })),
        catchError((error: unknown) => of<AppEvent>({ type: 'mutuality/excelFailed', countryId, message: failureText(error, Messages.unknownError).message })),
      ),
    ),
  );

/** The calendar's year as a spreadsheet (exhaustMap: a second click while it is made is the same file). */
export const calendarExportEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('calendar/exportRequested'),
    exhaustMap(({ view }): Observable<AppEvent> =>
      deps.api.download(calendarEndpoints.exportYear, { query: { view } }).pipe(
        map((file): AppEvent => ({ type: 'calendar/exported', fileName: deps.saveFile(file, 'calendar.xlsx') })),
        catchError((error: unknown) => of<AppEvent>({ type: 'calendar/exportFailed', message: failureText(error, Messages.unknownError).message })),
      ),
    ),
  );

/** The page's current view as an .ics file (exhaustMap: a second click while it is made is the same file). */
export const calendarIcsEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('calendar/viewRequested'),
    exhaustMap(({ query }): Observable<AppEvent> =>
      deps.api.download(calendarEndpoints.exportIcs, { query }).pipe(
        map((file): AppEvent => ({ type: 'calendar/exported', fileName: deps.saveFile(file, 'calendar.ics') })),
        catchError((error: unknown) => of<AppEvent>({ type: 'calendar/exportFailed', message: failureText(error, Messages.unknownError).message })),
      ),
    ),
  );

/** The report builder's PDF (exhaustMap: a second click while the report is made is the same report). */
export const reportPdfEffect: Effect<ExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('report/pdfRequested'),
    exhaustMap(({ definition }): Observable<AppEvent> =>
      deps.api.download(reportEndpoints.exportReport, { body: definition }).pipe(
        map((file): AppEvent => ({ type: 'report/pdfDownloaded', fileName: deps.saveFile(file, 'report.pdf') })),
        catchError((error: unknown) => of<AppEvent>({ type: 'report/pdfFailed', message: failureText(error, Messages.unknownError).message })),
      ),
    ),
  );

/** The browser's way of saving a Blob under a name. */
export const browserSaveFile =
  (window: Window) =>
  (file: DownloadedFile, fallbackName: string): string => {
    const name = file.fileName ?? fallbackName;
    const url = URL.createObjectURL(file.blob);
    const link = window.document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    window.document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled, so the download has started.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return name;
  };
