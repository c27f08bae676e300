import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// Exports read the demo organisation's dashboards, so this suite starts its own server with it.
const demo = useDemoSuite();

const settled = (page: Page) =>
  page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('[data-section]')];
    return cards.length > 0 && cards.every((c) => !['idle', 'pending'].includes(c.getAttribute('data-status') ?? ''));
  }, undefined, { timeout: 180_000 });

const rows = (sheet: ExcelJS.Worksheet): string[] => {
  const out: string[] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1).join(' | ')));
  return out;
};

describe('exports', () => {
  it('Export downloads the filtered page as a workbook, and a card as CSV', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/worldviews`);
    await settled(page);

    await page.getByRole('button', { name: /Apply filter/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Gen Y', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('filter-badge').filter({ hasText: '1' }).waitFor();
    await settled(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export this page as a spreadsheet (.xlsx)' }).click()]);
    assert.match(download.suggestedFilename(), /^worldviews-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    // The cover, the contents and a sheet per card.
    assert.equal(workbook.worksheets.length, 7);
    const cover = rows(workbook.worksheets[0]!).join('\n');
    assert.match(cover, /Export of the Worldviews page/);
    assert.match(cover, /Filters \| Generation: Gen Y/);
    assert.match(cover, /Figures are adjusted by up to ±3 to protect people\./);
    const worldviews = rows(workbook.getWorksheet('Worldviews')!);
    assert.equal(worldviews[1], 'Name | People | Share');
    await page.getByRole('status').filter({ hasText: /was downloaded/ }).waitFor();

    const card = page.locator('[data-section="statWorldviewWorldviews"]');
    const [csv] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download Worldviews as CSV' }).click()]);
    assert.match(csv.suggestedFilename(), /^worldviews-worldview-worldviews-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '');
    assert.match(text.split('\r\n')[0]!, /^Name,People,Share$/);
    assert.ok(text.includes('Figures are adjusted by up to ±3 to protect people.'));

    await expectAccessible(page, 'worldviews with Export');
    await screenshot(page, 'exports-worldviews');
    await page.close();
  });

  it('every dashboard page shows its key facts, and Copy puts them on the clipboard', async () => {
    await demo.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.server.url });
    const page = await demo.browser.context.newPage();
    for (const path of ['home', 'overview', 'demographics', 'country-birth', 'languages', 'worldviews', 'cultural-heritage']) {
      await page.goto(`${demo.server.url}/dashboard/${path}`);
      await settled(page);
      const facts = page.getByTestId('key-facts');
      await facts.getByRole('heading', { name: 'Key facts' }).waitFor();
      const items = await facts.locator('li').allTextContents();
      assert.ok(items.length >= 2, `${path}: ${JSON.stringify(items)}`);
      if (path === 'home') {
        // Home's badges, each with what earns it.
        const badges = page.locator('[data-section="statGeneralBadges"] li');
        assert.equal(await badges.count(), 5);
        assert.match((await badges.first().textContent()) ?? '', /Earned when the .* diversity index reaches 0\.7\./);
        await expectAccessible(page, 'home with badges and key facts');
        await screenshot(page, 'home-badges');
      }
      assert.ok(items.every((item) => item.endsWith('.') && !/(^|[^\d.,])0(\.0)?%/.test(item)), `${path}: ${JSON.stringify(items)}`);
    }
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    const facts = page.getByTestId('key-facts');
    const items = await facts.locator('li').allTextContents();
    assert.match(items[0]!, /^[\d,]+ people have answered the survey\.$/);
    await facts.getByRole('button', { name: 'Copy the key facts' }).click();
    await facts.getByRole('status').filter({ hasText: 'Key facts copied.' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), items.join('\n'));
    await expectAccessible(page, 'overview with key facts');
    await screenshot(page, 'key-facts-overview');
    await page.close();
  });

  it('key facts follow the reader’s language, right to left in Arabic', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    const choose = async (nativeName: string, lang: string) => {
      await page.locator('.dashboard-topbar .language-select button').click();
      await page.getByRole('option', { name: nativeName, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
    };
    const facts = page.getByTestId('key-facts');
    await choose('Français', 'fr');
    await facts.getByRole('heading', { name: 'Chiffres clés' }).waitFor();
    assert.match((await facts.locator('li').first().textContent()) ?? '', /^[\d\s,.\u202f\u00a0]+ personnes ont répondu à l’enquête\.$/);
    await choose('العربية', 'ar');
    await facts.getByRole('heading', { name: 'حقائق رئيسية' }).waitFor();
    await expectAccessible(page, 'overview key facts in Arabic');
    await screenshot(page, 'key-facts-arabic');
    await choose('English (Australia)', 'en-AU');
    await page.close();
  });
});
