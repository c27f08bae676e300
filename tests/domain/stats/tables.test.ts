import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CrossTable, Distribution, StatTree, isSuppressed, type StatCell, type TreeCell } from '../../../domain/contracts/stats';
import { releaseCountTree, releaseCounts, releaseTable } from '../../../domain/stats';
import { isRight } from 'fp-ts/Either';
import { RowSpace } from './support/linear';

/** Stand-alone tables (one fixed population): 1-D with a total, rows by columns, trees. */

const show = (cell: StatCell) => (isSuppressed(cell) ? `<${cell.threshold}` : `${cell.count} (${cell.percent}%)`);
const countOf = (cell: StatCell) => (isSuppressed(cell) ? null : cell.count);

describe('one question with its total', () => {
  it('hides a cell below k and the smallest other cell (worked example)', () => {
    const result = releaseCounts(
      {
        total: 40,
        cells: [
          { key: 'christian', label: 'Christian', count: 20 },
          { key: 'none', label: 'No religion', count: 12 },
          { key: 'buddhist', label: 'Buddhist', count: 2 },
          { key: 'muslim', label: 'Muslim', count: 6 },
        ],
      },
      5,
    );
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(isRight(Distribution.decode(result.data))).toBe(true);
    expect(result.data.cells.map(show)).toEqual(['20 (50%)', '12 (30%)', '<5', '<5']);
  });

  it("shows 'Prefer not to answer' as its own share, flagged", () => {
    const result = releaseCounts(
      { total: 30, cells: [{ key: 'yes', count: 9 }, { key: 'no', count: 15 }, { key: 'pna', label: 'Prefer not to answer', count: 6, preferNot: true }] },
      5,
    );
    expect(result.status === 200 && result.data.cells[2]).toEqual({ key: 'pna', label: 'Prefer not to answer', count: 6, percent: 20, preferNot: true });
  });

  it('answers a total below k with status 204', () => {
    expect(releaseCounts({ total: 4, cells: [{ key: 'a', count: 4 }] }, 5)).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
  });

  it('hides a cell that holds the whole selection, which would give every answer away', () => {
    const result = releaseCounts({ total: 12, cells: [{ key: 'a', count: 12 }, { key: 'b', count: 0 }] }, 5);
    // Only one value was given at all: nothing can hide it.
    expect(result).toEqual({ status: 204, message: 'Not enough data to show.' });
    const blanks = releaseCounts({ total: 14, cells: [{ key: 'a', count: 12 }, { key: 'b', count: 0 }] }, 5);
    expect(blanks.status === 200 && blanks.data.cells.map(show)).toEqual(['<5']);
  });

  it('keeps the share of people who left the question blank hidden when it is small', () => {
    // 2 of 30 did not answer: 28 = 20 + 8 would give them away if both cells were shown.
    const result = releaseCounts({ total: 30, cells: [{ key: 'a', count: 20 }, { key: 'b', count: 8 }] }, 5);
    expect(result.status === 200 && result.data.cells.map(show)).toEqual(['20 (66.7%)', '<5']);
  });

  it('multi-answer: a value is hidden when few mention it or few do not', () => {
    const result = releaseCounts(
      { total: 20, multiple: true, cells: [{ key: 'en', count: 18 }, { key: 'fr', count: 7 }, { key: 'de', count: 3 }, { key: 'it', count: 5 }] },
      5,
    );
    expect(result.status === 200 && result.data.cells.map(show)).toEqual(['<5', '7 (35%)', '<5', '5 (25%)']);
  });

  const oneD = fc.record({
    counts: fc.array(fc.nat({ max: 25 }), { minLength: 1, maxLength: 6 }),
    blank: fc.nat({ max: 6 }),
    k: fc.integer({ min: 2, max: 8 }),
  });

  it('no released cell below k, no hidden cell derivable from the total and the shown cells', () => {
    fc.assert(
      fc.property(oneD, ({ counts, blank, k }) => {
        const total = counts.reduce((a, b) => a + b, 0) + blank;
        const result = releaseCounts({ total, cells: counts.map((count, i) => ({ key: `v${i}`, count })) }, k);
        if (result.status !== 200) return;
        const shown = counts.map((count, i) => ({ count, i })).filter(({ count }) => count > 0);
        expect(result.data.cells.map((cell) => cell.key)).toEqual(shown.map(({ i }) => `v${i}`));
        // Unknowns: each value's count and the blanks; known: the total and every shown cell.
        const width = counts.length + 1;
        const known = new RowSpace(width);
        known.add(new Array(width).fill(1));
        counts.forEach((count, i) => {
          const cell = result.data.cells.find((c) => c.key === `v${i}`);
          const value = cell ? countOf(cell) : 0;
          if (value === null) return;
          expect(value === 0 || value >= k).toBe(true);
          expect(value).toBe(count);
          known.add(Array.from({ length: width }, (_, j) => (j === i ? 1 : 0)));
        });
        [...counts, blank].forEach((count, i) => {
          if (count >= 1 && count <= k - 1) expect(known.contains(Array.from({ length: width }, (_, j) => (j === i ? 1 : 0)))).toBe(false);
        });
      }),
    );
  });

  it('raising k never reveals more', () => {
    fc.assert(
      fc.property(oneD, fc.integer({ min: 1, max: 6 }), ({ counts, blank, k }, step) => {
        const input = { total: counts.reduce((a, b) => a + b, 0) + blank, cells: counts.map((count, i) => ({ key: `v${i}`, count })) };
        const strict = releaseCounts(input, k + step);
        const lenient = releaseCounts(input, k);
        if (strict.status !== 200) return;
        expect(lenient.status).toBe(200);
        if (lenient.status !== 200) return;
        strict.data.cells.forEach((cell, i) => {
          if (!isSuppressed(cell)) expect(countOf(lenient.data.cells[i])).toBe(cell.count);
        });
      }),
    );
  });
});

