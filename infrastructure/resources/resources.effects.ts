import { EMPTY, catchError, exhaustMap, groupBy, map, mergeMap, of, switchMap, take, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import { Messages } from '../../domain/contracts/envelope';
import type { ResourceArgs } from '../../domain/resources/events';
import { sectionOf } from '../../domain/resources/events';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient } from '../http/client';
import { failureText } from '../effects/failure';
import type { ResourceCatalog } from './entries';

export interface ResourceDeps {
  readonly api: Pick<ApiClient, 'call'>;
  /** The sections and actions this page knows (the participant's page knows only the survey's). */
  readonly catalog: ResourceCatalog;
}

/** Splits args into path placeholders and the query. */
const splitArgs = (args: ResourceArgs, pathParams: readonly string[] = []) => {
  const params: Record<string, string | number> = {};
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (pathParams.includes(key) && (typeof value === 'string' || typeof value === 'number')) params[key] = value;
    else query[key] = value;
  }
  return { params, query };
};

/** Text fields as text, files as files; absent and null fields are left out. */
const toFormData = (body: unknown): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value);
    else form.append(name, String(value));
  }
  return form;
};

const latestState = (state$: Observable<AppState>): Observable<AppState> => state$.pipe(take(1));

/**
 * Loads a section when it is requested. Per section a newer request supersedes the older one
 * (switchMap unsubscribes, which aborts the axios call: an aborted request ends quietly).
 */
export const sectionLoadEffect: Effect<ResourceDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('resource/requested'),
    groupBy((event) => event.name),
    mergeMap((requests$) =>
      requests$.pipe(
        switchMap(({ name, args }): Observable<AppEvent> => {
          const entry = deps.catalog.sectionEntry(name);
          if (!entry) return of({ type: 'resource/failed', name, message: Messages.unknownError });
          return latestState(state$).pipe(
            switchMap((state) => {
              const { params, query } = splitArgs(args, entry.pathParams);
              const withFilters = entry.filtered ? { ...state.filters.active, ...query } : query;
              const sent = entry.toQuery ? entry.toQuery(withFilters) : withFilters;
              return deps.api.call(entry.endpoint, { params, query: sent as never, silent: true });
            }),
            map((result): AppEvent =>
              result.status === 204 || result.data === null
                ? { type: 'resource/empty', name, message: result.message ?? null }
                : { type: 'resource/loaded', name, data: result.data },
            ),
            catchError((error: unknown) => of<AppEvent>({ type: 'resource/failed', name, message: failureText(error, Messages.unknownError).message })),
          );
        }),
      ),
    ),
  );

/**
 * Sends an action once at a time per action name (a double click is one request), then loads
 * the sections it changed again with the args of their last load.
 */
export const actionEffect: Effect<ResourceDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('action/submit'),
    groupBy((command) => command.action),
    mergeMap((commands$) =>
      commands$.pipe(
        exhaustMap(({ action, body, args }): Observable<AppEvent> => {
          const entry = deps.catalog.actionEntry(action);
          if (!entry) return EMPTY;
          const { params, query } = splitArgs(args, entry.pathParams);
          const form = entry.multipart ? toFormData(body) : undefined;
          return deps.api.call(entry.endpoint, { params, query: query as never, silent: true, ...(form ? { form } : { body: body as never }) }).pipe(
            switchMap((result) =>
              latestState(state$).pipe(
                mergeMap((state): AppEvent[] => [
                  { type: 'action/succeeded', action, message: result.message ?? entry.done ?? null, data: result.data ?? null },
                  ...entry.reloads
                    .filter((name) => sectionOf(state.resources, name).status !== 'idle')
                    .map((name): AppEvent => ({ type: 'resource/requested', name, args: sectionOf(state.resources, name).args })),
                ]),
              ),
            ),
            catchError((error: unknown) => of<AppEvent>({ type: 'action/failed', action, ...failureText(error, Messages.unknownError) })),
          );
        }),
      ),
    ),
  );
