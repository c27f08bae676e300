import bidiFactory from 'bidi-js';
import { PDFArray, PDFHexString, type PDFName, PDFNumber, PDFOperator, PDFOperatorNames, type PDFPage, type RGB, beginText, endText, setFillingRgbColor, setFontAndSize, setTextMatrix, setTextRise } from 'pdf-lib';
import { type FaceInPdf, type FontSet, SCRIPTS, type Script } from './fonts';
import { layoutWithTexts } from './glyphText';

/**
 * A line of text as glyphs placed left to right on the page. The Unicode bidirectional algorithm
 * (bidi-js) gives each character its level and mirrors brackets in right-to-left runs; the line is
 * cut into runs of one level and one font, and the runs are put in display order. fontkit shapes
 * each run (Arabic letters take their joined forms) and returns its glyphs with their positions,
 * in display order for a right-to-left script. pdf-lib only writes each glyph's advance width, so
 * the positions (the dots of Arabic letters are marks placed by GPOS) are written here.
 */

export type Direction = 'ltr' | 'rtl';

const bidi = bidiFactory();

const ARABIC = /\p{Script=Arabic}/u;
const CHINESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Scripts fontkit lays out right to left (it reverses their glyphs itself). */
const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The scripts a text needs a font for beyond Latin. */
export const scriptsOf = (text: string): Script[] => [...(ARABIC.test(text) ? (['arabic'] as const) : []), ...(CHINESE.test(text) ? (['chinese'] as const) : [])];

const preferredScript = (char: string): Script | undefined => (ARABIC.test(char) ? 'arabic' : CHINESE.test(char) ? 'chinese' : undefined);

const canDraw = (face: FaceInPdf, char: string): boolean => face.face.hasGlyphForCodePoint(char.codePointAt(0)!);

/** A neutral character (space, digit, punctuation) stays in the font of the run it is in when that font has it. */
const faceFor = (fonts: FontSet, char: string, current: FaceInPdf | undefined): FaceInPdf => {
  const preferred = preferredScript(char);
  if (preferred !== undefined) return fonts[preferred];
  if (current !== undefined && NEUTRAL.test(char) && canDraw(current, char)) return current;
  for (const script of SCRIPTS) if (canDraw(fonts[script], char)) return fonts[script];
  return fonts.latin;
};

interface Run {
  readonly text: string;
  readonly level: number;
  readonly face: FaceInPdf;
}

/** Runs of one level and one font, in logical order, brackets in right-to-left runs mirrored. */
const logicalRuns = (text: string, fonts: FontSet, direction: Direction): Run[] => {
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: { text: string; level: number; face: FaceInPdf }[] = [];
  // A neutral keeps the font last used at its level (the Arabic font for a space between Arabic words, though a number came between).
  const lastFaceAt = new Map<number, FaceInPdf>();
  let index = 0;
  for (const char of text) {
    const level = levels[index]!;
    const shown = mirrored.get(index) ?? char;
    const last = runs[runs.length - 1];
    const face = faceFor(fonts, char, lastFaceAt.get(level) ?? last?.face);
    lastFaceAt.set(level, face);
    if (last !== undefined && last.level === level && last.face === face) last.text += shown;
    else runs.push({ text: shown, level, face });
    index += char.length;
  }
  return runs;
};

/** Rule L2 of the algorithm on whole runs: from the highest level down to the lowest odd one, reverse every stretch at or above it. */
const displayOrder = (runs: Run[]): Run[] => {
  const ordered = [...runs];
  const levels = ordered.map((run) => run.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < ordered.length) {
      if (ordered[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < ordered.length && ordered[end]!.level >= level) end += 1;
      ordered.splice(start, end - start, ...ordered.slice(start, end).reverse());
      start = end;
    }
  }
  return ordered;
};

/**
 * The direction of a paragraph by its first strong letter, as a browser's dir="auto" takes it
 * (an English key fact in an Arabic report runs left to right); `otherwise` when it has none.
 */
export const paragraphDirection = (text: string, otherwise: Direction): Direction => {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return otherwise;
};

const firstScriptIsRightToLeft = (text: string): boolean => {
  for (const char of text) if (!NEUTRAL.test(char)) return RIGHT_TO_LEFT_SCRIPT.test(char);
  return false;
};

export interface PlacedRun {
  readonly face: FaceInPdf;
  /** The codes the glyphs are drawn with, in display order: each glyph's id in the embedded subset, or a code of its own when it stands for more than one text. */
  readonly glyphs: readonly number[];
  /**
   * Per glyph, in points at size 1: where it sits from the pen, how far the pen moves on, and the
   * glyph's own width (the one the PDF's widths array gives it).
   */
  readonly offsets: readonly { readonly x: number; readonly y: number; readonly advance: number; readonly width: number }[];
  readonly width: number;
}

export interface LaidOutLine {
  readonly runs: readonly PlacedRun[];
  /** Width at size 1 (multiply by the font size). */
  readonly width: number;
}

