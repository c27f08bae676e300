import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { ExtraDetails } from '../../../domain/contracts/extraSurvey';
import { Messages } from '../../../domain/contracts/envelope';
import type { ExportFilters } from '../../../domain/contracts/exports';
import { cardTable } from '../../../domain/exports/table';
import { toSearchParams } from '../../../domain/filters/encoding';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { coverOf } from '../exports/cover';
import { type ExportCaller, type ExportFile, XLSX_TYPE } from '../exports';
import { writeWorkbook } from '../exports/workbook';
import { contentsWords, tableWords, translator } from '../exports/words';

/**
 * POST /general/export-extra-survey: the extra survey's results as a spreadsheet, one sheet per
 * question version after the cover. The results are read from GET /extra-survey/details as the
 * caller (their token, group view, language and filters), so the file holds exactly what the
 * page releases: perturbed counts, and "hidden" where a cell is under k.
 */
export const exportExtraSurvey = async (db: Kysely<Database>, caller: ExportCaller, filters: ExportFilters, now = new Date()): Promise<ExportFile> => {
  const { auth, locale, read } = caller;
  const query = toSearchParams(filters);
  const response = await read(`/api/extra-survey/details${query === '' ? '' : `?${query}`}`);
  let body: { status?: number; data?: unknown; message?: string; errors?: Record<string, string[]> };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    throw new ApiError(502, Messages.unknownError);
  }
  if (response.statusCode !== 200) throw new ApiError(response.statusCode, body.message ?? Messages.unknownError, body.errors);
  const t = translator(locale);
  const words = tableWords(t);
  const hidden = t('chart_hidden_short');
  const note = t('export_cover_adjusted', { d: MAX_ADJUSTMENT });
  const decoded = body.status === 200 ? ExtraDetails.decode(body.data) : undefined;
  if (decoded === undefined || decoded._tag === 'Left') throw new ApiError(502, Messages.unknownError);
  const sheets = decoded.right.results.map((result) => {
    const title = `v${result.version} ${result.text}`;
    return { title, table: cardTable(title, result.result, words) };
  });
  const cover = await coverOf({ db, auth, page: 'extra-survey', filters, k: thresholdFor(filters), maxAdjustment: MAX_ADJUSTMENT, now, locale, t });
  const stream = new PassThrough();
  writeWorkbook(stream, { cover, coverName: t('export_cover_page'), contents: contentsWords(t), sheets, hidden, note, creator: auth.organization.name, now }).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { fileName: `extra-survey-${now.toISOString().slice(0, 10)}.xlsx`, contentType: XLSX_TYPE, body: stream };
};
