import { BoxSpace, ROOT, type Hierarchy } from './hierarchy';

/**
 * Disclosure control of counts of people (SPEC section 5, DESIGN section 5).
 *
 * The counts a dashboard can show form a lattice of boxes: every combination of one value (or
 * "any value") per dimension. Whatever an attacker combines, sums and differences of released
 * boxes are all they can compute. The protection works on that lattice as a whole, so that what
 * one request hides no other request gives away:
 *
 * 1. Primary suppression: a box with 1 to k-1 people is hidden.
 * 2. Complementary suppression by hypercubes: for each hidden small box c, a vector y over the
 *    people-cells ("atoms") is built with y(c) != 0 and y summing to 0 over the root. Every box b
 *    with y(b) != 0 is hidden too. Then x + t*y agrees with every released figure for any t, so
 *    no combination of released figures determines c (a released figure f satisfies y(f) = 0).
 *    y is a signed corner set: for each dimension c restricts, c's value and one alternative
 *    value; corners with an odd number of alternatives count -1. Totals over a dimension cancel,
 *    so coarser boxes stay released.
 * 3. The remainder rule (filter selections only): a box whose difference with any coarser box
 *    is 1 to k-1 people is hidden, so no two released selections differ by a few people.
 * 4. Interval protection: in every line (a released total and its parts) the hidden parts sum to
 *    0 or at least k, so a group of fewer than k people cannot be recovered as a whole.
 *
 * Every decision depends on the counts only, never on which request came first, so the same
 * population always gets the same pattern. Protection is computed level by level for
 * k = 2, 3, ..., maxK, each level only adding hidden boxes; a box hidden for k stays hidden for
 * every larger k. Raising the threshold never reveals more, and answering some requests with
 * k = 10 (a special-category filter) and others with k = 5 releases nothing beyond what k = 5
 * alone releases, which is itself protected.
 */

export interface LatticeAtom {
  /** One leaf per dimension. */
  readonly coords: readonly number[];
  readonly count: number;
}

export interface LatticeOptions {
  /** Boxes restricting more dimensions than this are never released. */
  readonly maxDepth: number;
  /** The largest threshold the pattern is computed for; any k up to it can be asked. */
  readonly maxK: number;
  /** Apply the remainder rule (meant for filter selections). */
  readonly remainder: boolean;
}

/** Alternative values weighed per restricted dimension when choosing complements. */
const CANDIDATES = 3;

const sortedAtoms = (atoms: readonly LatticeAtom[], space: BoxSpace): LatticeAtom[] => {
  const merged = new Map<number, LatticeAtom>();
  for (const atom of atoms) {
    if (atom.coords.length !== space.dims.length) throw new RangeError('an atom needs one value per dimension');
    if (!Number.isFinite(atom.count) || atom.count < 0 || !Number.isInteger(atom.count)) throw new RangeError('counts are whole numbers');
    atom.coords.forEach((node, d) => {
      if (node === ROOT || !space.dims[d].isLeaf(node)) throw new RangeError(`${space.dims[d].name}: an atom must name a leaf value`);
    });
    if (atom.count === 0) continue;
    const id = space.id(atom.coords);
    const prior = merged.get(id);
    merged.set(id, { coords: [...atom.coords], count: (prior?.count ?? 0) + atom.count });
  }
  return [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([, atom]) => atom);
};

/** Sibling values of a node, climbing while a node is an only child; empty when there is none. */
export const alternativesOf = (dim: Hierarchy, node: number): { level: number; options: number[] } => {
  let level = node;
  while (level !== ROOT) {
    const options = dim.siblings(level);
    if (options.length > 0) return { level, options };
    level = dim.parent[level];
  }
  return { level: node, options: [] };
};

/**
 * The first `limit` values in the order complementary suppression prefers: populated ones
 * first, smallest first, then by position. A partial selection: called for every small cell.
 */
