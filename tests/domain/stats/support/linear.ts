/**
 * Exact linear algebra for the attack simulations: what an attacker can compute from released
 * figures is every linear combination of them, so a hidden count is exposed exactly when its
 * indicator vector lies in the span of the released ones. Whole numbers (BigInt) throughout,
 * so that no rounding can hide or fake a derivation.
 */
const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

const normalise = (row: bigint[]): bigint[] => {
  let g = 0n;
  for (const value of row) if (value !== 0n) g = g === 0n ? (value < 0n ? -value : value) : gcd(g, value);
  return g > 1n ? row.map((value) => value / g) : row;
};

export class RowSpace {
  private readonly rows: { pivot: number; values: bigint[] }[] = [];

  constructor(readonly width: number) {}

  get rank(): number {
    return this.rows.length;
  }

  /** The vector with every known pivot eliminated (rows in the order they were added). */
  private reduce(vector: readonly number[] | readonly bigint[]): bigint[] {
    if (vector.length !== this.width) throw new RangeError('wrong width');
    let v = vector.map((x) => BigInt(x));
    for (const row of this.rows) {
      const factor = v[row.pivot];
      if (factor === 0n) continue;
      const scale = row.values[row.pivot];
      v = normalise(v.map((x, i) => x * scale - row.values[i] * factor));
    }
    return v;
  }

  add(vector: readonly number[]): void {
    const reduced = this.reduce(vector);
    const pivot = reduced.findIndex((x) => x !== 0n);
    if (pivot >= 0) this.rows.push({ pivot, values: reduced });
  }

  contains(vector: readonly number[]): boolean {
    return this.reduce(vector).every((x) => x === 0n);
  }
}
