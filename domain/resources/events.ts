import * as t from 'io-ts';
import { message } from '../kernel/message';

/**
 * Data sections (SPEC section 3, "Dashboard data sections": orgGroups, tokenAll, ...) and the
 * actions that change them. The domain only knows them by name; which endpoint serves a name
 * is the client's catalogue (infrastructure/resources/catalog.ts).
 *
 * A section is pending, loaded, empty (the server's status 204) or error (SPEC section 4); an
 * aborted request is superseded by a newer one and leaves no trace.
 */
const Args = t.record(t.string, t.union([t.string, t.number, t.boolean, t.null, t.array(t.union([t.string, t.number]))]));
export type ResourceArgs = t.TypeOf<typeof Args>;

const FieldErrors = t.record(t.string, t.array(t.string));

/** The page whose Refresh loads the section again (absent: no page's Refresh does). */
const OfPage = t.partial({ page: t.string });

export const resourceCommands = {
  /** Read a section; `args` are its query or path values. A newer load of the same name supersedes an older one. */
  load: t.intersection([message('resource/load', { name: t.string, args: Args }), OfPage]),
  /**
   * Send an action (a form or a button). The body rides on the command only, never in an
   * event, so a password typed into an invitation form does not reach the log.
   */
  submit: message('action/submit', { action: t.string, body: t.unknown, args: Args }),
  clear: message('action/clear', { action: t.string }),
  /**
   * Load again every section this tab holds, with the args of its last load: another tab
   * switched the view-as group, and only this tab knows what it shows.
   */
  reloadAll: message('resource/reloadAll', {}),
};
export const ResourceCommand = t.union([resourceCommands.load, resourceCommands.submit, resourceCommands.clear, resourceCommands.reloadAll]);
export type ResourceCommand = t.TypeOf<typeof ResourceCommand>;

export const resourceEvents = {
  requested: t.intersection([message('resource/requested', { name: t.string, args: Args }), OfPage]),
  loaded: message('resource/loaded', { name: t.string, data: t.unknown }),
  empty: message('resource/empty', { name: t.string, message: t.union([t.string, t.null]) }),
  failed: message('resource/failed', { name: t.string, message: t.string }),
  actionSubmitted: message('action/submitted', { action: t.string }),
  actionSucceeded: message('action/succeeded', { action: t.string, message: t.union([t.string, t.null]), data: t.unknown }),
  actionFailed: message('action/failed', { action: t.string, message: t.string, errors: FieldErrors }),
  actionCleared: message('action/cleared', { action: t.string }),
};
export const ResourceEvent = t.union([
  resourceEvents.requested,
  resourceEvents.loaded,
  resourceEvents.empty,
  resourceEvents.failed,
  resourceEvents.actionSubmitted,
  resourceEvents.actionSucceeded,
  resourceEvents.actionFailed,
  resourceEvents.actionCleared,
]);
export type ResourceEvent = t.TypeOf<typeof ResourceEvent>;

export type SectionStatus = 'idle' | 'pending' | 'loaded' | 'empty' | 'error';

export interface SectionState {
  readonly status: SectionStatus;
  /** The last loaded data stays while a reload is pending, so screens do not flash. */
  readonly data: unknown;
  /** Empty: the server's reason (for example 'It needs at least 5 answers.'); error: what went wrong. */
  readonly message: string | null;
  readonly args: ResourceArgs;
  /** The page whose Refresh reloads it: once a load names a page, the section stays that page's. */
  readonly page?: string;
}

export interface ActionState {
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly message: string | null;
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly data: unknown;
}

export interface ResourcesState {
  readonly sections: Readonly<Record<string, SectionState>>;
  readonly actions: Readonly<Record<string, ActionState>>;
}

export const initialResources: ResourcesState = { sections: {}, actions: {} };
export const idleSection: SectionState = { status: 'idle', data: null, message: null, args: {} };
export const idleAction: ActionState = { status: 'idle', message: null, errors: {}, data: null };

const withSection = (state: ResourcesState, name: string, next: (section: SectionState) => SectionState): ResourcesState => ({
  ...state,
  sections: { ...state.sections, [name]: next(state.sections[name] ?? idleSection) },
});

const withAction = (state: ResourcesState, action: string, next: ActionState): ResourcesState => ({
  ...state,
  actions: { ...state.actions, [action]: next },
});

/**
 * Another group's view is other data: its sections lose their data and keep what was asked
 * (args and page), so that they are loaded again for the new view (infrastructure/resources/reloads.effects.ts).
 */
const forgetData = (state: ResourcesState): ResourcesState => ({
  sections: Object.fromEntries(
    Object.entries(state.sections).map(([name, section]) => [name, { ...idleSection, args: section.args, ...(section.page === undefined ? {} : { page: section.page }) }]),
  ),
  actions: {},
});

export const resourcesReducer = (state: ResourcesState = initialResources, event: { type: string }): ResourcesState => {
  const e = event as ResourceEvent;
  switch (e.type) {
    case 'resource/requested':
      return withSection(state, e.name, (section) => {
        const page = e.page ?? section.page;
        return { ...section, status: 'pending', message: null, args: e.args, ...(page === undefined ? {} : { page }) };
      });
    case 'resource/loaded':
      return withSection(state, e.name, (section) => ({ ...section, status: 'loaded', data: e.data, message: null }));
    case 'resource/empty':
      return withSection(state, e.name, (section) => ({ ...section, status: 'empty', data: null, message: e.message }));
    case 'resource/failed':
      return withSection(state, e.name, (section) => ({ ...section, status: 'error', message: e.message }));
    case 'action/submitted':
      return withAction(state, e.action, { status: 'pending', message: null, errors: {}, data: null });
    case 'action/succeeded':
      return withAction(state, e.action, { status: 'done', message: e.message, errors: {}, data: e.data });
    case 'action/failed':
      return withAction(state, e.action, { status: 'failed', message: e.message, errors: e.errors, data: null });
    case 'action/cleared':
      return withAction(state, e.action, idleAction);
    default:
      // Another person's data must not survive a sign-out or a sign-in (an invitation accepted
      // in a browser where someone else was signed in), nor a switch of the viewed group. A
      // sign-in keeps the actions: the form that signed the person in still shows its outcome.
      if (event.type === 'session/loggedIn') return { ...state, sections: {} };
      if (event.type === 'session/viewAsChanged') return forgetData(state);
      return event.type === 'session/signedOut' ? initialResources : state;
  }
};

export const sectionOf = (state: ResourcesState, name: string): SectionState => state.sections[name] ?? idleSection;
export const actionOf = (state: ResourcesState, action: string): ActionState => state.actions[action] ?? idleAction;

export const decideResource = (state: ResourcesState, command: ResourceCommand): ResourceEvent[] => {
  switch (command.type) {
    case 'resource/load':
      return [{ type: 'resource/requested', name: command.name, args: command.args, ...(command.page === undefined ? {} : { page: command.page }) }];
    case 'resource/reloadAll':
      // The reloads themselves are facts of the effect that sends them (resource/requested).
      return [];
    case 'action/submit':
      // A second click while the first is on its way is one request.
      return actionOf(state, command.action).status === 'pending' ? [] : [{ type: 'action/submitted', action: command.action }];
    case 'action/clear':
      return [{ type: 'action/cleared', action: command.action }];
  }
};