describe('rows by columns with margins', () => {
  it('hides a small cell with a rectangle of complements (worked example)', () => {
    const result = releaseTable(
      {
        rows: [{ key: 'F' }, { key: 'M' }, { key: 'X' }],
        columns: [{ key: '18-34' }, { key: '35-54' }, { key: '55+' }],
        counts: [
          [20, 25, 9],
          [18, 22, 12],
          [2, 6, 7],
        ],
      },
      5,
    );
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(isRight(CrossTable.decode(result.data))).toBe(true);
    // X by 18-34 holds 2 people: the cheapest rectangle through it (20 + 9 + 7 people hidden
    // besides it) is F and X by 18-34 and 55+. Every margin stays.
    expect(result.data.cells.map((row) => row.map((cell) => countOf(cell) ?? '*'))).toEqual([
      ['*', 25, '*'],
      [18, 22, 12],
      ['*', 6, '*'],
    ]);
    expect(result.data.rowTotals.map(countOf)).toEqual([54, 52, 15]);
    expect(result.data.columnTotals.map(countOf)).toEqual([40, 53, 28]);
    expect(result.data.total).toBe(121);
  });

  const tableArb = fc
    .record({ rows: fc.integer({ min: 1, max: 4 }), columns: fc.integer({ min: 1, max: 4 }), k: fc.integer({ min: 2, max: 7 }) })
    .chain(({ rows, columns, k }) =>
      fc.record({
        k: fc.constant(k),
        counts: fc.array(fc.array(fc.oneof(fc.nat({ max: 4 }), fc.nat({ max: 30 })), { minLength: columns, maxLength: columns }), {
          minLength: rows,
          maxLength: rows,
        }),
      }),
    );

  it('no released figure below k and no hidden cell or margin derivable', () => {
    fc.assert(
      fc.property(tableArb, ({ counts, k }) => {
        const rows = counts.map((_, i) => ({ key: `r${i}` }));
        const columns = counts[0].map((_, j) => ({ key: `c${j}` }));
        const result = releaseTable({ rows, columns, counts }, k);
        if (result.status !== 200) return;
        const { data } = result;
        const width = rows.length * columns.length;
        const cellVector = (i: number, j: number) => Array.from({ length: width }, (_, x) => (x === i * columns.length + j ? 1 : 0));
        const rowVector = (i: number) => Array.from({ length: width }, (_, x) => (Math.floor(x / columns.length) === i ? 1 : 0));
        const columnVector = (j: number) => Array.from({ length: width }, (_, x) => (x % columns.length === j ? 1 : 0));
        const known = new RowSpace(width);
        known.add(new Array(width).fill(1));
        const rowIndex = data.rows.map((row) => Number(row.key.slice(1)));
        const columnIndex = data.columns.map((column) => Number(column.key.slice(1)));
        const check = (cell: StatCell, truth: number, vector: number[]) => {
          const value = countOf(cell);
          if (value === null) return;
          expect(value).toBe(truth);
          expect(value === 0 || value >= k).toBe(true);
          known.add(vector);
        };
        data.cells.forEach((line, a) => line.forEach((cell, b) => check(cell, counts[rowIndex[a]][columnIndex[b]], cellVector(rowIndex[a], columnIndex[b]))));
        data.rowTotals.forEach((cell, a) => check(cell, counts[rowIndex[a]].reduce((x, y) => x + y, 0), rowVector(rowIndex[a])));
        data.columnTotals.forEach((cell, b) => check(cell, counts.reduce((x, row) => x + row[columnIndex[b]], 0), columnVector(columnIndex[b])));
        counts.forEach((line, i) => {
          const rowTotal = line.reduce((x, y) => x + y, 0);
          if (rowTotal >= 1 && rowTotal <= k - 1) expect(known.contains(rowVector(i))).toBe(false);
          line.forEach((count, j) => {
            if (count >= 1 && count <= k - 1) expect(known.contains(cellVector(i, j)), `cell ${i},${j}`).toBe(false);
          });
        });
        counts[0].forEach((_, j) => {
          const columnTotal = counts.reduce((x, row) => x + row[j], 0);
          if (columnTotal >= 1 && columnTotal <= k - 1) expect(known.contains(columnVector(j))).toBe(false);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('trees', () => {
  it('country then region: hides a small region with another hidden part, keeps the country (worked example)', () => {
    const result = releaseCountTree(
      {
        total: 60,
        cells: [
          { key: 'AU', label: 'Australia', count: 3 },
          { key: 'NSW', label: 'New South Wales', parent: 'AU', count: 20 },
          { key: 'VIC', label: 'Victoria', parent: 'AU', count: 12 },
          { key: 'TAS', label: 'Tasmania', parent: 'AU', count: 2 },
          { key: 'NZ', label: 'New Zealand', count: 23 },
        ],
      },
      5,
    );
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(isRight(StatTree.decode(result.data))).toBe(true);
    const flat = (nodes: readonly TreeCell[]): string[] => nodes.flatMap((node) => [`${node.key}:${countOf(node) ?? '*'}`, ...flat(node.children)]);
    // Australia counts 37, 3 of whom gave no region. Tasmania (2) and those 3 are the two hidden
    // parts of Australia: 37 - 20 - 12 = 5 says how many they are together, not which is which.
    expect(flat(result.data.nodes)).toEqual(['AU:37', 'NSW:20', 'VIC:12', 'TAS:*', 'NZ:23']);
  });

  const treeArb = fc.record({
    k: fc.integer({ min: 2, max: 7 }),
    own: fc.array(fc.oneof(fc.nat({ max: 3 }), fc.nat({ max: 20 })), { minLength: 7, maxLength: 7 }),
  });
  // root -> a (a1, a2), b (b1, b2, b3), c
  const parents: (string | undefined)[] = [undefined, 'a', 'a', undefined, 'b', 'b', 'b'];
  const keys = ['a', 'a1', 'a2', 'b', 'b1', 'b2', 'b3'];

  it('no released node below k and no hidden node (or the unspecified part of a node) derivable', () => {
    fc.assert(
      fc.property(treeArb, ({ k, own }) => {
        const cells = keys.map((key, i) => ({ key, parent: parents[i], count: own[i] }));
        const total = own.reduce((a, b) => a + b, 0);
        const result = releaseCountTree({ total, cells }, k);
        if (result.status !== 200) return;
        // Unknowns: the own count of each node.
        const width = keys.length;
        const subtree = (i: number): number[] => [i, ...keys.map((_, j) => j).filter((j) => parents[j] === keys[i]).flatMap(subtree)];
        const vector = (members: number[]) => Array.from({ length: width }, (_, x) => (members.includes(x) ? 1 : 0));
        const known = new RowSpace(width);
        known.add(new Array(width).fill(1));
        const visit = (nodes: readonly TreeCell[]) =>
          nodes.forEach((node) => {
            const i = keys.indexOf(node.key);
            const truth = subtree(i).reduce((sum, j) => sum + own[j], 0);
            const value = countOf(node);
            if (value !== null) {
              expect(value).toBe(truth);
              expect(value === 0 || value >= k).toBe(true);
              known.add(vector(subtree(i)));
            }
            visit(node.children);
          });
        visit(result.data.nodes);
        keys.forEach((_, i) => {
          const truth = subtree(i).reduce((sum, j) => sum + own[j], 0);
          if (truth >= 1 && truth <= k - 1) expect(known.contains(vector(subtree(i)))).toBe(false);
          if (own[i] >= 1 && own[i] <= k - 1 && subtree(i).length > 1) expect(known.contains(vector([i]))).toBe(false);
        });
      }),
      { numRuns: 200 },
    );
  });
});
