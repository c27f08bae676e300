import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { type ComparedMutualityPillar, type ExportMutualityBody, type MutualityData, MutualityMessages, mutualityFileName } from '../../../domain/contracts/mutuality';
import type { CardTable, TableCell } from '../../../domain/exports/table';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { notFound } from '../errors';
import { MUTUALITY_PILLARS } from '../../../domain/mutuality/census';
import { comparePillar, overallScoreName } from '../../../domain/mutuality/score';
import { countryOf } from '../mutuality';
import { censusNamesFor } from '../mutuality/names';
import type { CoverValue } from './cover';
import type { ExportCaller, ExportFile } from './index';
import { XLSX_TYPE } from './index';
import { writeWorkbook } from './workbook';
import { contentsWords, serverSentence, translator } from './words';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: string): TableCell => ({ kind: 'text', value });
const percent = (value: number): TableCell => ({ kind: 'percent', value });
const decimal = (value: number, places: number): TableCell => ({ kind: 'decimal', value, places });

/**
 * POST /general/export-excel-mutuality (organization_id, country_id): Compare → External as a
 * spreadsheet. The figures are what GET /mutuality/data releases to the caller (statistics/released.ts), so
 * the file holds exactly what the page releases to them: a cover with the scores and every
 * source, then a sheet per pillar. Another organisation's id answers as an unknown one.
 */
