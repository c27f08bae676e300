import { ROOT } from './hierarchy';
import type { ProtectedLattice } from './lattice';

/**
 * The remainder rule for selections with lists ("women or non-binary people"). Two released
 * selections, one holding all the other's people, must not differ by 1 to k-1 people: comparing
 * them would describe those few. Between boxes (one value or "any" per dimension) the lattice
 * keeps this (lattice.ts, step 3). A list is a union of boxes, and it is the list that is
 * refused when it comes near another selection, so that a single value never gives way to a
 * union someone might ask for:
 *
 * - near a larger selection holding all its people (any selection, lists included), or
 * - near a released box inside it ("generation Y" can be 2 people short of "women or
 *   non-binary people" when every generation Y respondent is one of them).
 */

/**
 * The smallest positive difference between a selection (its atoms, `inside`, holding `total`
 * people) and any selection restricting at most maxDepth dimensions that holds all its people.
 *
 * For the dimensions R such a selection S restricts, S takes in at least the selection's values
 * V_d in each. With every other dimension open, the smallest such S is B = product of the V_d,
 * and any larger one takes in some atom a outside B, so it contains S_a = product of
 * (V_d + a's value). The smallest positive difference is therefore the least of |B| - total
 * (when positive) and |S_a| - total over the atoms a outside B. S_a minus B is the atoms that
 * leave V only in dimensions where a leaves it, agreeing with a there: summed per pattern of
 * values outside V (a box number), each S_a is a handful of lookups.
 */
export const smallestSupersetDifference = (lattice: ProtectedLattice, inside: ReadonlySet<number>, total: number): number => {
  const { space, atoms } = lattice;
  const dims = space.dims.length;
  const hull = space.dims.map(() => new Set<number>());
  for (const index of inside) atoms[index].coords.forEach((value, d) => hull[d].add(value));
  let smallest = Infinity;
  for (const restricted of dimensionSets(dims, lattice.options.maxDepth)) {
    let base = 0;
    /** People outside B per pattern: the box of the values they take outside V, in the dimensions where they do. */
    const outside = new Map<number, number>();
    const leaving: { readonly mask: number; readonly coords: readonly number[] }[] = [];
    for (const atom of atoms) {
      let mask = 0;
      let pattern = ROOT;
      for (const d of restricted) {
        if (hull[d].has(atom.coords[d])) continue;
        mask |= 1 << d;
        pattern += atom.coords[d] * space.strides[d];
      }
      if (mask === 0) {
        base += atom.count;
        continue;
      }
      if (!outside.has(pattern)) leaving.push({ mask, coords: atom.coords });
      outside.set(pattern, (outside.get(pattern) ?? 0) + atom.count);
    }
    const baseDifference = base - total;
    if (baseDifference > 0) smallest = Math.min(smallest, baseDifference);
    for (const { mask, coords } of leaving) {
      let difference = baseDifference;
      for (let part = mask; part > 0; part = (part - 1) & mask) {
        let pattern = ROOT;
        for (let d = 0; d < dims; d++) if (part & (1 << d)) pattern += coords[d] * space.strides[d];
        difference += outside.get(pattern) ?? 0;
      }
      smallest = Math.min(smallest, difference);
    }
  }
  return smallest;
};

/** Every set of at most `most` dimension indices, the empty one included. */
const dimensionSets = (dims: number, most: number): number[][] => {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]): void => {
    out.push(chosen);
    if (chosen.length === most) return;
    for (let d = start; d < dims; d++) pick(d + 1, [...chosen, d]);
  };
  pick(0, []);
  return out;
};

/** The smallest positive difference between a selection and a box released at k inside it. */
export const smallestBoxInside = (lattice: ProtectedLattice, inside: ReadonlySet<number>, total: number, k: number): number => {
  let smallest = Infinity;
  for (const [box, count] of lattice.counts) {
    const difference = total - count;
    if (difference < 1 || difference >= smallest || count < k || lattice.hidden(box, k)) continue;
    if ((lattice.atomsIn.get(box) ?? []).every((atom) => inside.has(atom))) smallest = difference;
  }
  return smallest;
};
