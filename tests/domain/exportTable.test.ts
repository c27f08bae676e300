import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Distribution, StatCell, StatTree } from '../../domain/contracts/stats';
import { cardTable, type TableWords } from '../../domain/exports/table';

/** The spreadsheet's rows of a card: sorted by size, hidden values after the shown ones, non-answers last. */

const words: TableWords = { name: 'Name', people: 'People', share: 'Share', total: 'Total', level: 'Level', parent: 'Parent', headline: (key) => key };
const cell = (key: string, count: number, extra: Partial<{ preferNot: true }> = {}): StatCell => ({ key, label: key.toUpperCase(), count, percent: count, ...extra });
const hidden = (key: string): StatCell => ({ key, label: key.toUpperCase(), suppressed: true, threshold: 5 });

describe('a card as spreadsheet rows', () => {
  it('lists a distribution largest first, hidden values after, Prefer not to answer and no answer last, with no total of its own', () => {
    const data: Distribution = { total: 100, multiple: false, cells: [cell('afghanistan', 6), hidden('belgium'), cell('prefer_not', 9, { preferNot: true }), cell('uk', 40), cell('none', 12), cell('india', 20)] };
    const table = cardTable('Country of birth', { status: 200, data }, words);
    expect(table.rows.map((row) => (row[0]!.kind === 'text' ? row[0]!.value : ''))).toEqual(['UK', 'INDIA', 'AFGHANISTAN', 'BELGIUM', 'PREFER_NOT', 'NONE']);
  });

  it('keeps every value of the distribution, whatever the order it came in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), count: fc.integer({ min: 0, max: 500 }) }), { selector: (item) => item.key, maxLength: 20 }), (items) => {
        const data: Distribution = { total: 1000, multiple: false, cells: items.map((item) => cell(item.key, item.count)) };
        const rows = cardTable('x', { status: 200, data }, words).rows;
        const counts = rows.map((row) => (row[1]!.kind === 'count' ? row[1]!.value : -1));
        expect([...counts].sort((a, b) => a - b)).toEqual(items.map((item) => item.count).sort((a, b) => a - b));
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
      }),
    );
  });

  it('sorts a tree’s children by size under their parent', () => {
    const data: StatTree = {
      total: 100,
      multiple: false,
      nodes: [
        { ...cell('europe', 30), children: [{ ...cell('france', 5), children: [] }, { ...cell('uk', 20), children: [] }] } as StatTree['nodes'][number],
        { ...cell('asia', 50), children: [{ ...cell('india', 30), children: [] }, { ...cell('china', 15), children: [] }] } as StatTree['nodes'][number],
      ],
    };
    const table = cardTable('Regions', { status: 200, data }, words);
    expect(table.rows.map((row) => (row[1]!.kind === 'text' ? row[1]!.value : ''))).toEqual(['ASIA', 'INDIA', 'CHINA', 'EUROPE', 'UK', 'FRANCE']);
  });
});
