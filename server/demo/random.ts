/**
 * A seeded pseudo-random source for the demo data: the same seed gives the same sequence on
 * every machine and Node version, which Math.random cannot promise. sfc32 (Chris Doty-Humphrey's
 * Small Fast Counting generator, 128-bit state, public domain) seeded through splitmix32 of the
 * seed text's FNV-1a hash: fast enough for tens of millions of draws and well spread.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One item, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** An independent stream for a named part of the data (so adding draws to one part leaves the others as they were). */
  fork(label: string): Random;
}

const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

const splitmix32 = (state: number) => () => {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
};

export const createRandom = (seed: string): Random => {
  const mix = splitmix32(fnv1a(seed));
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  // The first outputs of a fresh sfc32 state are poorly mixed; the reference discards a few.
  for (let index = 0; index < 12; index++) next();
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    fork: (label) => createRandom(`${seed}\u0000${label}`),
  };
};

/**
 * A categorical distribution over items, drawn in O(log n) by binary search over the
 * cumulative weights. Weights need not sum to 1; items of weight 0 are never drawn.
 */
export interface Weighted<T> {
  readonly items: readonly T[];
  readonly weights: readonly number[];
  draw(random: Random): T;
}

export const weighted = <T>(entries: ReadonlyArray<readonly [T, number]>): Weighted<T> => {
  const kept = entries.filter(([, weight]) => weight > 0 && Number.isFinite(weight));
  if (kept.length === 0) throw new Error('A weighted choice needs at least one positive weight.');
  const items = kept.map(([item]) => item);
  const weights = kept.map(([, weight]) => weight);
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) cumulative.push((total += weight));
  return {
    items,
    weights,
    draw: (random) => {
      const target = random.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (cumulative[middle]! > target) high = middle;
        else low = middle + 1;
      }
      return items[low]!;
    },
  };
};

/** A weighted choice from a record of weights. */
export const weightedRecord = <K extends string>(record: Readonly<Partial<Record<K, number>>>): Weighted<K> =>
  weighted(Object.entries(record) as Array<[K, number]>);

/** Splits a whole number into parts proportional to weights (largest remainder), summing exactly to the total. */
export const apportion = (total: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (sum === 0 ? 0 : (total * weight) / sum));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
};
