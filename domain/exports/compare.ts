import type { CompareData, CompareDemographics, CompareFact, ComparedSelection } from '../contracts/compare';
import { PILLARS, type Pillar, type StatCell, isSuppressed } from '../contracts/stats';
import { type CardTable, type TableCell, text } from './table';

/**
 * A comparison (GET /compare/data, as released to the caller) as the tables of its
 * spreadsheet: the selections side by side, the key facts in words, the demographics and the
 * top values of each pillar. Every number is one the comparison carries; a selection below k,
 * a figure withheld and a value a released distribution does not list are `hidden` cells.
 */

export interface CompareWords {
  readonly respondents: string;
  readonly index: string;
  readonly pillar: (pillar: Pillar) => string;
  readonly pillarIndex: (pillar: Pillar) => string;
  readonly pillarGroups: (pillar: Pillar) => string;
  readonly longTermCondition: string;
  readonly lgbtiq: string;
  readonly shown: (what: 'countries' | 'languages' | 'worldviews' | 'heritages') => string;
  readonly fact: (fact: CompareFact) => string;
  readonly noFacts: string;
  readonly keyFact: string;
  readonly rank: string;
  readonly selection: string;
  readonly status: string;
}

type Released = Extract<ComparedSelection, { status: 200 }>;
const isReleased = (column: ComparedSelection): column is Released => column.status === 200;

const HIDDEN: TableCell = { kind: 'hidden', threshold: 0 };
const count = (value: number | null | undefined): TableCell => (value === null || value === undefined ? HIDDEN : { kind: 'count', value });
const decimal = (value: number | null | undefined, places: number): TableCell => (value === null || value === undefined ? HIDDEN : { kind: 'decimal', value, places });

const header = (data: CompareData): string[] => ['', ...data.selections.map((column) => column.label)];

/** One row: a label, then each selection's cell (hidden for a selection below k). */
const row = (data: CompareData, label: string, cell: (column: Released) => TableCell): TableCell[] => [text(label), ...data.selections.map((column) => (isReleased(column) ? cell(column) : HIDDEN))];

export const sideBySideTable = (data: CompareData, words: CompareWords): CardTable => {
  const pillarOf = (column: Released, pillar: Pillar) => column.index?.pillars.find((item) => item.pillar === pillar);
  return {
    header: header(data),
    rows: [
      [text(words.status), ...data.selections.map((column) => text(isReleased(column) ? '' : column.message))],
      row(data, words.respondents, (column) => count(column.respondents)),
      row(data, words.index, (column) => decimal(column.index?.overall, 3)),
      ...PILLARS.flatMap((pillar) => [
        row(data, words.pillarIndex(pillar), (column) => decimal(pillarOf(column, pillar)?.giniSimpson, 3)),
        row(data, words.pillarGroups(pillar), (column) => decimal(pillarOf(column, pillar)?.effectiveGroups, 3)),
      ]),
      row(data, words.longTermCondition, (column) => count(column.demographics.longTermCondition)),
      row(data, words.lgbtiq, (column) => count(column.demographics.lgbtiq)),
      ...(['countries', 'languages', 'worldviews', 'heritages'] as const).map((what) => row(data, words.shown(what), (column) => count(column.shown[what]))),
    ],
  };
};

export const factsTable = (data: CompareData, words: CompareWords): CardTable => ({
  header: [words.keyFact],
  rows: data.facts.length === 0 ? [[text(words.noFacts)]] : data.facts.map((fact) => [text(words.fact(fact))]),
});

type DemographicKey = Exclude<keyof CompareDemographics, 'longTermCondition' | 'lgbtiq'>;
export const COMPARE_DEMOGRAPHICS: readonly DemographicKey[] = ['gender', 'ageBand', 'generation', 'positionLevel', 'disability'];

/** One demographic: its values down, the selections across; a value a selection does not list is hidden. */
export const demographicTable = (data: CompareData, key: DemographicKey): CardTable => {
  const labels = new Map<string, string>();
  for (const column of data.selections) if (isReleased(column)) for (const cell of column.demographics[key]?.cells ?? []) if (!labels.has(cell.key)) labels.set(cell.key, cell.label);
  const cellOf = (column: Released, value: string): TableCell => {
    const found: StatCell | undefined = column.demographics[key]?.cells.find((cell) => cell.key === value);
    return found === undefined || isSuppressed(found) ? HIDDEN : count(found.count);
  };
  return { header: header(data), rows: [...labels].map(([value, label]) => row(data, label, (column) => cellOf(column, value))) };
};

/** The top values of each pillar, as "label (people)" in rank order. */
export const topsTable = (data: CompareData, words: CompareWords): CardTable => ({
  header: header(data),
  rows: PILLARS.flatMap((pillar) =>
    [0, 1, 2].map((rank) =>
      row(data, `${words.pillar(pillar)} ${rank + 1}`, (column) => {
        const cell = column.tops[pillar][rank];
        return cell === undefined ? HIDDEN : text(`${cell.label} (${cell.count})`);
      }),
    ),
  ),
});
