import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { GlyphCodes, recordSubstitutedCodePoints, writeGlyphTexts } from './glyphText';

/**
 * The report's fonts: Noto Sans for Latin, Greek and Cyrillic, Noto Sans Arabic and Noto Sans SC
 * (SIL Open Font License 1.1, shipped as TTF files by the @expo-google-fonts packages). They are
 * read from disk the first time a report is made and kept for the life of the process, parsed
 * once; each PDF embeds only the glyphs it draws.
 */

export type Script = 'latin' | 'arabic' | 'chinese';
export type Weight = 'regular' | 'bold';

/** In the order a character that any of them could draw is looked for. */
export const SCRIPTS: readonly Script[] = ['latin', 'arabic', 'chinese'];

const FILES: Readonly<Record<Script, Readonly<Record<Weight, string>>>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  chinese: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

const resolve = createRequire(import.meta.url).resolve;

interface LoadedFace {
  readonly bytes: Uint8Array;
  readonly face: Font;
}

/** The parts of fontkit's TrueType subset that the padding below reaches into. */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset?: number;
  _addGlyph?: (glyphId: number) => number;
}

/**
 * fontkit 1.x writes a subset's glyph offsets in the short loca format (offset / 2) whenever the
 * subset is small, but copies each glyph's bytes as they are: a font with the long format, such
 * as Noto Sans, has glyphs of odd length, and every glyph after one of them is read from the
 * wrong place (letters vanish). Padding each copied glyph to an even length keeps the offsets true.
 */
const padGlyphsToEvenLength = (font: Font): Font => {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as ReturnType<typeof createSubset> & TrueTypeSubset;
    const addGlyph = subset._addGlyph?.bind(subset);
    if (addGlyph === undefined) return subset;
    subset._addGlyph = (glyphId) => {
      const index = addGlyph(glyphId);
      const glyph = subset.glyf?.[index];
      if (glyph !== undefined && glyph.length % 2 === 1 && subset.glyf !== undefined && subset.offset !== undefined) {
        // The same kind of buffer as fontkit's own (its bundled Buffer), one zero byte longer.
        const padded = new (glyph.constructor as new (length: number) => Uint8Array)(glyph.length + 1);
        padded.set(glyph);
        subset.glyf[index] = padded;
        subset.offset += 1;
      }
      return index;
    };
    return subset;
  };
  return font;
};

const loading = new Map<string, Promise<LoadedFace>>();
const parsed = new WeakMap<Uint8Array, Font>();

const loadFace = (file: string): Promise<LoadedFace> => {
  let face = loading.get(file);
  if (face === undefined) {
    face = readFile(resolve(file)).then((buffer) => {
      const bytes = new Uint8Array(buffer);
      const font = padGlyphsToEvenLength(fontkit.create(bytes));
      recordSubstitutedCodePoints(font);
      parsed.set(bytes, font);
      return { bytes, face: font };
    });
    // A failed read is not kept: the next report tries again.
    face.catch(() => loading.delete(file));
    loading.set(file, face);
  }
  return face;
};

/** fontkit for pdf-lib, handing back the font parsed when it was loaded instead of parsing it again. */
const cachingFontkit = { create: (bytes: Uint8Array, postscriptName?: string): Font => parsed.get(bytes) ?? fontkit.create(bytes, postscriptName) };

/** One font of one script and weight in one PDF: pdf-lib's handle to write it and fontkit's face to lay text out. */
export interface FaceInPdf {
  readonly script: Script;
  readonly pdfFont: PDFFont;
  readonly face: Font;
  /** The codes its glyphs are drawn with, one per glyph and the text it stands for. */
  readonly codes: GlyphCodes;
}

export type FontSet = Readonly<Record<Script, FaceInPdf>>;
export type ReportFonts = Readonly<Record<Weight, FontSet>>;

/**
 * The fonts embedded in `pdf`, subsetted. A script's file is loaded only when `needed` says the
 * report has text in it; the others fall back to Latin (whose faces are always loaded).
 */
export const embedReportFonts = async (pdf: PDFDocument, needed: ReadonlySet<Script>): Promise<ReportFonts> => {
  pdf.registerFontkit(cachingFontkit);
  const embedWeight = async (weight: Weight): Promise<FontSet> => {
    const embed = async (script: Script): Promise<FaceInPdf> => {
      const { bytes, face } = await loadFace(FILES[script][weight]);
      return { script, face, pdfFont: await pdf.embedFont(bytes, { subset: true }), codes: new GlyphCodes(face.numGlyphs) };
    };
    const latin = await embed('latin');
    const arabic = needed.has('arabic') ? await embed('arabic') : latin;
    const chinese = needed.has('chinese') ? await embed('chinese') : latin;
    return { latin, arabic, chinese };
  };
  return { regular: await embedWeight('regular'), bold: await embedWeight('bold') };
};

/** Writes the fonts into `pdf` with the text of every code drawn (glyphText.ts); call it once everything is drawn, before saving. */
export const writeReportFonts = (pdf: PDFDocument, fonts: ReportFonts): Promise<void> =>
  writeGlyphTexts(pdf, [...Object.values(fonts.regular), ...Object.values(fonts.bold)]);
