import type { Kysely } from 'kysely';
import { EXPORT_CARDS, type ExportCard, currentCardKey, exportMessages } from '../../../domain/contracts/exports';
import { REPORT_TITLE_MAX, type ReportDefinition, reportFileName, reportMessages } from '../../../domain/contracts/reports';
import type { FieldErrors } from '../../../domain/contracts/fieldErrors';
import { numberFormats } from '../../../domain/i18n/numbers';
import { isPyramidCard, reportChart } from '../../../domain/reports/charts';
import { reportTable } from '../../../domain/reports/tables';
import { isKeyFactPage } from '../../../domain/keyfacts/facts';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { invalidData } from '../errors';
import type { ExportCaller, ExportFile } from '../exports';
import { type CoverValue, coverOf } from '../exports/cover';
import { releasedSection } from '../exports/sections';
import { tableWords, translator } from '../exports/words';
import { readLogo } from '../organization/logo';
import { departmentScopeOf } from '../organization/scope';
import { readerLanguage, releasedKeyFacts } from '../statistics/keyFacts';
import { type ReportSection, reportPdf } from './pdf';
import { methodPage, summaryPage } from './summary';

export const PDF_TYPE = 'application/pdf';

/** A cover value as the PDF writes it: a date to the minute in UTC, a number in the reader's digits. */
const coverText = (value: CoverValue, count: (value: number) => string): string =>
  value instanceof Date ? `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC` : typeof value === 'number' ? count(value) : value;

/** The definition's pages and cards, checked against the export catalogue (422 in the SPEC's words otherwise). */
export const checkDefinition = (definition: ReportDefinition): { title: string; pages: { page: keyof typeof EXPORT_CARDS; cards: ExportCard[] }[] } => {
  const errors: FieldErrors = {};
  const title = definition.title.trim();
  if (title === '') errors.title = [reportMessages.titleRequired];
  else if ([...title].length > REPORT_TITLE_MAX) errors.title = [reportMessages.titleTooLong];
  if (definition.pages.length === 0) errors.pages = [reportMessages.pagesRequired];
  const seen = new Set<string>();
  const pages = definition.pages.map((choice, index) => {
    if (seen.has(choice.page)) errors.pages = [reportMessages.pagesDuplicate];
    seen.add(choice.page);
    const catalogue = EXPORT_CARDS[choice.page];
    const keys = choice.cards.map((key) => currentCardKey(key.replace(/^\/+/, '')));
    for (const key of keys) if (!catalogue.some((card) => card.key === key)) errors[`pages.${index}.cards`] = [exportMessages.cardUnknown];
    // No card chosen: the whole page. Cards come in the page's own order.
    const cards = keys.length === 0 ? [...catalogue] : catalogue.filter((card) => keys.includes(card.key));
    return { page: choice.page, cards };
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return { title, pages };
};

/**
 * A report definition as a PDF board pack: the cover (organisation, title, groups, filters in
 * words, date range, when it was made, k and ±d), a one-page summary, per page its released key
 * facts and each card's own chart (domain/reports/charts.ts), the figures as ruled tables and a
 * closing page on method and privacy, page numbers and the logo. Every figure is read through
 * the one door for released figures (statistics/released.ts), so it is the one the dashboard shows them.
 */
export const exportReport = async (db: Kysely<Database>, caller: ExportCaller, definition: ReportDefinition, now = new Date()): Promise<ExportFile> => {
  const { title, pages } = checkDefinition(definition);
  const { auth, locale, statistics } = caller;
  const filters = definition.filter ?? {};
  const t = translator(locale);
  const words = tableWords(t);
  const hidden = t('chart_hidden_short');
  const language = readerLanguage(locale);
  const numbers = numberFormats(language.lang);
  const chartWords = { other: (count: number) => t('chart_other', { count }), headline: words.headline };

  const sections: ReportSection[] = [];
  for (const { page, cards } of pages) {
    const facts = isKeyFactPage(page) ? await releasedKeyFacts(db, statistics, page, filters, locale) : [];
    const drawn = [];
    for (const card of cards) {
      const cardTitle = t(card.title);
      // Each card is read from its own endpoint: a cross table keeps its own rows and columns.
      const answer = await releasedSection(statistics, card, filters);
      drawn.push({ chart: reportChart(card.key, cardTitle, answer, chartWords), table: reportTable(cardTitle, answer, words, isPyramidCard(card.key)) });
    }
    sections.push({ pageName: t(page), facts, cards: drawn });
  }

  const cover = await coverOf({ db, auth, page: pages[0]!.page, filters, k: thresholdFor(filters), maxAdjustment: MAX_ADJUSTMENT, now, locale, t });
  const pageLabel = t('export_cover_page');
  const lines = cover.lines.map(([label, value]): [string, string] =>
    label === pageLabel ? [t('report_pages'), sections.map((section) => section.pageName).join(', ')] : [label, coverText(value, numbers.count)],
  );
  const logo = await readLogo(db, auth.organization.id);
  const logoType = logo?.contentType === 'image/png' ? 'png' : logo?.contentType === 'image/jpeg' ? 'jpeg' : undefined;

  const k = thresholdFor(filters);
  // Participation sets respondents against the package's seats: only for the whole organisation, unfiltered.
  const unfiltered = Object.values(filters).every((value) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0));
  const wholeOrganization = unfiltered && auth.viewAsGroupId === null && (await departmentScopeOf(db, auth)).kind === 'organization';
  const summary = await summaryPage({ wholeOrganization, db, auth, statistics, filters, t, numbers });
  const bytes = await reportPdf({
    title,
    summary,
    method: methodPage(t, k, MAX_ADJUSTMENT, hidden),
    lang: language.lang,
    direction: language.dir,
    organisation: auth.organization.name,
    lines,
    sections,
    ...(logo !== undefined && logoType !== undefined ? { logo: { bytes: new Uint8Array(logo.content), type: logoType } } : {}),
    madeAt: now,
    words: {
      hidden,
      keyFacts: t('key_facts_title'),
      noFacts: t('key_facts_none'),
      appendix: t('report_appendix'),
      appendixIntro: t('report_appendix_intro', { hidden }),
      pageOf: (n, total) => t('report_page_of', { n, total }),
      moreRows: (rows) => t('report_more_rows', { rows }),
      noBars: t('report_no_bars'),
      hiddenValues: (count, threshold) => t('chart_values_hidden', { count, k: threshold }),
      notDrawn: (count) => t('report_not_drawn', { count }),
      moreChildren: (count) => t('report_more_children', { count }),
      count: numbers.count,
      percent: numbers.percent,
      decimal: (value, places) => value.toFixed(places),
    },
  });
  return { fileName: reportFileName(title, now.toISOString().slice(0, 10)), contentType: PDF_TYPE, body: Buffer.from(bytes) };
};
