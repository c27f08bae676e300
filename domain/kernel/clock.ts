/** Time and identity arrive from outside the domain so that reducers stay pure. */
export interface Clock {
  now(): number;
}

export interface IdSource {
  next(): string;
}

/** A deterministic id source for tests and replay tools. */
export const counterIds = (prefix = 'id'): IdSource => {
  let n = 0;
  return { next: () => `${prefix}-${++n}` };
};

export const fixedClock = (start = 0, step = 1): Clock => {
  let now = start - step;
  return { now: () => (now += step) };
};
