import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, decodePDFRawStream } from 'pdf-lib';
import { expect } from 'vitest';

/** Reading a tagged PDF back, as a screen reader would: its structure elements with their text, in order. */

export interface Tagged {
  readonly role: string;
  readonly text: string | undefined;
  readonly alt: string | undefined;
  readonly page: number | undefined;
  readonly kids: Tagged[];
}

const contentOf = (pdf: PDFDocument, pageIndex: number): string => {
  const page = pdf.getPages()[pageIndex]!;
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => pdf.context.lookup(ref as PDFRef))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
};

type Token = { readonly operator: string } | { readonly operand: string };

/** A content stream as operators and operands; a dictionary or array operand is kept as its tokens' text. */
const tokensOf = (content: string): Token[] => {
  const tokens: Token[] = [];
  const delimiter = /[\s()<>[\]{}/%]/;
  let depth = 0;
  let nested = '';
  const operand = (text: string) => {
    if (depth > 0) nested += ` ${text}`;
    else tokens.push({ operand: text });
  };
  let i = 0;
  while (i < content.length) {
    const char = content[i]!;
    if (/\s/.test(char)) i += 1;
    else if (char === '%') while (i < content.length && content[i] !== '\n' && content[i] !== '\r') i += 1;
    else if (char === '(') {
      let level = 0;
      const start = i;
      do {
        if (content[i] === '\\') i += 1;
        else if (content[i] === '(') level += 1;
        else if (content[i] === ')') level -= 1;
        i += 1;
      } while (level > 0 && i < content.length);
      operand(content.slice(start, i));
    } else if (content.startsWith('<<', i) || char === '[') {
      depth += 1;
      nested += ` ${char === '[' ? '[' : '<<'}`;
      i += char === '[' ? 1 : 2;
    } else if (content.startsWith('>>', i) || char === ']') {
      nested += ` ${char === ']' ? ']' : '>>'}`;
      i += char === ']' ? 1 : 2;
      depth -= 1;
      if (depth === 0) {
        tokens.push({ operand: nested.trim() });
        nested = '';
      }
    } else if (char === '<') {
      const end = content.indexOf('>', i);
      operand(content.slice(i, end + 1));
      i = end + 1;
    } else {
      let end = i + 1;
      while (end < content.length && !delimiter.test(content[end]!)) end += 1;
      const word = content.slice(i, end);
      i = end;
      if (char === '/' || /^[+-]?(\d|\.\d)/.test(word) || word === 'true' || word === 'false' || word === 'null' || depth > 0) operand(word);
      else if (word === 'BI') throw new Error('inline images are not read here');
      else tokens.push({ operator: word });
    }
  }
  return tokens;
};

/** Operators that put ink on the page: text shown, paths painted, images and shadings drawn. */
const PAINTING = new Set(['Tj', 'TJ', "'", '"', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'Do', 'sh']);

export interface MarkedContent {
  /** Each marked-content sequence with an MCID, by MCID: its tag. */
  readonly mcids: ReadonlyMap<number, string>;
  /** Painting operators found outside both a sequence with an MCID and an artifact. */
  readonly unmarked: readonly string[];
  /** Problems with the sequences themselves: an EMC without a BDC, a sequence left open, an MCID used twice or inside another. */
  readonly problems: readonly string[];
}