export const rankSmallestPopulated = (options: readonly number[], countOf: (option: number) => number, limit = Infinity): number[] => {
  const before = (a: { option: number; count: number }, b: { option: number; count: number }) => {
    if ((a.count > 0) !== (b.count > 0)) return a.count > 0;
    return a.count < b.count || (a.count === b.count && a.option < b.option);
  };
  const best: { option: number; count: number }[] = [];
  for (const option of options) {
    const entry = { option, count: countOf(option) };
    if (best.length >= limit && !before(entry, best[best.length - 1])) continue;
    let i = best.length;
    while (i > 0 && before(entry, best[i - 1])) i--;
    best.splice(i, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best.map((entry) => entry.option);
};

/** Every tuple of indices below the given lengths. */
export const combinations = (lengths: readonly number[]): number[][] => {
  let out: number[][] = [[]];
  for (const length of lengths) {
    const next: number[][] = [];
    for (const prefix of out) for (let i = 0; i < length; i++) next.push([...prefix, i]);
    out = next;
  }
  return out;
};

/** Subsets of `items` from the largest to the smallest, each size in a fixed order. */
export const subsetsBySize = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let size = items.length; size >= 0; size--) {
    const pick = (start: number, chosen: T[]): void => {
      if (chosen.length === size) {
        out.push([...chosen]);
        return;
      }
      for (let i = start; i < items.length; i++) pick(i + 1, [...chosen, items[i]]);
    };
    pick(0, []);
  }
  return out;
};

export class ProtectedLattice {
  readonly atoms: readonly LatticeAtom[];
  readonly counts = new Map<number, number>();
  /** Atoms inside each populated box, by index into `atoms`. */
  readonly atomsIn = new Map<number, number[]>();
  /** The boxes (within maxDepth) that contain each atom. */
  readonly atomBoxes: number[][] = [];
  /** First level (threshold) at which a box is hidden, for the levels computed so far (see `ensure`). */
  readonly hiddenAt = new Map<number, number>();
  private readonly atomIndex = new Map<number, number>();
  private readonly covered = new Set<number>();
  private primaries: number[][] = [];
  private remainders: number[][] = [];
  /** Levels computed so far (level 1 hides nothing). */
  private level = 1;

  constructor(
    readonly space: BoxSpace,
    atoms: readonly LatticeAtom[],
    readonly options: LatticeOptions,
  ) {
    if (!Number.isInteger(options.maxK) || options.maxK < 1) throw new RangeError('maxK must be a positive whole number');
    this.atoms = sortedAtoms(atoms, space);
    this.atoms.forEach((atom, i) => {
      this.atomIndex.set(space.id(atom.coords), i);
      const boxes: number[] = [];
      space.forEachBox(
        atom.coords.map((leaf, d) => space.dims[d].ancestors[leaf]),
        options.maxDepth,
        (id) => {
          boxes.push(id);
          this.counts.set(id, (this.counts.get(id) ?? 0) + atom.count);
          const list = this.atomsIn.get(id);
          if (list) list.push(i);
          else this.atomsIn.set(id, [i]);
        },
      );
      this.atomBoxes.push(boxes);
    });
    this.prepare();
  }

  get rootCount(): number {
    return this.count(ROOT);
  }

  count(id: number): number {
    return this.counts.get(id) ?? 0;
  }

  indexOfAtom(coords: readonly number[]): number | undefined {
    return this.atomIndex.get(this.space.id(coords));
  }

  /** The index of the atom with this box number, if anyone has its combination of values. */
  atomAt(id: number): number | undefined {
    return this.atomIndex.get(id);
  }

  /** Hidden at threshold k (every box deeper than maxDepth is hidden). */
  hidden(id: number, k: number): boolean {
    this.ensure(k);
    if (this.space.depthOf(id) > this.options.maxDepth) return true;
    return (this.hiddenAt.get(id) ?? Infinity) <= k;
  }

  /**
   * Computes the levels up to k. Levels only add to what earlier ones hid, so computing them
   * when first needed gives the same pattern as computing them all at once.
   */
  ensure(k: number): void {
    if (!Number.isInteger(k) || k < 1) throw new RangeError('k must be a positive whole number');
    if (k > this.options.maxK) throw new RangeError(`protection was prepared up to k = ${this.options.maxK}`);
    while (this.level < k) this.runLevel(++this.level);
  }

