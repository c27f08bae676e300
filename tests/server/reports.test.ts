import type { FastifyInstance } from 'fastify';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportMessages } from '../../domain/contracts/exports';
import { reportMessages } from '../../domain/contracts/reports';
import { type CrossTable, type Distribution, isSuppressed } from '../../domain/contracts/stats';
import { toSearchParams } from '../../domain/filters/encoding';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { createCapturingMailer } from '../../server/services/mail';
import { storeLogo } from '../../server/services/organization/logo';
import { winAnsi } from '../../server/services/reports/pdf';
import { bearer, insertOrganization, insertUser, signIn } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * POST /general/export-report (issue 16): the PDF is opened with pdf-lib and the text drawn on
 * its pages is read back from the content streams; every figure in it must be the one the
 * dashboard's endpoint releases to the same caller, and a hidden cell reads "hidden".
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
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const report = (token: string, body: unknown) => app.inject({ method: 'POST', url: '/api/general/export-report', headers: bearer(token), payload: body as object });

/** The strings drawn on a page (pdf-lib writes standard-font text as hex strings shown with Tj). */
const pageText = (page: PDFPage): string[] => {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const out: string[] = [];
  for (const ref of refs) {
    const stream = page.doc.context.lookup(ref as PDFRef);
    if (!(stream instanceof PDFRawStream)) continue;
    const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
  }
  return out;
};

const released = async (path: string, query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/${path}${query}`, headers: bearer(admin) });
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
    const texts = pages.map(pageText);
    texts.forEach((text, index) => expect(text).toContain(`Page ${index + 1} of ${pages.length}`));

    const cover = texts[0]!.join('\n');
    // Standard fonts only encode Latin-1: ő loses its accent, the Japanese becomes '?'.
    expect(cover).toContain('Board pack o ???');
    expect(cover).toContain('Reports Ltd');
    expect(cover).toContain('Overview, Languages');
    expect(cover).toContain('Generation: Gen Y, Gen Z, Gen X');
    expect(cover).toContain('Figures are adjusted by up to ±3 to protect people.');
    expect(cover).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const xObjects = pages[0]!.node.Resources()?.lookup(PDFName.of('XObject'));
    expect(xObjects instanceof PDFDict && xObjects.keys().length).toBe(1);

    const query = `?${toSearchParams({ generation: ['Gen Y', 'Gen Z', 'Gen X'] })}`;
    const all = texts.flat();
    const appendixStart = texts.findIndex((text) => text.includes('Appendix: the figures as tables'));
    expect(appendixStart).toBeGreaterThan(0);
    const appendix = texts.slice(appendixStart).flat();

    // A distribution: each bar is drawn with its released count and share, and each row is in the appendix.
    const countries = (await released('overview/country-birth', query)).data as Distribution;
    expect(countries.cells.length).toBeGreaterThan(0);
    for (const cell of countries.cells) {
      const label = winAnsi(cell.label);
      if (isSuppressed(cell)) expect(appendix).toContain(`${label} | hidden | hidden`);
      else {
        expect(appendix).toContain(`${label} | ${cell.count} | ${cell.percent.toFixed(1)}%`);
        if (countries.cells.indexOf(cell) < 12) expect(all).toContain(`${cell.count} (${cell.percent.toFixed(1)}%)`);
      }
    }
    expect(appendix).toContain(`Total | ${countries.total} |`);

    // A cross table with hidden cells: every one reads "hidden" in the appendix, none is a 0.
    const byGender = (await released('language/list-gender', query)).data as CrossTable;
    const hiddenCells = byGender.cells.flat().filter(isSuppressed).length + byGender.rowTotals.filter(isSuppressed).length + byGender.columnTotals.filter(isSuppressed).length;
    expect(hiddenCells).toBeGreaterThan(0);
    const crossLines = appendix.filter((line) => byGender.rows.some((row) => line.startsWith(`${winAnsi(row.label)} |`)) || line.startsWith('Total |'));
    const written = crossLines.flatMap((line) => line.split(' | ').slice(1));
    expect(written.filter((cell) => cell === 'hidden')).toHaveLength(hiddenCells);
    byGender.rows.forEach((row, r) => {
      const expected = [winAnsi(row.label), ...byGender.cells[r]!.map((cell) => (isSuppressed(cell) ? 'hidden' : String(cell.count))), isSuppressed(byGender.rowTotals[r]!) ? 'hidden' : String((byGender.rowTotals[r] as { count: number }).count)].join(' | ');
      expect(appendix).toContain(expected);
    });

    // The key facts the server releases for the page are on its page.
    const facts = (await released('key-facts', `${query}&page=overview`)).data as { facts: string[] } | undefined;
    for (const fact of facts?.facts ?? []) expect(texts[1]!.join(' ')).toContain(winAnsi(fact).split(' ').slice(0, 3).join(' '));
  }, 120_000);

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
  }, 120_000);
});
