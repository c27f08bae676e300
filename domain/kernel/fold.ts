import type { Envelope } from './envelope';

/** A reducer is total and pure: every event gives a state, and nothing is read from outside. */
export type Reducer<S, E> = (state: S, event: E) => S;

/** Folds the bodies of a log into a state; used by the store, replay and the tests alike. */
export const foldLog = <S, E>(reducer: Reducer<S, E>, initial: S, log: readonly Envelope<E>[]): S => {
  let state = initial;
  for (const entry of log) state = reducer(state, entry.body);
  return state;
};

/** Combines slice reducers into one reducer over a record of slices. */
export const combineReducers =
  <S extends object, E>(slices: { [K in keyof S]: Reducer<S[K], E> }): Reducer<S, E> =>
  (state, event) => {
    let changed = false;
    const next = {} as S;
    for (const key of Object.keys(slices) as (keyof S)[]) {
      const before = state[key];
      const after = slices[key](before, event);
      next[key] = after;
      if (after !== before) changed = true;
    }
    return changed ? next : state;
  };
