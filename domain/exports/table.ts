import { type CrossTable, type Distribution, type StatCell, type StatTree, type TreeCell, isSuppressed } from '../contracts/stats';
import type { Count, Headline } from '../contracts/statistics';
import { type Amount, cardWhole, reachesWhole } from '../charts';

/**
 * A dashboard card as rows and columns, the form both the spreadsheet and the CSV writers use.
 * It is made from a released section only (what the statistics endpoint answered) and adds no
 * figure of its own: every number cell is a count or share the section carries, and a
 * suppressed cell stays a `hidden` cell, never 0 or blank.
 *
 * A card prints no count of its whole population: a list's or tree's total is its own (the
 * selection's respondents raised to hold the values shown), so two cards over the same people
 * would print two totals. The file states the selection's respondents once instead (the cover
 * sheet, the CSV's closing lines), and each card keeps its values, shares and margins.
 */
export type TableCell =
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'count'; readonly value: number }
  /** `atMost`: the part reaches its whole's released count, so the share is written "≤" (domain/charts reachesWhole). */
  | { readonly kind: 'percent'; readonly value: number; readonly atMost?: true }
  /** An index or an effective number of groups, as released (rounded to `places` decimals). */
  | { readonly kind: 'decimal'; readonly value: number; readonly places: number }
  | { readonly kind: 'hidden'; readonly threshold: number };

export interface CardTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly TableCell[])[];
}

/** The words a table needs, in the reader's language. */
export interface TableWords {
  readonly name: string;
  readonly people: string;
  readonly share: string;
  readonly total: string;
  readonly level: string;
  readonly parent: string;
  /** A headline item's name by its key (e.g. 'respondents'). */
  readonly headline: (key: string) => string;
}

/** A released section as the endpoint answered it: its data, or the 204 reason. */
export type SectionAnswer = { readonly status: 200; readonly data: unknown } | { readonly status: 204; readonly message: string };

export const text = (value: string): TableCell => ({ kind: 'text', value });
const count = (value: number): TableCell => ({ kind: 'count', value });

const countOf = (cell: StatCell): TableCell => (isSuppressed(cell) ? { kind: 'hidden', threshold: cell.threshold } : count(cell.count));
/** A share; `whole` (its parent's or the card's released figure) marks a part that reaches it. */
const percentOf = (cell: StatCell, whole?: Amount): TableCell =>
  isSuppressed(cell)
    ? { kind: 'hidden', threshold: cell.threshold }
    : { kind: 'percent', value: cell.percent, ...(whole !== undefined && reachesWhole(cell, whole) ? { atMost: true as const } : {}) };
const wholeOf = (cell: StatCell): Amount | undefined => (isSuppressed(cell) ? undefined : cell);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const countTable = (title: string, data: Count, words: TableWords): CardTable => ({ header: [words.name, words.people], rows: [[text(title), count(data.count)]] });

const headlineTable = (data: Headline, words: TableWords): CardTable => ({
  header: [words.name, words.people],
  rows: data.items.map((item) => [text(words.headline(item.key)), count(item.value)]),
});

const NO_ANSWER = /^(none|unknown|no_answer|silent)$/i;

/** Where a value goes: answers first, then hidden ones, then Prefer not to answer and no answer. */
const place = (cell: StatCell): number => (cell.preferNot === true ? 2 : NO_ANSWER.test(cell.key) ? 3 : isSuppressed(cell) ? 1 : 0);

/**
 * Largest first, as the charts draw them (ties by name, so the order never depends on the
 * server's); hidden values after the shown ones, non-answers last. A stable order for readers
 * who sort or filter in the spreadsheet program.
 */
export const bySize = <C extends StatCell>(cells: readonly C[]): C[] =>
  [...cells].sort((a, b) => place(a) - place(b) || (isSuppressed(a) || isSuppressed(b) ? 0 : b.count - a.count) || a.label.localeCompare(b.label));

const distributionTable = (data: Distribution, words: TableWords): CardTable => ({
  header: [words.name, words.people, words.share],
  rows: bySize(data.cells).map((cell) => [text(cell.label), countOf(cell), percentOf(cell, cardWhole(data.total))]),
});

