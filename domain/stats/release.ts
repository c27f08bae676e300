import type { CrossTable, Distribution, Header, StatCell, StatTree, TreeCell, Withheld } from '../contracts/stats';
import { ProtectedAnswers } from './answers';
import { SPECIAL_CATEGORY_MIN_GROUP_SIZE } from './config';
import { refused, tooFew, violatesRemainder } from './guard';
import { BoxSpace, Hierarchy, ROOT, type Dimension } from './hierarchy';
import { ProtectedLattice } from './lattice';
import { smallestBoxInside, smallestSupersetDifference } from './remainder';
import { percentOf } from './percent';

/**
 * What the server hands to disclosure control: counts it computed in SQL, never rows.
 *
 * - A population: the filter dimensions (named like the filter keys: gender, position-level,
 *   age-range as age bands, generation, disability, lgbtiq) and the number of respondents per
 *   combination of their values (one GROUP BY over the organisation's respondents in the date
 *   range). Every respondent must be in exactly one group (use a value such as 'unknown' for a
 *   missing attribute).
 * - A question: its values (with parents for a tree) and, per combination of filter values,
 *   how many respondents gave each answer (GROUP BY the filter columns and the answer). For a
 *   multi-answer question, how many respondents mentioned each value (each person at most once
 *   per value; for a tree, once per node whose subtree they mention).
 *
 * `protectPopulation(...).question(...)` then answers any selection, consistently for every
 * selection and every statistic built on the same counts (see lattice.ts and answers.ts).
 */
export interface PopulationGroup {
  readonly values: Readonly<Record<string, string>>;
  readonly count: number;
}

export interface StatsPopulation {
  readonly dimensions: readonly Dimension[];
  readonly groups: readonly PopulationGroup[];
}

export interface AnswerGroup {
  readonly values: Readonly<Record<string, string>>;
  readonly answer: string;
  readonly count: number;
}

export interface StatsQuestion {
  readonly dimension: Dimension;
  readonly multiple?: boolean;
  readonly counts: readonly AnswerGroup[];
}

/** A filter selection: per dimension, the accepted values (absent or empty: any value). */
export type Selection = Readonly<Record<string, string | readonly string[] | null | undefined>>;

/** What a statistic call returns: the data, or the envelope's "nothing to show". */
export type Release<T> = { readonly status: 200; readonly data: T } | Withheld;

export const released = <T>(data: T): Release<T> => ({ status: 200, data });

export interface ProtectionOptions {
  /** Thresholds up to this value can be asked (default: 10, the special-category minimum). */
  readonly maxK?: number;
  /**
   * Filter dimensions a selection may combine (default 2). Deeper combinations are refused
   * with "Not enough data to show.": they are almost always below k, and the protection's cost
   * grows fast with depth (README: measured cost).
   */
  readonly maxFilters?: number;
  /** The remainder rule between filter selections (default true). */
  readonly remainder?: boolean;
}

export const DEFAULT_MAX_FILTERS = 2;

interface Resolved {
  /** Disjoint filter boxes whose union is the selection (lists expand to one box per value). */
  readonly boxes: readonly number[];
  readonly perDim: readonly (readonly number[])[];
}

export class ProtectedPopulation {
  readonly lattice: ProtectedLattice;
  readonly dims: readonly Hierarchy[];
  private readonly questions = new WeakMap<StatsQuestion, ProtectedQuestion>();
  /** Per list selection (its boxes) and k, the smallest positive difference to a selection around it. */
  private readonly listDistances = new Map<string, number>();

  constructor(population: StatsPopulation, options: ProtectionOptions = {}) {
    const names = new Set<string>();
    for (const dimension of population.dimensions) {
      if (names.has(dimension.name)) throw new RangeError(`dimension ${dimension.name} given twice`);
      names.add(dimension.name);
      if (dimension.values.some((value) => value.parent !== undefined)) {
        // Filters are flat lists in the SPEC; a tree here would need relaxations to every ancestor.
        throw new RangeError(`filter dimension ${dimension.name} must be a flat list`);
      }
    }
    this.dims = population.dimensions.map((dimension) => new Hierarchy(dimension));
    const space = new BoxSpace(this.dims);
    const atoms = population.groups.map((group) => ({ coords: this.coordsOf(group.values), count: group.count }));
    this.lattice = new ProtectedLattice(space, atoms, {
      maxDepth: Math.min(options.maxFilters ?? DEFAULT_MAX_FILTERS, this.dims.length),
      maxK: options.maxK ?? SPECIAL_CATEGORY_MIN_GROUP_SIZE,
      remainder: options.remainder ?? true,
    });
  }

