import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { distinctLabels, numberFormats, truncate } from '../../src/features/charts/format';
import { CHART_BACKGROUND, GENDER_COLOURS, GENDER_COLOURS_EXTRA, PALETTE, contrastRatio, edgeFor, genderColour } from '../../src/features/charts/palette';
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

describe('long labels', () => {
  it('cuts a label to its room with an ellipsis, Chinese characters taking two letters of it', () => {
    expect(truncate('Southern and East African', 12)).toBe('Southern and…');
    expect(truncate('Australia', 12)).toBe('Australia');
    expect(truncate('中华人民共和国香港特别行政区', 12)).toBe('中华人民共和…');
  });

  it('never makes two different labels read the same, and cuts only where the room asks', () => {
    const label = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Southern and East African', 'Southern and Central Asian', 'Southern a…', 'Non-binary', '中华人民共和国', '中华人民'));
    fc.assert(fc.property(fc.array(label, { maxLength: 12 }), fc.integer({ min: 1, max: 20 }), (labels, room) => {
      const shown = distinctLabels(labels, room);
      expect(shown).toHaveLength(labels.length);
      labels.forEach((a, i) => labels.forEach((b, j) => {
        if (a !== b) expect(shown[i], `${a} / ${b}`).not.toBe(shown[j]);
      }));
      shown.forEach((text, i) => {
        // Either whole, or a start of the label and an ellipsis.
        if (text !== labels[i]) {
          expect(text.endsWith('…')).toBe(true);
          expect(labels[i]!.startsWith(text.slice(0, -1))).toBe(true);
        }
        // A label that is not in the way of another is cut exactly as far as its room.
        if (labels.every((other) => other === labels[i] || truncate(other, room) !== truncate(labels[i]!, room))) expect(text).toBe(truncate(labels[i]!, room));
      });
    }));
  });
});

describe('colours', () => {
  it('every palette colour holds 3:1 against the card, and the lighter gender colours get an outline that does', () => {
    for (const colour of PALETTE) {
      expect(contrastRatio(colour, CHART_BACKGROUND), colour).toBeGreaterThanOrEqual(3);
      expect(edgeFor(colour)).toBeUndefined();
    }
    for (const colour of [...Object.values(GENDER_COLOURS), ...Object.values(GENDER_COLOURS_EXTRA)]) {
      const edge = edgeFor(colour);
      if (contrastRatio(colour, CHART_BACKGROUND) < 3) expect(contrastRatio(edge!, CHART_BACKGROUND)).toBeGreaterThanOrEqual(3);
      else expect(edge).toBeUndefined();
    }
  });

  it('gives each ABS gender answer its own colour', () => {
    const genders = ['Woman or female', 'Man or male', 'Non-binary', 'I use a different term'].map((label, i) => genderColour({ key: String(i + 1), label }));
    expect(new Set(genders).size).toBe(4);
    expect(genderColour({ key: 'PREFER_NOT_TO_SAY' })).toBe(GENDER_COLOURS.PREFER_NOT);
  });
});
