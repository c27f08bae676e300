import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// Compare → External reads the demo organisation, so this suite starts its own server with it.
const demo = useDemoSuite();

const settled = () => ['loaded', 'empty', 'error'].includes(document.querySelector('.mutuality-results')?.getAttribute('data-status') ?? '');

describe('compare external', () => {
  it('sets the demo organisation against the Australian census, pillar by pillar, with the office, table and year, accessible', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/external`);
    await page.waitForFunction(settled, undefined, { timeout: 180_000 });
    const results = page.locator('.mutuality-results');
    assert.equal(await results.getAttribute('data-status'), 'loaded', (await results.textContent()) ?? '');
    assert.equal(await page.getByText('No data has been collected for this page yet', { exact: false }).count(), 0);

    // Australia is chosen first: four pillars, each with its score, its source and licence.
    await page.getByRole('heading', { name: 'Compared with Australia 2021 census' }).waitFor();
    const overall = Number(await results.locator('.mutuality-overall').getAttribute('data-score'));
    assert.ok(overall > 0 && overall <= 1, `overall ${overall}`);
    for (const [name, table] of [['Cultural heritage', 'ANCP'], ['Country of birth', 'BPLP'], ['Language', 'LANP'], ['Worldview', 'RELP']] as const) {
      const card = results.locator('section[data-pillar]', { has: page.getByRole('heading', { name, exact: true }) });
      assert.equal(await card.count(), 1, name);
      // The office, its table, the year, where the figures were read and the licence, beside every pillar.
      const source = (await card.locator('.mutuality-source').textContent()) ?? '';
      assert.match(source, /^SourceCensus figures from the statistical office: Australia 2021 census \(Australian Bureau of Statistics\)[\s\S]*Year2021/, name);
      assert.ok(source.includes(`Table${table} `), `${name}: ${source}`);
      assert.match(source, /LicenceCreative Commons Attribution 4\.0/, name);
      assert.match(source, /Read fromThe ABS release page/, name);
      assert.ok((await card.locator('svg[role="img"]').count()) >= 2, `${name}: paired and diverging bars`);
    }
    // No figure quoted by another website.
    assert.doesNotMatch((await results.textContent()) ?? '', /quoted|ethnolink|mmvisa|nriaffairs|worldfactbook|lexigo/i);
    // Country of birth has the world map coloured by representation ratio (the ABS's five countries).
    const birth = results.locator('section[data-pillar="country"]');
    assert.ok((await birth.locator('.map-country[data-key="IN"]').count()) === 1, 'India on the map');

    await expectAccessible(page, 'compare external');
    await screenshot(page, 'compare-external');

    // The diverging bar's table view has every category with its gap.
    const worldview = results.locator('section[data-pillar="worldview"]');
    await worldview.getByRole('button', { name: 'Show as table' }).nth(1).click();
    const table = worldview.getByRole('table', { name: /Over- and under-representation/ });
    await table.waitFor();
    const rows = await table.getByRole('row').allTextContents();
    assert.ok(rows.some((row) => row.startsWith('Christian')), JSON.stringify(rows));
    await expectAccessible(page, 'compare external, table view');

    // The spreadsheet: downloaded, opened with exceljs, the same overall score on its cover.
    const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download the comparison' }).click()]);
    assert.match(download.suggestedFilename(), /^mutuality-au-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    assert.deepEqual(workbook.worksheets.map((sheet) => sheet.name), ['Page', 'Contents', 'Cultural heritage', 'Country of birth', 'Language', 'Worldview']);
    const coverValues = workbook.worksheets[0]!.getSheetValues().flat();
    // The score is a number in the file, the same as the page's.
    assert.ok(coverValues.includes(overall), coverValues.slice(0, 40).map(String).join(' | '));
    const cover = coverValues.map(String).join('\n');
    assert.match(cover, /Australian Bureau of Statistics/);
    assert.match(cover, /BPLP Country of birth of person/);
    assert.doesNotMatch(cover, /quoted|nriaffairs|mmvisa/i);

    // On a 390 px phone nothing scrolls sideways and the sources stay readable.
    await page.setViewportSize({ width: 390, height: 844 });
    const { scrollWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth }));
    assert.ok(scrollWidth <= 390, `Compare → External at 390 px is ${scrollWidth} px wide`);
    await expectAccessible(page, 'compare external at 390 px');
    await results.locator('section[data-pillar="country"] .mutuality-source').scrollIntoViewIfNeeded();
    await screenshot(page, 'compare-external-390');
    await page.close();
  });

  it('reads New Zealand’s full tables from Stats NZ’s files, and says what the United States census has no figures for', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/external`);
    await page.waitForFunction(settled, undefined, { timeout: 180_000 });
    await page.getByRole('button', { name: /Country to compare with/ }).click();
    await page.getByRole('option', { name: 'New Zealand (New Zealand 2018 census)', exact: true }).click();
    await page.getByRole('heading', { name: 'Compared with New Zealand 2018 census' }).waitFor({ timeout: 180_000 });
    const results = page.locator('.mutuality-results');
    await page.waitForFunction(settled, undefined, { timeout: 180_000 });
    assert.equal(await results.locator('section[data-pillar]').count(), 4);
    const birth = (await results.locator('section[data-pillar="country"] .mutuality-source').textContent()) ?? '';
    assert.match(birth, /Stats NZ Tatauranga Aotearoa[\s\S]*2018[\s\S]*birthplace-2018-census[\s\S]*sha256 [0-9a-f]{64}/);
    assert.equal(await results.locator('.mutuality-missing').count(), 0);
    await expectAccessible(page, 'compare external, New Zealand');
    await screenshot(page, 'compare-external-nz');

    await page.getByRole('button', { name: /Country to compare with/ }).click();
    await page.getByRole('option', { name: 'United States', exact: true }).click();
    const missing = results.locator('.mutuality-missing');
    await missing.waitFor({ timeout: 180_000 });
    // Languages are CLDR's estimate, named for what they cover; the topics without census figures are said.
    assert.equal(await results.locator('section[data-pillar]').count(), 1);
    assert.match((await results.locator('section[data-pillar="language"] .mutuality-source').textContent()) ?? '', /Estimate, not a census/);
    const overallName = (await results.locator('.mutuality-overall').textContent()) ?? '';
    if ((await results.locator('.mutuality-overall').getAttribute('data-score')) !== '') assert.match(overallName, /^Mutuality score, language only \(Estimate, not a census\)/);
    assert.doesNotMatch(overallName, /Overall/);
    assert.match((await missing.locator('li[data-pillar="worldview"]').textContent()) ?? '', /Worldview: the United States 2020 census does not ask this question\./);
    // Heritage, country of birth and language: no ACS table loaded yet (the language shown is CLDR's estimate).
    assert.equal(await missing.locator('li[data-reason="not-found"]').count(), 3);
    await expectAccessible(page, 'compare external, United States');
    await missing.scrollIntoViewIfNeeded();
    await screenshot(page, 'compare-external-us');
    await page.close();
  });

  it('chooses another country: languages from CLDR where there is no census', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/external`);
    await page.waitForFunction(settled, undefined, { timeout: 180_000 });
    await page.getByRole('button', { name: /Country to compare with/ }).click();
    await page.getByRole('option', { name: 'India', exact: true }).click();
    await page.getByRole('heading', { name: /Compared with Unicode CLDR \d+ language estimates/ }).waitFor({ timeout: 180_000 });
    const results = page.locator('.mutuality-results');
    assert.equal(await results.locator('section[data-pillar]').count(), 1);
    assert.match((await results.locator('section[data-pillar="language"] .mutuality-source').textContent()) ?? '', /Estimate, not a census[\s\S]*Unicode License v3/);
    // Never called the overall score: it is the language alone, against an estimate.
    assert.match((await results.locator('.mutuality-overall').textContent()) ?? '', /^Mutuality score, language only \(Estimate, not a census\)/);
    await expectAccessible(page, 'compare external, India');
    await screenshot(page, 'compare-external-india');

    // A group instead of the whole organisation (GET /mutuality/compare-data): its name beside its respondents.
    await page.getByRole('button', { name: /Group/ }).click();
    // The group picker's own list: the census upload form below has options of its own (its office select).
    const options = page.getByRole('listbox').getByRole('option');
    await options.nth(1).waitFor();
    const group = ((await options.nth(1).textContent()) ?? '').trim();
    await options.nth(1).click();
    await page.waitForFunction((name) => document.querySelector('.mutuality-results')?.getAttribute('data-status') !== 'pending' && (document.querySelector('.mutuality-results')?.textContent ?? '').includes(`(${name})`), group, { timeout: 180_000 });
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
    await page.waitForFunction(settled, undefined, { timeout: 180_000 });
    await chooseLanguage('Français', 'fr');
    const results = page.locator('.mutuality-results');
    // The language chosen loads the comparison again, named in French.
    await page.waitForFunction(() => (document.querySelector('.mutuality-results section[data-pillar="worldview"]')?.textContent ?? '').includes('Christianisme'), undefined, { timeout: 180_000 });
    assert.match((await page.locator('.compare-form').textContent()) ?? '', /Australie/);
    // The chart labels are French; the source's name ("Australia 2021 census") is the dataset's own.
    const born = await results.locator('section[data-pillar="country"] .chart-label').allTextContents();
    assert.ok(born.some((label) => label.startsWith('Inde')) && !born.some((label) => label.startsWith('India')), born.join(' | '));
    assert.ok((await results.locator('section[data-pillar="language"]').textContent())?.includes('vietnamien'));
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