  get respondents(): number {
    return this.lattice.rootCount;
  }

  /** The filter atom of a group: one value per dimension. */
  coordsOf(values: Readonly<Record<string, string>>): number[] {
    for (const key of Object.keys(values)) {
      if (!this.dims.some((dim) => dim.name === key)) throw new RangeError(`unknown dimension ${key}`);
    }
    return this.dims.map((dim) => {
      const value = values[dim.name];
      if (value === undefined) throw new RangeError(`a group needs a value for ${dim.name}`);
      const node = dim.nodeOf(value);
      if (node === undefined) throw new RangeError(`${dim.name}: unknown value ${value}`);
      return node;
    });
  }

  question(question: StatsQuestion): ProtectedQuestion {
    let protectedQuestion = this.questions.get(question);
    if (!protectedQuestion) {
      const rows = question.counts.map((row) => ({ filter: this.coordsOf(row.values), answer: row.answer, count: row.count }));
      protectedQuestion = new ProtectedQuestion(this, new ProtectedAnswers(this.lattice, question.dimension, rows, question.multiple === true));
      this.questions.set(question, protectedQuestion);
    }
    return protectedQuestion;
  }

  dimIndex(name: string): number {
    const index = this.dims.findIndex((dim) => dim.name === name);
    if (index < 0) throw new RangeError(`unknown dimension ${name}`);
    return index;
  }

  resolve(selection: Selection): Resolved {
    const perDim: number[][] = this.dims.map(() => [ROOT]);
    for (const [name, raw] of Object.entries(selection)) {
      const list = raw === undefined || raw === null ? [] : typeof raw === 'string' ? (raw === '' ? [] : [raw]) : [...raw];
      if (list.length === 0) continue;
      const d = this.dimIndex(name);
      const dim = this.dims[d];
      // A value nobody has (or the dimension does not know) selects nobody.
      const nodes = [...new Set(list.map((key) => dim.nodeOf(key)).filter((node): node is number => node !== undefined))];
      const covered = new Set(nodes.flatMap((node) => dim.leavesUnder(node)));
      perDim[d] = covered.size === dim.leavesUnder(ROOT).length ? [ROOT] : nodes.sort((a, b) => a - b);
    }
    let boxes: number[] = [0];
    perDim.forEach((nodes, d) => {
      boxes = boxes.flatMap((box) => nodes.map((node) => box + node * this.lattice.space.strides[d]));
    });
    return { boxes, perDim };
  }

  /** The selection rules; on success the resolved selection and its respondents. */
  guard(selection: Selection, k: number): { ok: true; resolved: Resolved; total: number } | Withheld {
    const resolved = this.resolve(selection);
    // Combinations deeper than maxFilters are not counted at all: refused whatever their size.
    const restricted = resolved.perDim.filter((nodes) => nodes[0] !== ROOT).length;
    if (restricted > this.lattice.options.maxDepth) return withheldOf(refused());
    const total = resolved.boxes.reduce((sum, box) => sum + this.lattice.count(box), 0);
    if (total < k) return withheldOf(tooFew(k));
    if (resolved.boxes.some((box) => this.lattice.hidden(box, k))) return withheldOf(refused());
    if (resolved.perDim.some((nodes) => nodes.length > 1)) {
      // A list: it must keep its distance from every selection around it (remainder.ts).
      const key = `${k}|${resolved.boxes.join(',')}`;
      let nearest = this.listDistances.get(key);
      if (nearest === undefined) {
        const inside = new Set(resolved.boxes.flatMap((box) => this.lattice.atomsIn.get(box) ?? []));
        nearest = Math.min(smallestSupersetDifference(this.lattice, inside, total), smallestBoxInside(this.lattice, inside, total, k));
        this.listDistances.set(key, nearest);
      }
      if (violatesRemainder(total, total + nearest, k)) return withheldOf(refused());
    }
    return { ok: true, resolved, total };
  }

