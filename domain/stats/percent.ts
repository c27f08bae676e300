/**
 * A share in percent with one decimal (SPEC section 9), half up. Computed on whole numbers
 * (count * 1000 / total) so that 1 of 8 gives 12.5, not 12.499999.
 */
export const percentOf = (count: number, total: number): number => {
  if (total <= 0) return 0;
  return Math.round((count * 1000) / total) / 10;
};

/** Rounds an index value to 3 decimals for the wire. */
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Shares of `whole` in percent, one decimal, that add up exactly: the parts and what they leave
 * of the group they split (`group.count` minus their sum, not returned) get `group.tenths` tenths
 * of a percent between them by the largest remainder method. Rounding each share alone can make
 * the shares of one single-answer question add up to 99.9 or 100.1; this way they add up, with
 * the rest, to 100.0, and each is still its exact value rounded down or up. A tree's children
 * split their parent's share the same way, so they never add up past it.
 *
 * The parts are whole numbers adding up to at most the group's count (itself at most `whole`),
 * and `group.tenths` is the group's exact share rounded down or up. Ties go to the larger part,
 * then the earlier one; the rest counts as the last.
 */
export const largestRemainderShares = (
  parts: readonly number[],
  whole: number,
  group: { readonly count: number; readonly tenths: number } = { count: whole, tenths: 1000 },
): number[] => {
  if (whole <= 0) return parts.map(() => 0);
  const rest = group.count - parts.reduce((sum, part) => sum + part, 0);
  if (rest < 0 || group.count > whole) throw new RangeError('the parts add up past what they share');
  const all = [...parts, rest];
  // On whole numbers, as percentOf: part * 1000 stays exact for any organisation's size.
  const tenths = all.map((part) => Math.floor((part * 1000) / whole));
  const remainders = all.map((part, i) => part * 1000 - tenths[i] * whole);
  const left = group.tenths - tenths.reduce((sum, part) => sum + part, 0);
  const order = all.map((_, i) => i).filter((i) => remainders[i] > 0);
  if (left < 0 || left > order.length) throw new RangeError('the group share is not its exact share rounded');
  order.sort((a, b) => remainders[b] - remainders[a] || all[b] - all[a] || a - b);
  for (const i of order.slice(0, left)) tenths[i] += 1;
  return parts.map((_, i) => tenths[i] / 10);
};
