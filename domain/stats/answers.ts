import { CellTable } from './cells';
import { Hierarchy, ROOT, type Dimension } from './hierarchy';
import { alternativesOf, combinations, hypercubeBoxes, rankSmallestPopulated, type ProtectedLattice } from './lattice';

/**
 * Disclosure control of the answers to one question, across every filter selection.
 *
 * The threat here is an attacker who knows everyone's filter attributes (gender, age, position:
 * what an HR file holds) and wants one person's answer. The respondent counts of every filter
 * box are then known to them, so the complementary vectors y of `ProtectedLattice` cannot hide
 * anything: y must move answers between values *inside* each filter atom. For a small cell
 * (box b, answer v) the vector is y = y_f (x) (v - w): hypercube corners over the filter
 * dimensions b restricts (each keeping alpha's values elsewhere) times "one answer moves from
 * v to w". Each atom keeps its respondent count, every total over a restricted dimension or
 * over the answers cancels, and every box with y != 0 is hidden, so no linear combination of
 * released figures (sums, differences, trackers) determines the small cell. Corners where
 * people are preferred; an empty one still defeats every linear combination, but someone who
 * knows that combination is empty and reasons with "counts cannot be negative" may narrow the
 * cell down (README: limits). A selection the lattice hides hides all its answers.
 *
 * A cell holding its whole selection ("all 7 managers are Catholic") gives every one of their
 * answers away however many they are, so it is protected like a small one.
 *
 * Single-answer questions are additive (the answers of a selection sum to its respondents;
 * those who gave none sit in a hidden "no answer" leaf). Multi-answer questions count people
 * mentioning a value; values are not additive, so each value is protected on its own, with its
 * complement (people of the selection not mentioning it) treated as a cell too.
 */

export interface AnswerCount {
  /** The filter atom, one leaf per filter dimension, as in the lattice. */
  readonly filter: readonly number[];
  readonly answer: string;
  readonly count: number;
}

/** Alternatives weighed per restricted dimension and per answer when choosing complements. */
const FILTER_CANDIDATES = 3;
const ANSWER_CANDIDATES = 4;

export class ProtectedAnswers {
  readonly answer: Hierarchy;
  /** Per filter atom (index in the lattice): answer node -> count (a leaf when additive). */
  private readonly perAtom: Map<number, number>[];
  /** Per answer node, the atoms (ascending) holding someone with an answer under it. */
  private readonly atomsWith: number[][] = [];
  /** Counts and hidden levels of the cells (filter box, answer node). */
  private readonly cells: CellTable;
  /**
   * Per filter box, the answer nodes with a count there, ascending (the order of `children`).
   * A question may have thousands of values (states) of which a box holds a few: the lines
   * below only need those, since an empty cell neither adds to a hidden sum nor is hidden.
   */
  private readonly populatedIn = new Map<number, number[]>();
  private readonly childrenCache = new Map<number, number[]>();
  /** populatedChildren by count, then node: the order rankSmallestPopulated prefers. */
  private readonly rankedCache = new Map<number, number[]>();
  /** Lattice decisions copied into `cells` so far (the lattice's hiddenAt only grows). */
  private latticeSeen = -1;
  private readonly stride: number;
  private buckets: number[][] = [];
  /** Levels computed so far (level 1 hides nothing). */
  private level = 1;

