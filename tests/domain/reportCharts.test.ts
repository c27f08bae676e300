import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BenchmarkData } from '../../domain/contracts/benchmark';
import { type CrossTable, type StatCell, isSuppressed } from '../../domain/contracts/stats';
import { chartLabels, hiddenOf, reportChart, turnTable } from '../../domain/reports/charts';
import { largestBenchmarkGaps, largestCensusGaps } from '../../domain/reports/summary';
import { reportTable } from '../../domain/reports/tables';
import type { TableWords } from '../../domain/exports/table';

const words = { other: (count: number) => `Other (${count})`, headline: (key: string) => key };
const tableWords: TableWords = { name: 'Name', people: 'People', share: 'Share', total: 'Total', level: 'Level', parent: 'Parent', headline: (key) => key };

const released = (key: string, count: number): StatCell => ({ key, label: key, count, percent: count / 10 });
const hidden = (key: string): StatCell => ({ key, label: key, suppressed: true, threshold: 5 });

const cell: fc.Arbitrary<StatCell> = fc.oneof(
  fc.record({ key: fc.uuid(), label: fc.uuid(), count: fc.integer({ min: 5, max: 1000 }), percent: fc.float({ min: 0, max: 100, noNaN: true }) }),
  fc.record({ key: fc.uuid(), label: fc.uuid(), suppressed: fc.constant(true as const), threshold: fc.constant(5) }),
);

const crossTable = (rows: string[], columns: string[], cells: StatCell[][]): CrossTable => ({
  total: 1000,
  rows: rows.map((key) => ({ key, label: key })),
  columns: columns.map((key) => ({ key, label: key })),
  cells,
  rowTotals: rows.map((key, r) => released(key, cells[r]!.reduce((sum, c) => sum + (isSuppressed(c) ? 0 : c.count), 0))),
  columnTotals: columns.map((key, c) => released(key, cells.reduce((sum, row) => sum + (isSuppressed(row[c]!) ? 0 : row[c]!.count), 0))),
});

describe('the report’s chart of a card', () => {
  it('draws a list’s released values only: a hidden value is never a bar, and it is counted once in the note', () => {
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 30 }), (cells) => {
        const chart = reportChart('overview/country-birth', 'Countries', { status: 200, data: { total: 1000, multiple: false, cells } }, words);
        expect(chart.model?.kind).toBe('bars');
        const labels = chartLabels(chart);
        for (const source of cells.filter(isSuppressed)) expect(labels).not.toContain(source.label);
        const hiddenCount = cells.filter(isSuppressed).length;
        expect(hiddenOf(chart)?.values ?? 0).toBe(hiddenCount);
      }),
    );
  });

  it('draws each cross-table card with its own columns: ages, states or languages down the chart, genders as series', () => {
    const genders = ['Woman', 'Man', 'Non-binary'];
    const states = ['Victoria', 'Queensland', 'Tasmania'];
    const cells = genders.map((gender, g) => states.map((state, s) => (g === 2 ? hidden(`${gender}-${state}`) : released(`${gender}-${state}`, 10 + g + s * 5))));
    const table = crossTable(genders, states, cells);
    const chart = reportChart('demographic/state-per-gender', 'Gender by state', { status: 200, data: table }, words);
    expect(chart.model?.kind).toBe('grouped');
    const labels = chartLabels(chart);
    for (const state of states) expect(labels).toContain(state);
    // Non-binary: every cell hidden, so no bar and no legend entry; the note says 3 hidden.
    expect(labels).not.toContain('Non-binary');
    expect(hiddenOf(chart)).toEqual({ values: 3, threshold: 5 });
    const ages = reportChart('overview/gender-age-range', 'Gender by age', { status: 200, data: crossTable(genders, ['20-24', '25-29'], genders.map(() => [released('a', 10), released('b', 20)])) }, words);
    expect(ages.model?.kind).toBe('pyramid');
    expect(chartLabels(ages).slice(0, 2)).toEqual(['20-24', '25-29']);
  });

  it('turns a table twice back to itself', () => {
    const table = crossTable(['a', 'b'], ['x', 'y', 'z'], [[released('1', 1), released('2', 2), hidden('3')], [released('4', 4), hidden('5'), released('6', 6)]]);
    expect(turnTable(turnTable(table))).toEqual(table);
  });

  it('says why a withheld card has no chart', () => {
    const chart = reportChart('overview/country-birth', 'Countries', { status: 204, message: 'Not enough data to show.' }, words);
    expect(chart).toMatchObject({ model: null, withheld: 'Not enough data to show.' });
    expect(chartLabels(chart)).toEqual([]);
  });
});

