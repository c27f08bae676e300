import type { CrossTable, Distribution, Header, ReleasedCell, StatCell, StatTree, TreeCell, Withheld } from '../contracts/stats';
import { type KeyedCount, addCounts, emptyCount, perturb } from './cellkey';
import { tooFew } from './guard';
import { Hierarchy, ROOT, type Dimension } from './hierarchy';
import { largestRemainderShares, percentOf } from './percent';

/**
 * What the server hands to disclosure control: counts and key sums it computed in SQL, never
 * rows.
 *
 * - A population: the filter dimensions (named like the filter keys: gender, position-level,
 *   age-range as age bands, generation, disability, lgbtiq) and, per combination of their
 *   values, the number of respondents and the sum of their record keys (one GROUP BY over the
 *   organisation's respondents in the scope and date range). Every respondent is in exactly one
 *   group (a missing attribute is a value such as 'unknown').
 * - A question: its values (with parents for a tree) and, per combination of filter values and
 *   answer, how many respondents gave it and the sum of the keys of the records that make the
 *   cell (GROUP BY the filter columns and the answer). For a multi-answer question, people
 *   mentioning each value (once per value; for a tree, once per node whose subtree they
 *   mention) with the keys of their answer rows.
 *
 * A selection adds up the groups it holds: counts and key sums of disjoint groups add up, so its
 * figure is the one the GROUP BY of the selection's records would give. Every figure is then
 * released by the cell key method (cellkey.ts): perturbed, shown when the perturbed value is at
 * least k, and otherwise not listed at all.
 */
export interface PopulationGroup {
  readonly values: Readonly<Record<string, string>>;
  readonly count: number;
  /** Sum of the group's record keys (modulo RECORD_KEY_RANGE). */
  readonly key: number;
}

export interface StatsPopulation {
  readonly dimensions: readonly Dimension[];
  readonly groups: readonly PopulationGroup[];
}

