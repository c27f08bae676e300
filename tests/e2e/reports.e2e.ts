import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef, decodePDFRawStream } from 'pdf-lib';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// The report reads the demo organisation's dashboards, so this suite starts its own server with it.
const demo = useDemoSuite();

/** The strings drawn on each page (pdf-lib writes standard-font text as hex strings shown with Tj). */
const pagesText = (pdf: PDFDocument): string[][] =>
  pdf.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    return refs.flatMap((ref) => {
      const stream = pdf.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) return [];
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'));
    });
  });

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
    const texts = pagesText(pdf);
    // Title page, the Worldviews page, the appendix (longer tables may add pages).
    assert.ok(pdf.getPageCount() >= 3, `pages: ${pdf.getPageCount()}`);
    texts.forEach((text, index) => assert.ok(text.includes(`Page ${index + 1} of ${pdf.getPageCount()}`), `page number on page ${index + 1}`));
    assert.ok(texts[0]!.includes('Board pack'));
    assert.ok(texts.flat().includes('Appendix: the figures as tables'));

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
});
