import { statsMessages, type Withheld } from '../contracts/stats';

/**
 * The selection rules every statistic passes first (DESIGN section 5):
 * - fewer than k respondents: "It needs at least {k} answers.";
 * - the remainder rule: when the selection differs from a parent selection (the organisation,
 *   or the same filter without one of its conditions) by 1 to k-1 people, comparing the two
 *   would describe those few people, so it is refused with "Not enough data to show.".
 * A difference of 0 is fine: both selections are the same people.
 */
export type SelectionVerdict =
  | { readonly ok: true }
  | (Withheld & { readonly ok: false; readonly reason: 'tooFew' | 'remainder' });

export interface SelectionCounts {
  readonly count: number;
  /** Respondents of the parent selection; it must contain the selection. */
  readonly parentCount?: number;
  /** Further parents, when several relaxations of a filter are released. */
  readonly parentCounts?: readonly number[];
}

const checkK = (k: number): void => {
  if (!Number.isInteger(k) || k < 1) throw new RangeError('the minimum group size must be a positive whole number');
};

const checkCount = (value: number, what: string): void => {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of people`);
};

export const tooFew = (k: number): Withheld & { ok: false; reason: 'tooFew' } => ({
  ok: false,
  reason: 'tooFew',
  status: 204,
  message: statsMessages.needsAtLeast(k),
});

export const refused = (): Withheld & { ok: false; reason: 'remainder' } => ({
  ok: false,
  reason: 'remainder',
  status: 204,
  message: statsMessages.notEnoughData,
});

/** True when a parent differs from the selection by 1 to k-1 people. */
export const violatesRemainder = (count: number, parentCount: number, k: number): boolean => {
  const difference = parentCount - count;
  return difference >= 1 && difference <= k - 1;
};

export const guardSelection = (selection: SelectionCounts, k: number): SelectionVerdict => {
  checkK(k);
  checkCount(selection.count, 'the selection');
  const parents = [...(selection.parentCount === undefined ? [] : [selection.parentCount]), ...(selection.parentCounts ?? [])];
  for (const parent of parents) {
    checkCount(parent, 'a parent selection');
    if (parent < selection.count) throw new RangeError('a parent selection cannot be smaller than the selection');
  }
  if (selection.count < k) return tooFew(k);
  if (parents.some((parent) => violatesRemainder(selection.count, parent, k))) return refused();
  return { ok: true };
};
