import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CrossTable, Distribution, StatCell, StatTree, TreeCell } from '../../../domain/contracts/stats';
import { isSuppressed } from '../../../domain/contracts/stats';
import {
  ANSWER_PALETTE, OTHER_COLOUR, PREFER_NOT_COLOUR, chartOf, colourOf, crossChart, distributionChart, fitLabel, hiddenNote, textRoom, treeChart, valueAxis,
} from '../../../domain/charts';

const released = (key: string, percent: number, extra: Partial<StatCell> = {}): StatCell => ({ key, label: `Answer ${key}`, count: Math.round(percent * 20), percent, ...extra }) as StatCell;
const hidden = (key: string, threshold = 5): StatCell => ({ key, label: `Answer ${key}`, suppressed: true, threshold });

const cellArb: fc.Arbitrary<StatCell> = fc.oneof(
  fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), label: fc.string({ maxLength: 30 }), count: fc.nat(2000), percent: fc.integer({ min: 0, max: 1000 }).map((p) => p / 10) }),
  fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), label: fc.string({ maxLength: 30 }), suppressed: fc.constant(true as const), threshold: fc.integer({ min: 2, max: 10 }) }),
);
const uniqueCells = fc.uniqueArray(cellArb, { selector: (cell) => cell.key, maxLength: 30 });
const distributionArb: fc.Arbitrary<Distribution> = fc.record({ total: fc.nat(5000), multiple: fc.boolean(), cells: uniqueCells });

