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
