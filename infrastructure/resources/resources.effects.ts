import { isLeft, left, right, type Either } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { EMPTY, Subject, catchError, exhaustMap, finalize, groupBy, map, merge, mergeMap, of, switchMap, take, throwError, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import type { AnyEndpoint, QueryOf } from '../../domain/contracts/endpoint';
import { Messages } from '../../domain/contracts/envelope';
import { fieldErrors, type FieldErrors } from '../../domain/contracts/fieldErrors';
import type { ResourceArgs } from '../../domain/resources/commands';
import { actionSucceeded, sectionLoaded } from '../../domain/resources/events';
import { sectionOf } from '../../domain/resources/state';
import type { ActionData, ActionEntry, ActionName, actions } from '../../domain/resources/actions';
import type { SectionEntry, SectionName, sections } from '../../domain/resources/sections';
import { ofType } from '../bus/ofType';
import type { Effect } from '../bus/types';
import type { ApiClient, CallInput } from '../http/client';
import { ApiFailure } from '../http/failure';
import { failureText } from '../effects/failure';
import type { ResourceCatalogue } from './entries';

export interface ResourceDeps {
  readonly api: Pick<ApiClient, 'call'>;
  /** The sections and actions this page knows (the participant's page knows only the survey's). */
  readonly catalogue: ResourceCatalogue;
  /** What follows an action's success beyond its own state, by action (the account's: infrastructure/effects/account.effects.ts). */
  readonly followUps?: ActionFollowUps;
}

/**
 * A follow-up of one action's success: the events that follow it (the person's new details,
 * a language to show) and any I/O outside the store (a new token's cookie, the authenticator's
 * key for the secrets holder). It sees the decoded data even when the entry keeps it secret.
 */
export type FollowUp<K extends ActionName> = (outcome: { readonly data: ActionData<K> | null; readonly state: AppState }) => AppEvent[];
export type ActionFollowUps = { readonly [K in ActionName]?: FollowUp<K> };

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
const toFormData = (fields: object): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    // Several files under one name (the parts of one census table).
    if (Array.isArray(value) && value.every((each) => each instanceof Blob)) for (const each of value) form.append(name, each);
    else if (value instanceof Blob) form.append(name, value);
    else form.append(name, String(value));
  }
  return form;
};

const latestState = (state$: Observable<AppState>): Observable<AppState> => state$.pipe(take(1));

/** The load's args (and the active filters) as the endpoint's query, if they are one. */
const queryOf = <E extends AnyEndpoint>(endpoint: E, candidate: Readonly<Record<string, unknown>>): QueryOf<E> | undefined =>
  endpoint.query.is(candidate) ? candidate : undefined;

/**
 * One load of one section. The endpoint's codec decodes the data (in the API client), once;
 * the event carries it typed by the section's name, and the reducer stores it as it is.
 */
const loadSection = <K extends SectionName>(name: K, entry: (typeof sections)[K], args: ResourceArgs, state: AppState, deps: ResourceDeps): Observable<AppEvent> => {
  const { pathParams, filtered, toQuery }: SectionEntry = entry;
  const { params, query } = splitArgs(args, pathParams);
  const withFilters = filtered ? { ...state.filters.active, ...query } : query;
  const input = queryOf(entry.endpoint, (toQuery ? toQuery(withFilters) : withFilters) as Readonly<Record<string, unknown>>);
  // Args that are not the endpoint's query would only earn a 422: the request is not sent.
  if (input === undefined) return of({ type: 'resource/failed', name, message: Messages.invalidData });
  return deps.api.call<(typeof sections)[K]['endpoint']>(entry.endpoint, { params, query: input, silent: true }).pipe(
    map((result): AppEvent =>
      result.status === 204 || result.data === null ? { type: 'resource/empty', name, message: result.message ?? null } : sectionLoaded(name, result.data),
    ),
  );
};

/**
 * Loads a section when it is requested. Per section a newer request supersedes the older one
 * (switchMap unsubscribes, which aborts the call in flight: an aborted request ends quietly).
 */
export const sectionLoadEffect: Effect<ResourceDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('resource/requested'),
    groupBy((event) => event.name),
    mergeMap((requests$) =>
      requests$.pipe(
        switchMap(({ name, args }): Observable<AppEvent> => {
          const entry = deps.catalogue.sectionEntry(name);
          if (!entry) return of({ type: 'resource/failed', name, message: Messages.unknownError });
          return latestState(state$).pipe(
            switchMap((state) => loadSection(name, entry, args, state, deps)),
            catchError((error: unknown) => of<AppEvent>({ type: 'resource/failed', name, message: failureText(error, Messages.unknownError).message })),
          );
        }),
      ),
    ),
  );

const noFollowUp = (): AppEvent[] => [];
const followUp = <K extends ActionName>(action: K, deps: ResourceDeps): FollowUp<K> => deps.followUps?.[action] ?? noFollowUp;