export interface AnswerGroup {
  readonly values: Readonly<Record<string, string>>;
  readonly answer: string;
  readonly count: number;
  readonly key: number;
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

/** A released figure: its perturbed value and the level its key was mixed with (cellkey.ts). */
export interface Figure {
  readonly truth: KeyedCount;
  readonly value: number;
  readonly level: number;
}

/**
 * Releases a figure inside the figures that enclose it in the same table (its selection, its
 * row, its column, its parent). When it holds as many people as one of them it holds the same
 * people (it is a subset of each), so its key gets a level above theirs.
 */
export const figureOf = (truth: KeyedCount, around: readonly Figure[] = []): Figure => {
  let level = 0;
  const people = Math.round(truth.count);
  for (const outer of around) if (Math.round(outer.truth.count) === people && people > 0) level = Math.max(level, outer.level + 1);
  return { truth, value: perturb(truth.count, truth.key, level), level };
};

/**
 * The figure shown for something that holds the figures shown inside it: never less than the
 * largest of them, nor, when they are disjoint (the answers of a single-answer question, a
 * parent's children), less than their sum. Each figure is perturbed on its own, so 971 women
 * could otherwise sit in a total of 968. Only released figures are read (never a true count), so
 * the result tells nothing they do not, and the same records still give the same figure.
 */
const holding = (own: number, inside: readonly number[], disjoint: boolean): number =>
  Math.max(own, inside.reduce((out, value) => (disjoint ? out + value : Math.max(out, value)), 0));

/**
 * Shares of figures that lie in `whole` (each at most it). The answers of a single-answer
 * question are apportioned (largestRemainderShares) so that they and their unlisted rest add up
 * to 100.0. Answers that may overlap add up past 100 anyway, so each keeps its own rounding, which
 * never gives a smaller figure a larger share than the one it lies in.
 */
const sharesIn = (counts: readonly number[], whole: number, disjoint: boolean, group?: { count: number; tenths: number }): number[] =>
  disjoint ? largestRemainderShares(counts, whole, group) : counts.map((count) => percentOf(count, whole));

const releasedCell = (key: string, label: string, count: number, percent: number, preferNot: boolean): ReleasedCell => ({
  key,
  label,
  count,
  percent,
  ...(preferNot ? { preferNot: true as const } : {}),
});

const suppressedCell = (key: string, label: string, k: number, preferNot: boolean): StatCell => ({
  key,
  label,
  suppressed: true,
  threshold: k,
  ...(preferNot ? { preferNot: true as const } : {}),
});

const header = (dim: Hierarchy, node: number): Header => ({ key: dim.keys[node], label: dim.labels[node] });

/** A row or column of a cross table: its header and its released total. */
interface Margin {
  readonly header: Header;
  readonly count: number;
  readonly preferNot: boolean;
}

/**
 * A cross table from its released figures (`cells[i][j]`: null below k). A row or column total
 * is shown at least as large as each of its shown cells and the table's total at least as large
 * as each row and column: each figure is perturbed on its own, and a cell must not read as more
 * people than its row. Shares are of the table's total.
 */
const releasedTable = (
  total: number,
  rows: readonly Margin[],
  columns: readonly Margin[],
  cells: readonly (readonly (number | null)[])[],
  k: number,
  cellPreferNot: (column: number) => boolean,
): CrossTable => {
  const shown = (values: readonly (number | null)[]) => values.filter((value): value is number => value !== null);
  const rowCounts = rows.map((row, i) => holding(row.count, shown(cells[i]), false));
  const columnCounts = columns.map((column, j) => holding(column.count, shown(cells.map((row) => row[j])), false));
  const whole = holding(total, [...rowCounts, ...columnCounts], false);
  const margin = (m: Margin, count: number) => releasedCell(m.header.key, m.header.label, count, percentOf(count, whole), m.preferNot);
  return {
    total: whole,
    rows: rows.map((row) => row.header),
    columns: columns.map((column) => column.header),
    cells: cells.map((row, i) =>
      row.map((value, j) => {
        const key = `${rows[i].header.key}|${columns[j].header.key}`;
        return value === null ? suppressedCell(key, '', k, cellPreferNot(j)) : releasedCell(key, '', value, percentOf(value, whole), cellPreferNot(j));
      }),
    ),
    rowTotals: rows.map((row, i) => margin(row, rowCounts[i])),
    columnTotals: columns.map((column, j) => margin(column, columnCounts[j])),
  };
};

const withheldOf = (verdict: Withheld): Withheld => ({ status: verdict.status, message: verdict.message });

/** A selection resolved against the population: which combinations of filter values it holds. */
export interface Resolved {
  /** Per combination (index in the population), 1 when the selection holds it. */
  readonly inside: Uint8Array;
  /** Per dimension, the accepted leaves, or null for any value. */
  readonly perDim: readonly (ReadonlySet<number> | null)[];
}

export type Guarded = { readonly ok: true; readonly resolved: Resolved; readonly total: Figure } | Withheld;

export class ProtectedPopulation {
  readonly dims: readonly Hierarchy[];
  /** Distinct combinations of filter values (one leaf per dimension), by their key. */
  private readonly comboIndex = new Map<string, number>();
  readonly combos: (readonly number[])[] = [];
  /** Respondents per combination. */
  readonly counts: KeyedCount[] = [];
  private readonly questions = new WeakMap<StatsQuestion, ProtectedQuestion>();

  constructor(population: StatsPopulation) {
    const names = new Set<string>();
    for (const dimension of population.dimensions) {
      if (names.has(dimension.name)) throw new RangeError(`dimension ${dimension.name} given twice`);
      names.add(dimension.name);
      // Filters are flat lists in the SPEC.
      if (dimension.values.some((value) => value.parent !== undefined)) throw new RangeError(`filter dimension ${dimension.name} must be a flat list`);
    }
    this.dims = population.dimensions.map((dimension) => new Hierarchy(dimension));
    for (const group of population.groups) {
      checkGroup(group.count, group.key);
      const combo = this.comboOf(group.values, true)!;
      this.counts[combo] = addCounts(this.counts[combo], { count: group.count, key: group.key });
    }
  }

  /** True number of respondents (inside the server only: never released as it is). */
  get respondents(): number {
    return this.counts.reduce((sum, counted) => sum + counted.count, 0);
  }

  /** The combination of a group's values; a new one is added when `add`. */
  comboOf(values: Readonly<Record<string, string>>, add = false): number | undefined {
    for (const key of Object.keys(values)) {
      if (!this.dims.some((dim) => dim.name === key)) throw new RangeError(`unknown dimension ${key}`);
    }
    const coords = this.dims.map((dim) => {
      const value = values[dim.name];
      if (value === undefined) throw new RangeError(`a group needs a value for ${dim.name}`);
      const node = dim.nodeOf(value);
      if (node === undefined) throw new RangeError(`${dim.name}: unknown value ${value}`);
      return node;
    });
    const key = coords.join(',');
    let combo = this.comboIndex.get(key);
    if (combo === undefined && add) {
      combo = this.combos.length;
      this.comboIndex.set(key, combo);
      this.combos.push(coords);
      this.counts.push(emptyCount);
    }
    return combo;
  }