  /** Values of a dimension that some respondent has, restricted to the selection's list. */
  shownValues(d: number, resolved: Resolved): number[] {
    const dim = this.dims[d];
    const chosen = resolved.perDim[d];
    return dim.children[ROOT].filter((node) => {
      const coords = this.dims.map(() => ROOT);
      coords[d] = node;
      if (this.lattice.count(this.lattice.space.id(coords)) === 0) return false;
      return chosen[0] === ROOT || chosen.some((c) => dim.within(node, c) || dim.within(c, node));
    });
  }

  /** Boxes of the selection with dimension d set to `node` (none when the selection excludes it). */
  narrow(resolved: Resolved, d: number, node: number): number[] {
    const stride = this.lattice.space.strides[d];
    const dim = this.dims[d];
    const out: number[] = [];
    for (const box of resolved.boxes) {
      const current = this.lattice.space.coords(box)[d];
      if (current === ROOT) out.push(box + node * stride);
      else if (dim.within(node, current)) out.push(box + (node - current) * stride);
    }
    return out;
  }

  /** Respondents by two filter dimensions (e.g. gender by age band) within a selection. */
  crossTable(selection: Selection, rowDim: string, columnDim: string, k: number): Release<CrossTable> {
    const guard = this.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const r = this.dimIndex(rowDim);
    const c = this.dimIndex(columnDim);
    if (r === c) throw new RangeError('a table needs two different dimensions');
    const { resolved, total } = guard;
    const rows = this.shownValues(r, resolved);
    const columns = this.shownValues(c, resolved);
    const cellOf = (boxes: readonly number[], dim: Hierarchy, node: number): StatCell => {
      const count = boxes.reduce((sum, box) => sum + this.lattice.count(box), 0);
      const hidden = boxes.some((box) => this.lattice.hidden(box, k));
      return makeCell(dim.keys[node], dim.labels[node], count, total, hidden, k, dim.preferNot[node]);
    };
    const rowBoxes = rows.map((row) => this.narrow(resolved, r, row));
    return released({
      total,
      rows: rows.map((row) => header(this.dims[r], row)),
      columns: columns.map((column) => header(this.dims[c], column)),
      cells: rows.map((row, i) =>
        columns.map((column) => {
          const boxes = this.narrow({ boxes: rowBoxes[i], perDim: resolved.perDim }, c, column);
          const count = boxes.reduce((sum, box) => sum + this.lattice.count(box), 0);
          const hidden = boxes.some((box) => this.lattice.hidden(box, k));
          return makeCell(`${this.dims[r].keys[row]}|${this.dims[c].keys[column]}`, '', count, total, hidden, k, false);
        }),
      ),
      rowTotals: rows.map((row, i) => cellOf(rowBoxes[i], this.dims[r], row)),
      columnTotals: columns.map((column) => cellOf(this.narrow(resolved, c, column), this.dims[c], column)),
    });
  }
}

export class ProtectedQuestion {
  constructor(
    readonly population: ProtectedPopulation,
    readonly answers: ProtectedAnswers,
  ) {}

  private cellOf(boxes: readonly number[], node: number, total: number, k: number): StatCell {
    const dim = this.answers.answer;
    const count = boxes.reduce((sum, box) => sum + this.answers.count(box, node), 0);
    const hidden = boxes.some((box) => this.answers.hidden(box, node, k));
    return makeCell(dim.keys[node], dim.labels[node], count, total, hidden, k, dim.preferNot[node]);
  }

  /** Answer values some respondent of the population gave, in the order of the dimension. */
  private shown(nodes: readonly number[]): number[] {
    const dim = this.answers.answer;
    return nodes.filter((node) => !dim.implicit[node] && this.answers.count(ROOT, node) > 0);
  }

