import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedReportFonts, type ReportFonts } from '../../server/services/pdf/fonts';
import { displayText, layOutLine, paragraphDirection } from '../../server/services/pdf/shaping';

let fonts: ReportFonts;

beforeAll(async () => {
  fonts = await embedReportFonts(await PDFDocument.create(), new Set(['arabic', 'chinese']));
});

const shown = (text: string, direction: 'ltr' | 'rtl') => displayText(text, fonts.regular, direction);

describe('a report line as drawn, left to right', () => {
  it('puts an Arabic sentence right to left, its Latin numbers left to right inside it', () => {
    // "page 12 of 30", read from the right.
    expect(shown('صفحة 12 من 30', 'rtl')).toBe('30 نم 12 ةحفص');
    expect(shown('45.5% من الموظفين', 'rtl')).toBe('نيفظوملا نم 45.5%');
  });

  it('keeps a Latin sentence with an Arabic name in it left to right, the name right to left', () => {
    expect(shown('Country: مصر or Peru', 'ltr')).toBe('Country: رصم or Peru');
    // A number after Arabic letters belongs to them (an Arabic number), brackets and all.
    expect(shown('Country: مصر (12)', 'ltr')).toBe('Country: (12) رصم');
  });

  it('mirrors brackets that run right to left', () => {
    expect(shown('(نص)', 'rtl')).toBe('(صن)');
  });

  it('leaves text without a right-to-left letter as it is written', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abc XYZ 0123456789.,:%()-éő中文') }), (text) => {
        expect(shown(text, 'ltr')).toBe(text);
      }),
    );
  });

  it('is a reordering of the characters, none lost or added', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab 12.%بيتمن ،中') }), fc.constantFrom('ltr' as const, 'rtl' as const), (text, direction) => {
        const sorted = (value: string) => [...value].sort().join('');
        expect(sorted(shown(text, direction))).toBe(sorted(text));
      }),
    );
  });

  it('draws Chinese with the Chinese face, Arabic with the Arabic face and Latin with the Latin face', () => {
    const scripts = (text: string, direction: 'ltr' | 'rtl') => layOutLine(text, fonts.regular, direction).runs.map((run) => run.face.script);
    expect(scripts('中文 report', 'ltr')).toEqual(['chinese', 'latin']);
    expect(scripts('تقرير report', 'rtl')).toEqual(['latin', 'arabic']);
  });

  it('joins Arabic letters: a word is drawn with other glyphs than its letters alone', () => {
    const arabic = fonts.regular.arabic.face;
    const alone = [...'بيت'].reverse().flatMap((letter) => arabic.layout(letter).glyphs.map((glyph) => glyph.id));
    const joined = arabic.layout('بيت').glyphs.map((glyph) => glyph.id);
    expect(joined).not.toEqual(alone);
    // fontkit's glyph names (not in its types): each letter takes its initial, medial or final form.
    const names = arabic.layout('بيت').glyphs.map((glyph) => (glyph as unknown as { name: string }).name);
    expect(names.filter((name) => /\.(init|medi|fina)/.test(name))).toHaveLength(3);
  });
});

describe('a paragraph’s direction', () => {
  it('is its first strong letter’s, as dir="auto" takes it, and the report’s when it has none', () => {
    expect(paragraphDirection('- The most common worldview is Christianity (44.2%).', 'rtl')).toBe('ltr');
    expect(paragraphDirection('45% من الموظفين', 'ltr')).toBe('rtl');
    expect(paragraphDirection('2.9% | 58', 'rtl')).toBe('rtl');
    expect(paragraphDirection('2.9% | 58', 'ltr')).toBe('ltr');
  });
});

describe('the "≤" of a part that reaches its whole', () => {
  it('is drawn with a face that has it, in a report of Latin text only', async () => {
    const { reportScripts } = await import('../../server/services/reports/pdf');
    const line = 'Lutheran 22 (≤ 0.7%)';
    const needed = new Set(reportScripts(line));
    const latinOnly = await embedReportFonts(await PDFDocument.create(), needed);
    const faceOfMark = (fonts: ReportFonts) => layOutLine('≤', fonts.regular, 'ltr').runs[0]!.face.face;
    expect(faceOfMark(latinOnly).hasGlyphForCodePoint(0x2264)).toBe(true);
    // Noto Sans alone would draw an empty box.
    expect(faceOfMark(await embedReportFonts(await PDFDocument.create(), new Set())).hasGlyphForCodePoint(0x2264)).toBe(false);
    // Without the mark, a Latin report embeds no other face.
    expect(reportScripts('Lutheran 22 (0.7%)')).toEqual([]);
  });
});
