import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import { message } from '../kernel/message';
import type { SectionData, SectionEntry, SectionName } from './sections';
import type { ActionData, ActionEntry, ActionName } from './actions';
import { OfPage, ResourceArgs, namesOf } from './commands';

/**
 * The facts of loading data sections and sending actions (./commands.ts says what is asked).
 * Like the commands, their codecs are built from a page's catalogue (resourceEventsOf).
 */
const FieldErrors = t.record(t.string, t.array(t.string));

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

/**
 * The codec of `resource/loaded` for the log and for messages between tabs. The effect that
 * loads a section decodes its data once, with the endpoint's codec, and the event carries the
 * decoded value. A log file or another tab is outside input again, so decoding the event takes
 * the name first and then decodes the data with that name's codec (the shape's `t.unknown` is
 * only the first half of that); encoding writes the data back with the same codec. A page's
 * codec only ever encodes events of its own names, hence the narrowing in `encode`.
 */
const sectionLoadedCodec = <S extends SectionName>(sectionName: t.Type<S, S, unknown>, entryOf: (name: S) => SectionEntry) => {
  const loadedShape = message('resource/loaded', { name: sectionName, data: t.unknown });
  return new t.Type<SectionLoaded, unknown, unknown>(
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
    (event) => ({ type: event.type, name: event.name, data: entryOf(event.name as S).endpoint.data.encode(event.data) }),
  );
};

/** An action succeeded; its data (null when the server sent none) is typed by the action's name. */
export type ActionSucceeded<K extends ActionName = ActionName> = {
  [P in K]: { readonly type: 'action/succeeded'; readonly action: P; readonly message: string | null; readonly data: ActionData<P> | null };
}[K];

/** The event of one action's success; the widening is the one of sectionLoaded. */
export const actionSucceeded = <K extends ActionName>(action: K, message: string | null, data: ActionData<K> | null): ActionSucceeded => {
  const event: ActionSucceeded<K> = { type: 'action/succeeded', action, message, data };
  return event as ActionSucceeded;
};

/** The log's codec of `action/succeeded`: the action's name, then its data with that name's codec (as for resource/loaded). */
const actionSucceededCodec = <A extends ActionName>(actionName: t.Type<A, A, unknown>, actionEntryOf: (name: A) => ActionEntry) => {
  const succeededShape = message('action/succeeded', { action: actionName, message: t.union([t.string, t.null]), data: t.unknown });
  return new t.Type<ActionSucceeded, unknown, unknown>(
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
    (event) => ({ ...event, data: event.data === null ? null : actionEntryOf(event.action as A).endpoint.data.encode(event.data) }),
  );
};

/** The resource events of a page with these sections and actions: names outside them are refused. */
export const resourceEventsOf = <S extends SectionName, A extends ActionName>(
  sections: Readonly<Record<S, SectionEntry>>,
  actions: Readonly<Record<A, ActionEntry>>,
) => {
  const sectionName = namesOf(sections);
  const actionName = namesOf(actions);
  return t.union([
    t.intersection([message('resource/requested', { name: sectionName, args: ResourceArgs }), OfPage]),
    sectionLoadedCodec(sectionName, (name) => sections[name]),
    message('resource/empty', { name: sectionName, message: t.union([t.string, t.null]) }),
    message('resource/failed', { name: sectionName, message: t.string }),
    message('action/submitted', { action: actionName }),
    message('action/uploadProgress', { action: actionName, sent: t.number, total: t.union([t.number, t.null]) }),
    actionSucceededCodec(actionName, (name) => actions[name]),
    message('action/failed', { action: actionName, message: t.string, errors: FieldErrors }),
    message('action/cleared', { action: actionName }),
  ]);
};

/** Any resource event of the whole catalogue. */
export type ResourceEvent = t.TypeOf<ReturnType<typeof resourceEventsOf<SectionName, ActionName>>>;
