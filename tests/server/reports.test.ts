import type { FastifyInstance } from 'fastify';
import { PDFBool, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportMessages } from '../../domain/contracts/exports';
import { reportMessages } from '../../domain/contracts/reports';
import { type CrossTable, type Distribution, type StatCell, isSuppressed } from '../../domain/contracts/stats';
import { atMostText, cardWhole, reachesWhole } from '../../domain/charts';
import { reportChart } from '../../domain/reports/charts';
import { toSearchParams } from '../../domain/filters/encoding';
import { numberFormats } from '../../domain/i18n/numbers';
import { KEY_FACT_SECTIONS, type KeyFactPage, keyFactsOf } from '../../domain/keyfacts/facts';
import { keyFactSentence } from '../../domain/keyfacts/wording';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { createCapturingMailer } from '../../server/services/mail';
import { translator } from '../../server/services/exports/words';
import { storeLogo } from '../../server/services/organization/logo';
import { bearer, insertOrganization, insertUser, signIn } from './helpers/accounts';
import { type Tagged, flatten, fontNamesOf, glyphIdsShownOn, linesCopiedFrom, structureOf } from './helpers/taggedPdf';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * POST /general/export-report (issue 16): the PDF is opened with pdf-lib and its structure tree is
 * read back (the text of each element, and its marked content in the page); every figure in it
 * must be the one the dashboard's endpoint releases to the same caller, and a hidden cell reads "hidden".
 */

const config = testConfig();
let database: OpenDatabase;
let app: FastifyInstance;
let demo: DemoSignIn;
let admin: string;

// A 1×1 PNG, as the organisation's logo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  app = await buildApp(config, { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  demo = (await createDemoOrganization(database.db, { seed: 'reports', responses: 400, organizationName: 'Reports Ltd', argon2: config.argon2, singleTransaction: false, batchSize: 400 }))!;
  admin = await signIn(app, demo.adminEmail, DEMO_PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const report = (token: string, body: unknown) => app.inject({ method: 'POST', url: '/api/general/export-report', headers: bearer(token), payload: body as object });

/** A table row's cells as the old text appendix wrote them, "cell | cell | cell". */
const rowText = (row: Tagged): string => row.kids.map((cell) => cell.text ?? '').join(' | ');

/** The key facts the dashboard says for a page, from the sections it releases, in a language (domain/keyfacts). */
const dashboardFacts = async (page: KeyFactPage, query: string, locale: string): Promise<string[]> => {
  const sections: Record<string, unknown> = {};
  for (const path of KEY_FACT_SECTIONS[page]) {
    const body = await released(path, query, locale);
    sections[path] = body.status === 200 ? body.data : null;
  }
  return keyFactsOf(page, sections).map((fact) => keyFactSentence(fact, translator(locale), numberFormats(locale)));
};

const released = async (path: string, query = '', locale = 'en') => {
  const response = await app.inject({ method: 'GET', url: `/api/${path}${query}`, headers: { ...bearer(admin), 'x-locale': locale } });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: number; data?: unknown }>();
};

