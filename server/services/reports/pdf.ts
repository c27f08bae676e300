import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { type PDFFont, type PDFImage, type PDFPage, PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { CardTable, TableCell } from '../../../domain/exports/table';
import type { Bar } from '../../../domain/reports/bars';

/**
 * The report as a PDF (pdf-lib, A4, the standard Helvetica fonts). Everything it writes comes
 * from the document model the service made out of released sections: the cover's lines, the
 * key facts the server released, each card's bars and its table. Nothing is counted here.
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

/**
 * The standard PDF fonts only encode WinAnsi (about Latin-1): accents are kept, a letter with a
 * plain Latin base loses its mark (ő → o), anything else (Arabic, Chinese, emoji) becomes '?'.
 */
export const winAnsi = (text: string): string =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, (ch) => {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\u0020-\u007e\u00a0-\u00ff]+$/.test(base) ? base : '?';
    });

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

interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

/** Writes top to bottom, starting a new page when the next block does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
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

  /** Lines of at most `width` points, broken at spaces (a word longer than a line is cut). */
  wrap(text: string, size: number, font: PDFFont, width = A4[0] - 2 * MARGIN): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of winAnsi(text).split(/\s+/).filter((w) => w !== '')) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
      else {
        if (current !== '') lines.push(current);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        current = rest;
      }
    }
    if (current !== '') lines.push(current);
    return lines;
  }

  text(text: string, { size = 10, font = this.fonts.regular, color = INK, indent = 0, gap = 4 } = {}): void {
    for (const part of this.wrap(text, size, font, A4[0] - 2 * MARGIN - indent)) {
      this.need(size + gap);
      this.y -= size;
      this.page.drawText(part, { x: MARGIN + indent, y: this.y, size, font, color });
      this.y -= gap;
    }
  }

  space(points: number): void {
    this.y -= points;
  }
}

/** A horizontal bar chart: d3 scales place the bars, pdf-lib draws them as rectangles and the axis as an SVG path. */
const drawChart = (writer: Writer, bars: readonly Bar[], words: ReportWords): void => {
  const shown = bars.slice(0, MAX_BARS);
  const { regular } = writer.fonts;
  const labelWidth = 170;
  const valueWidth = 80;
  const plotWidth = A4[0] - 2 * MARGIN - labelWidth - valueWidth;
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
  const left = MARGIN + labelWidth;
  shown.forEach((bar, index) => {
    const band = y(index) ?? 0;
    const barTop = top - band;
    const label = writer.wrap(bar.label, 8, regular, labelWidth - 8)[0] ?? '';
    writer.page.drawText(label, { x: MARGIN, y: barTop - y.bandwidth() + 2, size: 8, font: regular, color: INK });
    if (bar.kind === 'shown') {
      writer.page.drawRectangle({ x: left, y: barTop - y.bandwidth(), width: Math.max(0.5, x(bar.count)), height: y.bandwidth(), color: BAR });
    } else {
      writer.page.drawRectangle({ x: left, y: barTop - y.bandwidth(), width: 24, height: y.bandwidth(), borderColor: MUTED, borderWidth: 0.6, borderDashArray: [2, 2] });
    }
    const value = barText(bar, words.hidden);
    const valueX = bar.kind === 'shown' ? left + Math.max(0.5, x(bar.count)) + 4 : left + 28;
    writer.page.drawText(winAnsi(value), { x: valueX, y: barTop - y.bandwidth() + 2, size: 8, font: regular, color: bar.kind === 'shown' ? INK : MUTED });
  });
  // The axis: a path from d3-shape's line generator, in the page's coordinates (drawSvgPath flips y).
  const axis = line()([
    [0, 0],
    [0, height],
  ]);
  if (axis !== null) writer.page.drawSvgPath(axis, { x: left, y: top, borderColor: MUTED, borderWidth: 0.8 });
  writer.y = top - height - 6;
  if (bars.length > shown.length) writer.text(words.moreBars(shown.length, bars.length), { size: 8, color: MUTED });
};

const drawTable = (writer: Writer, table: CardTable, words: ReportWords): void => {
  writer.text(table.header.filter((head) => head !== '').join(' | '), { size: 8, font: writer.fonts.bold, gap: 3 });
  const rows = table.rows.slice(0, MAX_TABLE_ROWS);
  for (const row of rows) writer.text(row.map((cell) => cellText(cell, words.hidden)).join(' | '), { size: 8, gap: 3 });
  if (table.rows.length > rows.length) writer.text(words.moreRows(table.rows.length - rows.length), { size: 8, color: MUTED });
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

export const reportPdf = async (doc: ReportDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(doc.title));
  pdf.setAuthor(winAnsi(doc.organisation));
  pdf.setCreator('Diversity Atlas');
  pdf.setCreationDate(doc.madeAt);
  pdf.setModificationDate(doc.madeAt);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const writer = new Writer(pdf, fonts);
  const logo = await embedLogo(pdf, doc.logo);

  // Title page.
  if (logo !== undefined) {
    const scaled = logo.scaleToFit(160, 80);
    writer.page.drawImage(logo, { x: MARGIN, y: writer.y - scaled.height, width: scaled.width, height: scaled.height });
    writer.space(scaled.height + 30);
  } else writer.space(60);
  writer.text(doc.organisation, { size: 14, color: ACCENT, font: fonts.bold });
  writer.space(10);
  writer.text(doc.title, { size: 26, font: fonts.bold, gap: 8 });
  writer.space(20);
  for (const [label, value] of doc.lines) {
    if (label !== '') writer.text(label, { size: 9, color: MUTED, gap: 2 });
    writer.text(value, { size: 11, gap: 10 });
  }

  // One part per dashboard page: its key facts, then each card's chart.
  for (const section of doc.sections) {
    writer.newPage();
    writer.text(section.pageName, { size: 20, font: fonts.bold, color: ACCENT, gap: 10 });
    writer.text(doc.words.keyFacts, { size: 12, font: fonts.bold, gap: 6 });
    if (section.facts.length === 0) writer.text(doc.words.noFacts, { size: 10, color: MUTED });
    for (const fact of section.facts) writer.text(`- ${fact}`, { size: 10, indent: 8 });
    writer.space(12);
    for (const card of section.cards) {
      writer.need(60);
      writer.text(card.title, { size: 13, font: fonts.bold, gap: 6 });
      if (card.withheld !== undefined) writer.text(card.withheld, { size: 10, color: MUTED });
      else if (card.bars.length === 0) writer.text(doc.words.noBars, { size: 10, color: MUTED });
      else drawChart(writer, card.bars, doc.words);
      writer.space(14);
    }
  }

  // The appendix: every card's figures as text, for screen readers and for copying.
  writer.newPage();
  writer.text(doc.words.appendix, { size: 20, font: fonts.bold, color: ACCENT, gap: 8 });
  writer.text(doc.words.appendixIntro, { size: 10, color: MUTED, gap: 10 });
  for (const section of doc.sections) {
    for (const card of section.cards) {
      writer.need(40);
      writer.text(`${section.pageName}: ${card.title}`, { size: 11, font: fonts.bold, gap: 4 });
      drawTable(writer, card.table, doc.words);
      writer.space(10);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = winAnsi(doc.words.pageOf(index + 1, pages.length));
    const width = fonts.regular.widthOfTextAtSize(label, 8);
    page.drawText(label, { x: (A4[0] - width) / 2, y: 25, size: 8, font: fonts.regular, color: MUTED });
  });
  return pdf.save();
};