describe('the report’s tables', () => {
  it('list a distribution largest first with hidden cells as hidden, and turn a wide cross table unless it is ordered bands', () => {
    const list = reportTable('x', { status: 200, data: { total: 100, multiple: false, cells: [released('small', 10), hidden('tiny'), released('large', 80)] } }, tableWords)!;
    // No total row: a card prints no count of its whole population (the summary says the respondents once).
    expect(list.rows.map((row) => row.cells[0])).toEqual([{ kind: 'text', value: 'large' }, { kind: 'text', value: 'small' }, { kind: 'text', value: 'tiny' }]);
    expect(list.rows[2]!.cells[1]).toEqual({ kind: 'hidden', threshold: 5 });
    const columns = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];
    const wide = crossTable(['f', 'm'], columns, [columns.map((c, i) => released(c, i + 5)), columns.map((c, i) => released(c, i + 6))]);
    const turned = reportTable('x', { status: 200, data: wide }, tableWords)!;
    expect(turned.header).toEqual(['', 'f', 'm', 'Total']);
    expect(turned.rows[0]!.cells[0]).toEqual({ kind: 'text', value: 'c7' });
    const ordered = reportTable('x', { status: 200, data: wide }, tableWords, true)!;
    expect(ordered.rows[0]!.cells[0]).toEqual({ kind: 'text', value: 'c1' });
  });
});

describe('the summary’s largest differences', () => {
  it('takes the listed categories furthest from the census, either way', () => {
    const gaps = largestCensusGaps([
      { pillar: 'language', status: 200, values: [
        { label: 'Mandarin', share: 40, census: 30, listed: true },
        { label: 'Arabic', share: 1, census: 20, listed: true },
        { label: 'Tagalog', share: 0, census: 50, listed: false },
        { label: 'Greek', share: 3, census: 2, listed: true },
        { label: 'Hindi', share: 5, census: 7, listed: true },
      ] },
      { pillar: 'worldview', status: 204 },
    ]);
    expect(gaps.map((gap) => gap.label)).toEqual(['Arabic', 'Mandarin', 'Hindi']);
    expect(gaps[0]!.gap).toBe(-19);
  });

  it('takes one difference per group from the median, shares only', () => {
    const values = (women: number | null, tertiary: number | null) => ({ women, tertiary, respondents: 100 }) as unknown as BenchmarkData['groups'][number]['values'];
    const data = {
      k: 5,
      groups: [
        { id: '1', name: 'Sales', parentId: null, values: values(20, 50) },
        { id: '2', name: 'Care', parentId: null, values: values(90, 10) },
        { id: '3', name: 'Ops', parentId: null, values: values(50, null) },
      ],
      bands: [
        { metric: 'women', band: { n: 3, p10: 20, median: 50, p90: 90 } },
        { metric: 'tertiary', band: { n: 2, p10: 10, median: 30, p90: 50 } },
        { metric: 'respondents', band: { n: 3, p10: 100, median: 100, p90: 100 } },
      ],
      leftOut: [],
      pooled: { status: 'off' },
    } as BenchmarkData;
    const gaps = largestBenchmarkGaps(data);
    expect(gaps.map((gap) => [gap.group, gap.metric])).toEqual([
      ['Care', 'women'],
      ['Sales', 'women'],
      ['Ops', 'women'],
    ]);
  });
});
