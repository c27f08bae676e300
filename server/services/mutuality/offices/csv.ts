import { parse } from 'csv-parse/sync';
import { CensusUploadMessages } from '../../../../domain/contracts/mutuality';

/**
 * What the office readers share: a file's bytes as rows of cells (csv-parse), counts as the
 * offices print them, and the leaves of a hierarchy of category names. A file that cannot be
 * read throws a CensusFileError, whose message is a sentence for the person who gave the file.
 */

export class CensusFileError extends Error {}

/** One file given to a reader: its name as given (the ABS and Nomis names say the table) and its rows. */
export interface OfficeFile {
  readonly name: string;
  readonly rows: readonly (readonly string[])[];
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
// Statistics Canada's profile files are Windows-1252 (accented names in French and in place names).
const WINDOWS_1252 = new TextDecoder('windows-1252');

/** UTF-8 when the bytes are UTF-8 (a byte-order mark dropped), else Windows-1252. */
export const decodeOfficeFile = (bytes: Uint8Array): string => {
  try {
    return UTF8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return WINDOWS_1252.decode(bytes);
  }
};

/** A table file as rows of trimmed text cells; anything that is not a CSV is refused with the file's name. */
export const parseOfficeFile = (name: string, bytes: Uint8Array): OfficeFile => {
  if (bytes.length === 0) throw new CensusFileError(CensusUploadMessages.emptyFile(name));
  const text = decodeOfficeFile(bytes);
  // A spreadsheet, a zip or a PDF sent in place of the CSV: control bytes no CSV has.
  if (/[\u0000-\u0008\u000E-\u001F]/.test(text.slice(0, 4096))) throw new CensusFileError(CensusUploadMessages.notCsv(name));
  let rows: string[][];
  try {
    // Right-trimmed only: Statistics Canada shows a category's depth by its leading spaces.
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true, rtrim: true }) as string[][];
  } catch {
    throw new CensusFileError(CensusUploadMessages.notCsv(name));
  }
  if (rows.length < 2) throw new CensusFileError(CensusUploadMessages.noRows(name));
  return { name, rows };
};

/**
 * A count as the offices print it ("1,234", "1234", "1234.0"), or null for what is not one:
 * Stats NZ's "..C", Statistics Canada's "x" and "..", an empty cell. Never read as 0.
 */
export const countOf = (cell: string | undefined): number | null => {
  const text = (cell ?? '').trim().replace(/,/g, '');
  if (!/^\d+(?:\.0+)?$/.test(text)) return null;
  return Number(text);
};

/**
 * The leaves of a hierarchy given as paths (["Europe", "United Kingdom"]): a path that another
 * path extends is a parent (a subtotal) and is left out, so no person is counted twice.
 */
export const leafIndexes = (paths: readonly (readonly string[])[]): number[] => {
  const joined = paths.map((path) => path.join('\u0000'));
  const parents = new Set<string>();
  for (const path of paths) for (let depth = 1; depth < path.length; depth += 1) parents.add(path.slice(0, depth).join('\u0000'));
  return joined.flatMap((each, index) => (parents.has(each) ? [] : [index]));
};

/** The name readers give every "not stated" kind of row, which the mapping keeps apart. */
export const NOT_STATED_NAME = 'Not stated';
