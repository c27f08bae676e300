import { isSuppressed, type CrossTable, type StatCell } from '../../../domain/contracts/stats';
import { numberFormats } from '../../../domain/i18n/numbers';

export { numberFormats, type NumberFormats } from '../../../domain/i18n/numbers';

/** SPEC section 9: labels are cut to 10 characters and an ellipsis; the full name stays on hover and for screen readers. */
export const TRUNCATE_AT = 10;

// Ideographs and other full-width characters take about two Latin letters' room.
const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;
const roomOf = (character: string): number => (WIDE.test(character) ? 2 : 1);

/** A label cut to `max` letters' room (a Chinese character counts two) and an ellipsis; a label that fits is left whole. */
export const truncate = (text: string, max = TRUNCATE_AT): string => {
  const chars = Array.from(text);
  if (chars.reduce((sum, c) => sum + roomOf(c), 0) <= max) return text;
  let used = 0;
  let kept = 0;
  while (kept < chars.length && used + roomOf(chars[kept]!) <= max) used += roomOf(chars[kept++]!);
  return `${chars.slice(0, Math.max(1, kept)).join('')}…`;
};

/** How many letters a label gets in a space of `px` pixels at the charts' 12 px type. */
export const labelRoom = (px: number): number => Math.max(4, Math.floor((px - 8) / 7));

/**
 * Labels cut only as far as the room asks, and never so far that two different values read
 * the same: where cut labels meet ('Southern a…' twice), those are cut further along until
 * they differ (at worst shown whole). The full names stay in the title and the table.
 */
export const distinctLabels = (labels: readonly string[], max: number): string[] => {
  const room = labels.map(() => max);
  const full = labels.map((label) => Array.from(label).reduce((sum, c) => sum + roomOf(c), 0));
  for (;;) {
    const shown = labels.map((label, i) => truncate(label, room[i]));
    const byText = new Map<string, number[]>();
    shown.forEach((text, i) => byText.set(text, [...(byText.get(text) ?? []), i]));
    let widened = false;
    for (const group of byText.values()) {
      if (new Set(group.map((i) => labels[i])).size < 2) continue;
      for (const i of group) {
        if (room[i]! < full[i]!) {
          room[i] = room[i]! + 1;
          widened = true;
        }
      }
    }
    if (!widened) return shown;
  }
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

/** A label shown cut, with its full name. */
export interface CutLabel {
  readonly shown: string;
  readonly full: string;
}

/** The labels a chart shows cut (`shown[i]` for `labels[i]`), each name once: what a keyboard user reads on focusing the chart. */
export const cutLabels = (labels: readonly string[], shown: readonly string[]): CutLabel[] => {
  const seen = new Set<string>();
  return labels.flatMap((full, i) => {
    const text = shown[i] ?? full;
    if (text === full || seen.has(full)) return [];
    seen.add(full);
    return [{ shown: text, full }];
  });
};
