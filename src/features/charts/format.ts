import { isSuppressed, type CrossTable, type StatCell } from '../../../domain/contracts/stats';

/** SPEC section 9: labels are cut to 10 characters and an ellipsis; the full name stays on hover and for screen readers. */
export const TRUNCATE_AT = 10;

export const truncate = (text: string, max = TRUNCATE_AT): string => {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
};

/** SPEC section 9: one decimal, always shown (12.0 %), so columns line up. */
export const formatPercent = (value: number): string => `${value.toFixed(1)}%`;

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
