import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { PNG } from 'pngjs';
import { EXPORT_CARDS, type ExportPage } from '../../domain/contracts/exports';
import { chartLabels, reportChart } from '../../domain/reports/charts';
import { translator } from '../../server/services/exports/words';
import { RESULTS_DIR, expectAccessible, screenshot, useDemoSuite } from './harness';

// The report reads the demo organisation's dashboards, so this suite starts its own server with it.
const demo = useDemoSuite();

/** Each page's text as poppler extracts it (through the fonts' ToUnicode maps), pages split at form feeds. */
const pagesText = async (name: string, bytes: Uint8Array): Promise<string[]> => {
  const path = join(RESULTS_DIR, `${name}.pdf`);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
};

/**
 * Page 1 rendered to PNG by pdftoppm, saved beside the screenshots: it must be an A4 picture at
 * the resolution asked for, with ink on it (not every pixel white) and still mostly paper.
 */
const renderFirstPage = async (name: string, bytes: Uint8Array): Promise<void> => {
  const pdfPath = join(RESULTS_DIR, `${name}.pdf`);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(pdfPath, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(RESULTS_DIR, name)]);
  const png = PNG.sync.read(await readFile(join(RESULTS_DIR, `${name}.png`)));
  // A4 is 595 x 842 points: 661 x 935 pixels at 80 dpi.
  assert.ok(Math.abs(png.width - 661) <= 2 && Math.abs(png.height - 935) <= 2, `${name}: ${png.width} x ${png.height}`);
  let inked = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! < 200 || png.data[i + 1]! < 200 || png.data[i + 2]! < 200) inked += 1;
  const share = inked / (png.width * png.height);
  assert.ok(share > 0.002 && share < 0.5, `${name}: ${(share * 100).toFixed(2)}% of the pixels inked`);
};

/** One card of each chart kind: a number, a headline row, the pyramid, a list with "other", a list of several answers, two cross tables and a tree. */
const BOARD_PACK: readonly { readonly page: ExportPage; readonly cards: readonly string[] }[] = [
  { page: 'overview', cards: ['overview/total-registered', 'overview/row-one', 'overview/gender-age-range', 'overview/country-birth'] },
  { page: 'demographics', cards: ['demographic/state-per-gender'] },
  { page: 'languages', cards: ['language/languages', 'language/list-gender'] },
  { page: 'country-birth', cards: ['country/tree'] },
];

/** Text compared without white space: a label wrapped over two lines still reads as itself. */
const squeezed = (text: string): string => text.replace(/\s+/g, '');

