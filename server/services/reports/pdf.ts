import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { type PDFImage, type PDFPage, PDFDocument, type RGB, rgb } from 'pdf-lib';
import type { CardTable, TableCell } from '../../../domain/exports/table';
import type { Bar } from '../../../domain/reports/bars';
import { type FontSet, type ReportFonts, type Script, embedReportFonts, writeReportFonts } from '../pdf/fonts';
import { type Direction, type LaidOutLine, drawLine, layOutLine, measureLine, paragraphDirection, scriptsOf } from '../pdf/shaping';
import { type StructureElement, type StructureRole, StructureTree } from '../pdf/tags';

/**
 * The report as a tagged PDF (pdf-lib, A4, Noto Sans faces embedded as subsets). Everything it
 * writes comes from the document model the service made out of released sections: the cover's
 * lines, the key facts the server released, each card's bars and its table. Nothing is counted here.
 */

export interface ReportCard {
  readonly title: string;
  readonly bars: readonly Bar[];
  /** The reason the dashboard gives when the section is withheld (a 204). */
  readonly withheld?: string;
  readonly table: CardTable;
}

export interface ReportSection {
  readonly pageName: string;
  readonly facts: readonly string[];
  readonly cards: readonly ReportCard[];
}

export interface ReportWords {
  readonly hidden: string;
  readonly keyFacts: string;
  readonly noFacts: string;
  readonly appendix: string;
  readonly appendixIntro: string;
  readonly pageOf: (page: number, pages: number) => string;
  readonly moreBars: (shown: number, total: number) => string;
  readonly moreRows: (rows: number) => string;
  readonly noBars: string;
}

export interface ReportDocument {
  readonly title: string;
  readonly organisation: string;
  readonly lines: readonly (readonly [string, string])[];
  readonly sections: readonly ReportSection[];
  readonly logo?: { readonly bytes: Uint8Array; readonly type: 'png' | 'jpeg' };
  readonly words: ReportWords;
  readonly madeAt: Date;
  /** The report's language as a BCP 47 tag, and the way its text runs. */
  readonly lang: string;
  readonly direction: Direction;
}

/** Bars drawn per chart; every figure is in the appendix. */
export const MAX_BARS = 12;
/** Rows of one card's table in the appendix (a tree of 4,000 states is in the spreadsheet export). */
export const MAX_TABLE_ROWS = 400;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.18);
const MUTED = rgb(0.31, 0.33, 0.4);
const ACCENT = rgb(0.29, 0.16, 0.62);
const BAR = rgb(0.36, 0.3, 0.75);

/** One table cell as the appendix writes it: hidden cells as the word, never 0. */
export const cellText = (cell: TableCell, hidden: string): string => {
  switch (cell.kind) {
    case 'text':
      return cell.value;
    case 'count':
      return String(cell.value);
    case 'percent':
      return `${cell.value.toFixed(1)}%`;
    case 'decimal':
      return cell.value.toFixed(cell.places);
    case 'hidden':
      return hidden;
  }
};


const barText = (bar: Bar, hidden: string): string =>
  bar.kind === 'hidden' ? hidden : bar.percent === undefined ? String(bar.count) : `${bar.count} (${bar.percent.toFixed(1)}%)`;

interface TextStyle {
  readonly size?: number;
  readonly bold?: boolean;
  readonly color?: RGB;
  readonly indent?: number;
  readonly gap?: number;
}

const LINE_WIDTH = A4[0] - 2 * MARGIN;
const CELL_SEPARATOR = ' | ';

