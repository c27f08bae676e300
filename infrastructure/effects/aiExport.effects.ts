import { catchError, concatMap, exhaustMap, from, map, of, switchMap, toArray, withLatestFrom, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import { AI_PROMPT_MAX, aiExportEndpoints, exportRequestsOf, groupComparisonsOf } from '../../domain/contracts/aiExport';
import { mutualityEndpoints } from '../../domain/contracts/mutuality';
import { Messages } from '../../domain/contracts/envelope';
import { exportEndpoints } from '../../domain/contracts/exports';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';
import type { ExportDeps } from './export.effects';
import { failureText } from './failure';

export interface AiExportDeps extends ExportDeps {
  readonly api: Pick<ApiClient, 'call' | 'download'>;
}

/** The prompt goes to GET /general/ai/export with the date range in force; a newer question replaces an older one. */
export const aiExportAskEffect: Effect<AiExportDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('aiExport/asked'),
    switchMap(({ prompt, dateTag }): Observable<AppEvent> => {
      // An empty or too long prompt was answered by decide already.
      if (prompt.trim() === '' || [...prompt].length > AI_PROMPT_MAX) return of();
      return deps.api.call(aiExportEndpoints.understand, { query: { prompt, ...(dateTag === null ? {} : { 'date-tag': dateTag }) }, silent: true }).pipe(
        map((result): AppEvent => (result.data === null ? { type: 'aiExport/failed', message: Messages.unknownError } : { type: 'aiExport/answered', answer: result.data })),
        catchError((error: unknown) => of<AppEvent>({ type: 'aiExport/failed', message: failureText(error, Messages.unknownError).message })),
      );
    }),
  );

/**
 * The download: the description's export requests (a workbook per page, or a CSV per card)
 * through POST /general/export-excel, then its groups side by side (POST
 * /general/export-excel-compare, five groups a workbook) and its census comparison (POST
 * /general/export-excel-mutuality), one after the other, each handed to the browser.
 */
export const aiExportDownloadEffect: Effect<AiExportDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('aiExport/downloadRequested'),
    withLatestFrom(state$),
    exhaustMap(([{ description }, state]): Observable<AppEvent> => {
      const organizationId = state.session.organization?.id;
      const census = description.census;
      const files: (() => Observable<string>)[] = [
        ...exportRequestsOf(description).map((body) => () => deps.api.download(exportEndpoints.exportExcel, { body, silent: true }).pipe(map((file) => deps.saveFile(file, `${body.page}.${body.format ?? 'xlsx'}`)))),
        ...groupComparisonsOf(description).map((body) => () => deps.api.download(exportEndpoints.exportExcelCompare, { body, silent: true }).pipe(map((file) => deps.saveFile(file, 'compare.xlsx')))),
        ...(census === undefined || organizationId === undefined
          ? []
          : [() => deps.api.download(mutualityEndpoints.exportExcel, { body: { organization_id: organizationId, country_id: census }, silent: true }).pipe(map((file) => deps.saveFile(file, 'mutuality.xlsx')))]),
      ];
      return from(files).pipe(
        concatMap((file) => file()),
        toArray(),
        map((fileNames): AppEvent => ({ type: 'aiExport/downloaded', fileNames })),
        catchError((error: unknown) => of<AppEvent>({ type: 'aiExport/downloadFailed', message: failureText(error, Messages.unknownError).message })),
      );
    }),
  );
