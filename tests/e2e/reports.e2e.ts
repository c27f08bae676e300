import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { PNG } from 'pngjs';
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
    await page.waitForFunction(() => document.querySelectorAll('.report-preview-figures li').length > 0, undefined, { timeout: 60_000 });
    assert.equal(await preview.locator('.report-preview-card').count(), 2);

    await expectAccessible(page, 'reports');
    await screenshot(page, 'reports-builder');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), builder.getByRole('button', { name: 'Download PDF' }).click()]);
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
    const [again] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), saved.getByRole('button', { name: 'Download Board pack with today\'s data' }).click()]);
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
});