  question(question: StatsQuestion): ProtectedQuestion {
    let protectedQuestion = this.questions.get(question);
    if (!protectedQuestion) {
      protectedQuestion = new ProtectedQuestion(this, question);
      this.questions.set(question, protectedQuestion);
    }
    return protectedQuestion;
  }

  dimIndex(name: string): number {
    const index = this.dims.findIndex((dim) => dim.name === name);
    if (index < 0) throw new RangeError(`unknown dimension ${name}`);
    return index;
  }

  /** The combinations a selection holds. Any number of filters and lists may be combined. */
  resolve(selection: Selection): Resolved {
    const perDim: (Set<number> | null)[] = this.dims.map(() => null);
    for (const [name, raw] of Object.entries(selection)) {
      const list = raw === undefined || raw === null ? [] : typeof raw === 'string' ? (raw === '' ? [] : [raw]) : [...raw];
      if (list.length === 0) continue;
      const d = this.dimIndex(name);
      const dim = this.dims[d];
      // A value the dimension does not know selects nobody.
      perDim[d] = new Set(list.flatMap((key) => {
        const node = dim.nodeOf(key);
        return node === undefined ? [] : dim.leavesUnder(node);
      }));
    }
    return { inside: this.insideOf(perDim), perDim };
  }

  private insideOf(perDim: readonly (ReadonlySet<number> | null)[]): Uint8Array {
    const inside = new Uint8Array(this.combos.length);
    this.combos.forEach((coords, combo) => {
      inside[combo] = perDim.every((accepted, d) => accepted === null || accepted.has(coords[d])) ? 1 : 0;
    });
    return inside;
  }

  /** The selection narrowed to one value of a dimension. */
  narrow(resolved: Resolved, d: number, node: number): Resolved {
    const leaves = new Set(this.dims[d].leavesUnder(node));
    const accepted = resolved.perDim[d];
    const perDim = resolved.perDim.map((set, i) => (i === d ? new Set([...leaves].filter((leaf) => accepted === null || accepted.has(leaf))) : set));
    return { inside: this.insideOf(perDim), perDim };
  }

  /** True count and key sum of the respondents of a selection. */
  truthOf(resolved: Resolved): KeyedCount {
    let out = emptyCount;
    for (let combo = 0; combo < this.combos.length; combo++) if (resolved.inside[combo] === 1) out = addCounts(out, this.counts[combo]);
    return out;
  }

  /**
   * The selection rule: the selection's perturbed respondents must be at least k, otherwise
   * "It needs at least {k} answers." Decided on the perturbed value only.
   */
  guard(selection: Selection, k: number): Guarded {
    checkK(k);
    const resolved = this.resolve(selection);
    const total = figureOf(this.truthOf(resolved));
    if (total.value < k) return withheldOf(tooFew(k));
    return { ok: true, resolved, total };
  }

  /** Values of dimension d whose perturbed figure within the selection is at least k. */
  private shownValues(d: number, resolved: Resolved, total: Figure, k: number): { node: number; resolved: Resolved; figure: Figure }[] {
    const dim = this.dims[d];
    return dim.children[ROOT].flatMap((node) => {
      const narrowed = this.narrow(resolved, d, node);
      const figure = figureOf(this.truthOf(narrowed), [total]);
      return figure.value >= k ? [{ node, resolved: narrowed, figure }] : [];
    });
  }

