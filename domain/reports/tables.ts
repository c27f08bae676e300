import { type CrossTable, type Distribution, type StatCell, type StatTree, type TreeCell, isSuppressed } from '../contracts/stats';
import type { Count, Headline } from '../contracts/statistics';
import { type Amount, cardWhole, reachesWhole } from '../charts';
import { type SectionAnswer, type TableCell, type TableWords, text } from '../exports/table';

/**
 * A card's figures as the report's table: ruled rows and columns, the first column the names.
 * Made from the released section only, like the spreadsheet's (domain/exports/table.ts) but for
 * reading on paper: lists largest first, a tree's names indented by level instead of a parent
 * column, and a cross table turned so that its long side runs down the page. As in the
 * spreadsheet, a card prints no count of its whole population (the report's summary says the
 * selection's respondents once), and a part that reaches its whole's count reads "≤" its share.
 */

export interface ReportRow {
  readonly cells: readonly TableCell[];
  /** The level of a tree's row (0 at the top): its name is indented. */
  readonly depth: number;
  /** The closing total row, drawn apart. */
  readonly total?: true;
}

export interface ReportTable {
  readonly header: readonly string[];
  readonly rows: readonly ReportRow[];
}

/** A cross table with more columns than this is turned (the columns become rows). */
const WIDE_COLUMNS = 6;

const count = (value: number): TableCell => ({ kind: 'count', value });
const countOf = (cell: StatCell): TableCell => (isSuppressed(cell) ? { kind: 'hidden', threshold: cell.threshold } : count(cell.count));
const percentOf = (cell: StatCell, whole?: Amount): TableCell =>
  isSuppressed(cell)
    ? { kind: 'hidden', threshold: cell.threshold }
    : { kind: 'percent', value: cell.percent, ...(whole !== undefined && reachesWhole(cell, whole) ? { atMost: true as const } : {}) };
const sizeOf = (cell: StatCell): number => (isSuppressed(cell) ? -1 : cell.count);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const distributionTable = (data: Distribution, words: TableWords): ReportTable => ({
  header: [words.name, words.people, words.share],
  rows: [...data.cells].sort((a, b) => sizeOf(b) - sizeOf(a)).map((cell) => ({ cells: [text(cell.label), countOf(cell), percentOf(cell, cardWhole(data.total))], depth: 0 })),
});

const crossTable = (data: CrossTable, words: TableWords, ordered: boolean): ReportTable => {
  const turned = data.columns.length > WIDE_COLUMNS && data.columns.length > data.rows.length;
  if (!turned)
    return {
      header: ['', ...data.columns.map((column) => column.label), words.total],
      rows: [
        ...data.rows.map((row, r) => ({ cells: [text(row.label), ...(data.cells[r] ?? []).map(countOf), ...(data.rowTotals[r] ? [countOf(data.rowTotals[r])] : [])], depth: 0 })),
        { cells: [text(words.total), ...data.columnTotals.map(countOf), text('')], depth: 0, total: true },
      ],
    };
  const order = data.columns.map((_, index) => index);
  if (!ordered) order.sort((a, b) => sizeOf(data.columnTotals[b]!) - sizeOf(data.columnTotals[a]!));
  return {
    header: ['', ...data.rows.map((row) => row.label), words.total],
    rows: [
      ...order.map((c) => ({
        cells: [text(data.columns[c]!.label), ...data.rows.map((_, r) => countOf(data.cells[r]![c]!)), countOf(data.columnTotals[c]!)],
        depth: 0,
      })),
      { cells: [text(words.total), ...data.rowTotals.map(countOf), text('')], depth: 0, total: true },
    ],
  };
};

const treeTable = (data: StatTree, words: TableWords): ReportTable => {
  const rows: ReportRow[] = [];
  const walk = (nodes: readonly TreeCell[], depth: number, whole: Amount | undefined) => {
    for (const node of [...nodes].sort((a, b) => sizeOf(b) - sizeOf(a))) {
      rows.push({ cells: [text(node.label), countOf(node), percentOf(node, whole)], depth });
      walk(node.children, depth + 1, isSuppressed(node) ? undefined : node);
    }
  };
  walk(data.nodes, 0, cardWhole(data.total));
  return { header: [words.name, words.people, words.share], rows };
};

/**
 * The report's table of one card; a withheld section has none (its reason is said under the
 * chart). `ordered`: the cross table's columns are bands in their own order (ages), kept so.
 */
export const reportTable = (title: string, answer: SectionAnswer, words: TableWords, ordered = false): ReportTable | null => {
  if (answer.status === 204) return null;
  const data = answer.data;
  if (!isObject(data)) return null;
  if ('items' in data) return { header: [words.name, words.people], rows: (data as Headline).items.map((item) => ({ cells: [text(words.headline(item.key)), count(item.value)], depth: 0 })) };
  if ('nodes' in data) return treeTable(data as StatTree, words);
  if ('columns' in data) return crossTable(data as CrossTable, words, ordered);
  if ('cells' in data) return distributionTable(data as Distribution, words);
  if ('count' in data) return { header: [words.name, words.people], rows: [{ cells: [text(title), count((data as Count).count)], depth: 0 }] };
  return null;
};