/** Writes top to bottom, starting a new page when the next block does not fit; every block is tagged. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: ReportFonts,
    readonly tree: StructureTree,
    readonly direction: Direction,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  need(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  fontSet(bold = false): FontSet {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** The x of a box `width` wide that starts `from` points into the line, from the left or, right to left, from the right. */
  x(from: number, width: number): number {
    return this.direction === 'rtl' ? A4[0] - MARGIN - from - width : MARGIN + from;
  }

  /** Lines of at most `width` points, broken at spaces (a word longer than a line is cut). */
  wrap(text: string, size: number, fonts: FontSet, width = LINE_WIDTH): string[] {
    const fits = (candidate: string) => measureLine(candidate, fonts, this.direction) * size <= width;
    const lines: string[] = [];
    let current = '';
    // No-break spaces (French writes '12,3 %' with one) keep their words together.
    for (const word of text.split(/[^\S\u00a0\u2007\u202f]+/).filter((w) => w !== '')) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (fits(candidate)) current = candidate;
      else {
        if (current !== '') lines.push(current);
        let rest = [...word];
        while (!fits(rest.join('')) && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut -= 1;
          lines.push(rest.slice(0, cut).join(''));
          rest = rest.slice(cut);
        }
        current = rest.join('');
      }
    }
    if (current !== '') lines.push(current);
    return lines;
  }

  /** A line laid out in `direction`: by default its own (the page's alignment stays the report's). */
  laidOut(text: string, bold = false, direction = paragraphDirection(text, this.direction)): LaidOutLine {
    return layOutLine(text, this.fontSet(bold), direction);
  }

  /** A block of text as one structure element of `role` under `parent`, wrapped to the line. */
  text(parent: StructureElement, role: StructureRole, text: string, { size = 10, bold = false, color = INK, indent = 0, gap = 4 }: TextStyle = {}): void {
    const element = this.tree.element(parent, role, { actualText: text });
    const direction = paragraphDirection(text, this.direction);
    for (const part of this.wrap(text, size, this.fontSet(bold), LINE_WIDTH - indent)) {
      this.need(size + gap);
      this.y -= size;
      const laid = this.laidOut(part, bold, direction);
      const x = this.x(indent, laid.width * size);
      this.tree.mark(this.page, element, () => drawLine(this.page, laid, x, this.y, size, color));
      this.y -= gap;
    }
  }

  /**
   * A table row: each cell its own TH or TD, separated by a bar drawn as an artifact, cells
   * following one another in the line's direction and going on to the next line when one does not fit.
   */
  row(parent: StructureElement, cells: readonly string[], header: boolean, { size = 8, gap = 3 } = {}): void {
    const row = this.tree.element(parent, 'TR');
    const separator = this.laidOut(CELL_SEPARATOR);
    const separatorWidth = separator.width * size;
    let used = 0;
    const startLine = () => {
      this.need(size + gap);
      this.y -= size;
      used = 0;
    };
    startLine();
    cells.forEach((cell, index) => {
      const element = this.tree.element(row, header ? 'TH' : 'TD', { actualText: cell, ...(header ? { scope: 'Column' as const } : {}) });
      const parts = this.wrap(cell === '' ? ' ' : cell, size, this.fontSet(header), LINE_WIDTH);
      const direction = paragraphDirection(cell, this.direction);
      parts.forEach((part, partIndex) => {
        const laid = this.laidOut(part, header, direction);
        const width = laid.width * size;
        const lead = index > 0 && partIndex === 0 ? separatorWidth : 0;
        if (used > 0 && (used + lead + width > LINE_WIDTH || partIndex > 0)) {
          this.y -= gap;
          startLine();
        }
        if (used > 0 && partIndex === 0) {
          const x = this.x(used, separatorWidth);
          const y = this.y;
          this.tree.artifact(this.page, () => drawLine(this.page, separator, x, y, size, MUTED));
          used += separatorWidth;
        }
        const x = this.x(used, width);
        const y = this.y;
        this.tree.mark(this.page, element, () => drawLine(this.page, laid, x, y, size, INK));
        used += width;
      });
    });
    this.y -= gap;
  }

  space(points: number): void {
    this.y -= points;
  }
}

/**
 * A horizontal bar chart, tagged as a figure whose description gives every bar: d3 scales place
 * the bars, pdf-lib draws them as rectangles and the axis as an SVG path. Right to left, the chart
 * is mirrored (labels on the right, bars growing to the left).
 */
