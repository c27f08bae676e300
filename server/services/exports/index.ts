import { PassThrough, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { EXPORT_CARDS, type ExportCard, type ExportExcelBody, exportFileName, exportMessages } from '../../../domain/contracts/exports';
import { cardTable, type Respondents, type SectionAnswer, tableCsv } from '../../../domain/exports/table';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import type { CallerStatistics } from '../statistics/released';
import { invalidData } from '../errors';
import { coverOf } from './cover';
import { labelLocaliser } from './labels';
import { releasedSection } from './sections';
import { writeWorkbook } from './workbook';
import { contentsWords, serverSentence, tableWords, translator } from './words';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export interface ExportFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly body: Readable | string | Buffer;
}

/** Who asks for the export: their session, their language, and their view of the released figures. */
export interface ExportCaller {
  readonly auth: AuthContext;
  readonly locale: string | undefined;
  readonly statistics: CallerStatistics;
}

const chosenCard = (cards: readonly ExportCard[], key: string | undefined): ExportCard => {
  if (key === undefined || key === '') throw invalidData({ card: [exportMessages.cardRequired] });
  const card = cards.find((candidate) => candidate.key === key.replace(/^\/+/, ''));
  if (card === undefined) throw invalidData({ card: [exportMessages.cardUnknown] });
  return card;
};

/**
 * One dashboard page (xlsx, a sheet per card after the cover) or one card (csv), made from
 * what the page's statistics endpoints release to this caller with these filters. Every
 * section is fetched before the file starts, so a refusal (bad filter, expired session, too
 * many requests) is answered as such rather than as a broken file.
 */
export const exportDashboard = async (db: Kysely<Database>, caller: ExportCaller, body: ExportExcelBody, now = new Date()): Promise<ExportFile> => {
  const { auth, locale, statistics } = caller;
  const filters = body.filter ?? {};
  const format = body.format ?? 'xlsx';
  const t = translator(locale);
  const words = tableWords(t);
  const day = now.toISOString().slice(0, 10);
  const cards = EXPORT_CARDS[body.page];
  const note = t('export_cover_adjusted', { d: MAX_ADJUSTMENT });
  const hidden = t('chart_hidden_short');
  // The statistics are labelled in English; items named in the caller's language take that name.
  const localise = await labelLocaliser(db, locale, t);
  // A withheld card's reason, in the reader's language like the rest of the file.
  const said = serverSentence(locale);
  /**
   * The selection's released respondents, written once in the file: a card prints no total of
   * its own (domain/exports/table.ts), so every card over these people reads against one figure,
   * the one the dashboard's "People who answered" shows. None when the selection is withheld.
   */
  const respondents = async (): Promise<Respondents | undefined> => {
    const answer = await releasedSection(statistics, { key: 'overview/total-registered' }, filters);
    const data = answer.status === 200 ? (answer.data as { count?: unknown }) : null;
    return data !== null && typeof data.count === 'number' ? { label: t('stat.overview.total_registered'), count: data.count } : undefined;
  };
  const section = async (card: ExportCard): Promise<SectionAnswer> => {
    const answer = await releasedSection(statistics, card, filters);
    if (answer.status === 200) return { ...answer, data: localise(answer.data) };
    return answer.status === 204 ? { status: 204, message: said(answer.message) } : answer;
  };

  if (format === 'csv') {
    const card = chosenCard(cards, body.card);
    const answer = await section(card);
    return {
      fileName: exportFileName(body.page, 'csv', day, card.key),
      contentType: CSV_TYPE,
      // A byte order mark, so spreadsheet programs read the file as UTF-8.
      body: `\uFEFF${tableCsv(cardTable(t(card.title), answer, words), hidden, note, await respondents())}`,
    };
  }

  const chosen = body.cards === undefined || body.cards.length === 0 ? cards : body.cards.map((key) => chosenCard(cards, key));
  const sheets = [];
  // One after the other: the machine is small and the dashboard asks for these anyway.
  for (const card of cards.filter((candidate) => chosen.includes(candidate))) {
    const title = t(card.title);
    sheets.push({ title, table: cardTable(title, await section(card), words) });
  }
  const people = await respondents();
  const extra = people === undefined ? [] : [[people.label, people.count] as const];
  const cover = await coverOf({ db, auth, page: body.page, extra, filters, k: thresholdFor(filters), maxAdjustment: MAX_ADJUSTMENT, now, locale, t });
  const stream = new PassThrough();
  writeWorkbook(stream, { cover, coverName: t('export_cover_page'), contents: contentsWords(t), sheets, hidden, note, creator: auth.organization.name, now }).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { fileName: exportFileName(body.page, 'xlsx', day), contentType: XLSX_TYPE, body: stream };
};
