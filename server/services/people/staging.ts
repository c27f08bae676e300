import type { Kysely } from 'kysely';
import {
  type ImportPreview,
  PEOPLE_FILE_MAX_BYTES,
  PEOPLE_FILE_MAX_COLUMNS,
  PEOPLE_FILE_MAX_ROWS,
  PEOPLE_PREVIEW_ROWS,
  PeopleMessages,
} from '../../../domain/contracts/people';
import { suggestMapping } from '../../../domain/people/mapping';
import { type Database, toJson } from '../../db/database';
import { invalid } from '../errors';
import { type Caller, IMPORT_LIFETIME_HOURS, importReach } from './access';
import { readPeopleFile, storableText } from './reader';

/** Rows written to the staging table per statement. */
const STAGE_BATCH = 1000;

export interface Upload {
  readonly auth: Caller;
  /** The name the browser gave the file (shown back; never used as a path). */
  readonly fileName: string;
  /** The file's bytes as they arrive. */
  readonly content: AsyncIterable<Buffer | Uint8Array | string>;
  readonly maxBytes?: number;
}

const isBlank = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/** Each row as long as the header: a short row is padded, cells past the header dropped. */
const fitted = (cells: readonly string[], width: number): string[] => Array.from({ length: width }, (_, index) => cells[index] ?? '');

/**
 * Step 1: reads the upload as a stream into the staging table, a batch at a time, and answers
 * what it holds. A refused or broken upload leaves nothing behind. Uploads past their day are
 * cleared on the way.
 */
export const stageImport = async (db: Kysely<Database>, upload: Upload): Promise<ImportPreview> => {
  await importReach(db, upload.auth);
  await db.deleteFrom('people_imports').where('created_at', '<', new Date(Date.now() - IMPORT_LIFETIME_HOURS * 3600_000)).execute();
  const fileName = storableText(upload.fileName).slice(0, 255);
  const { id } = await db
    .insertInto('people_imports')
    .values({ organization_id: upload.auth.organization.id, user_id: upload.auth.user.id, file_name: fileName, format: 'csv', columns: toJson([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const { format, rows } = await readPeopleFile(upload.content, upload.maxBytes ?? PEOPLE_FILE_MAX_BYTES);
    let columns: string[] | undefined;
    const sample: string[][] = [];
    let batch: { import_id: string; row_number: number; cells: string }[] = [];
    let count = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      await db.insertInto('people_import_rows').values(batch).execute();
      batch = [];
    };
    for await (const { row, cells } of rows) {
      if (isBlank(cells)) continue;
      if (columns === undefined) {
        if (cells.length > PEOPLE_FILE_MAX_COLUMNS) throw invalid(PeopleMessages.tooManyColumns);
        // Trailing unnamed columns are spreadsheet leftovers.
        const trimmed = cells.map((cell) => cell.trim());
        while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
        columns = trimmed;
        continue;
      }
      count += 1;
      if (count > PEOPLE_FILE_MAX_ROWS) throw invalid(PeopleMessages.tooManyRows);
      const values = fitted(cells, columns.length);
      if (sample.length < PEOPLE_PREVIEW_ROWS) sample.push(values);
      batch.push({ import_id: id, row_number: row, cells: toJson(values) });
      if (batch.length >= STAGE_BATCH) await flush();
    }
    await flush();
    if (columns === undefined || count === 0) throw invalid(PeopleMessages.fileEmpty);
    await db.updateTable('people_imports').set({ format, columns: toJson(columns), row_count: count, complete: true }).where('id', '=', id).execute();
    return { token: id, file_name: fileName, format, columns, sample, row_count: count, suggested: suggestMapping(columns) };
  } catch (error) {
    await db.deleteFrom('people_imports').where('id', '=', id).execute();
    throw error;
  }
};