describe('reports', () => {
  it('builds a report, previews its released figures and downloads the PDF made on the server', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/reports`);
    const builder = page.getByTestId('report-builder');
    await builder.waitFor();
    await builder.getByRole('textbox', { name: 'Report title' }).fill('Board pack');
    const worldviews = builder.getByRole('group', { name: 'Worldviews', exact: true });
    // react-aria's checkbox input is visually hidden: the label is what takes the click.
    await worldviews.locator('label.react-aria-Checkbox').filter({ hasText: /^Worldviews$/ }).click();
    await worldviews.locator('label.react-aria-Checkbox').first().click();
    assert.equal(await worldviews.getByRole('checkbox', { name: 'Worldviews', exact: true }).isChecked(), true);
    const preview = builder.getByTestId('report-preview');
    await preview.locator('.report-preview-card').nth(1).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.report-preview-chart').length > 0, undefined, { timeout: 180_000 });
    assert.equal(await preview.locator('.report-preview-card').count(), 2);

    await expectAccessible(page, 'reports');
    await screenshot(page, 'reports-builder');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 180_000 }), builder.getByRole('button', { name: 'Download PDF' }).click()]);
    assert.match(download.suggestedFilename(), /^board-pack-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const pdf = await PDFDocument.load(bytes);
    const texts = await pagesText('reports-pdf', bytes);
    // Title page, the Worldviews page, the appendix (longer tables may add pages).
    assert.ok(pdf.getPageCount() >= 3, `pages: ${pdf.getPageCount()}`);
    assert.equal(texts.length, pdf.getPageCount());
    texts.forEach((text, index) => assert.ok(text.includes(`Page ${index + 1} of ${pdf.getPageCount()}`), `page number on page ${index + 1}`));
    assert.ok(texts[0]!.includes('Board pack'));
    assert.ok(texts.join('\n').includes('Appendix: the figures as tables'));
    await renderFirstPage('reports-pdf', bytes);

    // Saved: listed, run again (the same PDF, made on today's data), then deleted.
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByTestId('saved-reports');
    await saved.getByRole('button', { name: 'Download Board pack with today\'s data' }).waitFor();
    await expectAccessible(page, 'reports, a saved report');
    await screenshot(page, 'reports-saved');
    const [again] = await Promise.all([page.waitForEvent('download', { timeout: 180_000 }), saved.getByRole('button', { name: 'Download Board pack with today\'s data' }).click()]);
    const rerun = await PDFDocument.load(await readFile((await again.path())!));
    assert.equal(rerun.getPageCount(), pdf.getPageCount());
    await saved.getByRole('button', { name: 'Delete Board pack' }).click();
    await saved.getByText('No saved reports yet.').waitFor();
    await page.close();
  });

  it('writes an Arabic and a Chinese report in their own letters, tagged with their language', async () => {
    for (const { locale, lang, title } of [
      { locale: 'ar', lang: 'ar', title: 'تقرير المجلس 2024' },
      { locale: 'zh', lang: 'zh-Hans', title: '董事会报告 2024' },
    ]) {
      const response = await fetch(`${demo.server.url}/api/general/export-report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}`, 'x-locale': locale },
        body: JSON.stringify({ title, pages: [{ page: 'worldviews', cards: [] }] }),
      });
      assert.equal(response.status, 200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const pdf = await PDFDocument.load(bytes);
      assert.equal(pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText(), lang);
      assert.equal(pdf.getTitle(), title);
      await renderFirstPage(`reports-pdf-${locale}`, bytes);
    }
  });

  it('draws a board pack of 8 cards, one of each chart kind, in the preview and in the PDF, each with its own dimensions', async () => {
    const t = translator('en');
    const page = await demo.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${demo.server.url}/dashboard/reports`);
    const builder = page.getByTestId('report-builder');
    await builder.waitFor();
    await builder.getByRole('textbox', { name: 'Report title' }).fill('Board pack of eight');
    for (const { page: dashboard, cards } of BOARD_PACK) {
      const group = builder.getByRole('group', { name: t(dashboard), exact: true });
      for (const key of cards) {
        const title = t(EXPORT_CARDS[dashboard].find((card) => card.key === key)!.title);
        await group.locator('label.react-aria-Checkbox').filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
      }
    }
    const preview = builder.getByTestId('report-preview');
    await page.waitForFunction(() => document.querySelectorAll('.report-preview-card').length === 8 && document.querySelectorAll('.report-preview-chart').length === 8, undefined, { timeout: 180_000 });
    // The preview draws the report's own kinds: the pyramid, grouped bars, a tree, bars and figures.
    const kinds = await preview.locator('.report-preview-chart').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')));
    for (const kind of ['figures', 'pyramid', 'bars', 'grouped', 'tree']) assert.ok(kinds.includes(kind), `preview kinds: ${kinds.join(', ')}`);
    // A cross-table card lists its own columns (states), not the gender totals.
    const states = preview.locator('[data-card="demographic/state-per-gender"]');
    assert.ok((await states.locator('svg text').allTextContents()).some((text) => /Wales|Victoria|Queensland/.test(text)));
    await expectAccessible(page, 'reports, a board pack preview');
    await screenshot(page, 'reports-board-pack-preview');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), builder.getByRole('button', { name: 'Download PDF' }).click()]);
    const bytes = await readFile((await download.path())!);
    const pdf = await PDFDocument.load(bytes);
    const pdfPath = join(RESULTS_DIR, 'reports-board-pack.pdf');
    await writeFile(pdfPath, bytes);
    // Every page renders; each is kept beside the screenshots to be looked at.
    execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, join(RESULTS_DIR, 'reports-board-pack')]);
    const texts = await pagesText('reports-board-pack', bytes);
    assert.equal(texts.length, pdf.getPageCount());
    const all = squeezed(texts.join('\n'));
    for (const { page: dashboard, cards } of BOARD_PACK) {
      for (const key of cards) {
        const title = t(EXPORT_CARDS[dashboard].find((card) => card.key === key)!.title);
        const response = await fetch(`${demo.server.url}/api/${key}`, { headers: { authorization: `Bearer ${demo.token}` } });
        const body = (await response.json()) as { status: number; data?: unknown; message?: string };
        const answer = body.status === 204 ? ({ status: 204, message: body.message ?? '' } as const) : ({ status: 200, data: body.data } as const);
        const chart = reportChart(key, title, answer, { other: (count) => t('chart_other', { count }), headline: (item) => t(`stat_headline.${item}` as never) });
        assert.ok(all.includes(squeezed(title)), `${title} in the PDF`);
        for (const label of chartLabels(chart)) assert.ok(all.includes(squeezed(label)), `${title}: ${label} in the PDF`);
      }
    }
    assert.ok(!texts.join('\n').includes(' | '), 'no pipe-separated tables');
    assert.ok(texts[1]!.includes(t('report_summary_title')));
    assert.ok(texts.at(-1)!.includes(t('report_method_title')));

    // At 390 px the builder and its preview stay within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the report builder at 390 px is ${width} px wide`);
    await expectAccessible(page, 'reports at 390 px');
    await screenshot(page, 'reports-board-pack-390');
    await page.close();
  });
});
