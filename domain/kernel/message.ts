import * as t from 'io-ts';

/**
 * A command is a request in the imperative ("session/logout"); an event is a fact in the past
 * tense ("session/loggedOut"). Both are plain serialisable objects tagged by `type`, so a log
 * can be written to JSON and decoded again with the same codecs.
 */
export interface Message<Type extends string = string> {
  readonly type: Type;
}

/** Builds the codec of one message: its literal `type` plus its payload fields. */
export const message = <Type extends string, P extends t.Props>(type: Type, payload: P) =>
  t.strict({ type: t.literal(type), ...payload });

export const emptyMessage = <Type extends string>(type: Type) => t.strict({ type: t.literal(type) });

/** Narrowing helper for `filter` in effects and selectors. */
export const isType =
  <M extends Message, Type extends M['type']>(...types: Type[]) =>
  (m: M): m is Extract<M, { type: Type }> =>
    (types as string[]).includes(m.type);
