import { type PDFImage, type PDFPage, PDFDocument, type RGB, rgb } from 'pdf-lib';
import { type BarChart, type ChartItem, type ChartModel, type Figure, type GroupedChart, type LegendEntry, type PyramidChart, type TreeChart, type TreeItem, type ValueAxis, along, atMostText } from '../../../domain/charts';
import type { TableCell } from '../../../domain/exports/table';
import { type ReportChart, drawnSeries, hiddenOf, notDrawnOf } from '../../../domain/reports/charts';
import type { ReportTable } from '../../../domain/reports/tables';
import { type FontSet, type ReportFonts, type Script, embedReportFonts, writeReportFonts } from '../pdf/fonts';
import { type Direction, type LaidOutLine, drawLine, layOutLine, measureLine, paragraphDirection, scriptsOf } from '../pdf/shaping';
import { type StructureElement, type StructureRole, StructureTree } from '../pdf/tags';

/**
 * The report as a tagged PDF board pack (pdf-lib, A4, Noto Sans faces embedded as subsets): a
 * cover, a one-page summary, per dashboard page its key facts and two to four charts a page,
 * the figures as ruled tables, and a closing page on method and privacy. Everything it writes
 * comes from the document model the service made out of released sections (domain/reports):
 * the charts are the model's bars, the tables its rows. Nothing is counted here.
 */

export interface ReportCard {
  readonly chart: ReportChart;
  /** null when the section is withheld (its reason is written under the title). */
  readonly table: ReportTable | null;
}

export interface ReportSection {
  readonly pageName: string;
  readonly facts: readonly string[];
  readonly cards: readonly ReportCard[];
}

/** A titled page of sentences and tables (the summary, the method page). */
export interface ReportBlock {
  readonly heading?: string;
  readonly sentences: readonly string[];
  readonly table?: ReportTable;
}

export interface ReportTextPage {
  readonly title: string;
  readonly blocks: readonly ReportBlock[];
}

export interface ReportWords {
  readonly hidden: string;
  readonly keyFacts: string;
  readonly noFacts: string;
  readonly appendix: string;
  readonly appendixIntro: string;
  readonly noBars: string;
  readonly pageOf: (page: number, pages: number) => string;
  readonly moreRows: (rows: number) => string;
  /** "3 values hidden (fewer than 10 people each)". */
  readonly hiddenValues: (count: number, k: number) => string;
  /** "12 more values are in the tables at the end". */
  readonly notDrawn: (count: number) => string;
  readonly moreChildren: (count: number) => string;
  readonly count: (value: number) => string;
  readonly percent: (value: number) => string;
  readonly decimal: (value: number, places: number) => string;
}

export interface ReportDocument {
  readonly title: string;
  readonly organisation: string;
  readonly lines: readonly (readonly [string, string])[];
  readonly summary: ReportTextPage;
  readonly sections: readonly ReportSection[];
  readonly method: ReportTextPage;
  readonly logo?: { readonly bytes: Uint8Array; readonly type: 'png' | 'jpeg' };
  readonly words: ReportWords;
  readonly madeAt: Date;
  /** The report's language as a BCP 47 tag, and the way its text runs. */
  readonly lang: string;
  readonly direction: Direction;
}

/** Rows of one card's table (a tree of 4,000 states is in the spreadsheet export). */
export const MAX_TABLE_ROWS = 400;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.18);
const MUTED = rgb(0.36, 0.38, 0.45);
const RULE = rgb(0.78, 0.8, 0.85);
const SHADE = rgb(0.93, 0.94, 0.97);
const ACCENT = rgb(0.29, 0.16, 0.62);
const LINE_WIDTH = A4[0] - 2 * MARGIN;