  /** The answers of a selection, one cell per value. */
  distribution(selection: Selection, k: number): Release<Distribution> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    if (this.answers.uniform) return withheldOf(refused());
    const { resolved, total } = guard;
    const dim = this.answers.answer;
    return released({
      total,
      multiple: this.answers.multiple,
      cells: this.shown(dim.children[ROOT]).map((node) => this.cellOf(resolved.boxes, node, total, k)),
    });
  }

  /** The answers of a selection as a tree; a parent counts its whole subtree. */
  tree(selection: Selection, k: number): Release<StatTree> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    if (this.answers.uniform) return withheldOf(refused());
    const { resolved, total } = guard;
    const dim = this.answers.answer;
    const build = (node: number): TreeCell => ({
      ...this.cellOf(resolved.boxes, node, total, k),
      children: this.shown(dim.children[node]).map(build),
    });
    return released({ total, multiple: this.answers.multiple, nodes: this.shown(dim.children[ROOT]).map(build) });
  }

  /** The answers of a selection broken down by a filter dimension (rows) and answer (columns). */
  byDimension(selection: Selection, rowDim: string, k: number): Release<CrossTable> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    if (this.answers.uniform) return withheldOf(refused());
    const { resolved, total } = guard;
    const lattice = this.population.lattice;
    const r = this.population.dimIndex(rowDim);
    const rowDimension = this.population.dims[r];
    const rows = this.population.shownValues(r, resolved);
    const columns = this.shown(this.answers.answer.children[ROOT]);
    const rowBoxes = rows.map((row) => this.population.narrow(resolved, r, row));
    return released({
      total,
      rows: rows.map((row) => header(rowDimension, row)),
      columns: columns.map((column) => header(this.answers.answer, column)),
      cells: rowBoxes.map((boxes, i) =>
        columns.map((column) => {
          const cell = this.cellOf(boxes, column, total, k);
          return { ...cell, key: `${rowDimension.keys[rows[i]]}|${cell.key}`, label: '' };
        }),
      ),
      rowTotals: rowBoxes.map((boxes, i) => {
        const count = boxes.reduce((sum, box) => sum + lattice.count(box), 0);
        const hidden = boxes.some((box) => lattice.hidden(box, k));
        const row = rows[i];
        return makeCell(rowDimension.keys[row], rowDimension.labels[row], count, total, hidden, k, rowDimension.preferNot[row]);
      }),
      columnTotals: columns.map((column) => this.cellOf(resolved.boxes, column, total, k)),
    });
  }
}

const header = (dim: Hierarchy, node: number): Header => ({ key: dim.keys[node], label: dim.labels[node] });

const withheldOf = (verdict: Withheld): Withheld => ({ status: verdict.status, message: verdict.message });

export const makeCell = (
  key: string,
  label: string,
  count: number,
  total: number,
  hidden: boolean,
  k: number,
  preferNot: boolean,
): StatCell => {
  const flag = preferNot ? { preferNot: true as const } : {};
  return hidden
    ? { key, label, suppressed: true, threshold: k, ...flag }
    : { key, label, count, percent: percentOf(count, total), ...flag };
};

/**
 * Protects a population. The work grows with the number of respondents and answer values
 * (README: measured cost), so the server should keep one per organisation and date range until
 * new answers arrive, and pass it to the release functions below instead of the raw counts.
 * Questions are protected once per question object and remembered by the population.
 */
export const protectPopulation = (population: StatsPopulation, options: ProtectionOptions = {}): ProtectedPopulation =>
  new ProtectedPopulation(population, { ...options, maxK: Math.max(options.maxK ?? 0, SPECIAL_CATEGORY_MIN_GROUP_SIZE) });

/** Raw counts are protected on the spot; a protected population is used as it is. */
const protectedFor = (population: StatsPopulation | ProtectedPopulation, k: number, options: ProtectionOptions): ProtectedPopulation =>
  population instanceof ProtectedPopulation ? population : protectPopulation(population, { ...options, maxK: Math.max(k, options.maxK ?? 0) });

type Input = { readonly population: StatsPopulation | ProtectedPopulation; readonly selection: Selection };

/**
 * The composition every question endpoint calls: the selection rules, then the answers of the
 * selection with small and revealing cells suppressed. `k` comes from `thresholdFor`.
 */
export const releaseDistribution = (input: Input & { readonly question: StatsQuestion }, k: number, options: ProtectionOptions = {}): Release<Distribution> =>
  protectedFor(input.population, k, options).question(input.question).distribution(input.selection, k);