  /** Respondents by two filter dimensions (e.g. gender by age band) within a selection. */
  crossTable(selection: Selection, rowDim: string, columnDim: string, k: number): Release<CrossTable> {
    const guard = this.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const r = this.dimIndex(rowDim);
    const c = this.dimIndex(columnDim);
    if (r === c) throw new RangeError('a table needs two different dimensions');
    const { resolved, total } = guard;
    const rows = this.shownValues(r, resolved, total, k);
    const columns = this.shownValues(c, resolved, total, k);
    const rowDimension = this.dims[r];
    const columnDimension = this.dims[c];
    return released(
      releasedTable(
        total.value,
        rows.map((row) => ({ header: header(rowDimension, row.node), count: row.figure.value, preferNot: rowDimension.preferNot[row.node] })),
        columns.map((column) => ({ header: header(columnDimension, column.node), count: column.figure.value, preferNot: columnDimension.preferNot[column.node] })),
        rows.map((row) => columns.map((column) => {
          const figure = figureOf(this.truthOf(this.narrow(row.resolved, c, column.node)), [total, row.figure, column.figure]);
          return figure.value >= k ? figure.value : null;
        })),
        k,
        () => false,
      ),
    );
  }
}

const checkK = (k: number): void => {
  if (!Number.isInteger(k) || k < 1) throw new RangeError('the minimum group size must be a positive whole number');
};

const checkGroup = (count: number, key: number): void => {
  // A count shared out over release blocks is a sum of fractions (blocks.ts: blockWeight), rounded when released.
  if (!Number.isFinite(count) || count < 0) throw new RangeError('counts are non-negative numbers of people');
  if (!Number.isInteger(key) || key < 0) throw new RangeError('key sums are whole non-negative numbers');
};

/** Rows of one answer node: per combination of filter values, count and key sum. */
type NodeRows = Map<number, KeyedCount>;

export class ProtectedQuestion {
  readonly answer: Hierarchy;
  readonly multiple: boolean;
  /** Per answer node: its people (a single answer counts under its node and every ancestor). */
  private readonly rows: NodeRows[];

  constructor(
    readonly population: ProtectedPopulation,
    question: StatsQuestion,
  ) {
    this.answer = new Hierarchy(question.dimension);
    this.multiple = question.multiple === true;
    this.rows = Array.from({ length: this.answer.size }, () => new Map());
    for (const row of question.counts) {
      checkGroup(row.count, row.key);
      if (row.count === 0) continue;
      const combo = population.comboOf(row.values);
      if (combo === undefined) throw new RangeError('answers from a combination of filter values no respondent has');
      const node = this.answer.nodeOf(row.answer);
      if (node === undefined) throw new RangeError(`${question.dimension.name}: unknown answer ${row.answer}`);
      const nodes = this.multiple ? [node] : this.answer.ancestors[node].filter((a) => a !== ROOT);
      for (const n of nodes) {
        const map = this.rows[n];
        map.set(combo, addCounts(map.get(combo) ?? emptyCount, { count: row.count, key: row.key }));
      }
    }
  }

  /** True count and key sum of the people under `node` within a selection. */
  truthOf(resolved: Resolved, node: number): KeyedCount {
    let out = emptyCount;
    for (const [combo, counted] of this.rows[node]) if (resolved.inside[combo] === 1) out = addCounts(out, counted);
    return out;
  }

  /** Perturbed count of the people who gave any of `keys` (single-answer: their sets are disjoint). */
  union(selection: Selection, keys: (key: string, preferNot: boolean) => boolean, k: number): Release<{ count: number; total: number }> {
    if (this.multiple) throw new RangeError('a union of values of a multi-answer question counts some people twice');
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    let truth = emptyCount;
    for (const node of this.answer.children[ROOT]) if (keys(this.answer.keys[node], this.answer.preferNot[node])) truth = addCounts(truth, this.truthOf(guard.resolved, node));
    const count = figureOf(truth, [guard.total]).value;
    return released({ count, total: holding(guard.total.value, [count], false) });
  }

  private figures(resolved: Resolved, nodes: readonly number[], around: readonly Figure[], k: number): { node: number; figure: Figure }[] {
    return nodes.flatMap((node) => {
      const figure = figureOf(this.truthOf(resolved, node), around);
      return figure.value >= k ? [{ node, figure }] : [];
    });
  }

  private cell(node: number, count: number, percent: number): ReleasedCell {
    return releasedCell(this.answer.keys[node], this.answer.labels[node], count, percent, this.answer.preferNot[node]);
  }

  /** The answers of a selection: the values whose perturbed count is at least k, in the dimension's order. */
  distribution(selection: Selection, k: number): Release<Distribution> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const { resolved, total } = guard;
    const shown = this.figures(resolved, this.answer.children[ROOT], [total], k);
    const counts = shown.map(({ figure }) => figure.value);
    const whole = holding(total.value, counts, !this.multiple);
    const percents = sharesIn(counts, whole, !this.multiple);
    return released({
      total: whole,
      multiple: this.multiple,
      cells: shown.map(({ node }, i) => this.cell(node, counts[i], percents[i])),
    });
  }