  constructor(
    readonly lattice: ProtectedLattice,
    question: Dimension,
    rows: readonly AnswerCount[],
    readonly multiple: boolean,
  ) {
    // The hypercubes below list their boxes directly, which holds for flat filter dimensions.
    if (!lattice.space.dims.every((dim) => dim.flat)) throw new RangeError('filter dimensions must be flat lists');
    const plain = new Hierarchy(question);
    const implicitUnder = new Set<string>();
    const perAtomKeys: Map<string, number>[] = lattice.atoms.map(() => new Map());
    for (const row of rows) {
      if (!Number.isInteger(row.count) || row.count < 0) throw new RangeError('answer counts are whole numbers');
      if (row.count === 0) continue;
      const atom = lattice.indexOfAtom(row.filter);
      if (atom === undefined) throw new RangeError('answers from a combination of filter values no respondent has');
      const node = plain.nodeOf(row.answer);
      if (node === undefined) throw new RangeError(`${question.name}: unknown answer ${row.answer}`);
      if (!multiple && !plain.isLeaf(node)) implicitUnder.add(row.answer);
      const map = perAtomKeys[atom];
      map.set(row.answer, (map.get(row.answer) ?? 0) + row.count);
    }
    perAtomKeys.forEach((map, atom) => {
      const respondents = lattice.atoms[atom].count;
      const total = [...map.values()].reduce((sum, count) => sum + count, 0);
      if (multiple) {
        for (const count of map.values()) if (count > respondents) throw new RangeError('more people mention a value than there are respondents');
      } else if (total > respondents) throw new RangeError('more answers than respondents to a single-answer question');
      else if (total < respondents) implicitUnder.add('');
    });
    this.answer = new Hierarchy(question, implicitUnder);
    if (!Number.isSafeInteger(lattice.space.total * this.answer.size)) throw new RangeError('too many values across the dimensions of one statistic');
    this.stride = lattice.space.total;
    this.cells = new CellTable(lattice.space, lattice.options.maxDepth, this.answer.size);
    this.perAtom = perAtomKeys.map((map, atom) => {
      const out = new Map<number, number>();
      let total = 0;
      for (const [key, count] of map) {
        const node = this.answer.nodeOf(key)!;
        const leaf = multiple || this.answer.isLeaf(node) ? node : this.answer.implicitLeafOf(node)!;
        out.set(leaf, (out.get(leaf) ?? 0) + count);
        total += count;
      }
      const rest = lattice.atoms[atom].count - total;
      if (!multiple && rest > 0) out.set(this.answer.implicitLeafOf(ROOT)!, rest);
      return out;
    });
    this.perAtom.forEach((map, atom) => {
      for (const [node, count] of map) {
        const nodes = multiple ? [node] : this.answer.ancestors[node].filter((a) => a !== ROOT);
        for (const box of lattice.atomBoxes[atom]) for (const a of nodes) this.cells.add(box, a, count);
        for (const a of nodes) {
          const holders = (this.atomsWith[a] ??= []);
          if (holders[holders.length - 1] !== atom) holders.push(atom);
        }
      }
    });
    for (const id of this.cells.populated) {
      const { box, node } = this.split(id);
      const list = this.populatedIn.get(box);
      if (list) list.push(node);
      else this.populatedIn.set(box, [node]);
    }
    for (const list of this.populatedIn.values()) list.sort((a, b) => a - b);
    this.prepare();
  }

  /** The children of `parent` with a count in the filter box, in the order of `children`. */
  private populatedChildren(filterBox: number, parent: number): readonly number[] {
    const key = filterBox + parent * this.stride;
    let out = this.childrenCache.get(key);
    if (out === undefined) {
      out = [];
      for (const node of this.populatedIn.get(filterBox) ?? []) if (this.answer.parent[node] === parent && node !== ROOT) out.push(node);
      this.childrenCache.set(key, out);
    }
    return out;
  }