/** The marked content of one page, read from its content stream as a viewer reads it. */
export const markedContentOf = (pdf: PDFDocument, pageIndex: number): MarkedContent => {
  const mcids = new Map<number, string>();
  const unmarked: string[] = [];
  const problems: string[] = [];
  const open: ({ readonly kind: 'mcid'; readonly mcid: number } | { readonly kind: 'artifact' } | { readonly kind: 'other' })[] = [];
  let operands: string[] = [];
  for (const token of tokensOf(contentOf(pdf, pageIndex))) {
    if ('operand' in token) {
      operands.push(token.operand);
      continue;
    }
    const { operator } = token;
    if (operator === 'BDC' || operator === 'BMC') {
      const tag = operands[0] ?? '';
      const mcid = operator === 'BDC' ? /\/MCID (\d+)/.exec(` ${operands[1] ?? ''}`)?.[1] : undefined;
      if (mcid !== undefined) {
        const id = Number(mcid);
        if (mcids.has(id)) problems.push(`MCID ${id} used twice`);
        if (open.some((entry) => entry.kind !== 'other')) problems.push(`MCID ${id} inside another sequence with an MCID or an artifact`);
        mcids.set(id, tag.slice(1));
        open.push({ kind: 'mcid', mcid: id });
      } else open.push(tag === '/Artifact' ? { kind: 'artifact' } : { kind: 'other' });
    } else if (operator === 'EMC') {
      if (open.pop() === undefined) problems.push('EMC without a sequence to close');
    } else if (PAINTING.has(operator) && !open.some((entry) => entry.kind !== 'other')) unmarked.push(operator);
    operands = [];
  }
  if (open.length > 0) problems.push(`${open.length} sequence(s) left open`);
  return { mcids, unmarked, problems };
};

const textOf = (value: unknown): string | undefined => (value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : undefined);

/**
 * The structure tree, each element with its text. Every marked-content reference is checked to be
 * a sequence with its MCID and its element's role in its page's content, closed by its EMC, and
 * listed for its element in the parent tree; every page's content is checked to paint nothing
 * outside such a sequence or an artifact, and to have no sequence the tree does not refer to.
 */
export const structureOf = (pdf: PDFDocument): Tagged => {
  const pageRefs = pdf.getPages().map((page) => page.ref);
  const root = pdf.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const parentTree = root.lookup(PDFName.of('ParentTree'), PDFDict).lookup(PDFName.of('Nums'), PDFArray);
  const owners = new Map<number, PDFArray>();
  for (let i = 0; i < parentTree.size(); i += 2) owners.set((parentTree.get(i) as PDFNumber).asNumber(), parentTree.lookup(i + 1, PDFArray));
  const marked = new Map<number, MarkedContent>();
  const markedOn = (pageIndex: number): MarkedContent => {
    if (!marked.has(pageIndex)) marked.set(pageIndex, markedContentOf(pdf, pageIndex));
    return marked.get(pageIndex)!;
  };
  const referenced = new Map<number, number[]>();
  const read = (ref: PDFRef): Tagged => {
    const dict = pdf.context.lookup(ref, PDFDict);
    const pg = dict.get(PDFName.of('Pg'));
    const page = pg instanceof PDFRef ? pageRefs.findIndex((pageRef) => pageRef === pg) : undefined;
    const kidsValue = dict.get(PDFName.of('K'));
    const kids: Tagged[] = [];
    for (const kid of kidsValue instanceof PDFArray ? kidsValue.asArray() : [kidsValue]) {
      if (kid instanceof PDFRef) kids.push(read(kid));
      else {
        const mcr = kid instanceof PDFDict ? kid : undefined;
        const mcid = mcr ? (mcr.get(PDFName.of('MCID')) as PDFNumber).asNumber() : (kid as PDFNumber).asNumber();
        const onPage = mcr ? pageRefs.findIndex((pageRef) => pageRef === mcr.get(PDFName.of('Pg'))) : page!;
        const role = (dict.get(PDFName.of('S')) as PDFName).decodeText();
        expect(markedOn(onPage).mcids.get(mcid)).toBe(role);
        referenced.set(onPage, [...(referenced.get(onPage) ?? []), mcid]);
        const index = (pdf.getPages()[onPage]!.node.get(PDFName.of('StructParents')) as PDFNumber).asNumber();
        expect(owners.get(index)?.get(mcid)).toBe(ref);
      }
    }
    return {
      role: (dict.get(PDFName.of('S')) as PDFName).decodeText(),
      text: textOf(dict.get(PDFName.of('ActualText'))),
      alt: textOf(dict.get(PDFName.of('Alt'))),
      page,
      kids,
    };
  };
  const tree = read(root.get(PDFName.of('K')) as PDFRef);
  pdf.getPages().forEach((page, pageIndex) => {
    const { mcids, unmarked, problems } = markedOn(pageIndex);
    expect(problems, `page ${pageIndex + 1}`).toEqual([]);
    expect(unmarked, `page ${pageIndex + 1}: painted outside marked content`).toEqual([]);
    const inContent = [...mcids.keys()].sort((a, b) => a - b);
    expect([...(referenced.get(pageIndex) ?? [])].sort((a, b) => a - b), `page ${pageIndex + 1}: MCIDs the tree refers to`).toEqual(inContent);
    if (inContent.length > 0) {
      const index = (page.node.get(PDFName.of('StructParents')) as PDFNumber).asNumber();
      expect(owners.get(index)?.size(), `page ${pageIndex + 1}: parent tree entries`).toBe(inContent.length);
    }
  });
  return tree;
};

