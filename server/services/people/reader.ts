import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { PEOPLE_FILE_MAX_BYTES, type PeopleFileFormat, PeopleMessages } from '../../../domain/contracts/people';
import { DomainError, invalid } from '../errors';

/**
 * Reading a people file as a stream of rows, so that a file of 20,000 people never sits whole in
 * memory: the bytes are counted as they come (past PEOPLE_FILE_MAX_BYTES the read stops with
 * 413), CSV goes through csv-parse and XLSX through exceljs's streaming reader (first worksheet).
 */

/** One row of cells as text, with its row number in the file (the first line is 1). */
export interface FileRow {
  readonly row: number;
  readonly cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The upload passed PEOPLE_FILE_MAX_BYTES: the route answers it with 413. */
export class PeopleFileTooLarge extends Error {
  override name = 'PeopleFileTooLarge';
  constructor() {
    super(PeopleMessages.fileTooLarge);
  }
}
export const unreadable = (): DomainError => invalid(PeopleMessages.fileUnreadable);

/**
 * A cell as PostgreSQL can keep it in jsonb: no NUL, no lone surrogate (either would make the
 * insert fail), and at most a few thousand characters (no cell of a staff list is longer).
 */
const CELL_MAX = 2000;
export const storableText = (text: string): string => text.replace(/\u0000/g, '').toWellFormed().slice(0, CELL_MAX);

/** The bytes of an upload, stopped with 413 once past the limit. */
async function* counted(source: AsyncIterable<Buffer | Uint8Array | string>, limit: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buffer.length;
    if (total > limit) throw new PeopleFileTooLarge();
    yield buffer;
  }
}

/** The delimiter of a CSV header line: the most frequent of , ; and tab outside quotes. */
export const delimiterOf = (head: string): string => {
  const firstLine = head.replace(/^\uFEFF/, '');
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
};

async function* csvRows(bytes: AsyncIterable<Buffer>, head: Buffer): AsyncGenerator<FileRow> {
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(head.subarray(0, 64 * 1024).toString('utf8')),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
    info: true,
  });
  const source = Readable.from(bytes);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: info.lines, cells: record.map(storableText) };
    }
  } catch (error) {
    if (error instanceof PeopleFileTooLarge || error instanceof DomainError) throw error;
    throw unreadable();
  } finally {
    source.destroy();
  }
}

/** A cell of exceljs as the text a spreadsheet shows. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if (object.text !== undefined) return cellText(object.text);
    if (object.result !== undefined) return cellText(object.result);
  }
  return '';
};

async function* xlsxRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<FileRow> {
  const source = Readable.from(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        // exceljs counts columns from 1: values[0] is always empty.
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, index) => storableText(cellText(values[index + 1]).trim()));
        yield { row: row.number, cells };
      }
      // Only the first worksheet is the list.
      break;
    }
  } catch (error) {
    if (error instanceof PeopleFileTooLarge || error instanceof DomainError) throw error;
    throw unreadable();
  } finally {
    source.destroy();
  }
}

/** The rows of an uploaded file, read as they arrive, and the format its first bytes tell. */
export const readPeopleFile = async (
  source: AsyncIterable<Buffer | Uint8Array | string>,
  limit = PEOPLE_FILE_MAX_BYTES,
): Promise<{ format: PeopleFileFormat; rows: AsyncGenerator<FileRow> }> => {
  const bytes = counted(source, limit);
  // The first chunk tells the format; it is handed on with the rest.
  const first = await bytes.next();
  const head = first.done === true ? Buffer.alloc(0) : first.value;
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    yield* bytes;
  }
  const isZip = head.length >= ZIP_MAGIC.length && head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
  return isZip ? { format: 'xlsx', rows: xlsxRows(all()) } : { format: 'csv', rows: csvRows(all(), head) };
};