  /**
   * rankSmallestPopulated(options, count in the box, ANSWER_CANDIDATES) for the answers under
   * `parent` that someone gave, `except` left out, from the answers the box holds ranked once:
   * with thousands of values (states), counting each option for every small cell was most of
   * the protection's time on a large organisation.
   */
  private rankTargets(box: number, parent: number, except: number): number[] {
    const key = box + parent * this.stride;
    let ranked = this.rankedCache.get(key);
    if (ranked === undefined) {
      ranked = [...this.populatedChildren(box, parent)].sort((a, b) => this.count(box, a) - this.count(box, b) || a - b);
      this.rankedCache.set(key, ranked);
    }
    const out: number[] = [];
    for (const node of ranked) {
      if (out.length >= ANSWER_CANDIDATES) break;
      if (node !== except) out.push(node);
    }
    if (out.length < ANSWER_CANDIDATES) {
      const taken = new Set(out);
      for (const node of this.populatedChildren(ROOT, parent)) {
        if (out.length >= ANSWER_CANDIDATES) break;
        if (node !== except && !taken.has(node) && this.count(box, node) === 0) out.push(node);
      }
    }
    return out;
  }

  /** Box number of (filter box, answer node). */
  id(filterBox: number, node: number): number {
    return filterBox + node * this.stride;
  }

  count(filterBox: number, node: number): number {
    if (node === ROOT) return this.lattice.count(filterBox);
    return this.cells.count(filterBox, node);
  }

  /**
   * A single-answer question everyone answered the same way (or left blank the same way): any
   * figure would give every answer away, and no other answer can hide one, so nothing is shown.
   */
  get uniform(): boolean {
    if (this.multiple) return false;
    return this.answer.leavesUnder(ROOT).filter((leaf) => this.count(ROOT, leaf) > 0).length < 2;
  }

  hidden(filterBox: number, node: number, k: number): boolean {
    this.ensure(k);
    return this.cells.hidden(filterBox, node, k);
  }

  /** Computes the levels up to k (after the lattice's), see ProtectedLattice.ensure. */
  ensure(k: number): void {
    this.lattice.ensure(k);
    this.copyLatticeLevels();
    while (this.level < k) this.runLevel(++this.level);
  }

  /** The boxes the lattice hid since the last copy, into `cells`. */
  private copyLatticeLevels(): void {
    if (this.latticeSeen === this.lattice.hiddenAt.size) return;
    for (const [box, level] of this.lattice.hiddenAt) this.cells.setBoxLevel(box, level);
    this.latticeSeen = this.lattice.hiddenAt.size;
  }

  private split(id: number): { box: number; node: number } {
    return { box: id % this.stride, node: Math.floor(id / this.stride) };
  }

  private prepare(): void {
    const { maxK } = this.lattice.options;
    this.buckets = Array.from({ length: maxK + 1 }, () => []);
    for (const id of this.cells.populated) {
      const { box, node } = this.split(id);
      const count = this.cells.count(box, node);
      let level = count >= 1 && count <= maxK - 1 ? count + 1 : Infinity;
      if (this.multiple) {
        const complement = this.lattice.count(box) - count;
        if (complement >= 1 && complement <= maxK - 1) level = Math.min(level, complement + 1);
      }
      // A cell holding everyone of its selection (or of its parent value) gives away each of
      // their answers, however many they are: it is hidden like a small one.
      const whole = this.count(box, this.multiple ? ROOT : this.answer.parent[node]);
      if (count > 0 && count === whole) level = 2;
      if (level <= maxK) this.buckets[level].push(id);
    }
    for (const bucket of this.buckets) bucket.sort((a, b) => a - b);
  }

  private runLevel(level: number): void {
    for (const id of this.buckets[level]) {
      const { box, node } = this.split(id);
      this.cells.hide(box, node, level);
      if (this.cells.covered(box, node)) continue;
      for (const cell of this.complementsOf(id, level)) {
        const other = this.split(cell);
        this.cells.hide(other.box, other.node, level);
        this.cells.cover(other.box, other.node);
      }
    }
    this.close(level);
  }

  /**
   * The first atom (in the lattice's order) of the filter box that holds someone with an answer
   * under `node`: from the shorter of the box's atoms and the answer's atoms, which give the same.
   */
  private firstAtomWith(node: number, box: number, coords: readonly number[], inside: readonly number[]): number | undefined {
    const holders = this.atomsWith[node] ?? [];
    if (inside.length <= holders.length) return inside.find((atom) => this.atomShare(atom, node) > 0);
    if (box === ROOT) return holders[0];
    const atoms = this.lattice.atoms;
    return holders.find((atom) => coords.every((value, d) => value === ROOT || value === atoms[atom].coords[d]));
  }

