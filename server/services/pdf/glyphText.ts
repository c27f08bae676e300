import type { Font } from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFFont, PDFRef } from 'pdf-lib';

/**
 * What each drawn glyph stands for, so that text copied, searched or extracted from a PDF is the
 * text that was written. A font's ToUnicode map gives one text per code, and pdf-lib writes for
 * each glyph the code points fontkit first met it with. Noto Sans Arabic draws several letters
 * (ب ت ث ن ي in their joined forms) with one dotless glyph and adds the dots as marks, so one
 * glyph stands for different letters and pdf-lib's map names only one of them. Here each pair of
 * glyph and text gets a code of its own: the glyph's id for the first text it is drawn for, a code
 * past the font's last glyph for any other, sent back to its glyph by a CIDToGIDMap.
 */

interface SubstitutingEngine {
  substitute(run: unknown): void;
  glyphInfos: readonly { readonly codePoints: readonly number[] }[] | null;
}

const substitutedCodePoints = new WeakMap<Font, number[][]>();

/**
 * Keeps, after each layout of `font`, the code points of every glyph as shaping left them (a
 * decomposed letter's own, not those fontkit cached for the glyph the first time it was used).
 */
export const recordSubstitutedCodePoints = (font: Font): void => {
  const engine = (font as unknown as { _layoutEngine?: { engine?: SubstitutingEngine } })._layoutEngine?.engine;
  if (engine === undefined || typeof engine.substitute !== 'function') return;
  const substitute = engine.substitute.bind(engine);
  engine.substitute = (run) => {
    substitute(run);
    if (engine.glyphInfos !== null) substitutedCodePoints.set(font, engine.glyphInfos.map((info) => [...info.codePoints]));
  };
};

type Layout = ReturnType<Font['layout']>;

/** `font.layout(text)`, with the text each of its glyphs stands for, in the glyphs' order. */
export const layoutWithTexts = (font: Font, text: string): { readonly layout: Layout; readonly texts: readonly string[] } => {
  substitutedCodePoints.delete(font);
  const layout = font.layout(text);
  const recorded = substitutedCodePoints.get(font);
  // fontkit reverses a right-to-left run's glyphs after shaping; what was recorded is in logical order.
  const rightToLeft = (layout as { direction?: string }).direction === 'rtl';
  const codePoints =
    recorded !== undefined && recorded.length === layout.glyphs.length ? (rightToLeft ? [...recorded].reverse() : recorded) : layout.glyphs.map((glyph) => glyph.codePoints);
  return { layout, texts: codePoints.map((points) => String.fromCodePoint(...points)) };
};

/** The codes one face of one PDF is drawn with. */
export class GlyphCodes {
  private readonly textOfCode = new Map<number, string>();
  private readonly codeOfPair = new Map<string, number>();
  /** The glyph behind each code past the font's glyphs. */
  readonly glyphOfExtraCode = new Map<number, number>();

  /** `firstExtraCode` is past every glyph id of the embedded subset (the whole font's glyph count). */
  constructor(private readonly firstExtraCode: number) {}

  codeOf(glyph: number, text: string): number {
    const first = this.textOfCode.get(glyph);
    if (first === undefined || first === text) {
      this.textOfCode.set(glyph, text);
      return glyph;
    }
    const pair = `${glyph} ${text}`;
    let code = this.codeOfPair.get(pair);
    // Codes are two bytes (Identity-H); with none left, the glyph keeps its first text, as pdf-lib would give it.
    if (code === undefined && this.firstExtraCode + this.codeOfPair.size > 0xffff) return glyph;
    if (code === undefined) {
      code = this.firstExtraCode + this.codeOfPair.size;
      this.codeOfPair.set(pair, code);
      this.glyphOfExtraCode.set(code, glyph);
      this.textOfCode.set(code, text);
    }
    return code;
  }

  get texts(): ReadonlyMap<number, string> {
    return this.textOfCode;
  }
}

const hex4 = (value: number): string => value.toString(16).padStart(4, '0');
const utf16Hex = (text: string): string => Array.from({ length: text.length }, (_, i) => hex4(text.charCodeAt(i))).join('');

/** A ToUnicode CMap (ISO 32000-1, 9.10.3) from every code drawn to its text; a code for a mark with no text of its own is left out. */
const toUnicodeCMap = (codes: GlyphCodes): string => {
  const entries = [...codes.texts].filter(([, text]) => text !== '').sort(([a], [b]) => a - b);
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks.push(`${block.length} beginbfchar\n${block.map(([code, text]) => `<${hex4(code)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
};

/** The widths array of a CIDFont as code → width (its `c [w1 w2 ...]` and `c1 c2 w` forms). */
const widthsByCode = (widths: PDFArray): Map<number, number> => {
  const byCode = new Map<number, number>();
  let index = 0;
  while (index < widths.size()) {
    const first = (widths.get(index) as PDFNumber).asNumber();
    const next = widths.lookup(index + 1);
    if (next instanceof PDFArray) {
      next.asArray().forEach((width, offset) => byCode.set(first + offset, (width as PDFNumber).asNumber()));
      index += 2;
    } else {
      const last = (next as PDFNumber).asNumber();
      const width = (widths.get(index + 2) as PDFNumber).asNumber();
      for (let code = first; code <= last; code += 1) byCode.set(code, width);
      index += 3;
    }
  }
  return byCode;
};

/** A CIDToGIDMap stream's bytes: every code below the first extra one is its own glyph, the others their glyph. */
const cidToGidMap = (codes: GlyphCodes): Uint8Array => {
  const last = Math.max(...codes.glyphOfExtraCode.keys());
  const bytes = new Uint8Array(2 * (last + 1));
  for (let code = 0; code <= last; code += 1) {
    const glyph = codes.glyphOfExtraCode.get(code) ?? code;
    bytes[2 * code] = glyph >> 8;
    bytes[2 * code + 1] = glyph & 0xff;
  }
  return bytes;
};

/**
 * Embeds the fonts (pdf-lib writes them when the document is flushed), then gives each face the
 * ToUnicode map of the codes it was drawn with and, when a glyph was drawn for more than one text,
 * the widths and CIDToGIDMap of its extra codes. Call it once every line is drawn, before saving.
 */
export const writeGlyphTexts = async (pdf: PDFDocument, faces: Iterable<{ readonly pdfFont: PDFFont; readonly codes: GlyphCodes }>): Promise<void> => {
  await pdf.flush();
  const { context } = pdf;
  for (const { pdfFont, codes } of new Set(faces)) {
    if (codes.texts.size === 0) continue;
    const type0 = context.lookup(pdfFont.ref, PDFDict);
    const toUnicode = context.flateStream(toUnicodeCMap(codes));
    const existing = type0.get(PDFName.of('ToUnicode'));
    if (existing instanceof PDFRef) context.assign(existing, toUnicode);
    else type0.set(PDFName.of('ToUnicode'), context.register(toUnicode));
    if (codes.glyphOfExtraCode.size === 0) continue;
    const cidFont = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const widths = cidFont.lookup(PDFName.of('W'), PDFArray);
    const widthOf = widthsByCode(widths);
    for (const [code, glyph] of codes.glyphOfExtraCode) {
      const width = widthOf.get(glyph);
      if (width === undefined) continue;
      widths.push(PDFNumber.of(code));
      widths.push(context.obj([width]));
    }
    cidFont.set(PDFName.of('CIDToGIDMap'), context.register(context.flateStream(cidToGidMap(codes))));
  }
};
