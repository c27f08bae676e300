import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { distinctLabels, numberFormats, truncate } from '../../src/features/charts/format';
import { CHART_BACKGROUND, GENDER_CODE_COLOURS, GENDER_COLOURS, GENDER_COLOURS_EXTRA, PALETTE, colourFor, contrastRatio, edgeFor, genderColour } from '../../src/features/charts/palette';
import { factsFromNames, localiseLabels, namesFromItems, namesNeeded } from '../../src/features/charts/localNames';

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
        // A label that is its own key is a count ('1', '4+'), never renamed.
        expect(c.label).toBe(cells[i]!.label === c.key ? c.label : (names.get(c.key) ?? cells[i]!.label));
      });
      expect(localiseLabels({ cells }, null)).toEqual({ cells });
    }));
  });

  it('words the cells that are no item from the catalogue by their English label, in every language', async () => {
    const { CATALOGUES } = await import('../../domain/i18n/catalogues');
    const { FIXED_LABEL_KEYS, fixedLabel, fixedNames } = await import('../../domain/i18n/fixedLabels');
    for (const [code, catalogue] of Object.entries(CATALOGUES)) {
      const fixed = fixedNames((key) => (catalogue as Record<string, string>)[key] ?? key);
      const cells = FIXED_LABEL_KEYS.map((key, i) => ({ key: `k${i}`, label: fixedLabel(key), count: 10, percent: 1 }));
      const worded = localiseLabels({ cells }, null, undefined, fixed).cells.map((cell) => cell.label);
      expect(worded, code).toEqual(FIXED_LABEL_KEYS.map((key) => (catalogue as Record<string, string>)[key]));
    }
    const unknown = { key: 'unknown', label: fixedLabel('stat_label_no_answer'), count: 5, percent: 1 };
    expect(localiseLabels(unknown, new Map([['unknown', 'x']]), undefined, fixedNames(() => 'Sans réponse')).label).toBe('x');
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

  // Machado, Oliveira and Fernandes (2009) dichromacy matrices at full severity, on linear RGB.
  const DICHROMACIES: Record<string, number[][]> = {
    none: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
    tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
  };
  const linear = (hex: string) => [1, 3, 5].map((at) => { const v = parseInt(hex.slice(at, at + 2), 16) / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  const lab = ([r, g, b]: number[]) => {
    const f = (v: number) => (v > 216 / 24389 ? Math.cbrt(v) : (24389 / 27 * v + 16) / 116);
    const [x, y, z] = [(0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047, 0.2126 * r! + 0.7152 * g! + 0.0722 * b!, (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883];
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
  };
  const seenAs = (matrix: number[][], hex: string) => { const c = linear(hex); return lab(matrix.map((row) => Math.min(1, Math.max(0, row[0]! * c[0]! + row[1]! * c[1]! + row[2]! * c[2]!)))); };
  const difference = (matrix: number[][], a: string, b: string) => { const [p, q] = [seenAs(matrix, a), seenAs(matrix, b)]; return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!); };

  /** CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu and Dalal 2005). */
  const ciede2000 = ([l1, a1, b1]: number[], [l2, a2, b2]: number[]): number => {
    const rad = Math.PI / 180;
    const meanChroma = (Math.hypot(a1!, b1!) + Math.hypot(a2!, b2!)) / 2;
    const g = 0.5 * (1 - Math.sqrt(meanChroma ** 7 / (meanChroma ** 7 + 25 ** 7)));
    const [ap1, ap2] = [(1 + g) * a1!, (1 + g) * a2!];
    const [c1, c2] = [Math.hypot(ap1, b1!), Math.hypot(ap2, b2!)];
    const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
    const [h1, h2] = [hue(ap1, b1!), hue(ap2, b2!)];
    const chromatic = c1 * c2 !== 0;
    let dh = chromatic ? h2 - h1 : 0;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
    const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh * rad) / 2);
    const meanL = (l1! + l2!) / 2;
    const meanC = (c1 + c2) / 2;
    let meanH = h1 + h2;
    if (chromatic) meanH = Math.abs(h1 - h2) > 180 ? (meanH < 360 ? (meanH + 360) / 2 : (meanH - 360) / 2) : meanH / 2;
    const t = 1 - 0.17 * Math.cos((meanH - 30) * rad) + 0.24 * Math.cos(2 * meanH * rad) + 0.32 * Math.cos((3 * meanH + 6) * rad) - 0.2 * Math.cos((4 * meanH - 63) * rad);
    const rotation = -Math.sin(2 * 30 * Math.exp(-(((meanH - 275) / 25) ** 2)) * rad) * 2 * Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7));
    const sl = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
    const [dl, dc, dhs] = [(l2! - l1!) / sl, (c2 - c1) / (1 + 0.045 * meanC), dH / (1 + 0.015 * meanC * t)];
    return Math.sqrt(dl ** 2 + dc ** 2 + dhs ** 2 + rotation * dc * dhs);
  };

  it('measures colour differences as CIEDE2000 does on its published test pairs', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, -1, 2], [50, 0, 0])).toBeCloseTo(2.3669, 4);
    expect(ciede2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
    expect(ciede2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });

  it('sets each palette colour beside one that differs from it for normal vision and each kind of dichromacy', () => {
    for (let i = 0; i < PALETTE.length; i++) {
      // The colour after the last is the first again (a chart of more than ten values).
      const [a, b] = [PALETTE[i]!, PALETTE[(i + 1) % PALETTE.length]!];
      for (const [kind, matrix] of Object.entries(DICHROMACIES)) {
        expect(ciede2000(seenAs(matrix, a), seenAs(matrix, b)), `${kind}: ${a} next to ${b}`).toBeGreaterThanOrEqual(15);
      }
    }
  });

  // The gender list's order (server/services/lookups/standards/abs.ts), Prefer not last, then no answer.
  const GENDER_ORDER = ['female', 'male', 'non_binary', 'other', 'prefer_not'];
  const colourOfCode = (code: string) => colourFor({ key: '901', label: 'Étiquette traduite', code }, 0, true);

  it('colours every gender answer by its code, whatever the label says, in every language', () => {
    expect(GENDER_ORDER.map(colourOfCode)).toEqual([GENDER_COLOURS.FEMALE, GENDER_COLOURS.MALE, GENDER_COLOURS.OTHER, GENDER_COLOURS_EXTRA.DIFFERENT_TERM, GENDER_COLOURS.PREFER_NOT]);
    expect(genderColour({ key: '12', label: 'Man or male', code: 'female' })).toBe(GENDER_COLOURS.FEMALE);
    expect(genderColour({ key: '12', label: 'امرأة أو أنثى', code: 'female' })).toBe(GENDER_COLOURS.FEMALE);
    expect(genderColour({ key: 'unknown', label: 'Sans réponse' })).toBe(GENDER_COLOURS.SILENT);
    expect(new Set([...GENDER_ORDER.map(colourOfCode), GENDER_COLOURS.SILENT]).size).toBe(GENDER_ORDER.length + 1);
    for (const code of Object.keys(GENDER_CODE_COLOURS)) expect(GENDER_ORDER).toContain(code);
  });

  it('keeps neighbouring gender colours apart for each kind of dichromacy, by colour or else by outline', () => {
    const shown = [...GENDER_ORDER.map(colourOfCode), GENDER_COLOURS.SILENT!];
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [shown[i - 1]!, shown[i]!];
      const outlined = edgeFor(a) !== edgeFor(b);
      for (const [kind, matrix] of Object.entries(DICHROMACIES)) {
        // SPEC fixes PREFER_NOT and SILENT, which deuteranopes barely tell apart: only SILENT is outlined.
        if (!outlined) expect(difference(matrix, a, b), `${kind}: ${a} next to ${b}`).toBeGreaterThanOrEqual(15);
      }
    }
  });

  it('gives a chart cell the code of its typed-in item and marks a name still in English', () => {
    const { names, facts } = factsFromNames([
      { principleId: 501, list: 'genders', code: 'female', name: 'Femme ou féminin' },
      { principleId: 777, list: 'denominations', code: '2011', name: 'Anglican Church', untranslated: true },
    ]);
    const data = localiseLabels({ cells: [{ key: '501', label: 'Woman or female' }, { key: '777', label: 'Anglican Church' }, { key: '2', label: '2' }] }, names, facts);
    expect(data.cells[0]).toEqual({ key: '501', label: 'Femme ou féminin', code: 'female' });
    expect(data.cells[1]).toEqual({ key: '777', label: 'Anglican Church', code: '2011', untranslated: true });
    expect(data.cells[2]).toEqual({ key: '2', label: '2' });
    expect(colourFor(data.cells[0]!, 3, true)).toBe(GENDER_COLOURS.FEMALE);
  });
});
