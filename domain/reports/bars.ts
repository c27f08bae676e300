import type { CrossTable, Distribution, StatCell, StatTree } from '../contracts/stats';
import { isSuppressed } from '../contracts/stats';
import type { Count, Headline } from '../contracts/statistics';
import type { SectionAnswer } from '../exports/table';

/**
 * The bars of a card's chart in a report, read from the released section only: a bar is a
 * released count (with its released share when the section has one) or a hidden cell, which
 * stays hidden (drawn as an empty outline and written "hidden", never as a bar of 0).
 */
export type Bar =
  | { readonly label: string; readonly kind: 'shown'; readonly count: number; readonly percent?: number }
  | { readonly label: string; readonly kind: 'hidden' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const barOf = (label: string, cell: StatCell, withShare: boolean): Bar =>
  isSuppressed(cell) ? { label, kind: 'hidden' } : withShare ? { label, kind: 'shown', count: cell.count, percent: cell.percent } : { label, kind: 'shown', count: cell.count };

/** Every bar of a section, in the order the dashboard lists them (a tree: its first level; a cross table: its row totals). */
export const sectionBars = (title: string, answer: SectionAnswer, headline: (key: string) => string): Bar[] => {
  if (answer.status === 204) return [];
  const data = answer.data;
  if (!isObject(data)) return [];
  if ('items' in data) return (data as Headline).items.map((item) => ({ label: headline(item.key), kind: 'shown', count: item.value }));
  if ('nodes' in data) return (data as StatTree).nodes.map((node) => barOf(node.label, node, true));
  if ('columns' in data) {
    const cross = data as CrossTable;
    return cross.rows.flatMap((row, r) => {
      const total = cross.rowTotals[r];
      return total === undefined ? [] : [barOf(row.label, total, false)];
    });
  }
  if ('cells' in data) return (data as Distribution).cells.map((cell) => barOf(cell.label, cell, true));
  if ('count' in data) return [{ label: title, kind: 'shown', count: (data as Count).count }];
  return [];
};