  /**
   * The answers of a selection as a tree; a parent counts its whole subtree; children are listed
   * under shown parents only. A parent is shown holding its shown children (`holding`), and a
   * single-answer parent's share is split among its children, so no child reads more than its
   * parent, in people or in share.
   */
  tree(selection: Selection, k: number): Release<StatTree> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const { resolved, total } = guard;
    const disjoint = !this.multiple;
    type Shown = { readonly node: number; readonly count: number; readonly children: readonly Shown[] };
    const shownUnder = (parent: number, around: readonly Figure[]): Shown[] =>
      this.figures(resolved, this.answer.children[parent], around, k).map(({ node, figure }) => {
        const children = shownUnder(node, [total, figure]);
        return { node, count: holding(figure.value, children.map((child) => child.count), disjoint), children };
      });
    const top = shownUnder(ROOT, [total]);
    const whole = holding(total.value, top.map((node) => node.count), disjoint);
    const build = (list: readonly Shown[], group: { count: number; tenths: number }): TreeCell[] => {
      const percents = sharesIn(list.map((node) => node.count), whole, disjoint, group);
      return list.map((node, i) => ({
        ...this.cell(node.node, node.count, percents[i]),
        children: build(node.children, { count: node.count, tenths: Math.round(percents[i] * 10) }),
      }));
    };
    return released({ total: whole, multiple: this.multiple, nodes: build(top, { count: whole, tenths: 1000 }) });
  }

  /** The answers of a selection broken down by a filter dimension (rows) and answer (columns). */
  byDimension(selection: Selection, rowDim: string, k: number): Release<CrossTable> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const { resolved, total } = guard;
    const population = this.population;
    const r = population.dimIndex(rowDim);
    const rowDimension = population.dims[r];
    const rows = rowDimension.children[ROOT].flatMap((node) => {
      const narrowed = population.narrow(resolved, r, node);
      const figure = figureOf(population.truthOf(narrowed), [total]);
      return figure.value >= k ? [{ node, resolved: narrowed, figure }] : [];
    });
    const columns = this.figures(resolved, this.answer.children[ROOT], [total], k);
    return released(
      releasedTable(
        total.value,
        rows.map((row) => ({ header: header(rowDimension, row.node), count: row.figure.value, preferNot: rowDimension.preferNot[row.node] })),
        columns.map((column) => ({ header: header(this.answer, column.node), count: column.figure.value, preferNot: this.answer.preferNot[column.node] })),
        rows.map((row) => columns.map((column) => {
          const figure = figureOf(this.truthOf(row.resolved, column.node), [total, row.figure, column.figure]);
          return figure.value >= k ? figure.value : null;
        })),
        k,
        (j) => this.answer.preferNot[columns[j].node],
      ),
    );
  }
}

/**
 * Wraps a population's counts. Cheap (one pass over its groups): the server keeps one per
 * organisation, scope and date range until the responses change, with its questions.
 */
export const protectPopulation = (population: StatsPopulation): ProtectedPopulation => new ProtectedPopulation(population);

type Input = { readonly population: StatsPopulation | ProtectedPopulation; readonly selection: Selection };

const protectedFor = (population: StatsPopulation | ProtectedPopulation): ProtectedPopulation =>
  population instanceof ProtectedPopulation ? population : protectPopulation(population);

/** The answers of a selection, released by the cell key method. `k` comes from `thresholdFor`. */
export const releaseDistribution = (input: Input & { readonly question: StatsQuestion }, k: number): Release<Distribution> =>
  protectedFor(input.population).question(input.question).distribution(input.selection, k);

export const releaseTree = (input: Input & { readonly question: StatsQuestion }, k: number): Release<StatTree> =>
  protectedFor(input.population).question(input.question).tree(input.selection, k);

/** Answers broken down by a filter dimension (e.g. state of residence by gender). */
export const releaseByDimension = (input: Input & { readonly question: StatsQuestion; readonly by: string }, k: number): Release<CrossTable> =>
  protectedFor(input.population).question(input.question).byDimension(input.selection, input.by, k);

/** Respondents by two filter dimensions (e.g. gender by age band). */
export const releaseCrossTable = (input: Input & { readonly rows: string; readonly columns: string }, k: number): Release<CrossTable> =>
  protectedFor(input.population).crossTable(input.selection, input.rows, input.columns, k);

/** A single count (total registered, people with a long-term condition, ...) of a selection. */
export const releaseCount = (input: Input, k: number): Release<{ count: number }> => {
  const guard = protectedFor(input.population).guard(input.selection, k);
  return 'ok' in guard ? released({ count: guard.total.value }) : guard;
};
