/**
 * Chart definitions shared by the screen (src/features/charts), the PDF report and its preview,
 * and the slide show: from a card's released data, the drawing model every renderer draws.
 * Pure: no React, no DOM, no server. Renderers choose pixels or points; these functions choose
 * what is drawn, in which order, in which colour, against which axis.
 *
 * Exported API (kept stable: the PDF report imports it):
 *
 *   distributionChart(data: Distribution, options?: BarOptions): BarChart
 *     One question: one bar per released value, largest first (options.order 'given' keeps the
 *     server's order, for ordinal answers such as age bands), "Prefer not to answer" and no
 *     answer after the answers. options.top (default none) keeps the N largest and gathers the
 *     rest in one "other" item (single-answer questions; with several answers per person the
 *     rest is only counted in `more`, since shares of people then do not add up).
 *   treeChart(data: StatTree, options?: TreeOptions): TreeChart
 *     A hierarchy as its top levels (options.top, default 8) each followed by its largest
 *     children (options.children, default 3); a child's bar is never longer than its parent's.
 *   crossChart(data: CrossTable, options?: CrossOptions): GroupedChart | PyramidChart
 *     Rows by columns as grouped bars (rows are groups, largest first unless order 'given';
 *     one bar per column) or, with layout 'pyramid', one row per band (in the given order)
 *     with the first column growing left and the others stacked right. Each cell's item
 *     carries `series`, its column's key (the legend entry it is coloured by).
 *   figuresChart(items): FiguresChart — named numbers (a count, a headline row).
 *   chartOf(data: unknown, options?): ChartModel | null — any card's section data, by its shape.
 *   colourOf(answer, { genders }) / coloursOf(answers, { genders }) / seriesColour(i) — colours
 *     (./colours): an answer's colour by its id; within one chart no two answers share one.
 *   fitLabel(label, room, maxLines) / lettersIn(px, fontPx) — labels (./labels).
 *   hiddenNote(hidden, t) — the once-per-chart sentence "n values hidden (fewer than k people each)".
 *   reachesWhole(part, whole) / cardWhole(total) / atMostText(text, atMost) — a part whose released
 *     count or share reaches its whole's is marked (item.atMost) and its share written "≤ 0.7%": it
 *     never reads as the whole.
 *   valueAxis(max) — a 0-based axis with round ticks, in percent.
 *
 * Rules every model keeps (tests/domain/charts): its items list the same labels and released
 * figures as the data (except values gathered in "other"); a hidden value gets no item, no bar,
 * only a count in `hidden`; a part's bar (`bar`) is never longer than its whole's; an answer's
 * colour depends only on its id and the answers drawn beside it (never on figures or order), so
 * the same question keeps its colours under every filter, and Prefer not to answer is always
 * the same orange. Values are percentages of the card's total (0–100), as
 * released; `count` is the released count.
 */
import { scaleLinear } from 'd3-scale';
import { isSuppressed, type CrossTable, type Distribution, type Header, type StatCell, type StatTree, type TreeCell } from '../contracts/stats';
import { coloursOf, OTHER_COLOUR, seriesColour, type Answer } from './colours';

export * from './colours';
export * from './labels';

/** One drawn value. */
export interface ChartItem {
  /** The answer's id (the released cell's key); "other" for the gathered rest. */
  readonly key: string;
  /** The full name, never cut here: renderers fit it (fitLabel) and keep it whole in titles and tables. */
  readonly label: string;
  readonly count: number;
  /** Share of the card's total, 0–100, one decimal as released. */
  readonly percent: number;
  /** The length to draw, in the same unit as `percent`: equal to it, except a part is never longer than its whole. */
  readonly bar: number;
  readonly colour: string;
  readonly preferNot?: true;
  /** Set on the "other" item: how many values it gathers. */
  readonly gathers?: number;
  /** In a cross table, the column (legend entry) the cell belongs to. */
  readonly series?: string;
  /**
   * The part reaches the released count or share of its whole (a tree's child its parent, a
   * value the card's total): its share is written "≤" (atMostText) so it never reads as the
   * whole. Both figures are adjusted and the whole may hold values not listed, so equal figures
   * do not mean that everyone in the whole is in this part. Decided on the two released figures
   * only (reachesWhole).
   */
  readonly atMost?: true;
}

