import { type KeyedCount, MAX_ADJUSTMENT, RECORD_KEY_RANGE, perturb } from './cellkey';

/**
 * Joint protection of the selections of one comparison (Compare → Internal, Benchmark →
 * Internal). Each selection is released on its own by the cell key method, so each figure is
 * safe alone; but two selections that differ by a handful of people (the whole organisation
 * against the organisation within a date range that leaves out three people; a group against
 * its one sub-group when the group has two people of its own) would show, by subtraction, the
 * figures of those few people, blurred only by the two adjustments.
 *
 * The rule: two selections of one comparison are released together only when they hold the
 * same people, or when the people of one who are not in the other make a group whose perturbed
 * count reaches k + d. Selections are considered in the order asked; each is withheld when it
 * differs too little from one already released; the refusal says "Not enough data to show."
 * like any other.
 *
 * The decision reads the differences through the same p-table as every released figure, so a
 * refusal is as noisy as a figure and says nothing a released count would not: it never tells
 * that exactly 1 to k-1 people separate two selections. The margin d keeps the guarantee: a
 * true difference below k is perturbed at most to k - 1 + d, so it is always withheld, and a
 * difference of k + 2d or more is always released. Whether the two hold the very same people
 * is read from the true counts, and adds nothing: the same records give the same figures, so
 * two released selections of the same people show it themselves.
 */

export interface Overlap {
  /** People in the first selection, with the sum of their record keys. */
  readonly a: KeyedCount;
  /** People in the second. */
  readonly b: KeyedCount;
  /** People in both. */
  readonly both: KeyedCount;
}

/** The people of `whole` who are not in `part` (a part of it): their count and key sum. */
const without = (whole: KeyedCount, part: KeyedCount): KeyedCount => ({
  count: whole.count - part.count,
  key: (((whole.key - part.key) % RECORD_KEY_RANGE) + RECORD_KEY_RANGE) % RECORD_KEY_RANGE,
});

/** The perturbed count a difference of people must reach on one side for the two selections to be shown together. */
export const jointMargin = (k: number): number => k + MAX_ADJUSTMENT;

/**
 * True when the two hold different people and, on each side, those not in the other make a
 * group whose perturbed count stays below k + d (a group of 1 to k-1 people could be read by
 * subtraction).
 */
export const differenceTooSmall = ({ a, b, both }: Overlap, k: number): boolean => {
  const onlyA = without(a, both);
  const onlyB = without(b, both);
  if (onlyA.count === 0 && onlyB.count === 0) return false;
  const margin = jointMargin(k);
  return perturb(onlyA.count, onlyA.key) < margin && perturb(onlyB.count, onlyB.key) < margin;
};

/**
 * Which of `n` candidate selections (0 to n-1, in the order asked) to withhold: each is kept
 * unless it differs too little from a selection kept before it. `overlap(i, j)` gives the
 * counts of selections i < j.
 */
export const jointlyWithheld = (n: number, overlap: (i: number, j: number) => Overlap, k: number): Set<number> => {
  const kept: number[] = [];
  const withheld = new Set<number>();
  for (let j = 0; j < n; j += 1) {
    if (kept.some((i) => differenceTooSmall(overlap(i, j), k))) withheld.add(j);
    else kept.push(j);
  }
  return withheld;
};
