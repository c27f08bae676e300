import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CardTable, TableCell } from '../../../domain/exports/table';
import type { Cover } from './cover';

export interface SheetInput {
  readonly title: string;
  readonly table: CardTable;
}

/** The contents sheet's name and column headings, in the reader's language. */
export interface ContentsWords {
  readonly name: string;
  readonly sheet: string;
  readonly title: string;
}

export interface WorkbookInput {
  readonly cover: Cover;
  readonly coverName: string;
  /** A contents sheet after the cover maps each sheet's (short) name to its full title. */
  readonly contents: ContentsWords;
  readonly sheets: readonly SheetInput[];
  /** How a hidden cell is written ('hidden' in English). */
  readonly hidden: string;
  /** The closing line of every sheet: figures are adjusted by up to ±d. */
  readonly note: string;
  readonly creator: string;
  readonly now: Date;
}

export const COUNT_FORMAT = '#,##0';
/**
 * Shares are released as percents with one decimal (12.3) and stored as the fraction (0.123) under
 * a percentage format, so a spreadsheet program computes with them as shares and shows "12.3%".
 */
export const PERCENT_FORMAT = '0.0%';
/** The moment a file is made, in UTC (an Excel date has no zone of its own). */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm "UTC"';
export const SCORE_FORMAT = '0.000';

/** A percent as the fraction a percentage format expects, without float noise (12.3 → 0.123; census shares keep their two decimals). */
export const fractionOf = (percent: number): number => Math.round(percent * 100) / 10_000;

const INVALID_SHEET_CHARACTERS = /[\\/?*[\]:]/g;
const SHEET_NAME_MAX = 31;

/**
 * A title shortened to `room` characters where it must be: cut at the last word that fits, with an
 * ellipsis, so "People with a long-term condition by gender" reads "People with a long-term…"
 * rather than "People with a long-term conditi". A single over-long word is cut inside it.
 */
const shortened = (title: string, room: number): string => {
  const characters = [...title];
  if (characters.length <= room) return title;
  const head = characters.slice(0, room - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= room / 2 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:–-]+$/u, '')}…`;
};

/**
 * Excel's rules for sheet names: at most 31 characters, none of \ / ? * [ ] :, no quote at either
 * end, unique (ignoring case). Long titles are shortened at a word (the contents sheet and each
 * sheet's first row give the full title); a repeated name takes " (2)".
 */
export const sheetNames = (titles: readonly string[]): string[] => {
  const used = new Set<string>();
  return titles.map((title) => {
    const base = title.replace(INVALID_SHEET_CHARACTERS, ' ').replace(/\s+/g, ' ').replace(/^['\s]+|['\s]+$/g, '') || 'Sheet';
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? '' : ` (${n})`;
      const name = `${shortened(base, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
      if (!used.has(name.toLowerCase())) {
        used.add(name.toLowerCase());
        return name;
      }
    }
  });
};

const BOLD = { bold: true } as const;
const HIDDEN_FONT = { italic: true, color: { argb: 'FF666666' } } as const;

/**
 * A text cell's value. exceljs writes a JS string as a string cell (only `{ formula }` makes a
 * formula), so a group name such as "=HYPERLINK(...)" stays text when the file is opened.
 */
const cellValue = (cell: TableCell, hidden: string): string | number => {
  switch (cell.kind) {
    case 'text':
      return cell.value;
    case 'count':
    case 'decimal':
      return cell.value;
    case 'percent':
      return fractionOf(cell.value);
    case 'hidden':
      return hidden;
  }
};

const styleCell = (target: ExcelJS.Cell, cell: TableCell): void => {
  if (cell.kind === 'count') target.numFmt = COUNT_FORMAT;
  // A part that reaches its whole's count stays a number, shown "≤ 0.7%" so it never reads as the whole.
  else if (cell.kind === 'percent') target.numFmt = cell.atMost ? `"≤ "${PERCENT_FORMAT}` : PERCENT_FORMAT;
  else if (cell.kind === 'decimal') target.numFmt = cell.places === 0 ? '0' : `0.${'0'.repeat(cell.places)}`;
  else if (cell.kind === 'hidden') {
    target.font = HIDDEN_FONT;
    target.alignment = { horizontal: 'right' };
  }
};

/**
 * Writes the workbook to `stream` with exceljs's streaming writer: each row is committed as
 * soon as it is written and each sheet when it ends, so a card of thousands of rows never sits
 * in memory as a workbook. The cover comes first; each card sheet has its title, then the
 * frozen header row.
 */
export const writeWorkbook = async (stream: Writable, input: WorkbookInput): Promise<void> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = input.creator;
  workbook.created = input.now;
  const names = sheetNames([input.coverName, input.contents.name, ...input.sheets.map((sheet) => sheet.title)]);

  const cover = workbook.addWorksheet(names[0], { views: [{ state: 'frozen', ySplit: 1 }] });
  cover.columns = [{ width: 28 }, { width: 90 }];
  const heading = cover.addRow([input.cover.title]);
  heading.font = { bold: true, size: 14 };
  heading.commit();
  for (const [label, value] of input.cover.lines) {
    const row = cover.addRow([label, value]);
    row.getCell(1).font = BOLD;
    const cell = row.getCell(2);
    // Dates and numbers stay typed, left-aligned like the text lines around them.
    if (value instanceof Date) cell.numFmt = DATE_TIME_FORMAT;
    else if (typeof value === 'number') cell.numFmt = Number.isInteger(value) ? COUNT_FORMAT : SCORE_FORMAT;
    cell.alignment = { wrapText: true, vertical: 'top', horizontal: 'left' };
    row.commit();
  }
  cover.commit();

  const contents = workbook.addWorksheet(names[1], { views: [{ state: 'frozen', ySplit: 1 }] });
  contents.columns = [{ width: 34 }, { width: 90 }];
  const contentsHeader = contents.addRow([input.contents.sheet, input.contents.title]);
  contentsHeader.font = BOLD;
  contentsHeader.commit();
  input.sheets.forEach((sheet, index) => contents.addRow([names[index + 2], sheet.title]).commit());
  contents.commit();

  input.sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(names[index + 2], { views: [{ state: 'frozen', ySplit: 2 }] });
    worksheet.columns = sheet.table.header.map((_, column) => ({ width: column === 0 || (sheet.table.header.length === 5 && column === 1) ? 40 : 16 }));
    const title = worksheet.addRow([sheet.title]);
    title.font = { bold: true, size: 13 };
    title.commit();
    const header = worksheet.addRow([...sheet.table.header]);
    header.font = BOLD;
    header.commit();
    for (const cells of sheet.table.rows) {
      const row = worksheet.addRow(cells.map((cell) => cellValue(cell, input.hidden)));
      cells.forEach((cell, column) => styleCell(row.getCell(column + 1), cell));
      row.commit();
    }
    worksheet.addRow([]).commit();
    const note = worksheet.addRow([input.note]);
    note.font = { italic: true };
    note.commit();
    worksheet.commit();
  });
  await workbook.commit();
};