  /** Count of the answer part of a cell within one filter atom. */
  private atomShare(atom: number, node: number): number {
    const map = this.perAtom[atom];
    if (this.multiple) return map.get(node) ?? 0;
    let sum = 0;
    for (const leaf of this.answer.leavesUnder(node)) sum += map.get(leaf) ?? 0;
    return sum;
  }

  /**
   * The cells to hide with a small cell `id`. The alternatives (another value in each filter
   * dimension the cell restricts, another answer) are chosen together so that the released
   * cells they hide hold the fewest people; cells already hidden cost nothing. Corners where
   * people are (an answer can really move there) win a tie; an empty corner still defeats every
   * linear combination of released figures (README: limits).
   */
  private complementsOf(id: number, level: number): number[] {
    const { lattice } = this;
    const fspace = lattice.space;
    const { box, node } = this.split(id);
    const coords = fspace.coords(box);
    const inside = lattice.atomsIn.get(box) ?? [];
    if (inside.length === 0) return [];
    const cellCount = this.count(box, node);
    const wantsPositive = cellCount >= 1 && cellCount <= lattice.options.maxK - 1;
    const alpha =
      (wantsPositive
        ? this.firstAtomWith(node, box, coords, inside)
        : inside.find((atom) => lattice.atoms[atom].count - this.atomShare(atom, node) > 0)) ?? inside[0];
    const alphaCoords = lattice.atoms[alpha].coords;

    let targets: (number | null)[] = [null];
    if (!this.multiple) {
      // Only answers someone in the population gave: the others are known to be empty everywhere.
      let found = false;
      for (let level = node; level !== ROOT && !found; level = this.answer.parent[level]) {
        const parent = this.answer.parent[level];
        // Some other answer under the same parent was given (populatedChildren lists each once).
        if (this.populatedChildren(ROOT, parent).some((other) => other !== level)) {
          targets = this.rankTargets(box, parent, level);
          found = true;
        }
      }
      if (!found) return [];
    }
    const flippable = coords.flatMap((value, d) => {
      if (value === ROOT) return [];
      const { options } = alternativesOf(fspace.dims[d], value);
      if (options.length === 0) return [];
      const countWith = (other: number) => {
        const probe = [...coords];
        probe[d] = other;
        return lattice.count(fspace.id(probe));
      };
      return [{ dim: d, options: rankSmallestPopulated(options, countWith, FILTER_CANDIDATES) }];
    });
    // A corner flips the dimensions of its pattern's bits to the choice's alternatives; with flat
    // dimensions its filter box and its atom are numbers shifted by whole strides.
    const patterns = 1 << flippable.length;
    const boxShift = flippable.map((flip) => flip.options.map((option) => (option - coords[flip.dim]) * fspace.strides[flip.dim]));
    const atomShift = flippable.map((flip) =>
      flip.options.map((option) => (fspace.dims[flip.dim].leavesUnder(option)[0] - alphaCoords[flip.dim]) * fspace.strides[flip.dim]),
    );
    const alphaId = fspace.id(alphaCoords);
    const cornerBoxes = new Array<number>(patterns);
    const cost = (filterBox: number, n: number) =>
      (filterBox === box && n === node) || this.cells.hidden(filterBox, n, level) ? 0 : this.count(filterBox, n);
    let best = { cost: Infinity, empty: true, choice: [] as number[], target: null as number | null };
    for (const choice of combinations(flippable.map((flip) => flip.options.length))) {
      for (let pattern = 0; pattern < patterns; pattern++) {
        let filterBox = box;
        for (let i = 0; i < flippable.length; i++) if (pattern & (1 << i)) filterBox += boxShift[i][choice[i]];
        cornerBoxes[pattern] = filterBox;
      }
      let emptyCorner: boolean | undefined;
      /** Some corner is a combination of filter values nobody has (asked only when it decides). */
      const empty = () => {
        if (emptyCorner === undefined) {
          emptyCorner = false;
          for (let pattern = 1; pattern < patterns && !emptyCorner; pattern++) {
            let atom = alphaId;
            for (let i = 0; i < flippable.length; i++) if (pattern & (1 << i)) atom += atomShift[i][choice[i]];
            emptyCorner = lattice.atomAt(atom) === undefined;
          }
        }
        return emptyCorner;
      };
      for (const target of targets) {
        let total = 0;
        for (let pattern = 0; pattern < patterns; pattern++) {
          total += cost(cornerBoxes[pattern], node);
          if (target !== null) total += cost(cornerBoxes[pattern], target);
        }
        if (total < best.cost || (total === best.cost && best.empty && !empty())) best = { cost: total, empty: empty(), choice, target };
      }
    }

    // One answer moves from a leaf under `node` to a leaf under the target, in every corner.
    const points: { node: number; sign: number }[] = [];
    if (best.target === null) points.push({ node, sign: 1 });
    else {
      const under = this.answer.leavesUnder(node);
      const toLeaves = this.answer.leavesUnder(best.target);
      points.push(
        { node: under.find((leaf) => (this.perAtom[alpha].get(leaf) ?? 0) > 0) ?? under[0], sign: 1 },
        {
          // A leaf nobody in the population gave is known to be empty: never move an answer there.
          node: toLeaves.find((leaf) => this.count(box, leaf) > 0) ?? toLeaves.find((leaf) => this.count(ROOT, leaf) > 0) ?? toLeaves[0],
          sign: -1,
        },
      );
    }
    // y is a product: +1 and -1 on the two values of each flipped dimension, alpha's value or
    // "any" elsewhere, times the answer part; so the boxes where it is not zero can be listed.
    const filterBoxes = hypercubeBoxes(
      fspace,
      alphaCoords,
      flippable.map((flip, i) => ({ dim: flip.dim, value: coords[flip.dim], alternative: flip.options[best.choice[i]] })),
      lattice.options.maxDepth,
    );
    let answerNodes: number[];
    if (points.length === 1) answerNodes = [node];
    else {
      const from = this.answer.ancestors[points[0].node];
      const to = this.answer.ancestors[points[1].node];
      answerNodes = [...from.filter((n) => !to.includes(n)), ...to.filter((n) => !from.includes(n))];
    }
    return filterBoxes.flatMap((filterBox) => answerNodes.map((n) => this.id(filterBox, n)));
  }