export const releaseTree = (input: Input & { readonly question: StatsQuestion }, k: number, options: ProtectionOptions = {}): Release<StatTree> =>
  protectedFor(input.population, k, options).question(input.question).tree(input.selection, k);

/** Answers broken down by a filter dimension (e.g. state of residence by gender). */
export const releaseByDimension = (
  input: Input & { readonly question: StatsQuestion; readonly by: string },
  k: number,
  options: ProtectionOptions = {},
): Release<CrossTable> => protectedFor(input.population, k, options).question(input.question).byDimension(input.selection, input.by, k);

/** Respondents by two filter dimensions (e.g. gender by age band). */
export const releaseCrossTable = (
  input: Input & { readonly rows: string; readonly columns: string },
  k: number,
  options: ProtectionOptions = {},
): Release<CrossTable> => protectedFor(input.population, k, options).crossTable(input.selection, input.rows, input.columns, k);

/** A single count (total registered, people with a long-term condition, ...) of a selection. */
export const releaseCount = (input: Input, k: number, options: ProtectionOptions = {}): Release<{ count: number }> => {
  const guard = protectedFor(input.population, k, options).guard(input.selection, k);
  return 'ok' in guard ? released({ count: guard.total }) : guard;
};

// ---------------------------------------------------------------------------------------------
// Stand-alone tables: counts that are not linked to the filter lattice (one fixed population).

export interface CountCell {
  readonly key: string;
  readonly label?: string;
  readonly count: number;
  readonly preferNot?: boolean;
  /** For a tree: the key of the parent value. */
  readonly parent?: string;
}

const NAME = 'answer';

const standalone = (total: number, cells: readonly CountCell[], multiple: boolean, maxK: number) => {
  const population: StatsPopulation = { dimensions: [], groups: total > 0 ? [{ values: {}, count: total }] : [] };
  const question: StatsQuestion = {
    dimension: { name: NAME, values: cells.map(({ key, label, preferNot, parent }) => ({ key, label, preferNot, parent })) },
    multiple,
    counts: cells.map((cell) => ({ values: {}, answer: cell.key, count: cell.count })),
  };
  return new ProtectedPopulation(population, { maxK, remainder: false }).question(question);
};

/**
 * One question over a fixed selection: `total` respondents, one count per value (for a tree,
 * respondents whose answer is exactly that value; `multiple`: people mentioning each value).
 * Complementary suppression keeps every hidden cell from following from the total.
 */
export const releaseCounts = (
  input: { readonly total: number; readonly cells: readonly CountCell[]; readonly multiple?: boolean },
  k: number,
): Release<Distribution> => standalone(input.total, input.cells, input.multiple === true, Math.max(k, 2)).distribution({}, k);

export const releaseCountTree = (
  input: { readonly total: number; readonly cells: readonly CountCell[]; readonly multiple?: boolean },
  k: number,
): Release<StatTree> => standalone(input.total, input.cells, input.multiple === true, Math.max(k, 2)).tree({}, k);

/** A rows-by-columns table of people with its margins (each person in exactly one cell). */
export const releaseTable = (
  input: {
    readonly rows: readonly { readonly key: string; readonly label?: string }[];
    readonly columns: readonly { readonly key: string; readonly label?: string }[];
    /** counts[row][column] */
    readonly counts: readonly (readonly number[])[];
  },
  k: number,
): Release<CrossTable> => {
  const groups: PopulationGroup[] = [];
  input.rows.forEach((row, i) => {
    if ((input.counts[i]?.length ?? -1) !== input.columns.length) throw new RangeError('one count per row and column');
    input.columns.forEach((column, j) => groups.push({ values: { rows: row.key, columns: column.key }, count: input.counts[i][j] }));
  });
  const population: StatsPopulation = {
    dimensions: [
      { name: 'rows', values: input.rows },
      { name: 'columns', values: input.columns },
    ],
    groups,
  };
  return new ProtectedPopulation(population, { maxK: Math.max(k, 2), maxFilters: 2, remainder: false }).crossTable({}, 'rows', 'columns', k);
};
