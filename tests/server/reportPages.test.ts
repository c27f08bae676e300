import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CARDS } from '../../domain/contracts/exports';
import { REPORT_TOP, chartLabels, hiddenOf, reportChart } from '../../domain/reports/charts';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { createCapturingMailer } from '../../server/services/mail';
import { translator } from '../../server/services/exports/words';
import { bearer, signIn } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * The report as a board pack (issue 31), read back as a reader meets it: every page rendered
 * with poppler's pdftoppm, its text layer read with pdftotext. Each card draws its own
 * dimensions (a cross table its own columns, not the gender totals every one of them shares),
 * and every label the chart model draws is in the text of the page. REPORT_PNG_DIR keeps the
 * rendered pages to look at.
 */

const config = testConfig();
let database: OpenDatabase;
let app: FastifyInstance;
let demo: DemoSignIn;
let admin: string;
let work: string;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  app = await buildApp(config, { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  demo = (await createDemoOrganization(database.db, { seed: 'board-pack', responses: 600, organizationName: 'Board Pack Ltd', argon2: config.argon2, singleTransaction: false, batchSize: 600 }))!;
  admin = await signIn(app, demo.adminEmail, DEMO_PASSWORD);
  work = mkdtempSync(join(tmpdir(), 'report-pages-'));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

/** One card of each chart kind: a number, a headline row, a pyramid, a list with "other", a list of several answers, two cross tables and a tree. */
export const BOARD_PACK = [
  { page: 'overview', cards: ['overview/total-registered', 'overview/row-one', 'overview/gender-age-range', 'overview/country-birth'] },
  { page: 'demographics', cards: ['demographic/state-per-gender'] },
  { page: 'languages', cards: ['language/languages', 'language/list-gender'] },
  { page: 'country-birth', cards: ['country/tree'] },
] as const;

const released = async (path: string, locale = 'en') => {
  const response = await app.inject({ method: 'GET', url: `/api/${path}`, headers: { ...bearer(admin), 'x-locale': locale } });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ status: number; data?: unknown; message?: string }>();
  return body.status === 204 ? ({ status: 204, message: body.message ?? '' } as const) : ({ status: 200, data: body.data } as const);
};

/** Text compared without any white space: a label wrapped over two lines still reads as itself. */
const squeezed = (text: string): string => text.replace(/\s+/g, '');

const renderPages = (pdfPath: string, prefix: string): string[] => {
  execFileSync('pdftoppm', ['-r', '60', '-png', pdfPath, join(work, prefix)]);
  return readdirSync(work)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.png'))
    .sort()
    .map((name) => join(work, name));
};

const pageText = (pdfPath: string, page: number): string => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', pdfPath, '-']).toString('utf8');

describe('the report as a board pack', () => {
  it('draws each of 8 cards with its own dimensions, on pages that all render, with a summary, tables and a method page', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/general/export-report', headers: bearer(admin), payload: { title: 'Board pack', pages: BOARD_PACK } });
    expect(response.statusCode).toBe(200);
    const pdfPath = join(work, 'board-pack.pdf');
    writeFileSync(pdfPath, response.rawPayload);
    const pages = (await PDFDocument.load(response.rawPayload)).getPageCount();

    // Every page renders, and none is blank.
    const images = renderPages(pdfPath, 'board');
    expect(images).toHaveLength(pages);
    for (const image of images) expect(statSync(image).size).toBeGreaterThan(2_000);
    if (process.env.REPORT_PNG_DIR) for (const image of [...images, pdfPath]) execFileSync('cp', [image, process.env.REPORT_PNG_DIR]);

    const texts = Array.from({ length: pages }, (_, index) => pageText(pdfPath, index + 1));
    const all = squeezed(texts.join('\n'));
    const t = translator('en');

    // The cover, the summary, the method page.
    expect(texts[0]).toContain('Board Pack Ltd');
    expect(texts[0]).toContain('Board pack');
    expect(texts[1]).toContain(t('report_summary_title'));
    expect(texts[1]).toMatch(/[\d,]+ people answered the survey\./);
    expect(texts[1]).toContain(t('report_summary_index_heading'));
    expect(texts[1]).toContain(t('report_summary_census_heading'));
    expect(texts[1]).toContain(t('report_summary_benchmark_heading'));
    expect(texts[pages - 1]).toContain(t('report_method_title'));
    expect(texts[pages - 1]).toContain('±');

    // Each card: its title and every label its chart draws (from the released figures) are in the text layer.
    const drawnLabels: Record<string, string[]> = {};
    for (const { page, cards } of BOARD_PACK) {
      for (const key of cards) {
        const card = EXPORT_CARDS[page].find((candidate) => candidate.key === key)!;
        const title = t(card.title);
        const chart = reportChart(key, title, await released(key), { other: (count) => t('chart_other', { count }), headline: (item) => t(`stat_headline.${item}` as never) });
        expect(all, title).toContain(squeezed(title));
        const labels = chartLabels(chart);
        drawnLabels[key] = labels;
        for (const label of labels) expect(all, `${title}: ${label}`).toContain(squeezed(label));
        expect(chart.model, title).not.toBeNull();
        // Hidden values are said once, in the chart's own note, never drawn.
        const hidden = hiddenOf(chart);
        if (hidden !== null) expect(all, title).toContain(squeezed(t('chart_values_hidden', { count: hidden.values, k: hidden.threshold })));
      }
    }
    // The cross tables draw their own columns: ages, states, languages (not the same gender totals three times).
    const crossKeys = ['overview/gender-age-range', 'demographic/state-per-gender', 'language/list-gender'];
    const signatures = crossKeys.map((key) => JSON.stringify(drawnLabels[key]));
    expect(new Set(signatures).size).toBe(3);
    for (const key of crossKeys) expect(drawnLabels[key]!.length).toBeGreaterThan(3);
    // Lists are drawn largest first with the rest as "Other", not the first 12 in alphabetical order.
    const countries = reportChart('overview/country-birth', 'x', await released('overview/country-birth'), { other: (count) => `Other (${count})`, headline: (key) => key });
    expect(countries.model?.kind).toBe('bars');
    if (countries.model?.kind === 'bars') {
      const counts = countries.model.items.filter((item) => item.key !== 'other' && item.preferNot !== true).map((item) => item.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      // The largest ten at most, the rest gathered in "Other" (a single left-over value is drawn as itself).
      expect(countries.model.items.length).toBeLessThanOrEqual(REPORT_TOP + 1);
    }

    // A card that is one number is written once, as its name and figure on its page: not again as a one-row table.
    const appendixText = texts.slice(texts.findIndex((text) => text.includes(t('report_appendix')))).join('\n');
    for (const single of ['overview/row-one', 'overview/total-registered']) {
      const title = t(EXPORT_CARDS.overview.find((candidate) => candidate.key === single)!.title);
      expect(appendixText, title).not.toContain(title);
      expect(all.split(squeezed(title)).length - 1, title).toBe(1);
    }
    // The tables are real tables: no pipe-separated text anywhere.
    expect(texts.join('\n')).not.toContain(' | ');
    // The charts are packed: the four dashboard pages' eight cards take at most one sheet more than the four pages.
    const appendixPage = texts.findIndex((text) => text.includes(t('report_appendix')));
    expect(appendixPage - 2).toBeLessThanOrEqual(BOARD_PACK.length + 1);
    // The pyramid keeps the age bands in their order in its table too.
    const ages = texts.slice(appendixPage).join('\n');
    expect(ages.indexOf('20-24')).toBeLessThan(ages.indexOf('65+'));
  }, 240_000);

  it('keeps Arabic and Chinese text in their own faces when the pages are read back', async () => {
    for (const locale of ['ar', 'zh']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/general/export-report',
        headers: { ...bearer(admin), 'x-locale': locale },
        payload: { title: locale === 'ar' ? 'تقرير المجلس' : '董事会报告', pages: [{ page: 'overview', cards: ['overview/gender-age-range'] }] },
      });
      expect(response.statusCode).toBe(200);
      const pdfPath = join(work, `${locale}.pdf`);
      writeFileSync(pdfPath, response.rawPayload);
      const images = renderPages(pdfPath, locale);
      expect(images.length).toBe((await PDFDocument.load(response.rawPayload)).getPageCount());
      if (process.env.REPORT_PNG_DIR) for (const image of images) execFileSync('cp', [image, process.env.REPORT_PNG_DIR]);
      const fonts = execFileSync('pdffonts', [pdfPath]).toString();
      expect(fonts).toContain(locale === 'ar' ? 'NotoSansArabic' : 'NotoSansSC');
      const t = translator(locale);
      expect(squeezed(pageText(pdfPath, 2))).toContain(squeezed(t('report_summary_title')));
    }
  });
});