export const exportMutuality = async (db: Kysely<Database>, caller: ExportCaller, body: ExportMutualityBody, now = new Date()): Promise<ExportFile> => {
  const { auth, locale, statistics } = caller;
  const organizationId = body.organization_id.trim();
  if (!UUID.test(organizationId) || organizationId.toLowerCase() !== auth.organization.id.toLowerCase()) throw notFound(MutualityMessages.organizationNotFound);
  const { country, dataset: census } = await countryOf(db, body.country_id, auth.organization.id);
  // The census side drawn here (a withheld pillar's categories) is named as mutuality/data names it.
  const names = await censusNamesFor(db, locale);
  const release = await statistics.mutuality({ country_id: String(country.id) });
  let data: MutualityData;
  // A withheld figure's reason, in the reader's language like the rest of the file.
  const said = serverSentence(locale);
  if (release.status === 204) {
    // The organisation's figures are withheld as a whole: the census side alone, every figure of the organisation hidden.
    const message = said(release.message);
    data = {
      country: { id: country.id, code: country.code, name: names.country(country.code, country.name) },
      label: auth.organization.name,
      respondents: 0,
      pillars: census.pillars.map(({ pillar, source }) => ({ pillar: pillar.pillar, status: 204 as const, source, message })),
      overall: null,
      missing: [...census.missing],
    };
  } else {
    data = { ...release.data, pillars: release.data.pillars.map((pillar) => (pillar.status === 200 ? pillar : { ...pillar, message: said(pillar.message) })) };
  }

  const t = translator(locale);
  const k = thresholdFor({});
  const hidden = t('chart_hidden_short');
  const note = t('export_cover_adjusted', { d: MAX_ADJUSTMENT });
  const pillarName = (pillar: ComparedMutualityPillar) => t(`compare_pillar.${pillar.pillar}`);
  // Scores, ratios and counts are written as numbers; only a missing one is a word.
  const score = (value: number | null): CoverValue => (value === null ? t('mutuality_no_score') : value);
  const dataset = data.pillars[0]?.source.name ?? data.country.name;
  const kindOf = (pillar: ComparedMutualityPillar) => (pillar.source.kind === 'estimate' ? t('mutuality_kind_estimate') : t('mutuality_kind_census'));
  const overallName = overallScoreName(data.pillars, MUTUALITY_PILLARS, {
    overall: t('mutuality_overall'),
    only: (pillars) => t('mutuality_score_only', { pillars }),
    estimate: t('mutuality_kind_estimate'),
    pillar: (pillar) => t(`compare_pillar.${pillar}` as 'compare_pillar.language'),
    separator: ', ',
  });

  const lines: [string, CoverValue][] = [
    [t('export_cover_organisation'), auth.organization.name],
    [t('export_cover_scope'), data.label],
    [t('mutuality_country'), data.country.name],
    [t('mutuality_respondents'), release.status === 204 ? `${hidden} (${said(release.message)})` : data.respondents],
    [overallName, score(data.overall)],
    ...data.pillars.map((pillar): [string, CoverValue] => [`${t('mutuality_score')}: ${pillarName(pillar)}`, pillar.status === 200 ? score(pillar.score) : pillar.message]),
    [t('mutuality_cover_method'), t('mutuality_cover_method_text')],
    ...data.pillars.flatMap((pillar): [string, CoverValue][] => {
      const source = pillar.source;
      return [
        [`${t('mutuality_source')}: ${pillarName(pillar)}`, `${kindOf(pillar)}. ${source.name} (${source.publisher}); ${source.measure}`],
        [t('mutuality_table'), source.table],
        [t('mutuality_read_from'), `${source.readFrom} ${source.urls.join(' ')}`],
        [t('mutuality_licence'), `${source.licence.name} ${source.licence.url}`],
        ...(source.note === null ? [] : [['', source.note] as [string, CoverValue]]),
      ];
    }),
    ...data.missing.map((gap): [string, CoverValue] => [
      t('mutuality_missing_title'),
      t(gap.reason === 'not-collected' ? 'mutuality_missing_not_collected' : 'mutuality_missing_not_found', { pillar: t(`compare_pillar.${gap.pillar}`), census: gap.census }),
    ]),
    [t('export_cover_made'), now],
    [t('export_cover_k'), k],
    [t('export_cover_hidden'), t('export_cover_hidden_text', { k, hidden })],
    ['', note],
  ];

  /** A withheld pillar: the census categories over their classification, the organisation's side hidden. */
  const censusOnly = (name: string) => {
    const entry = census.pillars.find((item) => item.pillar.pillar === name);
    return entry === undefined ? [] : comparePillar(entry.pillar, []).values.map((value) => names.value(entry.pillar.pillar, value));
  };
  const header = [t('mutuality_col_value'), t('mutuality_col_share'), t('mutuality_col_census'), t('mutuality_col_published'), t('mutuality_col_gap'), t('mutuality_col_ratio'), t('mutuality_col_note')];
  /** Largest census share first, "other" last: the order the page's table reads in. */
  const bySize = <V extends { key: string; census: number }>(values: readonly V[]): V[] =>
    [...values].sort((a, b) => Number(a.key === 'other') - Number(b.key === 'other') || b.census - a.census);
  const sheets = data.pillars.map((pillar) => {
    const rows: TableCell[][] =
      pillar.status === 200
        ? bySize(pillar.values).map((value) => [
            text(value.key === 'other' ? t('mutuality_other') : value.label),
            value.listed ? percent(value.share) : text(t('compare_not_listed')),
            percent(value.census),
            value.published === null ? text('') : percent(value.published),
            // Points, not a share: a number with one decimal.
            value.listed ? decimal(value.gap, 1) : text(t('compare_not_listed')),
            value.ratio === null ? text('') : decimal(value.ratio, 2),
            text(value.computed === null ? '' : t('mutuality_computed', { how: value.computed })),
          ])
        : bySize(censusOnly(pillar.pillar)).map((value) => [
            text(value.key === 'other' ? t('mutuality_other') : value.label),
            { kind: 'hidden', threshold: k },
            percent(value.census),
            value.published === null ? text('') : percent(value.published),
            { kind: 'hidden', threshold: k },
            { kind: 'hidden', threshold: k },
            text(pillar.message),
          ]);
    const source = pillar.source;
    rows.push(
      [text(t('mutuality_score')), pillar.status !== 200 ? text(hidden) : pillar.score === null ? text(t('mutuality_no_score')) : decimal(pillar.score, 3)],
      [text(t('mutuality_source')), text(`${kindOf(pillar)}. ${source.name} (${source.publisher})`)],
      [text(t('mutuality_table')), text(source.table)],
      [text(t('mutuality_year')), source.year === null ? text('') : decimal(source.year, 0)],
      [text(t('mutuality_read_from')), text(source.readFrom)],
      [text(t('mutuality_licence')), text(source.licence.name)],
      [text(t('mutuality_measure')), text(source.measure)],
    );
    const table: CardTable = { header, rows };
    return { title: pillarName(pillar), table };
  });

  const stream = new PassThrough();
  writeWorkbook(stream, {
    cover: { title: t('mutuality_cover_title', { dataset }), lines },
    coverName: t('export_cover_page'),
    contents: contentsWords(t),
    sheets,
    hidden,
    note,
    creator: auth.organization.name,
    now,
  }).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { fileName: mutualityFileName(data.country.code, now.toISOString().slice(0, 10)), contentType: XLSX_TYPE, body: stream };
};
