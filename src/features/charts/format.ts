import { isSuppressed, type CrossTable, type StatCell } from '../../../domain/contracts/stats';
import { productLanguage } from '../../../domain/i18n/languages';

/** SPEC section 9: labels are cut to 10 characters and an ellipsis; the full name stays on hover and for screen readers. */
export const TRUNCATE_AT = 10;

export const truncate = (text: string, max = TRUNCATE_AT): string => {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
};

/** How figures read in one language: counts grouped, shares with one decimal always shown (SPEC section 9). */
export interface NumberFormats {
  readonly count: (value: number) => string;
  readonly percent: (value: number) => string;
}

const formatsByLanguage = new Map<string, NumberFormats>();

/**
 * The figures of a product language through Intl, in that language's own conventions: '2 001'
 * and '12,3 %' in French, the digits CLDR gives Arabic by default. Shares arrive as 0 to 100
 * with one decimal; they are rounded to it again before Intl divides them, so 12.35 never
 * reads differently from one language to another.
 */
export const numberFormats = (code: string): NumberFormats => {
  const known = formatsByLanguage.get(code);
  if (known) return known;
  const { lang } = productLanguage(code);
  const count = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const formats: NumberFormats = {
    count: (value) => count.format(value),
    percent: (value) => percent.format(Math.round(value * 10) / 1000),
  };
  formatsByLanguage.set(code, formats);
  return formats;
};

/** SPEC section 9: one decimal, always shown (12.0%), so columns line up; in the built-in English. */
export const formatPercent = (value: number): string => numberFormats('au').percent(value);

/** The share a chart draws; a hidden cell draws nothing and is never read as zero people. */
export const shareOf = (cell: StatCell): number | null => (isSuppressed(cell) ? null : cell.percent);

export const countOf = (cell: StatCell): number | null => (isSuppressed(cell) ? null : cell.count);

/** Rows become columns: the server sends gender by age band, a pyramid draws age band by gender. */
export const transpose = (table: CrossTable): CrossTable => ({
  total: table.total,
  rows: table.columns,
  columns: table.rows,
  cells: table.columns.map((_, j) => table.rows.map((__, i) => table.cells[i][j])),
  rowTotals: table.columnTotals,
  columnTotals: table.rowTotals,
});