/** A run as fontkit is given it: reversed here when fontkit would not put it in display order itself. */
interface DisplayRun {
  readonly face: FaceInPdf;
  readonly text: string;
  /** Whether fontkit reverses the glyphs of `text` (a run of a right-to-left script). */
  readonly reversedByFontkit: boolean;
}

const displayRuns = (text: string, fonts: FontSet, direction: Direction): DisplayRun[] =>
  displayOrder(logicalRuns(text, fonts, direction)).map((run) => {
    // fontkit reverses runs of a right-to-left script; any other run at an odd level is reversed here,
    // and a run fontkit would reverse at an even level (Arabic-Indic digits) is reversed first so it comes out as written.
    const reversedByFontkit = firstScriptIsRightToLeft(run.text);
    const reverse = (run.level % 2 === 1) !== reversedByFontkit;
    return { face: run.face, text: reverse ? [...run.text].reverse().join('') : run.text, reversedByFontkit };
  });

/** The characters of a line in the order they are drawn, left to right (brackets mirrored where they run right to left). */
export const displayText = (text: string, fonts: FontSet, direction: Direction): string =>
  displayRuns(text, fonts, direction)
    .map((run) => (run.reversedByFontkit ? [...run.text].reverse().join('') : run.text))
    .join('');

const place = ({ face, text }: DisplayRun): PlacedRun => {
  const { layout, texts } = layoutWithTexts(face.face, text);
  // The same layout again, through pdf-lib, so the glyphs join the subset; its hex codes are the subset's ids.
  const hex = face.pdfFont.encodeText(text).asString();
  const glyphs = Array.from({ length: hex.length / 4 }, (_, i) => face.codes.codeOf(Number.parseInt(hex.slice(i * 4, i * 4 + 4), 16), texts[i] ?? ''));
  const unit = 1 / face.face.unitsPerEm;
  const offsets = layout.positions.map((position, index) => ({
    x: position.xOffset * unit,
    y: position.yOffset * unit,
    advance: position.xAdvance * unit,
    width: layout.glyphs[index]!.advanceWidth * unit,
  }));
  return { face, glyphs, offsets, width: offsets.reduce((sum, offset) => sum + offset.advance, 0) };
};

/** A line's width at size 1, without adding its glyphs to the PDF (for wrapping). */
export const measureLine = (text: string, fonts: FontSet, direction: Direction): number =>
  logicalRuns(text, fonts, direction).reduce((sum, run) => sum + run.face.face.layout(run.text).positions.reduce((width, position) => width + position.xAdvance, 0) / run.face.face.unitsPerEm, 0);

export const layOutLine = (text: string, fonts: FontSet, direction: Direction): LaidOutLine => {
  const runs = displayRuns(text, fonts, direction).map(place);
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
};

const fontKeys = new WeakMap<PDFPage, Map<FaceInPdf['pdfFont'], PDFName>>();

const fontKey = (page: PDFPage, face: FaceInPdf): PDFName => {
  let keys = fontKeys.get(page);
  if (keys === undefined) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(face.pdfFont);
  if (key === undefined) keys.set(face.pdfFont, (key = page.node.newFontDictionary(face.pdfFont.name, face.pdfFont.ref)));
  return key;
};

const glyphHex = (id: number): PDFHexString => PDFHexString.of(id.toString(16).padStart(4, '0'));

/**
 * Writes a laid-out line with its left end at (x, y). Glyphs are shown with TJ, whose numbers move
 * the pen (by -n/1000 of the size) to where the layout puts each glyph and then on by its advance
 * rather than the glyph's own width; a glyph raised or lowered (a mark) gets the text rise for itself.
 */
export const drawLine = (page: PDFPage, line: LaidOutLine, x: number, y: number, size: number, color: RGB): void => {
  const { context } = page.doc;
  const operators: PDFOperator[] = [beginText(), setFillingRgbColor(color.red, color.green, color.blue), setTextMatrix(1, 0, 0, 1, x, y)];
  for (const run of line.runs) {
    operators.push(setFontAndSize(fontKey(page, run.face), size));
    let rise = 0;
    let items = PDFArray.withContext(context);
    const flush = () => {
      if (items.size() > 0) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [items]));
      items = PDFArray.withContext(context);
    };
    run.glyphs.forEach((glyph, index) => {
      const offset = run.offsets[index]!;
      if (offset.y !== rise) {
        flush();
        rise = offset.y;
        operators.push(setTextRise(rise * size));
      }
      if (offset.x !== 0) items.push(PDFNumber.of(-offset.x * 1000));
      items.push(glyphHex(glyph));
      const rest = offset.advance - offset.x - offset.width;
      if (Math.abs(rest) > 1e-6) items.push(PDFNumber.of(-rest * 1000));
    });
    flush();
    if (rise !== 0) operators.push(setTextRise(0));
  }
  operators.push(endText());
  page.pushOperators(...operators);
};