const drawChart = (writer: Writer, parent: StructureElement, title: string, bars: readonly Bar[], words: ReportWords): void => {
  const shown = bars.slice(0, MAX_BARS);
  const labelWidth = 170;
  const valueWidth = 80;
  const plotWidth = LINE_WIDTH - labelWidth - valueWidth;
  const rowHeight = 16;
  const height = shown.length * rowHeight;
  writer.need(height + 10);
  const top = writer.y;
  const max = Math.max(1, ...shown.map((bar) => (bar.kind === 'shown' ? bar.count : 0)));
  const x = scaleLinear().domain([0, max]).range([0, plotWidth]);
  const y = scaleBand<number>()
    .domain(shown.map((_, index) => index))
    .range([0, height])
    .paddingInner(0.25);
  const alt = `${title}: ${shown.map((bar) => `${bar.label} ${barText(bar, words.hidden)}`).join('; ')}`;
  const figure = writer.tree.element(parent, 'Figure', { alt });
  const page = writer.page;
  writer.tree.mark(page, figure, () => {
    shown.forEach((bar, index) => {
      const barTop = top - (y(index) ?? 0);
      const baseline = barTop - y.bandwidth() + 2;
      const label = writer.laidOut(writer.wrap(bar.label, 8, writer.fontSet(), labelWidth - 8)[0] ?? '');
      drawLine(page, label, writer.x(0, label.width * 8), baseline, 8, INK);
      const length = bar.kind === 'shown' ? Math.max(0.5, x(bar.count)) : 24;
      const box = { x: writer.x(labelWidth, length), y: barTop - y.bandwidth(), width: length, height: y.bandwidth() };
      if (bar.kind === 'shown') page.drawRectangle({ ...box, color: BAR });
      else page.drawRectangle({ ...box, borderColor: MUTED, borderWidth: 0.6, borderDashArray: [2, 2] });
      const value = writer.laidOut(barText(bar, words.hidden));
      drawLine(page, value, writer.x(labelWidth + length + 4, value.width * 8), baseline, 8, bar.kind === 'shown' ? INK : MUTED);
    });
    // The axis: a path from d3-shape's line generator, in the page's coordinates (drawSvgPath flips y).
    const axis = line()([
      [0, 0],
      [0, height],
    ]);
    if (axis !== null) page.drawSvgPath(axis, { x: writer.x(labelWidth, 0), y: top, borderColor: MUTED, borderWidth: 0.8 });
  });
  writer.y = top - height - 6;
  if (bars.length > shown.length) writer.text(parent, 'P', words.moreBars(shown.length, bars.length), { size: 8, color: MUTED });
};

const drawTable = (writer: Writer, parent: StructureElement, table: CardTable, words: ReportWords): void => {
  const element = writer.tree.element(parent, 'Table');
  const columns = table.header.map((head, index) => ({ head, index })).filter(({ head }) => head !== '');
  writer.row(element, columns.map(({ head }) => head), true);
  const rows = table.rows.slice(0, MAX_TABLE_ROWS);
  for (const row of rows) writer.row(element, row.map((cell) => cellText(cell, words.hidden)), false);
  if (table.rows.length > rows.length) writer.text(parent, 'P', words.moreRows(table.rows.length - rows.length), { size: 8, color: MUTED });
};

const embedLogo = async (pdf: PDFDocument, logo: ReportDocument['logo']): Promise<PDFImage | undefined> => {
  if (logo === undefined) return undefined;
  try {
    return logo.type === 'png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    // A logo pdf-lib cannot read is left out rather than failing the report.
    return undefined;
  }
};

/** Every text the report writes, to know which scripts' fonts it needs. */
const allText = (doc: ReportDocument): string =>
  [
    doc.title,
    doc.organisation,
    ...doc.lines.flat(),
    ...doc.sections.flatMap((section) => [section.pageName, ...section.facts, ...section.cards.flatMap((card) => [card.title, card.withheld ?? '', ...card.bars.map((bar) => bar.label), ...card.table.header, ...card.table.rows.flatMap((row) => row.map((cell) => cellText(cell, doc.words.hidden)))])]),
    ...Object.values(doc.words).filter((word): word is string => typeof word === 'string'),
    doc.words.pageOf(1, 1),
  ].join('\n');

