import { type ChartModel, type HiddenValues, type LegendEntry, chartOf } from '../charts';
import type { CrossTable } from '../contracts/stats';
import type { SectionAnswer } from '../exports/table';

/**
 * What a report draws for one card: the shared chart definition (domain/charts, the one the
 * dashboard draws) of its released section, with the options the card has on its dashboard
 * page (a cross table turned so that ages, states or languages run down the chart and genders
 * are the series; the pyramid for gender by age; the screen's top N). The PDF (server) and the
 * builder's preview (client) both draw this model, so they show the same bars as the screen.
 */

export interface ReportChart {
  readonly cardKey: string;
  readonly title: string;
  /** null when the section is withheld (`withheld` says why) or has nothing to draw. */
  readonly model: ChartModel | null;
  readonly withheld?: string;
}

/** Per card, how its dashboard page draws it (src/features/dashboards): layout, genders, top N. */
interface CardDrawing {
  readonly layout?: 'grouped' | 'pyramid';
  /** The cross table is drawn turned: its columns down the chart, its rows (genders) as series. */
  readonly turned?: boolean;
  readonly genders?: boolean;
  readonly top?: number;
  readonly order?: 'size' | 'given';
}

const GENDER_BY: CardDrawing = { layout: 'grouped', turned: true, genders: true, top: 8 };

const DRAWINGS: Readonly<Record<string, CardDrawing>> = {
  'overview/gender-age-range': { layout: 'pyramid', turned: true, genders: true },
  'demographic/state-per-gender': GENDER_BY,
  'language/list-gender': GENDER_BY,
  'language/list-zone-gender': GENDER_BY,
  'language/list-macrozone-gender': GENDER_BY,
  'demographic/woman-manager': { genders: true },
  'demographic/row-one': { genders: true },
  'demographic/row-two': { order: 'given' },
  'language/total-known': { order: 'given' },
};

/** Bars drawn for a list when the card says nothing else (the rest: "other", or the tables). */
export const REPORT_TOP = 10;

/** True for a card whose rows are ordered bands (ages): drawn and listed in their own order, not by size. */
export const isPyramidCard = (cardKey: string): boolean => DRAWINGS[cardKey]?.layout === 'pyramid';

/** A cross table with its rows and columns exchanged. */
export const turnTable = (table: CrossTable): CrossTable => ({
  total: table.total,
  rows: table.columns,
  columns: table.rows,
  cells: table.columns.map((_, j) => table.rows.map((__, i) => table.cells[i]![j]!)),
  rowTotals: table.columnTotals,
  columnTotals: table.rowTotals,
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The words the model needs. */
export interface ChartWords {
  /** The "other" bar's name for the number of values it gathers. */
  readonly other: (values: number) => string;
  /** A headline item's name by its key. */
  readonly headline: (key: string) => string;
}

/** The chart of one card of a report, from its released section. */
export const reportChart = (cardKey: string, title: string, answer: SectionAnswer, words: ChartWords): ReportChart => {
  if (answer.status === 204) return { cardKey, title, model: null, withheld: answer.message };
  const drawing = DRAWINGS[cardKey] ?? {};
  const data = drawing.turned === true && isObject(answer.data) && Array.isArray(answer.data.columns) ? turnTable(answer.data as unknown as CrossTable) : answer.data;
  const model = chartOf(data, {
    title,
    headline: words.headline,
    otherLabel: words.other,
    top: drawing.top ?? REPORT_TOP,
    ...(drawing.layout === undefined ? {} : { layout: drawing.layout }),
    ...(drawing.genders === true ? { genders: true } : {}),
    ...(drawing.order === undefined ? {} : { order: drawing.order }),
  });
  return { cardKey, title, model };
};

/** The legend entries that have at least one drawn bar (a series whose every value is hidden draws nothing). */
export const drawnSeries = (model: ChartModel): LegendEntry[] => {
  if (model.kind === 'grouped') return model.series.filter((entry) => model.groups.some((group) => group.bars.some((bar) => bar.series === entry.key)));
  if (model.kind === 'pyramid') return model.series.filter((entry) => model.rows.some((row) => row.left?.series === entry.key || row.right.some((item) => item.series === entry.key)));
  return [];
};

/** Every label a chart writes (its dimension labels): what a reader must find in the PDF's text. */
export const chartLabels = (chart: ReportChart): string[] => {
  const model = chart.model;
  if (model === null) return [];
  switch (model.kind) {
    case 'figures':
      return model.items.map((item) => item.label);
    case 'bars':
    case 'tree':
      return model.items.map((item) => item.label);
    case 'grouped':
      return [...model.groups.filter((group) => group.bars.length > 0).map((group) => group.label), ...drawnSeries(model).map((entry) => entry.label)];
    case 'pyramid':
      return [...model.rows.map((row) => row.label), ...drawnSeries(model).map((entry) => entry.label)];
  }
};

/** How many values the chart hides (fewer than k people each), or null. */
export const hiddenOf = (chart: ReportChart): HiddenValues | null => (chart.model === null || chart.model.kind === 'figures' ? null : chart.model.hidden);

/** Released values the chart does not draw (past its top N): they are in the tables. */
export const notDrawnOf = (chart: ReportChart): number => (chart.model !== null && (chart.model.kind === 'bars' || chart.model.kind === 'tree' || chart.model.kind === 'grouped') ? chart.model.more : 0);
