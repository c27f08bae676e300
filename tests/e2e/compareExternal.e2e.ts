import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// Compare → External reads the demo organisation, so this suite starts its own server with it.
const demo = useDemoSuite();

const settled = () => ['loaded', 'empty', 'error'].includes(document.querySelector('.mutuality-results')?.getAttribute('data-status') ?? '');

describe('compare external', () => {
  it('sets the demo organisation against the Australian census, pillar by pillar, with sources and scores, accessible', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/external`);
    await page.waitForFunction(settled, undefined, { timeout: 60_000 });
    const results = page.locator('.mutuality-results');
    assert.equal(await results.getAttribute('data-status'), 'loaded', (await results.textContent()) ?? '');
    assert.equal(await page.getByText('No data has been collected for this page yet', { exact: false }).count(), 0);

    // Australia is chosen first: four pillars, each with its score, its source and licence.
    await page.getByRole('heading', { name: 'Compared with Australia 2021 census' }).waitFor();
    const overall = Number(await results.locator('.mutuality-overall').getAttribute('data-score'));
    assert.ok(overall > 0 && overall <= 1, `overall ${overall}`);
    for (const name of ['Cultural heritage', 'Country of birth', 'Language', 'Worldview']) {
      const card = results.locator('section[data-pillar]', { has: page.getByRole('heading', { name, exact: true }) });
      assert.equal(await card.count(), 1, name);
      assert.match((await card.locator('.mutuality-source').textContent()) ?? '', /Australian Bureau of Statistics[\s\S]*2021[\s\S]*Creative Commons Attribution 4\.0/, name);
      assert.ok((await card.locator('svg[role="img"]').count()) >= 2, `${name}: paired and diverging bars`);
    }
    // The file's mark of figures quoted rather than taken from the office stays visible.
    assert.ok((await results.locator('.mutuality-quoted', { hasText: 'ethnolink' }).count()) >= 1);
    // Country of birth has the world map coloured by representation ratio.
    const birth = results.locator('section[data-pillar="country"]');
    assert.ok((await birth.locator('.map-country[data-key="AU"]').count()) === 1, 'Australia on the map');

    await expectAccessible(page, 'compare external');
    await screenshot(page, 'compare-external');

    // The diverging bar's table view has every category with its gap.
    const worldview = results.locator('section[data-pillar="worldview"]');
    await worldview.getByRole('button', { name: 'Show as table' }).nth(1).click();
    const table = worldview.getByRole('table', { name: /Over- and under-representation/ });
    await table.waitFor();
    const rows = await table.getByRole('row').allTextContents();
    assert.ok(rows.some((row) => row.startsWith('Christianity')), JSON.stringify(rows));
    await expectAccessible(page, 'compare external, table view');

    // The spreadsheet: downloaded, opened with exceljs, the same overall score on its cover.
    const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download the comparison' }).click()]);
    assert.match(download.suggestedFilename(), /^mutuality-au-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    assert.deepEqual(workbook.worksheets.map((sheet) => sheet.name), ['Page', 'Cultural heritage', 'Country of birth', 'Language', 'Worldview']);
    const cover = workbook.worksheets[0]!.getSheetValues().flat().map(String).join('\n');
    assert.ok(cover.includes(overall.toFixed(3)), cover.slice(0, 600));
    assert.match(cover, /Quoted, not taken from the statistics office/);
    await page.close();
  });

  it('chooses another country: languages from CLDR where there is no census', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/external`);
    await page.waitForFunction(settled, undefined, { timeout: 60_000 });
    await page.getByRole('button', { name: /Country to compare with/ }).click();
    await page.getByRole('option', { name: 'India', exact: true }).click();
    await page.getByRole('heading', { name: /Compared with Unicode CLDR \d+ territory information/ }).waitFor({ timeout: 60_000 });
    const results = page.locator('.mutuality-results');
    assert.equal(await results.locator('section[data-pillar]').count(), 1);
    assert.match((await results.locator('section[data-pillar="language"] .mutuality-source').textContent()) ?? '', /Unicode License v3/);
    await expectAccessible(page, 'compare external, India');
    await screenshot(page, 'compare-external-india');

    // A group instead of the whole organisation (GET /mutuality/compare-data): its name beside its respondents.
    await page.getByRole('button', { name: /Group/ }).click();
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    const group = ((await options.nth(1).textContent()) ?? '').trim();
    await options.nth(1).click();
    await page.waitForFunction((name) => document.querySelector('.mutuality-results')?.getAttribute('data-status') !== 'pending' && (document.querySelector('.mutuality-results')?.textContent ?? '').includes(`(${name})`), group, { timeout: 60_000 });
    assert.equal(await results.getAttribute('data-status'), 'loaded');
    await page.close();
  });

  it('in French names the census side from CLDR and the translations, an ancestry still in English marked lang="en"', async () => {
    const page = await demo.browser.context.newPage();
    const chooseLanguage = async (nativeName: string, lang: string) => {
      await page.locator('.dashboard-topbar .language-select button').click();
      await page.getByRole('option', { name: nativeName, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.mouse.move(1, 1);
      await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
    };
    await page.goto(`${demo.server.url}/dashboard/compare/external`);
    await page.waitForFunction(settled, undefined, { timeout: 60_000 });
    await chooseLanguage('Français', 'fr');
    const results = page.locator('.mutuality-results');
    // The language chosen loads the comparison again, named in French.
    await page.waitForFunction(() => (document.querySelector('.mutuality-results section[data-pillar="worldview"]')?.textContent ?? '').includes('Christianisme'), undefined, { timeout: 60_000 });
    assert.match((await page.locator('.compare-form').textContent()) ?? '', /Australie/);
    // The chart labels are French; the source's name ("Australia 2021 census") is the dataset's own.
    const born = await results.locator('section[data-pillar="country"] .chart-label').allTextContents();
    assert.ok(born.some((label) => label.startsWith('Australie')) && !born.some((label) => label.startsWith('Australia')), born.join(' | '));
    assert.ok((await results.locator('section[data-pillar="language"]').textContent())?.includes('anglais'));
    // Ancestries are heritages, which fall back to English: said in English.
    const english = results.locator('section[data-pillar="heritage"] [lang="en"]', { hasText: 'English' });
    assert.ok((await english.count()) >= 1, 'English ancestry marked lang="en"');
    assert.equal(await results.locator('section[data-pillar="worldview"] [lang="en"]', { hasText: 'Christian' }).count(), 0);
    await expectAccessible(page, 'compare external in French');
    await screenshot(page, 'compare-external-fr');
    await chooseLanguage('English (Australia)', 'en-AU');
    await page.close();
  });
});
