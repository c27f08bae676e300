import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { COMPARE_MAX, COMPARE_MIN, type CompareData, CompareMessages, selectionParameters } from '../../../domain/contracts/compare';
import type { ExportCompareBody } from '../../../domain/contracts/exports';
import { COMPARE_DEMOGRAPHICS, type CompareWords, demographicTable, factsTable, sideBySideTable, topsTable } from '../../../domain/exports/compare';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { DomainError, invalidData } from '../errors';
import { coverOf } from './cover';
import { labelLocaliser } from './labels';
import { type ExportCaller, type ExportFile, XLSX_TYPE } from './index';
import { writeWorkbook } from './workbook';
import { contentsWords, serverSentence, type Translate, translator } from './words';

/**
 * A comparison as a spreadsheet (POST /general/export-excel-compare) or its key facts
 * (POST /general/export-key-facts-compare). The figures are what GET /compare/data answers
 * this caller for these selections and filters, asked through the one door for released figures
 * (statistics/released.ts), so the file passes the same authentication, group scope, hourly allowance
 * and disclosure control as the page, and holds only figures the page shows. Its refusals
 * (404 for a group the caller may not see, 422 for a bad selection or filter) are the export's,
 * with the selection's field named as the body names it (`organizations`).
 */

export type CompareExportKind = 'excel' | 'key-facts';

const renamed = (errors: Readonly<Record<string, readonly string[]>> | undefined): Record<string, string[]> | undefined =>
  errors === undefined ? undefined : Object.fromEntries(Object.entries(errors).map(([key, value]) => [key.replace(/^selection/, 'organizations'), [...value]]));

const comparisonOf = async (caller: ExportCaller, body: ExportCompareBody): Promise<CompareData> => {
  try {
    return await caller.statistics.compare({ ...selectionParameters(body.organizations), ...(body.filter ?? {}) });
  } catch (error) {
    // The selection's field is named as the body names it.
    if (error instanceof DomainError && error.kind === 'invalid') throw new DomainError('invalid', error.message, renamed(error.fieldErrors));
    throw error;
  }
};

const compareWords = (t: Translate): CompareWords => ({
  respondents: t('compare_respondents'),
  index: t('compare_index'),
  pillar: (pillar) => t(`compare_pillar.${pillar}`),
  pillarIndex: (pillar) => t('export_compare_pillar_index', { pillar: t(`compare_pillar.${pillar}`) }),
  pillarGroups: (pillar) => t('export_compare_pillar_groups', { pillar: t(`compare_pillar.${pillar}`) }),
  longTermCondition: t('compare_count.longTermCondition'),
  lgbtiq: t('compare_count.lgbtiq'),
  shown: (what) => t(`export_compare_shown.${what}`),
  fact: (fact) => t(`compare_fact.${fact.key}`, { label: fact.label, value: fact.key === 'highest_index' ? fact.value.toFixed(3) : String(fact.value) }),
  noFacts: t('compare_no_facts'),
  keyFact: t('export_compare_fact'),
  rank: t('benchmark_rank'),
  selection: t('export_compare_selections'),
  status: t('export_compare_note'),
});

export const exportCompare = async (db: Kysely<Database>, caller: ExportCaller, body: ExportCompareBody, kind: CompareExportKind, now = new Date()): Promise<ExportFile> => {
  const count = body.organizations.length;
  if (count < COMPARE_MIN || count > COMPARE_MAX) throw invalidData({ organizations: [CompareMessages.count] });
  const { auth, locale } = caller;
  const said = serverSentence(locale);
  const t = translator(locale);
  const compared = (await labelLocaliser(db, locale, t))(await comparisonOf(caller, body));
  // A withheld selection's reason, in the reader's language like the rest of the file.
  const data: CompareData = { ...compared, selections: compared.selections.map((column) => (column.status === 204 ? { ...column, message: said(column.message) } : column)) };
  const words = compareWords(t);
  const filters = body.filter ?? {};
  const sideBySide = { title: t('compare_side_by_side'), table: sideBySideTable(data, words) };
  const facts = { title: t('compare_facts'), table: factsTable(data, words) };
  const sheets =
    kind === 'key-facts'
      ? [facts, sideBySide]
      : [
          sideBySide,
          facts,
          ...COMPARE_DEMOGRAPHICS.map((key) => ({ title: t(`compare_demographic.${key}`), table: demographicTable(data, key) })),
          { title: t('export_compare_tops'), table: topsTable(data, words) },
        ];
  const cover = await coverOf({
    db,
    auth,
    page: 'compare',
    // The figures are the selections', whatever the caller's own scope: the cover names them.
    shown: data.selections.map((column) => column.label).join('; '),
    filters,
    k: thresholdFor(filters),
    maxAdjustment: MAX_ADJUSTMENT,
    now,
    locale,
    t,
  });
  const stream = new PassThrough();
  const hidden = t('chart_hidden_short');
  writeWorkbook(stream, { cover, coverName: t('export_cover_page'), contents: contentsWords(t), sheets, hidden, note: t('export_cover_adjusted', { d: MAX_ADJUSTMENT }), creator: auth.organization.name, now }).catch(
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  const day = now.toISOString().slice(0, 10);
  return { fileName: `${kind === 'key-facts' ? 'compare-key-facts' : 'compare'}-${day}.xlsx`, contentType: XLSX_TYPE, body: stream };
};
