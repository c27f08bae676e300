import { filter, type OperatorFunction } from 'rxjs';

/** Keeps the messages of the given types, narrowed for the effect that follows. */
export const ofType = <M extends { type: string }, T extends M['type']>(
  ...types: T[]
): OperatorFunction<M, Extract<M, { type: T }>> =>
  filter((m): m is Extract<M, { type: T }> => (types as string[]).includes(m.type));
