import type { CrossTable, Distribution, Header, ReleasedCell, StatCell, StatTree, TreeCell, Withheld } from '../contracts/stats';
import { type KeyedCount, addCounts, emptyCount, perturb } from './cellkey';
import { tooFew } from './guard';
import { Hierarchy, ROOT, type Dimension } from './hierarchy';
import { percentOf } from './percent';

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
  for (const outer of around) if (outer.truth.count === truth.count && truth.count > 0) level = Math.max(level, outer.level + 1);
  return { truth, value: perturb(truth.count, truth.key, level), level };
};

/** Share of a perturbed total, one decimal; a perturbed cell may pass its total, the share stops at 100. */
const shareOf = (value: number, total: number): number => Math.min(100, percentOf(value, total));

const releasedCell = (key: string, label: string, figure: Figure, total: Figure, preferNot: boolean): ReleasedCell => ({
  key,
  label,
  count: figure.value,
  percent: shareOf(figure.value, total.value),
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
    return released({
      total: total.value,
      rows: rows.map((row) => header(rowDimension, row.node)),
      columns: columns.map((column) => header(columnDimension, column.node)),
      cells: rows.map((row) =>
        columns.map((column) => {
          const figure = figureOf(this.truthOf(this.narrow(row.resolved, c, column.node)), [total, row.figure, column.figure]);
          const key = `${rowDimension.keys[row.node]}|${columnDimension.keys[column.node]}`;
          return figure.value >= k ? releasedCell(key, '', figure, total, false) : suppressedCell(key, '', k, false);
        }),
      ),
      rowTotals: rows.map((row) => releasedCell(rowDimension.keys[row.node], rowDimension.labels[row.node], row.figure, total, rowDimension.preferNot[row.node])),
      columnTotals: columns.map((column) =>
        releasedCell(columnDimension.keys[column.node], columnDimension.labels[column.node], column.figure, total, columnDimension.preferNot[column.node]),
      ),
    });
  }
}

const checkK = (k: number): void => {
  if (!Number.isInteger(k) || k < 1) throw new RangeError('the minimum group size must be a positive whole number');
};

const checkGroup = (count: number, key: number): void => {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('counts are whole numbers');
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
    return released({ count: figureOf(truth, [guard.total]).value, total: guard.total.value });
  }

  private figures(resolved: Resolved, nodes: readonly number[], around: readonly Figure[], k: number): { node: number; figure: Figure }[] {
    return nodes.flatMap((node) => {
      const figure = figureOf(this.truthOf(resolved, node), around);
      return figure.value >= k ? [{ node, figure }] : [];
    });
  }

  private cell(node: number, figure: Figure, total: Figure): ReleasedCell {
    return releasedCell(this.answer.keys[node], this.answer.labels[node], figure, total, this.answer.preferNot[node]);
  }

  /** The answers of a selection: the values whose perturbed count is at least k, in the dimension's order. */
  distribution(selection: Selection, k: number): Release<Distribution> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const { resolved, total } = guard;
    return released({
      total: total.value,
      multiple: this.multiple,
      cells: this.figures(resolved, this.answer.children[ROOT], [total], k).map(({ node, figure }) => this.cell(node, figure, total)),
    });
  }

  /** The answers of a selection as a tree; a parent counts its whole subtree; children are listed under shown parents only. */
  tree(selection: Selection, k: number): Release<StatTree> {
    const guard = this.population.guard(selection, k);
    if (!('ok' in guard)) return guard;
    const { resolved, total } = guard;
    const build = (node: number, figure: Figure): TreeCell => ({
      ...this.cell(node, figure, total),
      children: this.figures(resolved, this.answer.children[node], [total, figure], k).map((child) => build(child.node, child.figure)),
    });
    return released({
      total: total.value,
      multiple: this.multiple,
      nodes: this.figures(resolved, this.answer.children[ROOT], [total], k).map(({ node, figure }) => build(node, figure)),
    });
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
    return released({
      total: total.value,
      rows: rows.map((row) => header(rowDimension, row.node)),
      columns: columns.map((column) => header(this.answer, column.node)),
      cells: rows.map((row) =>
        columns.map((column) => {
          const figure = figureOf(this.truthOf(row.resolved, column.node), [total, row.figure, column.figure]);
          const key = `${rowDimension.keys[row.node]}|${this.answer.keys[column.node]}`;
          return figure.value >= k ? releasedCell(key, '', figure, total, this.answer.preferNot[column.node]) : suppressedCell(key, '', k, this.answer.preferNot[column.node]);
        }),
      ),
      rowTotals: rows.map((row) => releasedCell(rowDimension.keys[row.node], rowDimension.labels[row.node], row.figure, total, rowDimension.preferNot[row.node])),
      columnTotals: columns.map((column) => this.cell(column.node, column.figure, total)),
    });
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