/** Values withheld from the chart: said once ("n values hidden (fewer than k people each)"), never drawn. */
export interface HiddenValues {
  readonly values: number;
  /** The threshold k (the largest, if cells differ). */
  readonly threshold: number;
}

/** A value axis from 0, in percent of the card's total, with round ticks. */
export interface ValueAxis {
  readonly max: number;
  readonly ticks: readonly number[];
}

interface Common {
  /** Respondents in the selection. */
  readonly total: number;
  readonly hidden: HiddenValues | null;
  readonly axis: ValueAxis;
}

export interface BarChart extends Common {
  readonly kind: 'bars';
  /** Several answers per person: shares may add up past 100. */
  readonly multiple: boolean;
  readonly items: readonly ChartItem[];
  /** Released values not drawn (past the top N), listed only in the table view. */
  readonly more: number;
}

export interface TreeItem extends ChartItem {
  /** 0 for a top level, 1 for a child. */
  readonly depth: number;
  /** The parent's key, for a child. */
  readonly parent: string | null;
}

export interface TreeChart extends Common {
  readonly kind: 'tree';
  readonly multiple: boolean;
  /** Top levels, each followed by its drawn children. */
  readonly items: readonly TreeItem[];
  /** Released nodes not drawn (past the top levels or children shown): the table lists them. */
  readonly more: number;
}

export interface LegendEntry {
  readonly key: string;
  readonly label: string;
  readonly colour: string;
}

export interface Group {
  readonly key: string;
  readonly label: string;
  /** The row's released total, or null when it is hidden. */
  readonly total: ChartItem | null;
  /** One item per released cell, in the columns' (legend's) order; hidden cells have none. */
  readonly bars: readonly ChartItem[];
}

export interface GroupedChart extends Common {
  readonly kind: 'grouped';
  readonly groups: readonly Group[];
  readonly series: readonly LegendEntry[];
  /** Rows not drawn (past options.top): the table lists them. */
  readonly more: number;
}

export interface PyramidRow {
  readonly key: string;
  readonly label: string;
  /** The first column's cell, growing to the left; null when hidden. */
  readonly left: ChartItem | null;
  /** The other columns' released cells, stacked to the right from the axis, in legend order. */
  readonly right: readonly ChartItem[];
}

export interface PyramidChart extends Common {
  readonly kind: 'pyramid';
  /** In the given order (youngest first); renderers draw the first at the bottom. */
  readonly rows: readonly PyramidRow[];
  readonly series: readonly LegendEntry[];
}

export interface Figure {
  readonly key: string;
  readonly label: string;
  readonly value: number;
}

export interface FiguresChart {
  readonly kind: 'figures';
  readonly items: readonly Figure[];
}

export type ChartModel = BarChart | TreeChart | GroupedChart | PyramidChart | FiguresChart;

export interface BarOptions {
  /** Draw the N largest; the rest goes to "other" (single answer) or `more` (several answers). */
  readonly top?: number;
  /** 'size' (default): largest first; 'given': the server's order (ordinal answers). */
  readonly order?: 'size' | 'given';
  /** Gender answers: the SPEC gender colours even where an item has no code. */
  readonly genders?: boolean;
  /** The "other" item's label, e.g. t('chart_other', { count }). */
  readonly otherLabel?: (values: number) => string;
}

export interface TreeOptions {
  /** Top levels drawn (default 8). */
  readonly top?: number;
  /** Largest children drawn under each top level (default 3; 0 draws top levels only). */
  readonly children?: number;
}

export interface CrossOptions {
  readonly layout?: 'grouped' | 'pyramid';
  /** Grouped rows: 'size' (default, by row total) or 'given'. The pyramid always keeps the given order. */
  readonly order?: 'size' | 'given';
  /** Grouped rows drawn (the largest); the table lists every row. */
  readonly top?: number;
  /** The columns are gender answers. */
  readonly genders?: boolean;
}