  /** Hidden parts of a released line sum to 0 or at least `level` (lines of the answer cells). */
  private close(level: number): void {
    const { lattice, stride } = this;
    const fspace = lattice.space;
    const dims = fspace.dims.length;
    const countOf = (box: number, node: number) => (node === ROOT ? lattice.count(box) : this.cells.count(box, node));
    const queue: number[] = [];
    const hiddenInPass = new Set<number>();
    for (const id of this.cells.populated) {
      const box = id % stride;
      if (this.cells.hidden(box, (id - box) / stride, level)) queue.push(id);
    }
    // A line's outcome depends only on which of its members are hidden, so a line settled since
    // the last hide among its members is skipped: settling it again would hide nothing. Each
    // line (kind: the filter dimension, or `dims` for the answer line) keeps the number of the
    // last hide it saw and of the last hide of one of its members.
    let hides = 0;
    const settledAt = Array.from({ length: dims + 1 }, () => new Map<number, number>());
    const changedAt = Array.from({ length: dims + 1 }, () => new Map<number, number>());
    // The hidden sum of a line once settled is kept up to date with each hide among its members,
    // so that a line whose hidden parts are already 0 or >= level is passed without a scan.
    const hiddenSums = Array.from({ length: dims + 1 }, () => new Map<number, number>());
    const touch = (kind: number, line: number, count: number) => {
      changedAt[kind].set(line, hides);
      const sum = hiddenSums[kind].get(line);
      if (sum !== undefined) hiddenSums[kind].set(line, sum + count);
    };
    const noteHidden = (box: number, node: number) => {
      hides += 1;
      const count = countOf(box, node);
      for (let d = 0; d < dims; d++) {
        const dim = fspace.dims[d];
        const value = Math.floor(box / fspace.strides[d]) % dim.size;
        if (value === ROOT) continue;
        touch(d, box + (dim.parent[value] - value) * fspace.strides[d] + node * stride, count);
      }
      if (!this.multiple) touch(dims, box + this.answer.parent[node] * stride, count);
    };
    const unchanged = (kind: number, line: number) => {
      const settled = settledAt[kind].get(line);
      return settled !== undefined && settled >= (changedAt[kind].get(line) ?? 0);
    };
    /** Hides the smallest released parts of a line until its hidden parts are 0 or >= level. */
    const settle = (kind: number, line: number, members: () => readonly (readonly [box: number, node: number])[]) => {
      const known = hiddenSums[kind].get(line);
      if (known === undefined || (known > 0 && known < level)) hiddenSums[kind].set(line, settleMembers(members()));
      settledAt[kind].set(line, hides);
    };
    /** Returns the hidden sum the line is left with. */
    const settleMembers = (members: readonly (readonly [box: number, node: number])[]): number => {
      for (;;) {
        let hiddenSum = 0;
        let smallest: readonly [number, number] | null = null;
        let smallestCount = Infinity;
        for (const member of members) {
          const count = countOf(member[0], member[1]);
          if (this.cells.hidden(member[0], member[1], level)) hiddenSum += count;
          else if (count > 0 && count < smallestCount) {
            smallest = member;
            smallestCount = count;
          }
        }
        if (hiddenSum === 0 || hiddenSum >= level || smallest === null) return hiddenSum;
        const id = smallest[0] + smallest[1] * stride;
        this.cells.hide(smallest[0], smallest[1], level);
        hiddenInPass.add(id);
        queue.push(id);
        noteHidden(smallest[0], smallest[1]);
      }
    };
    // A line is looked at once for the cells hidden before this pass; a cell hidden during the
    // pass has all its lines looked at again.
    const seen = new Map<number, number>();
    const firstLook = (margin: number, line: number) => {
      const mask = seen.get(margin) ?? 0;
      if (mask & (1 << line)) return false;
      seen.set(margin, mask | (1 << line));
      return true;
    };
    while (queue.length > 0) {
      const id = queue.pop()!;
      const fresh = hiddenInPass.has(id);
      const box = id % stride;
      const node = (id - box) / stride;
      for (let d = 0; d < dims; d++) {
        const dim = fspace.dims[d];
        const value = Math.floor(box / fspace.strides[d]) % dim.size;
        if (value === ROOT) continue;
        const up = dim.parent[value];
        const margin = box + (up - value) * fspace.strides[d];
        const line = margin + node * stride;
        if (!firstLook(line, d) && !fresh) continue;
        if (this.cells.hidden(margin, node, level)) continue;
        if (unchanged(d, line)) continue;
        settle(d, line, () => dim.children[up].map((child) => [margin + (child - up) * fspace.strides[d], node] as const));
      }
      if (!this.multiple) {
        const parent = this.answer.parent[node];
        const line = box + parent * stride;
        if (!firstLook(line, dims) && !fresh) continue;
        if (this.cells.hidden(box, parent, level)) continue;
        if (unchanged(dims, line)) continue;
        settle(dims, line, () => this.populatedChildren(box, parent).map((child) => [box, child] as const));
      }
    }
  }
}
