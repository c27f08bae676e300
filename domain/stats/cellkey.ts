/**
 * The cell key method (DESIGN section 5; docs/privacy.md).
 *
 * Every response row and every multi-answer row carries a random record key (31 bits, drawn by
 * the database from a cryptographic source, migration 0011). A figure about a set of records
 * (a cell) has a key: the sum of its records' keys. The sum is computed in the SQL GROUP BY that
 * counts the records; sums of disjoint groups add up, so a selection made of several groups
 * gets the key of all its records. The cell key is that sum, mixed, modulo CELL_KEY_RANGE, and the
 * perturbation table (p-table) below maps (true count, cell key) to an adjustment.
 *
 * The same records always give the same figure, so asking again teaches nothing; two different
 * sets of records get keys that behave as independent draws, so the difference of two figures
 * carries two adjustments.
 */

/** Record keys lie in [0, RECORD_KEY_RANGE). Sums are reduced modulo this range (a multiple of CELL_KEY_RANGE). */
export const RECORD_KEY_RANGE = 2 ** 31;

/** N: the range of cell keys; the p-table's probabilities are whole multiples of 1/N. */
export const CELL_KEY_RANGE = 256;

/** d: no figure moves further than this from its true count. */
export const MAX_ADJUSTMENT = 3;

/** One row of the p-table: adjustments with their share of the N cell keys, in key order. */
export interface PTableRow {
  readonly adjustments: readonly { readonly adjustment: number; readonly keys: number }[];
}

/**
 * The p-table. Rows by true count:
 *
 * | true count | -3 | -2 | -1 | 0 | +1 | +2 | +3 | mean | variance |
 * |---|---|---|---|---|---|---|---|---|---|
 * | 0 | | | | 256 | | | | 0 | 0 |
 * | 1 | | | 100 | 68 | 76 | 12 | | 0 | 0.875 |
 * | 2 | | 15 | 78 | 71 | 78 | 12 | 2 | 0 | 1.102 |
 * | 3 and more | 1 | 14 | 78 | 70 | 78 | 14 | 1 | 0 | 1.117 |
 *
 * (numbers of cell keys out of 256). A true 0 stays 0: a GROUP BY produces no empty cell, and
 * an absent cell is never listed. No adjustment makes a count negative (a 1 goes down by one at
 * most, a 2 by two). The adjustments are unbiased, so sums of many figures stay close.
 *
 * The shape is a choice between attacks (docs/decisions/0004-p-table.md). Bounded adjustments
 * leave one sure inference: a figure that drew the extreme ±d can only come from the counts at
 * that edge, so someone who knows everyone else in it, or who reads "listed" as "at least
 * k - d", learns the rest. The extremes are therefore thin (one key of 256 for ±3) and most of
 * the mass sits on ±1, with ±2 as the usual tail: an edge is reached about 30 times less often
 * than with ±2 at 12 keys, which took the attack suites' pins from 7 in 60 to 1 in 60 (stronger
 * attacker) and from 1 in 15 to none (staff file). A larger variance also makes averaging many
 * selections slower. Whether a figure is shown is decided on the perturbed value (at least k),
 * so a true count of 1 is never shown with k = 5, a 2 only as 5 (2 keys of 256), and a true
 * count below k is shown only as k or more: never as itself.
 */
export const P_TABLE: { readonly zero: PTableRow; readonly one: PTableRow; readonly two: PTableRow; readonly many: PTableRow } = {
  zero: { adjustments: [{ adjustment: 0, keys: 256 }] },
  one: {
    adjustments: [
      { adjustment: -1, keys: 100 },
      { adjustment: 0, keys: 68 },
      { adjustment: 1, keys: 76 },
      { adjustment: 2, keys: 12 },
    ],
  },
  two: {
    adjustments: [
      { adjustment: -2, keys: 15 },
      { adjustment: -1, keys: 78 },
      { adjustment: 0, keys: 71 },
      { adjustment: 1, keys: 78 },
      { adjustment: 2, keys: 12 },
      { adjustment: 3, keys: 2 },
    ],
  },
  many: {
    adjustments: [
      { adjustment: -3, keys: 1 },
      { adjustment: -2, keys: 14 },
      { adjustment: -1, keys: 78 },
      { adjustment: 0, keys: 70 },
      { adjustment: 1, keys: 78 },
      { adjustment: 2, keys: 14 },
      { adjustment: 3, keys: 1 },
    ],
  },
};