/** Any translator: (key, values) => text. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const NO_ANSWER = /^(none|unknown|no_answer|silent)$/i;

/** Answers last that are no answer: Prefer not to answer, then no answer. */
const tail = (item: { key: string; preferNot?: true }): number => (item.preferNot ? 1 : NO_ANSWER.test(item.key) ? 2 : 0);

/** Largest first; ties by label so the order never depends on the server's; non-answers last. */
export const bySize = <T extends { key: string; label: string; percent: number; preferNot?: true }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => tail(a) - tail(b) || b.percent - a.percent || a.label.localeCompare(b.label));

/** The round ticks of a 0-based percent axis reaching past `max` (d3's nice scale, about five ticks). */
export const valueAxis = (max: number): ValueAxis => {
  const top = Math.max(max, 1);
  const scale = scaleLinear().domain([0, top]).nice(5);
  const ticks = scale.ticks(5);
  const end = scale.domain()[1] ?? top;
  return { max: end, ticks: ticks.length > 0 ? ticks : [0, end] };
};

/** How many values are hidden, with their threshold; null when none is. */
export const hiddenValuesOf = (cells: readonly StatCell[]): HiddenValues | null => {
  const hidden = cells.filter(isSuppressed);
  return hidden.length === 0 ? null : { values: hidden.length, threshold: Math.max(...hidden.map((cell) => cell.threshold)) };
};

/** The once-per-chart sentence for hidden values, or '' when none is hidden. Message key: chart_values_hidden (plural). */
export const hiddenNote = (hidden: HiddenValues | null, t: Translate): string =>
  hidden === null ? '' : t('chart_values_hidden', { count: hidden.values, k: hidden.threshold });