const hex = (colour: string): RGB => rgb(parseInt(colour.slice(1, 3), 16) / 255, parseInt(colour.slice(3, 5), 16) / 255, parseInt(colour.slice(5, 7), 16) / 255);
/** One table cell as the report writes it: hidden cells as the word, never 0. */
export const cellText = (cell: TableCell, words: Pick<ReportWords, 'hidden' | 'count' | 'percent' | 'decimal'>): string => {
  switch (cell.kind) {
    case 'text':
      return cell.value;
    case 'count':
      return words.count(cell.value);
    case 'percent':
      return atMostText(words.percent(cell.value), cell.atMost);
    case 'decimal':
      return words.decimal(cell.value, cell.places);
    case 'hidden':
      return words.hidden;
  }
};

interface TextStyle {
  readonly size?: number;
  readonly bold?: boolean;
  readonly color?: RGB;
  readonly indent?: number;
  readonly gap?: number;
}

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

  /** True when `height` more points fit on this page. */
  fits(height: number): boolean {
    return this.y - height >= MARGIN + 20;
  }

  need(height: number): void {
    if (!this.fits(height)) this.newPage();
  }

  fontSet(bold = false): FontSet {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** The x of a box `width` wide that starts `from` points into the line, from the left or, right to left, from the right. */
  x(from: number, width: number): number {
    return this.direction === 'rtl' ? A4[0] - MARGIN - from - width : MARGIN + from;
  }

  width(text: string, size: number, bold = false): number {
    return measureLine(text, this.fontSet(bold), this.direction) * size;
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
    return lines.length === 0 ? [''] : lines;
  }

  /** A label in a box: wrapped onto at most `maxLines`, the last one ending in "…" when it does not fit. */
  fitted(text: string, size: number, width: number, maxLines = 2, bold = false): string[] {
    const lines = this.wrap(text, size, this.fontSet(bold), width);
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    let last = `${kept[maxLines - 1]}…`;
    while (this.width(last, size, bold) > width && last.length > 2) last = `${[...last].slice(0, -2).join('')}…`;
    kept[maxLines - 1] = last;
    return kept;
  }

  /** A line laid out in `direction`: by default its own (the page's alignment stays the report's). */
  laidOut(text: string, bold = false, direction = paragraphDirection(text, this.direction)): LaidOutLine {
    return layOutLine(text, this.fontSet(bold), direction);
  }

  /** One line of text in a box of `box` points starting `from` into the line, at the box's start, end or middle. */
  put(text: string, from: number, box: number, y: number, size: number, { bold = false, color = INK, align = 'start' as 'start' | 'end' | 'center' } = {}): void {
    const laid = this.laidOut(text, bold);
    const width = laid.width * size;
    const offset = align === 'start' ? 0 : align === 'end' ? box - width : (box - width) / 2;
    drawLine(this.page, laid, this.x(from + offset, width), y, size, color);
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

  /** A rectangle in line coordinates (`from` into the line, `top` its upper edge). */
  box(from: number, width: number, top: number, height: number, color: RGB, opacity = 1): void {
    this.page.drawRectangle({ x: this.x(from, width), y: top - height, width, height, color, opacity });
  }

  rule(from: number, width: number, y: number, color = RULE, thickness = 0.5): void {
    this.page.drawLine({ start: { x: this.x(from, 0), y }, end: { x: this.x(from + width, 0), y }, thickness, color });
  }

  space(points: number): void {
    this.y -= points;
  }
}

// ——— Charts ———

const LABEL_SIZE = 8;
const VALUE_SIZE = 7.5;
const LINE = LABEL_SIZE * 1.2;
const BARS = { label: 150, value: 72 } as const;

/** A value axis under a plot, in percent of the card's total: light grid lines up the plot and the ticks below it. */
const drawAxis = (writer: Writer, axis: ValueAxis, from: number, width: number, top: number, bottom: number, words: ReportWords, mirrored = false): void => {
  for (const tick of axis.ticks) {
    const at = mirrored ? from + width - along(axis, tick) * width : from + along(axis, tick) * width;
    const x = writer.x(at, 0);
    writer.page.drawLine({ start: { x, y: top }, end: { x, y: bottom }, thickness: tick === 0 ? 0.8 : 0.3, color: tick === 0 ? MUTED : RULE });
    writer.put(words.percent(tick), at - 20, 40, bottom - 9, 6.5, { color: MUTED, align: 'center' });
  }
};

const itemText = (item: ChartItem, words: ReportWords): string => `${words.count(item.count)} (${atMostText(words.percent(item.percent), item.atMost)})`;

/** Horizontal bars (a list, or a tree's top levels each with its largest children indented), values at the bars' ends. */
const drawBars = (writer: Writer, model: BarChart | TreeChart, words: ReportWords): void => {
  const plot = LINE_WIDTH - BARS.label - BARS.value;
  const entries = model.items.map((item) => {
    const depth = 'depth' in item ? (item as TreeItem).depth : 0;
    const size = depth === 0 ? LABEL_SIZE : LABEL_SIZE - 0.5;
    const lines = writer.fitted(item.label, size, BARS.label - 6 - depth * 12, 2, model.kind === 'tree' && depth === 0);
    return { item, depth, size, lines, height: Math.max(depth === 0 ? 13 : 11, lines.length * LINE + 2) };
  });
  const top = writer.y;
  // The grid first, so that the bars and their values are drawn over it.
  const bottom = top - entries.reduce((sum, entry) => sum + entry.height, 0);
  drawAxis(writer, model.axis, BARS.label, plot, top, bottom - 2, words);
  let y = top;
  for (const { item, depth, size, lines, height } of entries) {
    const barHeight = depth === 0 ? 9 : 6;
    const middle = y - height / 2;
    lines.forEach((line, index) =>
      writer.put(line, depth * 12, BARS.label - depth * 12, middle + ((lines.length - 1) / 2 - index) * LINE - size / 3, size, { bold: model.kind === 'tree' && depth === 0 }),
    );
    const length = Math.max(0.5, along(model.axis, item.bar) * plot);
    writer.box(BARS.label, length, middle + barHeight / 2, barHeight, hex(item.colour), depth === 0 ? 1 : 0.6);
    writer.put(itemText(item, words), BARS.label + length + 3, BARS.value + plot - length, middle - VALUE_SIZE / 3, VALUE_SIZE);
    y -= height;
  }
  writer.y = bottom - 16;
};

/** A legend of series: a swatch and a name each, in one line (or more when they do not fit). */
const drawLegend = (writer: Writer, series: readonly LegendEntry[], from = 0): void => {
  let used = from;
  writer.y -= 9;
  for (const entry of series) {
    const width = 12 + writer.width(entry.label, LABEL_SIZE) + 12;
    if (used + width > LINE_WIDTH && used > from) {
      used = from;
      writer.y -= 12;
    }
    writer.box(used, 8, writer.y + 7, 8, hex(entry.colour));
    writer.put(entry.label, used + 11, width, writer.y, LABEL_SIZE);
    used += width;
  }
  writer.y -= 8;
};

const GROUPED_BAR = 6;

/** Groups down the page, one thin bar per series in each; a hidden cell has no bar, a group with none is left out. */
const drawGrouped = (writer: Writer, model: GroupedChart, words: ReportWords): void => {
  const series = drawnSeries(model);
  drawLegend(writer, series, BARS.label);
  const plot = LINE_WIDTH - BARS.label - 40;
  const groups = model.groups.filter((group) => group.bars.length > 0);
  const laid = groups.map((group) => {
    const lines = writer.fitted(group.label, LABEL_SIZE, BARS.label - 6, 2);
    const slots = series.filter((entry) => group.bars.some((bar) => bar.series === entry.key));
    return { group, lines, slots, height: Math.max(lines.length * LINE, slots.length * (GROUPED_BAR + 1)) + 6 };
  });
  const top = writer.y;
  const bottom = top - laid.reduce((sum, entry) => sum + entry.height, 0);
  drawAxis(writer, model.axis, BARS.label, plot, top, bottom - 2, words);
  let y = top;
  laid.forEach(({ group, lines, slots, height }, index) => {
    const middle = y - height / 2;
    lines.forEach((line, n) => writer.put(line, 0, BARS.label, middle + ((lines.length - 1) / 2 - n) * LINE - LABEL_SIZE / 3, LABEL_SIZE));
    slots.forEach((entry, s) => {
      const bar = group.bars.find((item) => item.series === entry.key)!;
      const barTop = y - 3 - s * (GROUPED_BAR + 1);
      const length = Math.max(0.5, along(model.axis, bar.bar) * plot);
      writer.box(BARS.label, length, barTop, GROUPED_BAR, hex(bar.colour));
      writer.put(words.count(bar.count), BARS.label + length + 2, 40, barTop - GROUPED_BAR + 1, 6, { color: MUTED });
    });
    y -= height;
    if (index < laid.length - 1) writer.rule(BARS.label, plot, y + 0.5, SHADE, 0.4);
  });
  writer.y = bottom - 16;
};

/** Bands from the top, the first series growing left of the middle column, the others stacked to the right. */
const drawPyramid = (writer: Writer, model: PyramidChart, words: ReportWords): void => {
  drawLegend(writer, drawnSeries(model));
  const middle = 80;
  const half = (LINE_WIDTH - middle) / 2;
  const room = half - 34;
  const rowHeight = 15;
  const top = writer.y;
  const bottom = top - model.rows.length * rowHeight;
  drawAxis(writer, model.axis, half - room, room, top, bottom - 2, words, true);
  drawAxis(writer, model.axis, half + middle, room, top, bottom - 2, words);
  model.rows.forEach((row, index) => {
    const rowTop = top - index * rowHeight;
    const baseline = rowTop - rowHeight / 2 - LABEL_SIZE / 3;
    writer.put(writer.fitted(row.label, LABEL_SIZE, middle - 4, 1)[0] ?? '', half, middle, baseline, LABEL_SIZE, { align: 'center' });
    if (row.left !== null) {
      const length = Math.max(0.5, along(model.axis, row.left.bar) * room);
      writer.box(half - length, length, rowTop - 2, rowHeight - 4, hex(row.left.colour));
      writer.put(words.count(row.left.count), half - length - 42, 40, baseline, VALUE_SIZE, { align: 'end' });
    }
    let used = 0;
    for (const item of row.right) {
      const length = Math.max(0.5, along(model.axis, item.bar) * room);
      writer.box(half + middle + used, length, rowTop - 2, rowHeight - 4, hex(item.colour));
      used += length;
    }
    if (row.right.length > 0) writer.put(row.right.map((item) => words.count(item.count)).join(' + '), half + middle + used + 2, 60, baseline, VALUE_SIZE);
  });
  writer.y = bottom - 16;
};

/** Named numbers as tiles: the number large, its name under it. */
const drawTiles = (writer: Writer, items: readonly Figure[], words: ReportWords): void => {
  const columns = Math.min(4, Math.max(1, items.length));
  const width = LINE_WIDTH / columns;
  for (let start = 0; start < items.length; start += columns) {
    const row = items.slice(start, start + columns);
    const labels = row.map((item) => writer.fitted(item.label, LABEL_SIZE, width - 14, 2));
    const height = 30 + Math.max(...labels.map((lines) => lines.length)) * LINE + 6;
    const top = writer.y;
    row.forEach((item, index) => {
      const from = index * width;
      writer.box(from + 2, width - 4, top, height - 4, SHADE);
      writer.put(words.count(item.value), from + 8, width - 16, top - 22, 16, { bold: true, color: ACCENT });
      labels[index]!.forEach((line, n) => writer.put(line, from + 8, width - 16, top - 34 - n * LINE, LABEL_SIZE, { color: MUTED }));
    });
    writer.y = top - height;
  }
};

/** The description of a chart for screen readers: every drawn label and its value. */
const altOf = (chart: ReportChart, words: ReportWords): string => {
  const model = chart.model;
  if (model === null) return chart.title;
  const parts = ((): string[] => {
    switch (model.kind) {
      case 'figures':
        return model.items.map((item) => `${item.label} ${words.count(item.value)}`);
      case 'bars':
      case 'tree':
        return model.items.map((item) => `${item.label} ${itemText(item, words)}`);
      case 'grouped':
        return model.groups.map((group) => `${group.label}: ${group.bars.map((bar) => `${model.series.find((entry) => entry.key === bar.series)?.label ?? ''} ${words.count(bar.count)}`).join(', ')}`);
      case 'pyramid':
        return model.rows.map((row) => `${row.label}: ${[...(row.left === null ? [] : [row.left]), ...row.right].map((item) => `${model.series.find((entry) => entry.key === item.series)?.label ?? ''} ${words.count(item.count)}`).join(', ')}`);
    }
  })();
  return `${chart.title}: ${parts.join('; ')}`;
};

/** About how tall a chart is drawn, to keep it whole on one page. */
const chartHeight = (chart: ReportChart): number => {
  const model = chart.model;
  const notes = (hiddenOf(chart) !== null ? 12 : 0) + (notDrawnOf(chart) > 0 ? 12 : 0);
  if (model === null) return 40;
  switch (model.kind) {
    case 'figures':
      return model.items.length === 1 ? 30 : 30 + Math.ceil(model.items.length / 4) * 56;
    case 'bars':
    case 'tree':
      return 40 + model.items.length * 15 + notes;
    case 'grouped':
      return 60 + model.groups.reduce((sum, group) => sum + Math.max(2 * LINE, group.bars.length * (GROUPED_BAR + 1)) + 6, 0) + notes;
    case 'pyramid':
      return 60 + model.rows.length * 15 + notes;
  }
};

const isEmpty = (model: ChartModel): boolean =>
  model.kind === 'grouped' ? model.groups.every((group) => group.bars.length === 0) : model.kind === 'pyramid' ? model.rows.length === 0 : model.items.length === 0;

/** A card that is one number: written as text on its page (its name and the figure), with no chart and no table. */
const isSingleNumber = (chart: ReportChart): boolean => chart.model !== null && chart.model.kind === 'figures' && chart.model.items.length === 1;

const drawCard = (writer: Writer, parent: StructureElement, card: ReportCard, words: ReportWords): void => {
  const { chart } = card;
  const model = chart.model;
  writer.need(chartHeight(chart) + 24);
  if (model !== null && model.kind === 'figures' && model.items.length === 1) {
    // A single number: its name and the figure on one line.
    const value = words.count(model.items[0]!.value);
    const element = writer.tree.element(parent, 'P', { actualText: `${chart.title}: ${value}` });
    writer.y -= 18;
    writer.tree.mark(writer.page, element, () => {
      writer.put(chart.title, 0, LINE_WIDTH - 90, writer.y, 11, { bold: true });
      writer.put(value, LINE_WIDTH - 90, 90, writer.y - 1, 16, { bold: true, color: ACCENT, align: 'end' });
    });
    writer.y -= 8;
    writer.tree.artifact(writer.page, () => writer.rule(0, LINE_WIDTH, writer.y));
    writer.y -= 10;
    return;
  }
  writer.text(parent, 'H3', chart.title, { size: 12, bold: true, gap: 6 });
  if (chart.withheld !== undefined) writer.text(parent, 'P', chart.withheld, { size: 9, color: MUTED });
  else if (model === null || isEmpty(model)) writer.text(parent, 'P', words.noBars, { size: 9, color: MUTED });
  else {
    const figure = writer.tree.element(parent, 'Figure', { alt: altOf(chart, words) });
    writer.tree.mark(writer.page, figure, () => {
      if (model.kind === 'figures') drawTiles(writer, model.items, words);
      else if (model.kind === 'bars' || model.kind === 'tree') drawBars(writer, model, words);
      else if (model.kind === 'grouped') drawGrouped(writer, model, words);
      else drawPyramid(writer, model, words);
    });
  }
  // Said once under the chart: how many values are hidden, and how many are only in the tables.
  const hidden = hiddenOf(chart);
  if (hidden !== null) writer.text(parent, 'P', words.hiddenValues(hidden.values, hidden.threshold), { size: 7.5, color: MUTED, gap: 2 });
  const notDrawn = notDrawnOf(chart);
  if (notDrawn > 0) writer.text(parent, 'P', words.notDrawn(notDrawn), { size: 7.5, color: MUTED, gap: 2 });
  writer.space(14);
};

// ——— Tables ———

const TABLE_SIZE = 8;
const PAD = 4;

/**
 * A table with ruled rows and columns: the names' column takes what the number columns leave,
 * numbers are aligned to the columns' end, the header row is shaded and repeated on a new page,
 * the total row is bold under a heavier rule. Each cell is its own TH or TD.
 */
const drawTable = (writer: Writer, parent: StructureElement, table: ReportTable, words: ReportWords): void => {
  const element = writer.tree.element(parent, 'Table');
  const rows = table.rows.slice(0, MAX_TABLE_ROWS);
  const texts = rows.map((row) => row.cells.map((cell) => cellText(cell, words)));
  const columns = table.header.length;
  // Room for the widest cell and the header on one line when the columns still leave the names room;
  // otherwise for the header's longest word (a header wraps between words, never inside one).
  const columnWidths = (wholeHeader: boolean) =>
    table.header.slice(1).map((head, index) => {
      const headRoom = wholeHeader ? writer.width(head, TABLE_SIZE, true) : Math.max(0, ...head.split(/\s+/).map((word) => writer.width(word, TABLE_SIZE, true)));
      const widest = Math.max(headRoom, ...texts.map((cells) => writer.width(cells[index + 1] ?? '', TABLE_SIZE)));
      return Math.min(110, Math.max(44, widest + 2 * PAD));
    });
  const whole = columnWidths(true);
  const numberWidths = whole.reduce((sum, width) => sum + width, 0) <= LINE_WIDTH - 180 ? whole : columnWidths(false);
  const numbers = numberWidths.reduce((sum, width) => sum + width, 0);
  const widths = [Math.max(110, LINE_WIDTH - numbers), ...numberWidths];
  const scale = Math.min(1, LINE_WIDTH / widths.reduce((sum, width) => sum + width, 0));
  const fitted = widths.map((width) => width * scale);
  const starts = fitted.map((_, index) => fitted.slice(0, index).reduce((sum, width) => sum + width, 0));
  const full = fitted.reduce((sum, width) => sum + width, 0);

  const drawRow = (cells: readonly string[], header: boolean, depth = 0, total = false): void => {
    const bold = header || total;
    const lines = cells.map((cell, index) => writer.wrap(cell === '' ? ' ' : cell, TABLE_SIZE, writer.fontSet(bold), fitted[index]! - 2 * PAD - (index === 0 ? depth * 9 : 0)));
    const height = Math.max(...lines.map((parts) => parts.length)) * TABLE_SIZE * 1.25 + 2 * PAD;
    if (!writer.fits(height)) {
      writer.newPage();
      if (!header) drawRow(table.header, true);
    }
    const top = writer.y;
    if (header) writer.tree.artifact(writer.page, () => writer.box(0, full, top, height, SHADE));
    const row = writer.tree.element(element, 'TR');
    cells.forEach((cell, index) => {
      const cellElement = writer.tree.element(row, header ? 'TH' : 'TD', { actualText: cell, ...(header ? { scope: 'Column' as const } : {}) });
      const indent = index === 0 ? depth * 9 : 0;
      writer.tree.mark(writer.page, cellElement, () =>
        lines[index]!.forEach((part, n) =>
          writer.put(part, starts[index]! + PAD + indent, fitted[index]! - 2 * PAD - indent, top - PAD - TABLE_SIZE - n * TABLE_SIZE * 1.25 + 1.5, TABLE_SIZE, {
            bold,
            color: depth > 0 ? MUTED : INK,
            align: index === 0 ? 'start' : 'end',
          }),
        ),
      );
    });
    writer.tree.artifact(writer.page, () => {
      writer.rule(0, full, top - height, total || header ? MUTED : RULE, total || header ? 0.9 : 0.4);
      if (header) writer.rule(0, full, top, MUTED, 0.9);
      for (let index = 1; index < columns; index += 1) {
        const x = writer.x(starts[index]!, 0);
        writer.page.drawLine({ start: { x, y: top }, end: { x, y: top - height }, thickness: 0.4, color: RULE });
      }
    });
    writer.y = top - height;
  };

  drawRow(table.header, true);
  rows.forEach((row, index) => drawRow(texts[index]!, false, row.depth, row.total === true));
  writer.space(4);
  if (table.rows.length > rows.length) writer.text(parent, 'P', words.moreRows(table.rows.length - rows.length), { size: 8, color: MUTED });
};

// ——— The document ———

const embedLogo = async (pdf: PDFDocument, logo: ReportDocument['logo']): Promise<PDFImage | undefined> => {
  if (logo === undefined) return undefined;
  try {
    return logo.type === 'png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    // A logo pdf-lib cannot read is left out rather than failing the report.
    return undefined;
  }
};

const tableText = (table: ReportTable | undefined | null, words: ReportWords): string[] =>
  table === undefined || table === null ? [] : [...table.header, ...table.rows.flatMap((row) => row.cells.map((cell) => cellText(cell, words)))];

const chartText = (chart: ReportChart, words: ReportWords): string[] => [chart.title, altOf(chart, words), chart.withheld ?? ''];

const pageText = (page: ReportTextPage, words: ReportWords): string[] => [page.title, ...page.blocks.flatMap((block) => [block.heading ?? '', ...block.sentences, ...tableText(block.table, words)])];

/** Every text the report writes, to know which scripts' fonts it needs. */
const allText = (doc: ReportDocument): string =>
  [
    doc.title,
    doc.organisation,
    ...doc.lines.flat(),
    ...pageText(doc.summary, doc.words),
    ...pageText(doc.method, doc.words),
    ...doc.sections.flatMap((section) => [section.pageName, ...section.facts, ...section.cards.flatMap((card) => [...chartText(card.chart, doc.words), ...tableText(card.table, doc.words)])]),
    ...Object.values(doc.words).filter((word): word is string => typeof word === 'string'),
    doc.words.pageOf(1, 1),
    doc.words.hiddenValues(2, 10),
    doc.words.notDrawn(2),
    doc.words.moreChildren(2),
    doc.words.moreRows(2),
  ].join('\n');

const drawTextPage = (writer: Writer, parent: StructureElement, page: ReportTextPage, words: ReportWords): void => {
  writer.newPage();
  writer.text(parent, 'H2', page.title, { size: 20, bold: true, color: ACCENT, gap: 12 });
  for (const block of page.blocks) {
    if (block.heading !== undefined) {
      writer.need(50);
      writer.text(parent, 'H3', block.heading, { size: 12, bold: true, gap: 6 });
    }
    for (const sentence of block.sentences) writer.text(parent, 'P', sentence, { size: 10, gap: 5 });
    if (block.table !== undefined) {
      writer.space(4);
      drawTable(writer, parent, block.table, words);
    }
    writer.space(12);
  }
};

/**
 * The fonts a report's text needs beyond Latin. Noto Sans has no "≤" (a part that reaches its
 * whole, domain/charts atMostText); Noto Sans SC draws it, so a report that writes one embeds it.
 */
export const reportScripts = (text: string): Script[] => [...new Set<Script>([...scriptsOf(text), ...(text.includes('≤') ? (['chinese'] as const) : [])])];

export const reportPdf = async (doc: ReportDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.organisation);
  pdf.setLanguage(doc.lang);
  pdf.setCreator('Commonweave');
  pdf.setCreationDate(doc.madeAt);
  pdf.setModificationDate(doc.madeAt);
  const fonts = await embedReportFonts(pdf, new Set<Script>(reportScripts(allText(doc))));
  const tree = new StructureTree(pdf);
  const documentElement = tree.root;
  const writer = new Writer(pdf, fonts, tree, doc.direction);
  const logo = await embedLogo(pdf, doc.logo);

  // The cover.
  if (logo !== undefined) {
    const scaled = logo.scaleToFit(160, 80);
    const figure = tree.element(documentElement, 'Figure', { alt: doc.organisation });
    const at = { x: writer.x(0, scaled.width), y: writer.y - scaled.height, width: scaled.width, height: scaled.height };
    tree.mark(writer.page, figure, () => writer.page.drawImage(logo, at));
    writer.space(scaled.height + 60);
  } else writer.space(120);
  writer.text(documentElement, 'P', doc.organisation, { size: 14, color: ACCENT, bold: true });
  writer.space(10);
  writer.text(documentElement, 'H1', doc.title, { size: 28, bold: true, gap: 8 });
  writer.space(8);
  tree.artifact(writer.page, () => writer.box(0, 60, writer.y, 3, ACCENT));
  writer.space(30);
  for (const [label, value] of doc.lines) {
    if (label !== '') writer.text(documentElement, 'P', label, { size: 9, color: MUTED, gap: 2 });
    writer.text(documentElement, 'P', value, { size: 11, gap: 3 });
    writer.space(7);
  }

  drawTextPage(writer, documentElement, doc.summary, doc.words);

  // One part per dashboard page: its key facts, then its cards, as many to a page as fit whole.
  for (const section of doc.sections) {
    writer.newPage();
    writer.text(documentElement, 'H2', section.pageName, { size: 20, bold: true, color: ACCENT, gap: 10 });
    if (section.facts.length > 0) {
      writer.text(documentElement, 'H3', doc.words.keyFacts, { size: 11, bold: true, gap: 4 });
      const list = tree.element(documentElement, 'L');
      for (const fact of section.facts) writer.text(tree.element(tree.element(list, 'LI'), 'LBody'), 'P', `• ${fact}`, { size: 9, indent: 8, gap: 3 });
      writer.space(10);
    }
    for (const card of section.cards) drawCard(writer, documentElement, card, doc.words);
  }

  // The figures as tables, for reading the exact values, screen readers and copying.
  writer.newPage();
  writer.text(documentElement, 'H2', doc.words.appendix, { size: 20, bold: true, color: ACCENT, gap: 8 });
  writer.text(documentElement, 'P', doc.words.appendixIntro, { size: 9, color: MUTED, gap: 10 });
  for (const section of doc.sections) {
    for (const card of section.cards) {
      // A single number is already text on its page: a table of it repeated its name twice.
      if (card.table === null || isSingleNumber(card.chart)) continue;
      writer.need(60);
      writer.text(documentElement, 'H3', `${section.pageName}: ${card.chart.title}`, { size: 11, bold: true, gap: 5 });
      drawTable(writer, documentElement, card.table, doc.words);
      writer.space(12);
    }
  }

  drawTextPage(writer, documentElement, doc.method, doc.words);

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = writer.laidOut(doc.words.pageOf(index + 1, pages.length));
    tree.artifact(page, () => drawLine(page, label, (A4[0] - label.width * 8) / 2, 25, 8, MUTED));
  });
  tree.finish();
  await writeReportFonts(pdf, fonts);
  return pdf.save();
};