describe('POST /general/export-report', () => {
  it('makes a PDF whose every figure is the released one, with page numbers, the title page and the logo', async () => {
    await storeLogo(database.db, demo.organizationId, { content: PNG, contentType: 'image/png' });
    const response = await report(admin, {
      title: 'Board pack ő 多様性',
      pages: [
        { page: 'overview', cards: ['overview/country-birth'] },
        { page: 'languages', cards: ['language/list-gender'] },
      ],
      filter: { generation: ['Gen Y', 'Gen Z', 'Gen X'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="board-pack-o-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await PDFDocument.load(response.rawPayload);
    const pages = pdf.getPages();
    // Title page, one page per dashboard page, and the appendix at least.
    expect(pages.length).toBeGreaterThanOrEqual(4);
    // The fonts are embedded as subsets: the whole report is far smaller than one CJK font file.
    expect(response.rawPayload.length).toBeLessThan(400_000);

    // A tagged PDF in the caller's language, its title shown in the window.
    expect(pdf.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en');
    expect(pdf.getTitle()).toBe('Board pack ő 多様性');
    expect(pdf.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle'))).toBe(PDFBool.True);

    const tree = structureOf(pdf);
    expect(tree.role).toBe('Document');
    const elements = flatten(tree);
    const texts = pages.map((_, index) => elements.filter((element) => element.page === index && element.text !== undefined).map((element) => element.text!));

    const cover = texts[0]!.join('\n');
    // Every character is kept, the accent and the Japanese too.
    expect(elements.find((element) => element.role === 'H1')?.text).toBe('Board pack ő 多様性');
    expect(cover).toContain('Reports Ltd');
    expect(cover).toContain('Overview, Languages');
    expect(cover).toContain('Generation: Gen Y, Gen Z, Gen X');
    expect(cover).toContain('Figures are adjusted by up to ±3 to protect people.');
    expect(cover).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(elements.filter((element) => element.role === 'Figure' && element.page === 0).map((element) => element.alt)).toEqual(['Reports Ltd']);
    const xObjects = pages[0]!.node.Resources()?.lookup(PDFName.of('XObject'));
    expect(xObjects instanceof PDFDict && xObjects.keys().length).toBe(1);

    const query = `?${toSearchParams({ generation: ['Gen Y', 'Gen Z', 'Gen X'] })}`;
    const headings = elements.filter((element) => element.role === 'H2').map((element) => element.text);
    // The board pack: the summary, one part per dashboard page, the tables, the method page.
    expect(headings).toEqual(['Summary', 'Overview', 'Languages', 'Appendix: the figures as tables', 'Method and privacy']);
    const appendixStart = elements.findIndex((element) => element.text === 'Appendix: the figures as tables');
    const tables = elements.slice(appendixStart).filter((element) => element.role === 'Table');
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(table.kids.every((row) => row.role === 'TR')).toBe(true);
      expect(table.kids[0]!.kids.every((cell) => cell.role === 'TH')).toBe(true);
      expect(table.kids.slice(1).every((row) => row.kids.every((cell) => cell.role === 'TD'))).toBe(true);
    }
    const appendix = tables.flatMap((table) => table.kids.map(rowText));
    const figures = elements.filter((element) => element.role === 'Figure' && element.alt !== undefined).map((element) => element.alt!);

    // A distribution: each bar is in its chart's description with its released count and share, and each row is in the appendix.
    const countries = (await released('overview/country-birth', query)).data as Distribution;
    expect(countries.cells.length).toBeGreaterThan(0);
    expect(appendix).toContain('Name | People | Share');
    for (const cell of countries.cells) {
      if (isSuppressed(cell)) expect(appendix).toContain(`${cell.label} | hidden | hidden`);
      // A value that reaches the card's total reads "≤" its share, never as the whole.
      else expect(appendix).toContain(`${cell.label} | ${cell.count} | ${atMostText(`${cell.percent.toFixed(1)}%`, reachesWhole(cell, cardWhole(countries.total)))}`);
    }
    // The chart draws the shared chart definition's bars, largest first, each with its released count and share.
    const chart = reportChart('overview/country-birth', 'Country of birth', { status: 200, data: countries }, { other: (count) => `Other (${count} values)`, headline: (key) => key });
    expect(chart.model?.kind).toBe('bars');
    if (chart.model?.kind === 'bars') for (const item of chart.model.items) expect(figures.join('\n')).toContain(`${item.label} ${item.count} (${atMostText(`${item.percent.toFixed(1)}%`, item.atMost)})`);
    // No total of the card's own (each card's is its own, raised to hold its values): the summary says the respondents once.
    expect(tables[0]!.kids.map(rowText).filter((row) => row.startsWith('Total'))).toEqual([]);

    // A cross table with hidden cells: every one reads "hidden" in the appendix, none is a 0.
    const byGender = (await released('language/list-gender', query)).data as CrossTable;
    const hiddenCells = byGender.cells.flat().filter(isSuppressed).length + byGender.rowTotals.filter(isSuppressed).length + byGender.columnTotals.filter(isSuppressed).length;
    expect(hiddenCells).toBeGreaterThan(0);
    const crossRows = tables[1]!.kids.slice(1).map((row) => row.kids.map((cell) => cell.text ?? ''));
    expect(crossRows.flatMap((row) => row.slice(1)).filter((cell) => cell === 'hidden')).toHaveLength(hiddenCells);
    // Languages are many and genders few: the table is turned, one language a row, largest first.
    const countText = (cell: StatCell) => (isSuppressed(cell) ? 'hidden' : String(cell.count));
    byGender.columns.forEach((column, c) => {
      const expected = [column.label, ...byGender.rows.map((_, r) => countText(byGender.cells[r]![c]!)), countText(byGender.columnTotals[c]!)].join(' | ');
      expect(appendix).toContain(expected);
    });

    // The key facts the dashboard says for the page are on its page, as list items.
    const facts = await dashboardFacts('overview', query, 'en');
    expect(facts.length).toBeGreaterThan(0);
    const overviewPage = elements.find((element) => element.role === 'H2' && element.text === 'Overview')!.page!;
    for (const fact of facts) expect(texts[overviewPage]).toContain(`• ${fact}`);
  });

  it('writes the key facts in the report’s language, as the dashboard words them', async () => {
    const filter = { generation: ['Gen Y', 'Gen Z', 'Gen X'] };
    const response = await app.inject({
      method: 'POST',
      url: '/api/general/export-report',
      headers: { ...bearer(admin), 'x-locale': 'fr' },
      payload: { title: 'Bilan', pages: [{ page: 'overview', cards: ['overview/country-birth'] }], filter },
    });
    expect(response.statusCode).toBe(200);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('fr');
    const elements = flatten(structureOf(pdf));
    const listed = elements.filter((element) => element.role === 'LBody').flatMap((element) => element.kids.map((kid) => kid.text ?? ''));
    expect(elements.some((element) => element.role === 'H3' && element.text === 'Chiffres clés')).toBe(true);
    const facts = await dashboardFacts('overview', `?${toSearchParams(filter)}`, 'fr');
    expect(facts.length).toBeGreaterThan(0);
    expect(listed).toEqual(facts.map((fact) => `• ${fact}`));
    // French sentences, with French figures: "1 234 personnes ont répondu", "12,3 %".
    expect(listed[0]).toMatch(/^• [\d\u202f\u00a0]+ personnes ont répondu à l’enquête\.$/);
    for (const fact of listed.slice(1)) expect(fact).toMatch(/\d,\d\u202f?\u00a0?%/);
    expect(listed.join(' ')).not.toMatch(/people|answered|were born/);
  });

  it('prints an Arabic and a Chinese report in their own Noto faces, every character with a glyph, tagged in their language', async () => {
    for (const { locale, lang, title, face } of [
      { locale: 'ar', lang: 'ar', title: 'تقرير المجلس 2024', face: 'NotoSansArabic' },
      { locale: 'zh', lang: 'zh-Hans', title: '董事会报告 2024', face: 'NotoSansSC' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/general/export-report',
        headers: { ...bearer(admin), 'x-locale': locale },
        payload: { title, pages: [{ page: 'overview', cards: ['overview/country-birth'] }, { page: 'languages', cards: ['language/list-gender'] }] },
      });
      expect(response.statusCode).toBe(200);
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe(lang);
      expect(pdf.getTitle()).toBe(title);
      pdf.getPages().forEach((_, index) => {
        // A character no embedded face has would be drawn as glyph 0, a box.
        const glyphs = glyphIdsShownOn(pdf, index);
        expect(glyphs.length, `${locale} page ${index + 1}`).toBeGreaterThan(0);
        expect(glyphs, `${locale} page ${index + 1}`).not.toContain(0);
        expect(fontNamesOf(pdf, index).some((name) => name.includes(face)), `${locale} page ${index + 1}: ${fontNamesOf(pdf, index).join(', ')}`).toBe(true);
      });
      const elements = flatten(structureOf(pdf));
      const t = translator(locale);
      expect(elements.find((element) => element.role === 'H1')?.text).toBe(title);
      expect(elements.filter((element) => element.role === 'H2').map((element) => element.text)).toEqual([t('report_summary_title'), t('overview'), t('languages'), t('report_appendix'), t('report_method_title')]);
      // Copied out of the page without the tags, each heading's line has its letters: Arabic's shared
      // dotless glyphs are not all read as one letter. (Drawn in display order, so compared as sorted letters.)
      const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
      for (const heading of elements.filter((element) => ['H1', 'H2', 'H3'].includes(element.role))) {
        const copied = linesCopiedFrom(pdf, heading.page!).map(letters);
        expect(copied, `${locale}: ${heading.text}`).toContain(letters(heading.text!));
      }
      const overviewFacts = elements.find((element) => element.role === 'L')!;
      const listed = flatten(overviewFacts).filter((element) => element.role === 'LBody').flatMap((element) => element.kids.map((kid) => kid.text ?? ''));
      const facts = await dashboardFacts('overview', '', locale);
      expect(facts.length).toBeGreaterThan(0);
      expect(listed).toEqual(facts.map((fact) => `• ${fact}`));
      // The charts: the figures after the title page (which has the logo when an earlier test stored one).
      const charts = elements.slice(elements.findIndex((element) => element.role === 'H2')).filter((element) => element.role === 'Figure').map((element) => element.alt ?? '');
      expect(charts).toHaveLength(2);
      expect(charts[0]!.startsWith(`${t('stat.overview.country_birth')}: `)).toBe(true);
    }
    // A language the product does not have is no error: the report is English.
    const unknown = await app.inject({ method: 'POST', url: '/api/general/export-report', headers: { ...bearer(admin), 'x-locale': 'tlh-Latn' }, payload: { title: 'x', pages: [{ page: 'home', cards: [] }] } });
    expect(unknown.statusCode).toBe(200);
    expect((await PDFDocument.load(unknown.rawPayload)).catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en');
  });

  it('answers 422 in the SPEC’s words for a bad definition', async () => {
    const empty = await report(admin, { title: '  ', pages: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ title: [reportMessages.titleRequired], pages: [reportMessages.pagesRequired] });
    const unknownCard = await report(admin, { title: 'x', pages: [{ page: 'languages', cards: ['overview/row-one'] }] });
    expect(unknownCard.statusCode).toBe(422);
    expect(unknownCard.json().errors).toEqual({ 'pages.0.cards': [exportMessages.cardUnknown] });
    const twice = await report(admin, { title: 'x', pages: [{ page: 'languages', cards: [] }, { page: 'languages', cards: [] }] });
    expect(twice.json().errors).toEqual({ pages: [reportMessages.pagesDuplicate] });
    const long = await report(admin, { title: 'x'.repeat(201), pages: [{ page: 'home', cards: [] }] });
    expect(long.json().errors).toEqual({ title: [reportMessages.titleTooLong] });
    for (const body of [{ title: 'x', pages: [{ page: 'nowhere', cards: [] }] }, { title: 3, pages: [] }, { title: 'x', pages: [{ page: 'home', cards: [] }], filter: { 'age-range': '9-1' } }]) {
      const bad = await report(admin, body);
      expect(bad.statusCode).toBe(422);
    }
    const unsigned = await app.inject({ method: 'POST', url: '/api/general/export-report', payload: { title: 'x', pages: [{ page: 'home', cards: [] }] } });
    expect(unsigned.statusCode).toBe(401);
  });

  it('saves a definition, lists it, runs it again and deletes it; another organisation’s id is not found', async () => {
    const definition = { title: 'Monthly', pages: [{ page: 'worldviews', cards: ['worldview/worldviews'] }], filter: { generation: ['Gen Y'] } };
    const saved = await app.inject({ method: 'POST', url: '/api/general/report/save', headers: bearer(admin), payload: { name: '  Monthly pack ', definition } });
    expect(saved.statusCode).toBe(200);
    const report = saved.json().data;
    expect(report).toMatchObject({ name: 'Monthly pack', definition });
    const list = await app.inject({ method: 'GET', url: '/api/general/report/list', headers: bearer(admin) });
    expect(list.json().data.reports.map((row: { id: string }) => row.id)).toContain(report.id);
    // Run again: the saved definition is a report request as it is.
    const run = await app.inject({ method: 'POST', url: '/api/general/export-report', headers: bearer(admin), payload: list.json().data.reports[0].definition });
    expect(run.statusCode).toBe(200);
    expect((await PDFDocument.load(run.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(3);

    const bad = await app.inject({ method: 'POST', url: '/api/general/report/save', headers: bearer(admin), payload: { name: ' ', definition: { ...definition, pages: [] } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: [reportMessages.nameRequired] });
    const badCards = await app.inject({ method: 'POST', url: '/api/general/report/save', headers: bearer(admin), payload: { name: 'x', definition: { ...definition, pages: [] } } });
    expect(badCards.json().errors).toEqual({ pages: [reportMessages.pagesRequired] });

    // Another organisation's definition: not listed, not deleted (404), still there.
    const other = await insertOrganization(database.db);
    const stranger = await insertUser(database.db, { organizationId: other, role: 'admin' });
    const foreign = await database.db
      .insertInto('report_definitions')
      .values({ organization_id: other, created_by: stranger.id, name: 'Theirs', definition: JSON.stringify(definition) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const again = await app.inject({ method: 'GET', url: '/api/general/report/list', headers: bearer(admin) });
    expect(again.json().data.reports.map((row: { id: string }) => row.id)).not.toContain(foreign.id);
    const steal = await app.inject({ method: 'POST', url: '/api/general/report/delete', headers: bearer(admin), payload: { id: foreign.id } });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().message).toBe(reportMessages.reportNotFound);
    expect(await database.db.selectFrom('report_definitions').select('id').where('id', '=', foreign.id).executeTakeFirst()).toBeDefined();
    expect((await app.inject({ method: 'POST', url: '/api/general/report/delete', headers: bearer(admin), payload: { id: 'nope' } })).statusCode).toBe(404);

    const removed = await app.inject({ method: 'POST', url: '/api/general/report/delete', headers: bearer(admin), payload: { id: report.id } });
    expect(removed.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/general/report/list', headers: bearer(admin) });
    expect(after.json().data.reports.map((row: { id: string }) => row.id)).not.toContain(report.id);
  });
});
