import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ExportFilters } from '../../../domain/contracts/exports';
import { cardTable } from '../../../domain/exports/table';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { invalid } from '../errors';
import { coverOf } from '../exports/cover';
import { type ExportCaller, type ExportFile, XLSX_TYPE } from '../exports';
import { writeWorkbook } from '../exports/workbook';
import { contentsWords, tableWords, translator } from '../exports/words';

/**
 * POST /general/export-extra-survey: the extra survey's results as a spreadsheet, one sheet per
 * question version after the cover. The results are what GET /extra-survey/details releases to
 * the caller (their group view, language and filters, through statistics/released.ts), so the file holds exactly what the
 * page releases: perturbed counts, and "hidden" where a cell is under k.
 */
export const exportExtraSurvey = async (db: Kysely<Database>, caller: ExportCaller, filters: ExportFilters, now = new Date()): Promise<ExportFile> => {
  const { auth, locale, statistics } = caller;
  const release = await statistics.extraSurveyDetails(filters);
  const t = translator(locale);
  const words = tableWords(t);
  const hidden = t('chart_hidden_short');
  const note = t('export_cover_adjusted', { d: MAX_ADJUSTMENT });
  // Withheld as a whole (the hourly allowance spent): the file says so rather than holding nothing.
  if (release.status !== 200) throw invalid(release.message);
  const sheets = release.data.results.map((result) => {
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
