import type { Kysely } from 'kysely';
import { EXPORT_CARDS, type ExportCard, exportMessages } from '../../../domain/contracts/exports';
import { REPORT_TITLE_MAX, type ReportDefinition, reportFileName, reportMessages } from '../../../domain/contracts/reports';
import { cardTable } from '../../../domain/exports/table';
import type { FieldErrors } from '../../../domain/contracts/fieldErrors';
import { sectionBars } from '../../../domain/reports/bars';
import { isKeyFactPage } from '../../../domain/keyfacts/facts';
import { MAX_ADJUSTMENT, thresholdFor } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { invalidData } from '../auth/errors';
import type { ExportCaller, ExportFile } from '../exports';
import { coverOf } from '../exports/cover';
import { releasedSection } from '../exports/sections';
import { tableWords, translator } from '../exports/words';
import { readLogo } from '../organization/logo';
import { readerLanguage, releasedKeyFacts } from '../statistics/keyFacts';
import { type ReportSection, reportPdf } from './pdf';

export const PDF_TYPE = 'application/pdf';

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
    const keys = choice.cards.map((key) => key.replace(/^\/+/, ''));
    for (const key of keys) if (!catalogue.some((card) => card.key === key)) errors[`pages.${index}.cards`] = [exportMessages.cardUnknown];
    // No card chosen: the whole page. Cards come in the page's own order.
    const cards = keys.length === 0 ? [...catalogue] : catalogue.filter((card) => keys.includes(card.key));
    return { page: choice.page, cards };
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return { title, pages };
};

/**
 * A report definition as a PDF: the title page (organisation, title, groups, filters in words,
 * date range, when it was made, k and ±d), per page its released key facts and each card's
 * chart, an appendix with every card's table as text, page numbers and the logo. Every figure
 * is read through the caller's ReleasedReader, so it is the one the dashboard shows them.
 */
export const exportReport = async (db: Kysely<Database>, caller: ExportCaller, definition: ReportDefinition, now = new Date()): Promise<ExportFile> => {
  const { title, pages } = checkDefinition(definition);
  const { auth, locale, read } = caller;
  const filters = definition.filter ?? {};
  const t = translator(locale);
  const words = tableWords(t);
  const hidden = t('chart_hidden_short');
  const language = readerLanguage(locale);

  const sections: ReportSection[] = [];
  for (const { page, cards } of pages) {
    const facts = isKeyFactPage(page) ? await releasedKeyFacts(db, read, page, filters, locale) : [];
    const drawn = [];
    for (const card of cards) {
      const cardTitle = t(card.title);
      const answer = await releasedSection(read, card, filters);
      drawn.push({
        title: cardTitle,
        bars: sectionBars(cardTitle, answer, words.headline),
        ...(answer.status === 204 ? { withheld: answer.message } : {}),
        table: cardTable(cardTitle, answer, words),
      });
    }
    sections.push({ pageName: t(page), facts, cards: drawn });
  }

  const cover = await coverOf({ db, auth, page: pages[0]!.page, filters, k: thresholdFor(filters), maxAdjustment: MAX_ADJUSTMENT, now, locale, t });
  const pageLabel = t('export_cover_page');
  const lines = cover.lines.map(([label, value]): [string, string] =>
    label === pageLabel ? [t('report_pages'), sections.map((section) => section.pageName).join(', ')] : [label, value],
  );
  const logo = await readLogo(db, auth.organization.id);
  const logoType = logo?.contentType === 'image/png' ? 'png' : logo?.contentType === 'image/jpeg' ? 'jpeg' : undefined;

  const bytes = await reportPdf({
    title,
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
      moreBars: (shown, total) => t('report_more_bars', { shown, total }),
      moreRows: (rows) => t('report_more_rows', { rows }),
      noBars: t('report_no_bars'),
    },
  });
  return { fileName: reportFileName(title, now.toISOString().slice(0, 10)), contentType: PDF_TYPE, body: Buffer.from(bytes) };
};
