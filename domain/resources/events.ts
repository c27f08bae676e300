import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import { message } from '../kernel/message';
import { isSectionName, sections, SectionName, type SectionData, type SectionEntry } from './sections';
import { actions, ActionName, type ActionData, type ActionEntry } from './actions';

/**
 * Data sections (SPEC section 3, "Dashboard data sections": orgGroups, tokenAll, ...) and the
 * actions that change them, by name. Which endpoint serves each, and so the type of its data,
 * is the domain's catalogue (./sections.ts and ./actions.ts).
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
  load: t.intersection([message('resource/load', { name: SectionName, args: Args }), OfPage]),
  /**
   * Send an action (a form or a button). The body rides on the command only, never in an
   * event, so a password typed into an invitation form does not reach the log.
   */
  submit: message('action/submit', { action: ActionName, body: t.unknown, args: Args }),
  clear: message('action/clear', { action: ActionName }),
  /**
   * Load again every section this tab holds, with the args of its last load: another tab
   * switched the view-as group, and only this tab knows what it shows.
   */
  reloadAll: message('resource/reloadAll', {}),
};
export const ResourceCommand = t.union([resourceCommands.load, resourceCommands.submit, resourceCommands.clear, resourceCommands.reloadAll]);
export type ResourceCommand = t.TypeOf<typeof ResourceCommand>;

/** A section's data arrived, decoded with its endpoint's codec: the name says the data's type. */
export type SectionLoaded<K extends SectionName = SectionName> = { [P in K]: { readonly type: 'resource/loaded'; readonly name: P; readonly data: SectionData<P> } }[K];

/**
 * The event of one section's data. The signature ties the data's type to the name; TypeScript
 * cannot see by itself that one name's pair belongs to the union of every name's pair, hence
 * the widening to it.
 */
export const sectionLoaded = <K extends SectionName>(name: K, data: SectionData<K>): SectionLoaded => {
  const event: SectionLoaded<K> = { type: 'resource/loaded', name, data };
  return event as SectionLoaded;
};

const loadedShape = message('resource/loaded', { name: SectionName, data: t.unknown });
const entryOf = (name: SectionName): SectionEntry => sections[name];

/**
 * The codec of `resource/loaded` for the log and for messages between tabs. The effect that
 * loads a section decodes its data once, with the endpoint's codec, and the event carries the
 * decoded value. A log file or another tab is outside input again, so decoding the event takes
 * the name first and then decodes the data with that name's codec (the `t.unknown` above is
 * only the first half of that); encoding writes the data back with the same codec.
 */
const SectionLoadedCodec = new t.Type<SectionLoaded, unknown, unknown>(
  'resource/loaded',
  (u): u is SectionLoaded => loadedShape.is(u) && entryOf(u.name).endpoint.data.is(u.data),
  (u, context) => {
    const shape = loadedShape.validate(u, context);
    if (isLeft(shape)) return shape;
    const { name, data } = shape.right;
    const codec = entryOf(name).endpoint.data;
    const decoded = codec.validate(data, t.appendContext(context, 'data', codec, data));
    // The pair is sound: the data was decoded with the codec of this very name.
    return isLeft(decoded) ? decoded : t.success({ type: 'resource/loaded', name, data: decoded.right } as SectionLoaded);
  },
  (event) => ({ type: event.type, name: event.name, data: entryOf(event.name).endpoint.data.encode(event.data) }),
);

/** An action succeeded; its data (null when the server sent none) is typed by the action's name. */
export type ActionSucceeded<K extends ActionName = ActionName> = {
  [P in K]: { readonly type: 'action/succeeded'; readonly action: P; readonly message: string | null; readonly data: ActionData<P> | null };
}[K];

/** The event of one action's success; the widening is the one of sectionLoaded. */
export const actionSucceeded = <K extends ActionName>(action: K, message: string | null, data: ActionData<K> | null): ActionSucceeded => {
  const event: ActionSucceeded<K> = { type: 'action/succeeded', action, message, data };
  return event as ActionSucceeded;
};

const succeededShape = message('action/succeeded', { action: ActionName, message: t.union([t.string, t.null]), data: t.unknown });
const actionEntryOf = (name: ActionName): ActionEntry => actions[name];

/** The log's codec of `action/succeeded`: the action's name, then its data with that name's codec (as for resource/loaded). */
const ActionSucceededCodec = new t.Type<ActionSucceeded, unknown, unknown>(
  'action/succeeded',
  (u): u is ActionSucceeded => succeededShape.is(u) && (u.data === null || actionEntryOf(u.action).endpoint.data.is(u.data)),
  (u, context) => {
    const shape = succeededShape.validate(u, context);
    if (isLeft(shape)) return shape;
    const { action, data } = shape.right;
    if (data === null) return t.success({ ...shape.right, data: null } as ActionSucceeded);
    const codec = actionEntryOf(action).endpoint.data;
    const decoded = codec.validate(data, t.appendContext(context, 'data', codec, data));
    // The pair is sound: the data was decoded with the codec of this very action.
    return isLeft(decoded) ? decoded : t.success({ ...shape.right, data: decoded.right } as ActionSucceeded);
  },
  (event) => ({ ...event, data: event.data === null ? null : actionEntryOf(event.action).endpoint.data.encode(event.data) }),
);

export const resourceEvents = {
  requested: t.intersection([message('resource/requested', { name: SectionName, args: Args }), OfPage]),
  loaded: SectionLoadedCodec,
  empty: message('resource/empty', { name: SectionName, message: t.union([t.string, t.null]) }),
  failed: message('resource/failed', { name: SectionName, message: t.string }),
  actionSubmitted: message('action/submitted', { action: ActionName }),
  actionSucceeded: ActionSucceededCodec,
  actionFailed: message('action/failed', { action: ActionName, message: t.string, errors: FieldErrors }),
  actionCleared: message('action/cleared', { action: ActionName }),
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

export interface SectionState<D = unknown> {
  readonly status: SectionStatus;
  /** The last loaded data stays while a reload is pending, so screens do not flash. */
  readonly data: D | null;
  /** Empty: the server's reason (for example 'It needs at least 5 answers.'); error: what went wrong. */
  readonly message: string | null;
  readonly args: ResourceArgs;
  /** The page whose Refresh reloads it: once a load names a page, the section stays that page's. */
  readonly page?: string;
}

export interface ActionState<D = unknown> {
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly message: string | null;
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly data: D | null;
}

/** Each section's state, typed by its name. */
export type Sections = { readonly [K in SectionName]?: SectionState<SectionData<K>> };

/** Each action's outcome, typed by its name. */
export type Actions = { readonly [K in ActionName]?: ActionState<ActionData<K>> };

export interface ResourcesState {
  readonly sections: Sections;
  readonly actions: Actions;
}

export const initialResources: ResourcesState = { sections: {}, actions: {} };
export const idleSection: SectionState<never> = { status: 'idle', data: null, message: null, args: {} };
export const idleAction: ActionState<never> = { status: 'idle', message: null, errors: {}, data: null };

export const sectionOf = <K extends SectionName>(state: ResourcesState, name: K): SectionState<SectionData<K>> => state.sections[name] ?? idleSection;

/** The sections this tab holds, by name. */
export const heldSections = (state: ResourcesState): [SectionName, SectionState][] =>
  Object.keys(state.sections)
    .filter(isSectionName)
    .map((name) => [name, sectionOf(state, name)]);

export const actionOf = <K extends ActionName>(state: ResourcesState, action: K): ActionState<ActionData<K>> => state.actions[action] ?? idleAction;

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