export const flatten = (element: Tagged): Tagged[] => [element, ...element.kids.flatMap(flatten)];

/** The names of the fonts a page draws with (an embedded subset's name is its face's after a tag, "ABCDEF+NotoSansArabic-Bold"). */
export const fontNamesOf = (pdf: PDFDocument, pageIndex: number): string[] => {
  const fonts = pdf.getPages()[pageIndex]!.node.Resources()?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) return [];
  return fonts.keys().map((key) => (fonts.lookup(key, PDFDict).get(PDFName.of('BaseFont')) as PDFName).decodeText());
};

/** The glyph ids a page shows, in the embedded subsets (0 is .notdef, the box a font draws for a character it lacks). */
export const glyphIdsShownOn = (pdf: PDFDocument, pageIndex: number): number[] => {
  const ids: number[] = [];
  let operands: string[] = [];
  for (const token of tokensOf(contentOf(pdf, pageIndex))) {
    if ('operand' in token) operands.push(token.operand);
    else {
      if (token.operator === 'TJ' || token.operator === 'Tj') for (const hex of operands.join(' ').matchAll(/<([0-9a-fA-F]{4})>/g)) ids.push(Number.parseInt(hex[1]!, 16));
      operands = [];
    }
  }
  return ids;
};

/** A ToUnicode CMap's codes and texts (its bfchar and bfrange entries). */
const toUnicodeOf = (stream: PDFRawStream): Map<number, string> => {
  const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  const text = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  const codes = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, target] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) codes.set(Number.parseInt(code!, 16), text(target!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, first, last, target] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const start = Number.parseInt(first!, 16);
      const base = text(target!);
      for (let code = start; code <= Number.parseInt(last!, 16); code += 1) codes.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - start));
    }
  return codes;
};

/**
 * The text of each line a page shows (each BT ... ET), as a viewer copies it without the tags:
 * every code shown, through its font's ToUnicode map, in the order drawn (left to right).
 */
export const linesCopiedFrom = (pdf: PDFDocument, pageIndex: number): string[] => {
  const fonts = pdf.getPages()[pageIndex]!.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<number, string>>();
  const mapOf = (resource: string) => {
    if (!maps.has(resource)) {
      const font = fonts!.lookup(PDFName.of(resource.slice(1)), PDFDict);
      const toUnicode = font.lookup(PDFName.of('ToUnicode'));
      expect(toUnicode, `${resource}'s ToUnicode`).toBeInstanceOf(PDFRawStream);
      maps.set(resource, toUnicodeOf(toUnicode as PDFRawStream));
    }
    return maps.get(resource)!;
  };
  const lines: string[] = [];
  let line = '';
  let font = new Map<number, string>();
  let operands: string[] = [];
  for (const token of tokensOf(contentOf(pdf, pageIndex))) {
    if ('operand' in token) {
      operands.push(token.operand);
      continue;
    }
    if (token.operator === 'Tf') font = mapOf(operands[0]!);
    else if (token.operator === 'TJ' || token.operator === 'Tj')
      for (const hex of operands.join(' ').matchAll(/<([0-9a-fA-F]{4})>/g)) line += font.get(Number.parseInt(hex[1]!, 16)) ?? '';
    else if (token.operator === 'ET') {
      lines.push(line);
      line = '';
    }
    operands = [];
  }
  return lines;
};
