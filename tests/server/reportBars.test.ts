import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Distribution, StatCell } from '../../domain/contracts/stats';
import { isSuppressed } from '../../domain/contracts/stats';
import { sectionBars } from '../../domain/reports/bars';

const cell: fc.Arbitrary<StatCell> = fc.oneof(
  fc.record({ key: fc.string(), label: fc.string(), count: fc.nat(10_000), percent: fc.float({ min: 0, max: 100, noNaN: true }) }),
  fc.record({ key: fc.string(), label: fc.string(), suppressed: fc.constant(true as const), threshold: fc.integer({ min: 2, max: 20 }) }),
);

describe('a report chart’s bars', () => {
  it('are the released cells, one for one: a hidden cell stays hidden, never a bar of 0', () => {
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 30 }), fc.nat(100_000), (cells, total) => {
        const data: Distribution = { total, multiple: false, cells };
        const bars = sectionBars('Card', { status: 200, data }, (key) => key);
        expect(bars).toHaveLength(cells.length);
        bars.forEach((bar, index) => {
          const source = cells[index]!;
          expect(bar.label).toBe(source.label);
          if (isSuppressed(source)) expect(bar).toEqual({ label: source.label, kind: 'hidden' });
          else expect(bar).toEqual({ label: source.label, kind: 'shown', count: source.count, percent: source.percent });
        });
      }),
    );
  });

  it('are none for a withheld section', () => {
    expect(sectionBars('Card', { status: 204, message: 'Not enough data' }, (key) => key)).toEqual([]);
  });
});