export const pTableRow = (count: number): PTableRow => (count <= 0 ? P_TABLE.zero : count === 1 ? P_TABLE.one : count === 2 ? P_TABLE.two : P_TABLE.many);

/** Mean and variance of a row's adjustment over uniformly distributed cell keys. */
export const rowMoments = (row: PTableRow): { mean: number; variance: number } => {
  let mean = 0;
  let square = 0;
  for (const { adjustment, keys } of row.adjustments) {
    mean += (adjustment * keys) / CELL_KEY_RANGE;
    square += (adjustment * adjustment * keys) / CELL_KEY_RANGE;
  }
  return { mean, variance: square - mean * mean };
};

/** The adjustment the p-table gives a true count under a cell key in [0, N). */
export const adjustment = (count: number, cellKey: number): number => {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('a count is a whole number of people');
  if (!Number.isInteger(cellKey) || cellKey < 0 || cellKey >= CELL_KEY_RANGE) throw new RangeError('a cell key lies in [0, N)');
  let upTo = 0;
  for (const entry of pTableRow(count).adjustments) {
    upTo += entry.keys;
    if (cellKey < upTo) return entry.adjustment;
  }
  /* c8 ignore next */
  throw new RangeError('the p-table row does not cover every cell key');
};

/** Adds a record key (or a sum of them) to a key sum, modulo RECORD_KEY_RANGE. */
export const addKeys = (a: number, b: number): number => (a + b) % RECORD_KEY_RANGE;

/**
 * A 32-bit mix (the finaliser of MurmurHash3) of a key sum and a level: the cell key of a figure
 * that holds the same records as a figure around it in the same table (see `cellKeyOf`).
 */
const mix = (sum: number, level: number): number => {
  let h = (sum ^ Math.imul(level, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
};

/**
 * The cell key of a figure whose records' keys sum to `keySum` (modulo RECORD_KEY_RANGE).
 *
 * `level` is 0 for every figure, except one that holds the very same people as a figure it is
 * shown inside (a value everyone of the selection gave, a cross-table cell equal to its row or
 * column, a tree node equal to its parent): those would get the same key and so the same figure,
 * and "7 of 7 people in Kerala are women" would be read off the table. Such a figure's key is
 * mixed with its level (1 + the level of the figure it equals), which gives it an adjustment of
 * its own: equal figures then appear about as often for 7 of 7 as for 6 of 7.
 */
export const cellKeyOf = (keySum: number, level = 0): number => {
  const sum = ((keySum % RECORD_KEY_RANGE) + RECORD_KEY_RANGE) % RECORD_KEY_RANGE;
  // Mixed at every level: the low bits of a sum of keys weighted by counts need not be uniform
  // (an even weight on every block leaves only even keys, and the one key of ±3 comes twice as
  // often), and the p-table's shares hold only for uniform cell keys.
  return mix(sum, level) % CELL_KEY_RANGE;
};

/** True count plus its adjustment: never negative, never more than MAX_ADJUSTMENT away. */
export const perturb = (count: number, keySum: number, level = 0): number => {
  // A count shared out over release blocks (blocks.ts: blockWeight) is a sum of fractions, rounded once here.
  const whole = Math.round(count);
  return whole + adjustment(whole, cellKeyOf(keySum, level));
};

/** A cell before release: its true count and the sum of its records' keys. */
export interface KeyedCount {
  readonly count: number;
  readonly key: number;
}

export const emptyCount: KeyedCount = { count: 0, key: 0 };

export const addCounts = (a: KeyedCount, b: KeyedCount): KeyedCount => ({ count: a.count + b.count, key: addKeys(a.key, b.key) });

/**
 * The share of cell keys under which a true count is shown at minimum count k (its perturbed
 * value is at least k): what a count can expect over random record keys, whatever keys one
 * database happened to draw.
 */
export const shownShare = (count: number, k: number): number => {
  let keys = 0;
  for (const { adjustment, keys: share } of pTableRow(count).adjustments) if (count > 0 && count + adjustment >= k) keys += share;
  return keys / CELL_KEY_RANGE;
};