  private prepare(): void {
    const { maxK, remainder } = this.options;
    this.primaries = Array.from({ length: maxK + 1 }, () => []);
    this.remainders = Array.from({ length: maxK + 1 }, () => []);
    for (const [id, count] of this.counts) {
      if (count >= 1 && count <= maxK - 1) this.primaries[count + 1].push(id);
      if (remainder && id !== ROOT) {
        const diff = this.smallestRemainder(id, count);
        if (diff <= maxK - 1) this.remainders[diff + 1].push(id);
      }
    }
    const depth = (id: number) => this.space.depthOf(id);
    for (const bucket of this.primaries) bucket.sort((a, b) => depth(a) - depth(b) || a - b);
  }

  private runLevel(level: number): void {
    const queue: number[] = [];
    const hide = (id: number) => {
      if (this.hiddenAt.has(id)) return;
      this.hiddenAt.set(id, level);
      queue.push(id);
    };
    for (const id of this.primaries[level]) {
      hide(id);
      if (id === ROOT || this.covered.has(id)) continue;
      for (const box of this.complementsOf(id)) {
        hide(box);
        this.covered.add(box);
      }
    }
    for (const id of this.remainders[level]) hide(id);
    this.close(level, queue, hide);
  }

  /**
   * The box the atoms of `id` actually fill: in every dimension, the deepest value they all
   * share. "Generation Z" is "women of generation Z" when every Gen Z respondent is a woman.
   */
  hullOf(id: number): number[] {
    const atoms = (this.atomsIn.get(id) ?? []).map((index) => this.atoms[index].coords);
    const coords = this.space.coords(id);
    if (atoms.length === 0) return coords;
    return coords.map((_, d) => {
      const dim = this.space.dims[d];
      return dim.ancestors[atoms[0][d]].find((node) => atoms.every((atom) => dim.within(atom[d], node))) ?? ROOT;
    });
  }

  /**
   * Smallest positive difference between a box and any coarser box that holds all its people
   * (Infinity: none). Coarser boxes are taken from the box's hull, so that "generation Z" is
   * compared with "women" when every Gen Z respondent is a woman.
   */
  private smallestRemainder(id: number, count: number): number {
    let smallest = Infinity;
    const hull = this.hullOf(id);
    this.space.forEachBox(
      hull.map((node, d) => this.space.dims[d].ancestors[node]),
      this.options.maxDepth,
      (other) => {
        const diff = this.count(other) - count;
        if (diff > 0 && diff < smallest) smallest = diff;
      },
    );
    return smallest;
  }

  /**
   * The boxes to hide so that the small box `id` cannot be computed (step 2 above). The
   * alternative values are chosen together so that the released boxes they hide hold the fewest
   * people (boxes already hidden cost nothing); populated corners win a tie.
   */
  private complementsOf(id: number): number[] {
    const { space } = this;
    const coords = space.coords(id);
    const alpha = this.atoms[this.atomsIn.get(id)![0]].coords;
    const flippable = coords.flatMap((node, d) => {
      if (node === ROOT) return [];
      const { options } = alternativesOf(space.dims[d], node);
      if (options.length === 0) return [];
      const countWith = (other: number) => {
        const probe = [...coords];
        probe[d] = other;
        return this.count(space.id(probe));
      };
      return [{ dim: d, options: rankSmallestPopulated(options, countWith, CANDIDATES) }];
    });
    if (flippable.length === 0) return [];
    // Every corner keeps alpha's values in the dimensions c does not restrict, so y cancels in
    // every box that leaves one of c's dimensions open ("all genders"), however it restricts the
    // others. A corner may be a combination nobody has: the counts of boxes are what is being
    // protected here, and an empty corner is as uncertain to an outsider as any other.
    const cornerOf = (choice: readonly number[], pattern: number) => {
      const box = [...coords];
      const atom = [...alpha];
      let sign = 1;
      flippable.forEach((flip, i) => {
        if (!(pattern & (1 << i))) return;
        sign = -sign;
        const alternative = flip.options[choice[i]];
        box[flip.dim] = alternative;
        const leaves = space.dims[flip.dim].leavesUnder(alternative);
        atom[flip.dim] =
          leaves.find((leaf) => {
            const probe = [...atom];
            probe[flip.dim] = leaf;
            return this.atomIndex.has(space.id(probe));
          }) ?? leaves[0];
      });
      return { box: space.id(box), atom, sign };
    };
    let best = { cost: Infinity, empty: true, choice: [] as number[] };
    for (const choice of combinations(flippable.map((flip) => flip.options.length))) {
      let cost = 0;
      let empty = false;
      for (let pattern = 1; pattern < 1 << flippable.length; pattern++) {
        const corner = cornerOf(choice, pattern);
        if (!this.atomIndex.has(space.id(corner.atom))) empty = true;
        if (!this.hiddenAt.has(corner.box)) cost += this.count(corner.box);
      }
      if (cost < best.cost || (cost === best.cost && best.empty && !empty)) best = { cost, empty, choice };
    }
    if (space.dims.every((dim) => dim.flat)) {
      const flips = flippable.map((flip, i) => ({ dim: flip.dim, value: coords[flip.dim], alternative: flip.options[best.choice[i]] }));
      return hypercubeBoxes(space, alpha, flips, this.options.maxDepth);
    }
    const corners: { coords: number[]; sign: number }[] = [];
    for (let pattern = 0; pattern < 1 << flippable.length; pattern++) {
      const corner = cornerOf(best.choice, pattern);
      corners.push({ coords: corner.atom, sign: corner.sign });
    }
    return nonZeroBoxes(space, corners, this.options.maxDepth);
  }