export const reportPdf = async (doc: ReportDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.organisation);
  pdf.setLanguage(doc.lang);
  pdf.setCreator('Commonweave');
  pdf.setCreationDate(doc.madeAt);
  pdf.setModificationDate(doc.madeAt);
  const fonts = await embedReportFonts(pdf, new Set<Script>(scriptsOf(allText(doc))));
  const tree = new StructureTree(pdf);
  const documentElement = tree.root;
  const writer = new Writer(pdf, fonts, tree, doc.direction);
  const logo = await embedLogo(pdf, doc.logo);

  // Title page.
  if (logo !== undefined) {
    const scaled = logo.scaleToFit(160, 80);
    const figure = tree.element(documentElement, 'Figure', { alt: doc.organisation });
    const at = { x: writer.x(0, scaled.width), y: writer.y - scaled.height, width: scaled.width, height: scaled.height };
    tree.mark(writer.page, figure, () => writer.page.drawImage(logo, at));
    writer.space(scaled.height + 30);
  } else writer.space(60);
  writer.text(documentElement, 'P', doc.organisation, { size: 14, color: ACCENT, bold: true });
  writer.space(10);
  writer.text(documentElement, 'H1', doc.title, { size: 26, bold: true, gap: 8 });
  writer.space(20);
  for (const [label, value] of doc.lines) {
    if (label !== '') writer.text(documentElement, 'P', label, { size: 9, color: MUTED, gap: 2 });
    writer.text(documentElement, 'P', value, { size: 11, gap: 10 });
  }

  // One part per dashboard page: its key facts, then each card's chart.
  for (const section of doc.sections) {
    writer.newPage();
    writer.text(documentElement, 'H2', section.pageName, { size: 20, bold: true, color: ACCENT, gap: 10 });
    writer.text(documentElement, 'H3', doc.words.keyFacts, { size: 12, bold: true, gap: 6 });
    if (section.facts.length === 0) writer.text(documentElement, 'P', doc.words.noFacts, { size: 10, color: MUTED });
    else {
      const list = tree.element(documentElement, 'L');
      for (const fact of section.facts) writer.text(tree.element(tree.element(list, 'LI'), 'LBody'), 'P', `- ${fact}`, { size: 10, indent: 8 });
    }
    writer.space(12);
    for (const card of section.cards) {
      writer.need(60);
      writer.text(documentElement, 'H3', card.title, { size: 13, bold: true, gap: 6 });
      if (card.withheld !== undefined) writer.text(documentElement, 'P', card.withheld, { size: 10, color: MUTED });
      else if (card.bars.length === 0) writer.text(documentElement, 'P', doc.words.noBars, { size: 10, color: MUTED });
      else drawChart(writer, documentElement, card.title, card.bars, doc.words);
      writer.space(14);
    }
  }

  // The appendix: every card's figures as tagged tables, for screen readers and for copying.
  writer.newPage();
  writer.text(documentElement, 'H2', doc.words.appendix, { size: 20, bold: true, color: ACCENT, gap: 8 });
  writer.text(documentElement, 'P', doc.words.appendixIntro, { size: 10, color: MUTED, gap: 10 });
  for (const section of doc.sections) {
    for (const card of section.cards) {
      writer.need(40);
      writer.text(documentElement, 'H3', `${section.pageName}: ${card.title}`, { size: 11, bold: true, gap: 4 });
      drawTable(writer, documentElement, card.table, doc.words);
      writer.space(10);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = writer.laidOut(doc.words.pageOf(index + 1, pages.length));
    tree.artifact(page, () => drawLine(page, label, (A4[0] - label.width * 8) / 2, 25, 8, MUTED));
  });
  tree.finish();
  await writeReportFonts(pdf, fonts);
  return pdf.save();
};
