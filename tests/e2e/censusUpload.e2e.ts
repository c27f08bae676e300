import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { expectAccessible, registerAccount, screenshot, signInWithCookie, useSuite } from './harness';

const suite = useSuite();

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'census');


describe('census upload', () => {
  it('an administrator loads an ONS table from the office’s own file and sees what it holds and which categories did not map, at 390 px too', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/compare/external`);
    const form = page.getByRole('form', { name: "Load a census table from the office's own file" });
    await form.waitFor({ timeout: 180_000 });
    await expectAccessible(page, 'compare external with the census upload');

    // Nothing chosen yet: the form says what is missing, beside the file field.
    await form.getByRole('button', { name: 'Load the table' }).click();
    assert.notEqual(await page.locator('#census-file-error').textContent(), '');

    await form.getByLabel('Statistical office and layout', { exact: true }).selectOption('ons');
    await form.getByLabel('Table file (CSV)', { exact: true }).setInputFiles(join(FIXTURES, 'census2021-ts004-ctry.csv'));
    await form.getByRole('button', { name: 'Load the table' }).click();
    const report = page.locator('.census-report');
    await report.waitFor({ timeout: 180_000 });
    const done = (await report.getByRole('status').textContent()) ?? '';
    assert.match(done, /^TS004: .+ \(2021\) is loaded as the census's Country of birth: \d+ of its \d+ categories mapped onto \d+ items? of the product's list\.$/, done);
    assert.match((await report.textContent()) ?? '', /census2021-ts004-ctry\.csv/);
    // The file field is empty again once the table is loaded: that is no error.
    assert.equal(await page.locator('#census-file-error').textContent(), '');
    assert.equal(await page.locator('#census-file').getAttribute('aria-invalid'), null);
    // The categories that did not map, each with the office's code, its name as printed and its count.
    const unmapped = report.getByRole('region', { name: /^Categories that did not map, left out: \d+$/ });
    await unmapped.waitFor();
    const rows = await unmapped.getByRole('row').allTextContents();
    assert.ok(rows.length >= 2, rows.join(' | '));
    await expectAccessible(page, 'the loaded census table');
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'census-upload');

    // On a 390 px phone nothing scrolls sideways (the report's tables scroll inside their region).
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `Compare → External with the census report at 390 px is ${width} px wide`);
    await expectAccessible(page, 'the loaded census table at 390 px');
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'census-upload-390');
    await page.close();
  });
});
