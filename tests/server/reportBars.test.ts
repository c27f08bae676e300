import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Distribution, StatCell } from '../../domain/contracts/stats';
import { isSuppressed } from '../../domain/contracts/stats';
import { sectionBars } from '../../domain/reports/bars';
import { winAnsi } from '../../server/services/reports/pdf';

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

describe('text for the standard PDF fonts', () => {
  it('is always encodable by Helvetica, and keeps Latin-1 text as it is', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const safe = winAnsi(text);
        expect(() => font.encodeText(safe)).not.toThrow();
      }),
    );
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }), (text) => {
      expect(winAnsi(text)).toBe(text);
    }));
    expect(winAnsi('Zoë – “Ő” 多様 ب')).toBe('Zoë - "O" ?? ?');
  });
});
