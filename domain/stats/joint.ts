/**
 * Joint protection of the selections of one comparison (Compare → Internal, Benchmark →
 * Internal). Each selection is released on its own by the cell key method, so each figure is
 * safe alone; but two selections that differ by a handful of people (the whole organisation
 * against the organisation within a date range that leaves out three people; a group against
 * its one sub-group when the group has two people of its own) would show, by subtraction, the
 * figures of those few people, blurred only by the two adjustments.
 *
 * The rule: two selections of one comparison are released together only when they hold the
 * same people, or at least k people of one are not in the other. Selections are considered in
 * the order asked; each is withheld when it differs too little from one already released. The
 * overlaps are true counts, used only for this decision; the refusal says "Not enough data to
 * show." like any other.
 */

export interface Overlap {
  /** People in the first selection. */
  readonly a: number;
  /** People in the second. */
  readonly b: number;
  /** People in both. */
  readonly both: number;
}

/** True when the two differ and fewer than k people separate them on either side (1 to k-1 people could be read by subtraction). */
export const differenceTooSmall = ({ a, b, both }: Overlap, k: number): boolean => {
  const onlyA = a - both;
  const onlyB = b - both;
  return (onlyA > 0 || onlyB > 0) && onlyA < k && onlyB < k;
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
