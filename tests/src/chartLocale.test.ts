import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { numberFormats } from '../../src/features/charts/format';
import { localiseLabels, namesFromItems, namesNeeded } from '../../src/features/charts/localNames';

const codes = PRODUCT_LANGUAGES.map((language) => language.code);

// Any digits Intl may write (Latin, Arabic-Indic, Eastern Arabic-Indic) read as Latin ones.
const latinDigits = (text: string): string =>
  text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));
const digitsOf = (text: string): string => latinDigits(text).replace(/\D/g, '');

describe('figures in the page language', () => {
  it('reads shares as before in the built-in English: one decimal, always shown', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1000 }), (tenths) => {
      expect(numberFormats('au').percent(tenths / 10)).toBe(`${(tenths / 10).toFixed(1)}%`);
    }));
  });

  it('keeps every digit of a share and of a count in every language, with the percent sign', () => {
    fc.assert(fc.property(fc.constantFrom(...codes), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 10_000_000 }), (code, tenths, count) => {
      const formats = numberFormats(code);
      const share = formats.percent(tenths / 10);
      expect(digitsOf(share)).toBe(String(tenths).padStart(2, '0'));
      expect(share).toMatch(/[%٪]/);
      expect(digitsOf(formats.count(count))).toBe(String(count));
    }));
  });

  it('groups and separates as each language does', () => {
    // The spaces are no-break ones, narrow or not as the ICU's CLDR version has it.
    expect(numberFormats('fr').count(2001)).toMatch(/^2[\u00a0\u202f]001$/);
    expect(numberFormats('fr').percent(12.3)).toMatch(/^12,3[\u00a0\u202f]%$/);
    expect(numberFormats('es').percent(12.3)).toMatch(/^12,3[\u00a0\u202f]%$/);
    expect(numberFormats('au').count(2001)).toBe('2,001');
    expect(numberFormats('zh').count(2001)).toBe('2,001');
    // Arabic follows CLDR's default numbering system for 'ar', whatever it is in this ICU.
    expect(numberFormats('ar').count(2001)).toBe(new Intl.NumberFormat('ar').format(2001));
  });

  it('falls back to the built-in English for a code it does not know', () => {
    expect(numberFormats('xx').percent(5)).toBe('5.0%');
  });
});

describe('labels in the page language', () => {
  const items = [
    { value: 'Allemagne', principleId: 7, code: 'DE', microZoneId: 70, microZone: 'Europe occidentale', zoneId: 71, zone: 'Europe', macroZoneId: 72, macroZone: 'Europe' },
    { value: 'Préfère ne pas répondre', principleId: 9, code: 'prefer_not', microZoneId: null, microZone: null, zoneId: null, zone: null, macroZoneId: null, macroZone: null },
  ];

  it('takes the names of items and of their zones', () => {
    const names = namesFromItems([items, 'not a list']);
    expect(names.get('7')).toBe('Allemagne');
    expect(names.get('70')).toBe('Europe occidentale');
    expect(names.get('72')).toBe('Europe');
    expect(names.size).toBe(5);
  });

  it('renames cells, headers and tree nodes by key, a pair of keys by its last, and nothing else', () => {
    const names = namesFromItems([items]);
    const tree = {
      total: 10,
      multiple: false,
      nodes: [{ key: '72', label: 'Europe', count: 5, percent: 50, children: [{ key: '7', label: 'Germany', count: 5, percent: 50, children: [] }] }],
      rows: [{ key: '3|70', label: 'Western Europe' }, { key: 'same', label: 'Born here' }],
    };
    const named = localiseLabels(tree, names);
    expect(named.nodes[0]!.label).toBe('Europe');
    expect(named.nodes[0]!.children[0]!.label).toBe('Allemagne');
    expect(named.rows.map((r) => r.label)).toEqual(['Europe occidentale', 'Born here']);
    expect(named.nodes[0]!.count).toBe(5);
  });

  it('changes only labels whose key has a name, and leaves the data itself untouched', () => {
    const cell = fc.record({ key: fc.oneof(fc.integer({ min: 1, max: 30 }).map(String), fc.constantFrom('same', 'other')), label: fc.string(), count: fc.nat() });
    fc.assert(fc.property(fc.array(cell), fc.dictionary(fc.integer({ min: 1, max: 30 }).map(String), fc.string({ minLength: 1 })), (cells, dict) => {
      const names = new Map(Object.entries(dict));
      const before = JSON.stringify(cells);
      const named = localiseLabels({ cells }, names);
      expect(JSON.stringify(cells)).toBe(before);
      named.cells.forEach((c, i) => {
        expect(c.key).toBe(cells[i]!.key);
        expect(c.count).toBe(cells[i]!.count);
        expect(c.label).toBe(names.get(c.key) ?? cells[i]!.label);
      });
      expect(localiseLabels({ cells }, null)).toEqual({ cells });
    }));
  });

  it('asks for names only outside English', () => {
    expect(codes.filter(namesNeeded)).toEqual(['fr', 'es', 'ar', 'zh']);
  });
});