  /** Step 4: hide more until every released line's hidden parts sum to 0 or at least `level`. */
  private close(level: number, queue: number[], hide: (id: number) => void): void {
    const { space } = this;
    for (const [id, at] of this.hiddenAt) if (at < level) queue.push(id);
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (this.count(id) === 0) continue;
      const coords = space.coords(id);
      coords.forEach((node, d) => {
        if (node === ROOT) return;
        const margin = [...coords];
        margin[d] = space.dims[d].parent[node];
        const marginId = space.id(margin);
        if (this.hiddenAt.has(marginId) || space.depthOf(marginId) > this.options.maxDepth) return;
        const members = space.dims[d].children[margin[d]].map((child) => {
          const box = [...margin];
          box[d] = child;
          return space.id(box);
        });
        if (space.depthOf(members[0]) > this.options.maxDepth) return;
        for (;;) {
          let hiddenSum = 0;
          let smallest = -1;
          for (const member of members) {
            const count = this.count(member);
            if (this.hiddenAt.has(member)) hiddenSum += count;
            else if (count > 0 && (smallest < 0 || count < this.count(smallest))) smallest = member;
          }
          if (hiddenSum === 0 || hiddenSum >= level || smallest < 0) break;
          hide(smallest);
        }
      });
    }
  }
}

/**
 * The boxes (within maxDepth) on which a hypercube over flat dimensions is not zero: in each
 * flipped dimension the small box's value or the alternative; in every other dimension alpha's
 * value or "any value". The same set `nonZeroBoxes` finds by summing, without the sums.
 */
export const hypercubeBoxes = (
  space: BoxSpace,
  alpha: readonly number[],
  flips: readonly { readonly dim: number; readonly value: number; readonly alternative: number }[],
  maxDepth: number,
): number[] => {
  const choices = alpha.map((leaf, d) => {
    const flip = flips.find((f) => f.dim === d);
    return flip ? [flip.value, flip.alternative] : [leaf, ROOT];
  });
  const out: number[] = [];
  space.forEachBox(choices, maxDepth, (id) => out.push(id));
  return out;
};

/** Boxes (within maxDepth) on which a signed sum of atoms is not zero. */
export const nonZeroBoxes = (
  space: BoxSpace,
  points: readonly { coords: readonly number[]; sign: number }[],
  maxDepth: number,
): number[] => {
  const sums = new Map<number, number>();
  for (const point of points) {
    space.forEachBox(
      point.coords.map((leaf, d) => space.dims[d].ancestors[leaf]),
      maxDepth,
      (id) => sums.set(id, (sums.get(id) ?? 0) + point.sign),
    );
  }
  return [...sums].filter(([, sum]) => sum !== 0).map(([id]) => id);
};