const codeOf = (cell: object): string | undefined => {
  const code = (cell as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** What decides a cell's or header's colour: its key, label, lookup code and Prefer-not flag. */
const answerOf = (cell: { key: string; label: string; preferNot?: true | boolean }): Answer => {
  const code = codeOf(cell);
  return { key: cell.key, label: cell.label, ...(code === undefined ? {} : { code }), ...(cell.preferNot ? { preferNot: true } : {}) };
};

/** A released figure: its count and its share of the card's total (a card's total is 100 percent). */
export interface Amount {
  readonly count: number;
  readonly percent: number;
}

/**
 * True when a released part would read as its whole (see ChartItem.atMost): its count reaches the
 * whole's, or its share, rounded to one decimal, does (21 and 22 of 3,000 both read 0.7%). Only
 * the two shown figures decide it, never whether values are hidden, so the mark tells nothing the
 * figures do not.
 */
export const reachesWhole = (part: Amount, whole: Amount): boolean => whole.count > 0 && (part.count >= whole.count || part.percent >= whole.percent);

/** The card's total as a whole: all of it, 100 percent. */
export const cardWhole = (total: number): Amount => ({ count: total, percent: 100 });

/** A share as its renderer formats it, marked "≤" when the part reaches its whole. */
export const atMostText = (formatted: string, atMost: boolean | undefined): string => (atMost ? `≤ ${formatted}` : formatted);

const itemOf = (cell: StatCell & { count: number; percent: number }, colour: string, bar = cell.percent): ChartItem => ({
  key: cell.key,
  label: cell.label,
  count: cell.count,
  percent: cell.percent,
  bar,
  colour,
  ...(cell.preferNot ? { preferNot: true as const } : {}),
});

const released = <C extends StatCell>(cells: readonly C[]) => cells.filter((cell): cell is C & { count: number; percent: number } => !isSuppressed(cell));

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** One question as bars (see the header). */
export const distributionChart = (data: Distribution, options: BarOptions = {}): BarChart => {
  const genders = options.genders ?? false;
  const shown = released(data.cells);
  const colours = coloursOf(shown.map(answerOf), { genders });
  const all = shown.map((cell) => {
    const item = itemOf(cell, colours.get(cell.key) ?? OTHER_COLOUR);
    return reachesWhole(cell, cardWhole(data.total)) ? { ...item, atMost: true as const } : item;
  });
  const ordered = options.order === 'given' ? all : bySize(all);
  const top = options.top;
  let items: ChartItem[] = ordered;
  let more = 0;
  if (top !== undefined && ordered.length > top) {
    if (data.multiple) {
      items = ordered.slice(0, top);
      more = ordered.length - top;
    } else {
      // The answers past the top N become one "other" bar; Prefer not and no answer stay themselves.
      const answers = ordered.filter((item) => tail(item) === 0);
      const rest = ordered.filter((item) => tail(item) !== 0);
      const keep = Math.max(1, top - rest.length - 1);
      const kept = answers.slice(0, keep);
      const gathered = answers.slice(keep);
      if (gathered.length <= 1) {
        items = ordered;
      } else {
        const count = gathered.reduce((sum, item) => sum + item.count, 0);
        const percent = round1(gathered.reduce((sum, item) => sum + item.percent, 0));
        const other: ChartItem = {
          key: 'other', label: options.otherLabel?.(gathered.length) ?? `Other (${gathered.length})`, count, percent, bar: percent, colour: OTHER_COLOUR, gathers: gathered.length,
        };
        items = [...kept, other, ...rest];
      }
    }
  }
  return {
    kind: 'bars', total: data.total, multiple: data.multiple, items, more,
    hidden: hiddenValuesOf(data.cells), axis: valueAxis(Math.max(0, ...items.map((item) => item.bar))),
  };
};

const allNodes = (nodes: readonly TreeCell[]): TreeCell[] => nodes.flatMap((node) => [node, ...allNodes(node.children)]);

/** A hierarchy as its top levels with their largest children (see the header). */
export const treeChart = (data: StatTree, options: TreeOptions = {}): TreeChart => {
  const topCount = options.top ?? 8;
  const childCount = options.children ?? 3;
  const topNodes = released(data.nodes);
  const colours = coloursOf(topNodes.map(answerOf));
  const tops = bySize(topNodes.map((node) => ({ node, item: itemOf(node, colours.get(node.key) ?? OTHER_COLOUR), key: node.key, label: node.label, percent: node.percent, ...(node.preferNot ? { preferNot: true as const } : {}) })));
  const items: TreeItem[] = [];
  for (const top of tops.slice(0, topCount)) {
    items.push({ ...top.item, depth: 0, parent: null, ...(reachesWhole(top.item, cardWhole(data.total)) ? { atMost: true as const } : {}) });
    const children = bySize(released(top.node.children).map((child) => itemOf(child, top.item.colour)));
    for (const child of children.slice(0, childCount)) {
      // A released child is never drawn longer than its parent (perturbation could make it so).
      // Nor does a child that reaches its parent's count read as the whole of it (atMost).
      items.push({
        ...child, colour: top.item.colour, bar: Math.min(child.percent, top.item.bar), depth: 1, parent: top.item.key,
        ...(reachesWhole(child, top.item) ? { atMost: true as const } : {}),
      });
    }
  }
  const releasedNodes = allNodes(data.nodes).filter((node) => !isSuppressed(node)).length;
  return {
    kind: 'tree', total: data.total, multiple: data.multiple, items, more: releasedNodes - items.length,
    hidden: hiddenValuesOf(allNodes(data.nodes)), axis: valueAxis(Math.max(0, ...items.map((item) => item.bar))),
  };
};

const legendOf = (columns: readonly Header[], columnTotals: readonly StatCell[], genders: boolean): LegendEntry[] => {
  const answers = columns.map((column, j) => answerOf({ ...column, ...(columnTotals[j]?.preferNot ? { preferNot: true } : {}) }));
  const colours = coloursOf(answers, { genders });
  return columns.map((column) => ({ key: column.key, label: column.label, colour: colours.get(column.key) ?? OTHER_COLOUR }));
};

/** Rows by columns as grouped bars or a pyramid (see the header). */
export const crossChart = (data: CrossTable, options: CrossOptions = {}): GroupedChart | PyramidChart => {
  const genders = options.genders ?? false;
  const series = legendOf(data.columns, data.columnTotals, genders);
  const hidden = hiddenValuesOf(data.cells.flat());
  const cellItem = (cell: StatCell | undefined, j: number, whole: number | null): ChartItem | null =>
    cell === undefined || isSuppressed(cell)
      ? null
      : { ...itemOf(cell, series[j]?.colour ?? seriesColour(j)), series: data.columns[j]?.key ?? String(j), bar: whole === null ? cell.percent : Math.min(cell.percent, whole) };
  if (options.layout === 'pyramid') {
    const rows: PyramidRow[] = data.rows.map((row, i) => {
      const cells = data.cells[i] ?? [];
      const total = data.rowTotals[i];
      const whole = total !== undefined && !isSuppressed(total) ? total.percent : null;
      return {
        key: row.key, label: row.label,
        left: cellItem(cells[0], 0, whole),
        right: cells.slice(1).flatMap((cell, k) => cellItem(cell, k + 1, whole) ?? []),
      };
    });
    const widest = Math.max(0, ...rows.map((row) => Math.max(row.left?.bar ?? 0, row.right.reduce((sum, item) => sum + item.bar, 0))));
    return { kind: 'pyramid', total: data.total, rows, series, hidden, axis: valueAxis(widest) };
  }
  const groups: Group[] = data.rows.map((row, i) => {
    const totalCell = data.rowTotals[i];
    const total = totalCell !== undefined && !isSuppressed(totalCell) ? { ...itemOf(totalCell, OTHER_COLOUR), key: row.key, label: row.label } : null;
    const bars = (data.cells[i] ?? []).flatMap((cell, j) => cellItem(cell, j, total?.percent ?? null) ?? []);
    return { key: row.key, label: row.label, total, bars };
  });
  const sized = (group: Group) => group.total?.percent ?? -1;
  const ordered = options.order === 'given' ? groups : [...groups].sort((a, b) => sized(b) - sized(a) || a.label.localeCompare(b.label));
  const drawn = options.top === undefined ? ordered : ordered.slice(0, options.top);
  const widest = Math.max(0, ...drawn.flatMap((group) => group.bars.map((bar) => bar.bar)));
  return { kind: 'grouped', total: data.total, groups: drawn, series, hidden, more: groups.length - drawn.length, axis: valueAxis(widest) };
};

/** Named numbers (a count, a headline row). */
export const figuresChart = (items: readonly Figure[]): FiguresChart => ({ kind: 'figures', items: [...items] });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export interface ChartOfOptions extends BarOptions, TreeOptions {
  readonly layout?: 'grouped' | 'pyramid';
  /** The title of a single count, and the name of a headline item by its key. */
  readonly title?: string;
  readonly headline?: (key: string) => string;
}

/**
 * Any card's released section data, by its shape: a headline or a count (figures), a tree, a
 * cross table, or a distribution. Null for anything else (the card is then a table or text).
 */
export const chartOf = (data: unknown, options: ChartOfOptions = {}): ChartModel | null => {
  if (!isObject(data)) return null;
  if (Array.isArray(data.items)) {
    return figuresChart((data.items as Array<{ key: string; value: number }>).map((item) => ({ key: item.key, label: options.headline?.(item.key) ?? item.key, value: item.value })));
  }
  if (Array.isArray(data.nodes)) return treeChart(data as unknown as StatTree, options);
  if (Array.isArray(data.columns) && Array.isArray(data.rows)) {
    return crossChart(data as unknown as CrossTable, { ...(options.layout ? { layout: options.layout } : {}), ...(options.genders ? { genders: true } : {}), ...(options.order ? { order: options.order } : {}), ...(options.top !== undefined && options.layout !== 'pyramid' ? { top: options.top } : {}) });
  }
  if (Array.isArray(data.cells)) return distributionChart(data as unknown as Distribution, options);
  if (typeof data.count === 'number') return figuresChart([{ key: 'count', label: options.title ?? '', value: data.count }]);
  return null;
};

/** A value as a fraction of the axis (0–1), for any renderer's length. */
export const along = (axis: ValueAxis, value: number): number => (axis.max <= 0 ? 0 : Math.max(0, Math.min(1, value / axis.max)));