const translate = (key: string, values?: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`;

describe('distributionChart', () => {
  it('lists the same labels and released figures as the data, and no hidden value', () => {
    fc.assert(fc.property(distributionArb, (data) => {
      const chart = distributionChart(data);
      const shown = data.cells.filter((cell) => !isSuppressed(cell)) as Array<StatCell & { count: number; percent: number }>;
      expect(chart.items.map((item) => [item.key, item.label, item.count, item.percent]).sort())
        .toEqual(shown.map((cell) => [cell.key, cell.label, cell.count, cell.percent]).sort());
      const hiddenKeys = new Set(data.cells.filter(isSuppressed).map((cell) => cell.key));
      expect(chart.items.some((item) => hiddenKeys.has(item.key))).toBe(false);
      expect(chart.hidden?.values ?? 0).toBe(hiddenKeys.size);
    }));
  });

  it('sorts by size, with Prefer not to answer after the answers', () => {
    fc.assert(fc.property(distributionArb, (data) => {
      const items = distributionChart(data).items.filter((item) => !item.preferNot && !/^(none|unknown|no_answer|silent)$/i.test(item.key));
      for (let i = 1; i < items.length; i += 1) expect(items[i - 1]!.percent).toBeGreaterThanOrEqual(items[i]!.percent);
    }));
    const chart = distributionChart({ total: 100, multiple: false, cells: [released('a', 10), released('p', 50, { preferNot: true }), released('b', 40)] });
    expect(chart.items.map((item) => item.key)).toEqual(['b', 'a', 'p']);
  });

  it('keeps the server order when asked (ordinal answers)', () => {
    const chart = distributionChart({ total: 100, multiple: false, cells: [released('18', 10), released('25', 50), released('35', 40)] }, { order: 'given' });
    expect(chart.items.map((item) => item.key)).toEqual(['18', '25', '35']);
  });

  it('gathers the values past the top N into one "other" bar whose figures add up', () => {
    const cells = Array.from({ length: 20 }, (_, i) => released(`c${i}`, 20 - i));
    const chart = distributionChart({ total: 2000, multiple: false, cells }, { top: 8, otherLabel: (n) => `Other (${n})` });
    expect(chart.items).toHaveLength(8);
    const other = chart.items.find((item) => item.key === 'other')!;
    expect(other.gathers).toBe(13);
    expect(other.label).toBe('Other (13)');
    expect(other.percent).toBeCloseTo(cells.slice(7).reduce((sum, cell) => sum + (cell as { percent: number }).percent, 0), 5);
    // With several answers per person, shares do not add up: the rest is only counted.
    const multiple = distributionChart({ total: 2000, multiple: true, cells }, { top: 8 });
    expect(multiple.items).toHaveLength(8);
    expect(multiple.more).toBe(12);
    expect(multiple.items.some((item) => item.key === 'other')).toBe(false);
  });

  it('has an axis that reaches every bar, from 0 with round ticks', () => {
    fc.assert(fc.property(distributionArb, (data) => {
      const chart = distributionChart(data);
      for (const item of chart.items) expect(item.bar).toBeLessThanOrEqual(chart.axis.max);
      expect(chart.axis.ticks[0]).toBe(0);
    }));
    expect(valueAxis(47.3)).toEqual({ max: 50, ticks: [0, 10, 20, 30, 40, 50] });
  });
});

describe('colours', () => {
  it('give an answer the same colour whatever its figures, order or filter, and Prefer not to answer always its own', () => {
    fc.assert(fc.property(uniqueCells, fc.nat(), (cells, seed) => {
      const one = distributionChart({ total: 1, multiple: true, cells });
      // The same answers under another filter: other figures, another order.
      const shuffled = [...cells].sort((a, b) => ((a.key.charCodeAt(0) * (seed + 1)) % 7) - ((b.key.charCodeAt(0) * (seed + 1)) % 7))
        .map((cell) => (isSuppressed(cell) ? cell : { ...cell, count: cell.count + 1, percent: (cell.percent * 7) % 100 }));
      const two = distributionChart({ total: 1, multiple: true, cells: shuffled });
      for (const item of one.items) expect(two.items.find((other) => other.key === item.key)?.colour).toBe(item.colour);
      for (const item of one.items) if (item.preferNot) expect(item.colour).toBe(PREFER_NOT_COLOUR);
    }));
    expect(colourOf({ key: '17', preferNot: true })).toBe(PREFER_NOT_COLOUR);
    expect(colourOf({ key: '99', code: 'prefer_not' }, { genders: true })).toBe(PREFER_NOT_COLOUR);
    const chart = crossChart({ total: 10, rows: [{ key: 'r', label: 'r' }], columns: [{ key: '5', label: 'Prefer not to answer' }], cells: [[released('5', 3)]], rowTotals: [released('r', 3)], columnTotals: [released('5', 3, { preferNot: true })] });
    expect(chart.series[0]!.colour).toBe(PREFER_NOT_COLOUR);
  });

  it('never give two answers of one chart the same colour while the palette lasts', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: ANSWER_PALETTE.length }), (keys) => {
      const chart = distributionChart({ total: 1, multiple: true, cells: keys.map((key, i) => released(key, i + 1)) });
      const plain = chart.items.filter((item) => ANSWER_PALETTE.includes(item.colour));
      expect(new Set(plain.map((item) => item.colour)).size).toBe(plain.length);
    }));
    // "Other" keeps its grey and Prefer not its orange: no answer takes either.
    expect(ANSWER_PALETTE).not.toContain(PREFER_NOT_COLOUR);
    expect(ANSWER_PALETTE).not.toContain(OTHER_COLOUR);
  });

  it('colour genders by their code', () => {
    expect(colourOf({ key: '1', code: 'female' }, { genders: true })).toBe('#8E26D9');
    expect(colourOf({ key: '2', label: 'Man or male' }, { genders: true })).toBe('#1CA1BA');
  });
});

const treeArb: fc.Arbitrary<TreeCell[]> = fc.letrec<{ nodes: TreeCell[] }>((tie) => ({
  nodes: fc.uniqueArray(
    fc.tuple(cellArb, fc.oneof({ depthSize: 'small' }, fc.constant([] as TreeCell[]), tie('nodes') as fc.Arbitrary<TreeCell[]>)).map(([cell, children]) => ({ ...cell, children }) as TreeCell),
    { selector: (node) => node.key, maxLength: 6 },
  ),
})).nodes;

describe('treeChart', () => {
  it('draws top levels with their largest children, no hidden node, and no part longer than its whole', () => {
    fc.assert(fc.property(treeArb, (nodes) => {
      const data: StatTree = { total: 100, multiple: false, nodes };
      const chart = treeChart(data, { top: 4, children: 2 });
      const byKey = new Map(chart.items.filter((item) => item.depth === 0).map((item) => [item.key, item]));
      for (const item of chart.items) {
        if (item.parent !== null) expect(item.bar).toBeLessThanOrEqual(byKey.get(item.parent)!.bar);
        expect(item.bar).toBeLessThanOrEqual(item.percent);
      }
      expect(chart.items.filter((item) => item.depth === 0).length).toBeLessThanOrEqual(4);
      const hiddenKeys = new Set(nodes.filter(isSuppressed).map((node) => node.key));
      expect(chart.items.filter((item) => item.depth === 0).some((item) => hiddenKeys.has(item.key))).toBe(false);
    }));
  });

  it('keeps the released figures, and a child over its parent is drawn no longer than the parent', () => {
    const nodes: TreeCell[] = [
      { ...released('lutheran', 0.6), label: 'Lutheran', children: [{ ...released('lutheran-x', 0.7), label: 'Lutheran', children: [] }, { ...hidden('h'), children: [] }] },
      { ...released('catholic', 20), label: 'Catholic', children: [] },
    ] as TreeCell[];
    const chart = treeChart({ total: 2000, multiple: false, nodes });
    expect(chart.items.map((item) => item.key)).toEqual(['catholic', 'lutheran', 'lutheran-x']);
    const child = chart.items[2]!;
    expect(child.percent).toBe(0.7);
    expect(child.bar).toBe(0.6);
    expect(chart.hidden).toEqual({ values: 1, threshold: 5 });
  });
});

describe('crossChart', () => {
  const table: CrossTable = {
    total: 100,
    rows: [{ key: 'f', label: 'Woman' }, { key: 'm', label: 'Man' }],
    columns: [{ key: 'y', label: '18-24' }, { key: 'o', label: '25-34' }],
    cells: [[released('y', 20), hidden('o')], [released('y', 10), released('o', 60)]],
    rowTotals: [released('f', 24), released('m', 70)],
    columnTotals: [released('y', 30), released('o', 64)],
  };

  it('groups by row, largest row first, hidden cells without a bar but counted', () => {
    const chart = crossChart(table, { layout: 'grouped' });
    expect(chart.kind).toBe('grouped');
    if (chart.kind !== 'grouped') return;
    expect(chart.groups.map((group) => group.key)).toEqual(['m', 'f']);
    expect(chart.groups[1]!.bars.map((bar) => bar.key)).toEqual(['y']);
    expect(chart.hidden).toEqual({ values: 1, threshold: 5 });
    expect(hiddenNote(chart.hidden, translate)).toBe('chart_values_hidden:{"count":1,"k":5}');
    expect(chart.series.map((entry) => entry.label)).toEqual(['18-24', '25-34']);
  });

  it('lays a pyramid in the given order, first column left, never a bar for a hidden cell', () => {
    const pyramid = crossChart({ ...table, rows: table.columns, columns: table.rows, cells: [[table.cells[0]![0]!, table.cells[1]![0]!], [table.cells[0]![1]!, table.cells[1]![1]!]], rowTotals: table.columnTotals, columnTotals: table.rowTotals }, { layout: 'pyramid', genders: true });
    expect(pyramid.kind).toBe('pyramid');
    if (pyramid.kind !== 'pyramid') return;
    expect(pyramid.rows.map((row) => row.key)).toEqual(['y', 'o']);
    expect(pyramid.rows[1]!.left).toBeNull();
    expect(pyramid.rows[1]!.right.map((item) => item.percent)).toEqual([60]);
    expect(pyramid.axis.max).toBeGreaterThanOrEqual(60);
  });

  it('never draws a cell longer than its row total', () => {
    const odd: CrossTable = { ...table, cells: [[released('y', 30), released('o', 1)], [released('y', 10), released('o', 60)]] };
    const chart = crossChart(odd);
    if (chart.kind !== 'grouped') throw new Error('grouped expected');
    for (const group of chart.groups) for (const bar of group.bars) expect(bar.bar).toBeLessThanOrEqual(group.total!.percent);
  });
});

describe('chartOf', () => {
  it('reads any card by its shape', () => {
    expect(chartOf({ total: 1, multiple: false, cells: [] })?.kind).toBe('bars');
    expect(chartOf({ total: 1, multiple: false, nodes: [] })?.kind).toBe('tree');
    expect(chartOf({ count: 3 }, { title: 'People' })).toEqual({ kind: 'figures', items: [{ key: 'count', label: 'People', value: 3 }] });
    expect(chartOf({ items: [{ key: 'a', value: 2 }] }, { headline: (key) => key.toUpperCase() })).toEqual({ kind: 'figures', items: [{ key: 'a', label: 'A', value: 2 }] });
    expect(chartOf('nothing')).toBeNull();
  });
});

describe('fitLabel', () => {
  it('leaves a label that fits whole, wraps at spaces, and cuts only what does not fit', () => {
    expect(fitLabel('United Kingdom', 20)).toEqual({ lines: ['United Kingdom'], cut: false });
    expect(fitLabel('Southern and Eastern Europe', 14)).toEqual({ lines: ['Southern and', 'Eastern Europe'], cut: false });
    const long = fitLabel('People with a long-term condition or disability', 12, 2);
    expect(long.cut).toBe(true);
    expect(long.lines).toHaveLength(2);
  });

  it('never gives a line wider than its room, nor more lines than asked', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 3, max: 40 }), fc.integer({ min: 1, max: 3 }), (label, room, lines) => {
      const fitted = fitLabel(label, room, lines);
      expect(fitted.lines.length).toBeLessThanOrEqual(lines);
      for (const line of fitted.lines) expect(textRoom(line)).toBeLessThanOrEqual(Math.max(room, 2));
      if (!fitted.cut) expect(fitted.lines.join('').replace(/\s+/g, '')).toBe(label.replace(/\s+/g, ''));
    }));
  });
});
