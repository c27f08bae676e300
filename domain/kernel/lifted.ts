import type { Envelope } from './envelope';
import { foldLog, type Reducer } from './fold';

/**
 * Time travel as a wrapper around the application's reducer (the Redux DevTools "lifted
 * state"): the recorded entries, the state before the first of them, and a cursor. Jumping
 * moves the cursor only; nothing is re-run and no effect sees replayed entries.
 */
export interface Lifted<S, E> {
  readonly base: S;
  readonly entries: readonly Envelope<E>[];
  /** Number of entries folded into the visible state; entries.length means "live". */
  readonly cursor: number;
  readonly mode: 'live' | 'timeTravel' | 'replay';
}

export const liftedAt = <S, E>(reducer: Reducer<S, E>, lifted: Lifted<S, E>): S =>
  foldLog(reducer, lifted.base, lifted.entries.slice(0, lifted.cursor));

export const jumpTo = <S, E>(lifted: Lifted<S, E>, cursor: number): Lifted<S, E> => {
  const bounded = Math.max(0, Math.min(cursor, lifted.entries.length));
  const mode = lifted.mode === 'replay' ? 'replay' : bounded === lifted.entries.length ? 'live' : 'timeTravel';
  return { ...lifted, cursor: bounded, mode };
};

/** Keeps at most `max` entries by folding the oldest into the base state. */
export const trimLifted = <S, E>(reducer: Reducer<S, E>, lifted: Lifted<S, E>, max: number): Lifted<S, E> => {
  const excess = lifted.entries.length - max;
  if (excess <= 0 || lifted.mode !== 'live') return lifted;
  const dropped = lifted.entries.slice(0, excess);
  return {
    base: foldLog(reducer, lifted.base, dropped),
    entries: lifted.entries.slice(excess),
    cursor: lifted.cursor - excess,
    mode: lifted.mode,
  };
};