/** A request part checked with its codec: typed when it fits, else the field errors a 422 would name. */
const checked = <C extends t.Mixed>(codec: C, value: unknown, root: string): Either<FieldErrors, t.TypeOf<C>> => {
  if (codec.is(value)) return right(value);
  const decoded = codec.decode(value);
  return left(isLeft(decoded) ? fieldErrors(decoded.left, root) : {});
};

/**
 * The request of one action, typed by its endpoint: the args' query and the form's body
 * checked with the endpoint's codecs (and a multipart action's files with its entry's), or
 * the server's 422 for a request that does not fit, in the same words (the same codecs and
 * domain/contracts/fieldErrors.ts), said without sending it.
 */
const requestOf = <K extends ActionName>(entry: (typeof actions)[K], body: unknown, args: ResourceArgs): Either<ApiFailure, CallInput<(typeof actions)[K]['endpoint']>> => {
  type E = (typeof actions)[K]['endpoint'];
  const { pathParams, files }: ActionEntry = entry;
  const { params, query } = splitArgs(args, pathParams);
  const refused = (errors: FieldErrors) => left(new ApiFailure(422, entry.endpoint.path, Messages.invalidData, errors));
  const typedQuery = checked<E['query']>(entry.endpoint.query, query, 'query');
  if (isLeft(typedQuery)) return refused(typedQuery.left);
  const typedBody = checked<E['body']>(entry.endpoint.body, body, 'body');
  if (isLeft(typedBody)) return refused(typedBody.left);
  if (!files) return right({ params, query: typedQuery.right, body: typedBody.right, silent: true });
  const typedFiles = checked(files, body, 'body');
  if (isLeft(typedFiles)) return refused(typedFiles.left);
  return right({ params, query: typedQuery.right, form: toFormData({ ...typedBody.right, ...typedFiles.right }), silent: true });
};

/**
 * A file upload's progress as events on the bus, for the form's progress bar: one per whole
 * percent sent (per 64 KB when the size is unknown), so a large file does not flood the log.
 */
const uploadProgress = <K extends ActionName>(action: K) => {
  const events = new Subject<AppEvent>();
  let lastStep = -1;
  const report = (sent: number, total: number | undefined): void => {
    const step = total ? Math.floor((Math.min(sent, total) / total) * 100) : Math.floor(sent / 65_536);
    if (step === lastStep) return;
    lastStep = step;
    events.next({ type: 'action/uploadProgress', action, sent, total: total ?? null });
  };
  return { events, report };
};

/**
 * One action sent. Its data is decoded once, with the endpoint's codec, and its success event
 * carries it typed by the action's name. The follow-up's events come before the success, as
 * the form's outcome is the last word.
 */
const sendAction = <K extends ActionName>(
  action: K,
  entry: (typeof actions)[K],
  { body, args }: { body: unknown; args: ResourceArgs },
  state$: Observable<AppState>,
  deps: ResourceDeps,
): Observable<AppEvent> => {
  const request = requestOf(entry, body, args);
  if (isLeft(request)) return throwError(() => request.left);
  if (request.right.form === undefined) return answered(action, entry, request.right, state$, deps);
  const progress = uploadProgress(action);
  return merge(
    progress.events,
    answered(action, entry, { ...request.right, onUploadProgress: progress.report }, state$, deps).pipe(finalize(() => progress.events.complete())),
  );
};

/** The events of an action's answer: its follow-up's, its success, the reloads of the sections it changed. */
const answered = <K extends ActionName>(
  action: K,
  entry: (typeof actions)[K],
  input: CallInput<(typeof actions)[K]['endpoint']>,
  state$: Observable<AppState>,
  deps: ResourceDeps,
): Observable<AppEvent> => {
  const { done, reloads, secret }: ActionEntry = entry;
  return deps.api.call<(typeof actions)[K]['endpoint']>(entry.endpoint, input).pipe(
    switchMap((result) =>
      latestState(state$).pipe(
        mergeMap((state): AppEvent[] => [
          ...followUp(action, deps)({ data: result.data ?? null, state }),
          actionSucceeded(action, result.message ?? done ?? null, secret ? null : (result.data ?? null)),
          ...reloads
            .filter((name) => sectionOf(state.resources, name).status !== 'idle')
            .map((name): AppEvent => ({ type: 'resource/requested', name, args: sectionOf(state.resources, name).args })),
        ]),
      ),
    ),
  );
};

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
          const entry = deps.catalogue.actionEntry(action);
          if (!entry) return EMPTY;
          return sendAction(action, entry, { body, args }, state$, deps).pipe(
            catchError((error: unknown) => of<AppEvent>({ type: 'action/failed', action, ...failureText(error, Messages.unknownError) })),
          );
        }),
      ),
    ),
  );