const crossTable = (data: CrossTable, words: TableWords): CardTable => ({
  header: ['', ...data.columns.map((column) => column.label), words.total],
  rows: [
    ...data.rows.map((row, r) => [text(row.label), ...(data.cells[r] ?? []).map(countOf), ...(data.rowTotals[r] ? [countOf(data.rowTotals[r])] : [])]),
    [text(words.total), ...data.columnTotals.map(countOf), text('')],
  ],
});

const treeTable = (data: StatTree, words: TableWords): CardTable => {
  const rows: TableCell[][] = [];
  const walk = (nodes: readonly TreeCell[], depth: number, parent: string, whole: Amount | undefined) => {
    for (const node of bySize(nodes)) {
      rows.push([text(String(depth)), text(node.label), text(parent), countOf(node), percentOf(node, whole)]);
      walk(node.children, depth + 1, node.label, wholeOf(node));
    }
  };
  walk(data.nodes, 1, '', cardWhole(data.total));
  return { header: [words.level, words.name, words.parent, words.people, words.share], rows };
};

/**
 * The table of one card. The shape is read from the data (the codecs of domain/contracts/stats):
 * a count, a headline row, a cross table, a tree or a distribution. A withheld section is one
 * row with the reason the dashboard shows.
 */
export const cardTable = (title: string, answer: SectionAnswer, words: TableWords): CardTable => {
  if (answer.status === 204) return { header: [words.name], rows: [[text(answer.message)]] };
  const data = answer.data;
  if (!isObject(data)) return { header: [words.name], rows: [] };
  if ('items' in data) return headlineTable(data as Headline, words);
  if ('nodes' in data) return treeTable(data as StatTree, words);
  if ('columns' in data) return crossTable(data as CrossTable, words);
  if ('cells' in data) return distributionTable(data as Distribution, words);
  if ('count' in data) return countTable(title, data as Count, words);
  return { header: [words.name], rows: [] };
};

/** Characters that make a spreadsheet read a text as a formula (or a DDE call) when it starts with one. */
const FORMULA_START = /^[=+\-@\t\r|]/;

/** True when a text would be taken for a formula by a spreadsheet if written as is. */
export const looksLikeFormula = (value: string): boolean => FORMULA_START.test(value);

/**
 * A text made safe to open in a spreadsheet from a CSV file: a leading quote makes Excel,
 * LibreOffice and Google Sheets show it as text instead of evaluating it.
 */
export const neutraliseFormula = (value: string): string => (looksLikeFormula(value) ? `'${value}` : value);

const csvField = (value: string): string => (/[",\r\n;]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * One cell as CSV text: counts as plain whole numbers; a share as `12.3%`, which Excel,
 * LibreOffice and Google Sheets read as the number 0.123 shown as a percentage (a bare 12.3
 * would be read as twelve, not as a share); a hidden cell as `hidden`.
 */
const csvCell = (cell: TableCell, hidden: string): string => {
  switch (cell.kind) {
    case 'text':
      return csvField(neutraliseFormula(cell.value));
    case 'count':
      return String(cell.value);
    case 'percent':
      // A share marked "at most" is text: the mark must be read with it.
      return cell.atMost ? csvField(`≤ ${cell.value.toFixed(1)}%`) : `${cell.value.toFixed(1)}%`;
    case 'decimal':
      return cell.value.toFixed(cell.places);
    case 'hidden':
      return csvField(neutraliseFormula(hidden));
  }
};

/** The selection's released respondents, said once in a file beside its cards (see the header). */
export interface Respondents {
  readonly label: string;
  readonly count: number;
}

/**
 * A card as CSV (RFC 4180, CRLF line ends), with closing lines after a blank one: the
 * selection's respondents when known, then the note. Texts that start like a formula get a
 * leading quote, so opening the file never runs anything.
 */
export const tableCsv = (table: CardTable, hidden: string, note: string, respondents?: Respondents): string => {
  const lines = [
    table.header.map((value) => csvField(neutraliseFormula(value))).join(','),
    ...table.rows.map((row) => row.map((cell) => csvCell(cell, hidden)).join(',')),
    '',
    ...(respondents === undefined ? [] : [`${csvField(neutraliseFormula(respondents.label))},${respondents.count}`]),
    csvField(neutraliseFormula(note)),
  ];
  return `${lines.join('\r\n')}\r\n`;
};
