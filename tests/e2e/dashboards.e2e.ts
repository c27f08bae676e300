import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { statsMessages } from '../../domain/contracts/stats';
import { eventually, expectAccessible, screenshot, useDemoSuite, partShot } from './harness';

// The dashboards read the demo organisation, so this suite starts its own server with it.
const demo = useDemoSuite();

const PAGES = [
  { path: 'home', charts: 0 },
  { path: 'overview', charts: 4 },
  { path: 'demographics', charts: 9 },
  { path: 'country-birth', charts: 3 },
  { path: 'languages', charts: 5 },
  { path: 'worldviews', charts: 2 },
  { path: 'cultural-heritage', charts: 3 },
] as const;

/** Every card has left its loading state (loaded, withheld or failed). */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('[data-section]')];
    return cards.length > 0 && cards.every((c) => !['idle', 'pending'].includes(c.getAttribute('data-status') ?? ''));
  }, undefined, { timeout: 180_000 });

const statuses = (page: Page) =>
  page.$$eval('[data-section]', (cards) => cards.map((c) => [c.getAttribute('data-section'), c.getAttribute('data-status')] as const));

const respondents = async (page: Page): Promise<string> =>
  (await page.locator('[data-section="statOverviewRowOne"] dd').first().textContent())?.trim() ?? '';

/**
 * The world map of countries of birth (loaded on demand): outlines drawn, released countries
 * shaded, a legend, and a picture of it to look at.
 */
const expectWorldMap = async (page: Page) => {
  const card = page.locator('[data-section="statCountryCountries"]').filter({ has: page.locator('path.map-country') });
  await card.locator('g.map-legend').waitFor({ timeout: 180_000 });
  const fills = await card.locator('path.map-country').evaluateAll((paths) =>
    paths.map((p) => ({ fill: p.getAttribute('fill'), d: p.getAttribute('d') ?? '', hidden: p.hasAttribute('data-hidden'), title: p.querySelector('title')?.textContent ?? '' })));
  assert.ok(fills.length > 150, `${fills.length} countries drawn`);
  assert.ok(fills.every((f) => /^M[\d.-]/.test(f.d)), 'every outline has a path');
  const shaded = fills.filter((f) => f.fill?.startsWith('#') && f.fill !== '#f7f7f7');
  assert.ok(shaded.length >= 3, `${shaded.length} countries shaded`);
  assert.ok(shaded.every((f) => /: [\d,]+ \(\d+\.\d%\)$/.test(f.title)), 'a shaded country says its count and share');
  assert.ok(fills.filter((f) => f.hidden).every((f) => f.fill === '#f7f7f7' && !/: 0\b/.test(f.title)), 'hidden countries drawn as no figure, never zero');
  assert.equal(await card.locator('g.map-legend-step').count(), 6);
  await partShot(card, 'dashboards-country-birth-map');
};

describe('dashboards', () => {
  it('every dashboard page draws its sections as charts, accessible, each with a table view', async () => {
    const page = await demo.browser.context.newPage();
    for (const { path, charts } of PAGES) {
      await page.goto(`${demo.server.url}/dashboard/${path}`);
      await settled(page);
      const states = await statuses(page);
      const failed = await page.$$eval('[data-status="error"]', (cards) => cards.map((c) => c.textContent));
      assert.ok(states.every(([, s]) => s === 'loaded'), `${path}: ${JSON.stringify(states)} ${JSON.stringify(failed)}`);
      // The map arrives after its card has settled: it is loaded on demand.
      if (path === 'country-birth') await expectWorldMap(page);
      const images = await page.locator('svg[role="img"]').count();
      assert.ok(images >= charts, `${path}: ${images} charts, expected ${charts}`);
      if (path === 'home') assert.ok((await page.locator('.stat-figure').count()) >= 6);
      await expectAccessible(page, `dashboard ${path}`);
      await screenshot(page, `dashboards-${path}`);
    }
    // The table view of a chart reads the same figures.
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    const card = page.locator('[data-section="statOverviewGenderAgeRange"]');
    await card.getByRole('button', { name: 'Show as table' }).click();
    await card.getByRole('table').waitFor();
    assert.ok((await card.getByRole('row').count()) > 2);
    await expectAccessible(page, 'overview with a table view');
    await screenshot(page, 'dashboards-overview-table');
    await page.close();
  });

  it('prints a dashboard page cleanly: the figures and their notes, no menu, buttons or banners', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('aside.sidebar').isVisible(), false, 'the menu is not printed');
    const buttons = await page.locator('button').evaluateAll((all) => all.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.textContent));
    assert.deepEqual(buttons, [], 'no button is printed');
    assert.ok(await page.getByRole('heading', { level: 1 }).isVisible(), 'the page title is printed');
    assert.ok((await page.locator('svg[role="img"]').count()) >= 4);
    assert.ok(await page.locator('.stat-note').first().isVisible(), 'the adjustment note is printed');
    // The printed page is no wider than the paper's text column.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${overflow} px wider than the page`);
    await screenshot(page, 'dashboards-overview-print');
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    assert.ok(pdf.subarray(0, 5).toString() === '%PDF-' && pdf.length > 10_000, `a PDF of ${pdf.length} bytes`);
    await page.close();
  });

  it('Apply filter narrows the numbers and shows the badge; too narrow a selection is withheld', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    const all = await respondents(page);
    assert.match(all, /^[\d,]+$/);

    await page.getByRole('button', { name: /Apply filter/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Gen Z', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('filter-badge').filter({ hasText: '1' }).waitFor();
    await page.waitForFunction(
      (before) => {
        const dd = document.querySelector('[data-section="statOverviewRowOne"] dd');
        const card = document.querySelector('[data-section="statOverviewRowOne"]');
        return card?.getAttribute('data-status') === 'empty' || (dd && dd.textContent?.trim() !== before);
      },
      all,
      { timeout: 180_000 },
    );
    await settled(page);
    const narrowed = await respondents(page);
    assert.ok(Number(narrowed.replace(/,/g, '')) < Number(all.replace(/,/g, '')), `${narrowed} < ${all}`);
    await screenshot(page, 'dashboards-filtered');

    // A tiny selection: Gen Z, with a disability, LGBTIQ+ (these two raise k to 10).
    await page.getByRole('button', { name: /Apply filter/ }).click();
    await dialog.getByRole('radiogroup', { name: 'LGBTIQ+' }).getByText('Yes', { exact: true }).click();
    await dialog.getByRole('radiogroup', { name: 'Disability' }).getByText('Yes', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('filter-badge').filter({ hasText: '3' }).waitFor();
    // The server says which: below k ('It needs at least 10 answers.') or nothing left to release.
    const withheld = page.locator('[data-section="statOverviewRowOne"] .stat-withheld');
    await withheld.waitFor({ timeout: 180_000 });
    const said = (await withheld.textContent())?.trim();
    assert.ok(
      [statsMessages.needsAtLeast(10), statsMessages.needsAtLeast(5), statsMessages.notEnoughData].includes(said ?? ''),
      `withheld with: ${said}`,
    );
    // A hidden selection is never shown as zero people.
    assert.equal(await page.locator('[data-section="statOverviewRowOne"] dd').count(), 0);
    await settled(page);
    assert.ok((await statuses(page)).some(([, s]) => s === 'empty'));
    await expectAccessible(page, 'overview withheld');
    await screenshot(page, 'dashboards-withheld');

    await page.getByRole('button', { name: /Apply filter/ }).click();
    await dialog.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="filter-badge"]'));
    await page.close();
  });

  it('the filter panel offers position level and gender, and opens empty after Clear filters', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    await page.getByRole('button', { name: /Apply filter/ }).click();
    const dialog = page.getByRole('dialog');
    const levels = dialog.getByRole('group', { name: 'Position level' });
    const genders = dialog.getByRole('group', { name: 'Gender' });
    await levels.getByRole('checkbox').first().waitFor();
    await genders.getByRole('checkbox').first().waitFor();
    await levels.locator('label').first().click();
    await genders.locator('label').first().click();
    await expectAccessible(page, 'filter panel');
    await screenshot(page, 'dashboards-filter-panel');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('filter-badge').filter({ hasText: '2' }).waitFor();
    await settled(page);
    assert.ok((await statuses(page)).every(([, s]) => s !== 'error'), 'gender and position level are filters the server accepts');

    await page.getByRole('button', { name: /Apply filter/ }).click();
    assert.equal(await levels.getByRole('checkbox', { checked: true }).count(), 1);
    await dialog.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="filter-badge"]'));
    await page.getByRole('button', { name: /Apply filter/ }).click();
    await genders.getByRole('checkbox').first().waitFor();
    assert.equal(await dialog.getByRole('checkbox', { checked: true }).count(), 0, 'the cleared panel opens empty');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('filter-badge').count(), 0);
    await page.close();
  });

  it('the date range selector counts only the answers of the chosen range', async () => {
    const saved = await fetch(`${demo.server.url}/api/organization/setting/date-range`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ranges: [{ label: 'From 2099', type: 'since', value: '2099-01-01' }] }),
    });
    assert.equal(saved.status, 200);
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    const all = await respondents(page);
    await page.locator('.date-range-select').getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('option', { name: 'From 2099' }).click();
    // Nobody answered in that range: the section is withheld, never a zero.
    await page.locator('[data-section="statOverviewRowOne"][data-status="empty"]').waitFor({ timeout: 180_000 });
    await page.getByTestId('filter-badge').filter({ hasText: '1' }).waitFor();
    await expectAccessible(page, 'overview in an empty date range');
    await screenshot(page, 'dashboards-date-range');
    await page.locator('.date-range-select').getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('option', { name: 'All answers' }).click();
    await page.locator('[data-section="statOverviewRowOne"][data-status="loaded"]').waitFor({ timeout: 180_000 });
    assert.equal(await respondents(page), all);
    await page.close();
  });

  it('draws the whole pyramid for women and men, shows the filtered overview’s countries and languages, and says figures are adjusted', async () => {
    const api = async (path: string) => (await fetch(`${demo.server.url}/api${path}`, { headers: { authorization: `Bearer ${demo.token}` } })).json();
    const table = (await api('/overview/gender-age-range')).data as { rows: { key: string; label: string }[]; cells: ({ suppressed?: true })[][] };
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    const card = page.locator('[data-section="statOverviewGenderAgeRange"]');
    const hiddenTitles = await card.locator('[data-hidden]').evaluateAll((nodes) => nodes.map((node) => node.querySelector('title')?.textContent ?? ''));
    const womenAndMen = table.rows.filter((r) => /\b(female|male)\b/i.test(r.label));
    assert.equal(womenAndMen.length, 2, JSON.stringify(table.rows));
    for (const row of womenAndMen) {
      const cells = table.cells[table.rows.indexOf(row)];
      assert.ok(cells.every((cell) => cell.suppressed !== true), `${row.label}: every age band shown`);
      assert.ok(!hiddenTitles.some((title) => title.includes(`${row.label},`) || title.includes(`, ${row.label}:`)), `${row.label}: nothing hatched`);
    }
    assert.ok(table.rows.length >= 2);
    // The page says once that the figures are adjusted (not under every card).
    const note = page.locator('.page-note');
    assert.match((await note.textContent()) ?? '', /adjusted by up to ±3/);
    assert.equal(await card.locator('.stat-note').count(), 0);
    // The 25-34 without a disability selection lists countries and languages, agreeing with its charts.
    const filter = '?filter[age-range]=25-34&filter[disability]=no';
    const row = (await api(`/overview/row-two${filter}`)).data as { items: { key: string; value: number }[] };
    const countries = (await api(`/overview/country-birth${filter}`)).data as { cells: { preferNot?: true; suppressed?: true; count?: number }[] };
    const value = (key: string) => row.items.find((item) => item.key === key)?.value ?? 0;
    assert.ok(value('countries') >= 2, `countries ${value('countries')}`);
    assert.ok(value('languages') >= 2, `languages ${value('languages')}`);
    assert.equal(value('countries'), countries.cells.filter((cell) => cell.preferNot !== true && cell.suppressed !== true).length);
    assert.ok(countries.cells.every((cell) => cell.suppressed === true || (cell.count ?? 0) >= 10), 'no value below k is listed, no 0.0% bar');
    await screenshot(page, 'dashboards-overview-adjusted');
    await page.close();
  });

  it('Demographics draws the core questions, Languages draws each figure once, Home shows the diversity index beside the badges', async () => {
    const page = await demo.browser.context.newPage();
    const titles = () => page.locator('[data-section] > h2').allTextContents();
    const fits = async (label: string) => {
      await page.setViewportSize({ width: 390, height: 844 });
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), `${label} fits 390 px`);
      await expectAccessible(page, `${label} at 390 px`);
      await screenshot(page, `dashboards-${label}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
    };

    await page.goto(`${demo.server.url}/dashboard/demographics`);
    await settled(page);
    const demographics = await titles();
    for (const title of ['Gender', 'Gender by age', 'Generation', 'Position level', 'Highest level of education', 'Disability or long-term condition', 'Sexual orientation (LGBTIQ+)']) {
      assert.ok(demographics.includes(title), `${title} in ${JSON.stringify(demographics)}`);
    }
    for (const name of ['statDemographicRowOne', 'statOverviewGenderAgeRange', 'statDemographicRowTwo', 'statDemographicRowThree', 'statDemographicRowFour', 'statDemographicRowFive', 'statDemographicLgbtiq']) {
      const card = page.locator(`[data-section="${name}"]`);
      assert.equal(await card.getAttribute('data-status'), 'loaded', name);
      assert.equal(await card.locator('svg[role="img"]').count(), 1, `${name} draws one chart`);
    }
    // The gender chart names the answers people gave.
    assert.match((await page.locator('[data-section="statDemographicRowOne"] svg[role="img"]').getAttribute('aria-label')) ?? '', /female|woman/i);
    await expectAccessible(page, 'demographics core charts');
    await screenshot(page, 'dashboards-demographics-core');
    await fits('demographics');

    await page.goto(`${demo.server.url}/dashboard/languages`);
    await settled(page);
    const languages = await titles();
    assert.equal(new Set(languages).size, languages.length, `no title twice: ${JSON.stringify(languages)}`);
    for (const repeat of ['Most common languages', 'Most common language zones', 'Languages by continent', 'Multilingual people', 'One language or several', 'Languages by zone']) {
      assert.ok(!languages.includes(repeat), `${repeat} is a repeat of another chart`);
    }
    for (const kept of ['Languages spoken', 'Language zones', 'Languages known per person', 'Continents, zones and languages']) assert.ok(languages.includes(kept), kept);
    // No two cards read the same section.
    const sections = await page.$$eval('[data-section]', (cards) => cards.map((card) => card.getAttribute('data-section')));
    assert.equal(new Set(sections).size, sections.length);
    await screenshot(page, 'dashboards-languages-once');

    await page.goto(`${demo.server.url}/dashboard/home`);
    await settled(page);
    const index = page.locator('[data-section="statGeneralMutualityIndex"]');
    assert.equal(await index.getAttribute('data-status'), 'loaded');
    assert.equal(await index.locator('h2').textContent(), 'Diversity index');
    const pillars = await index.locator('[data-pillar]').evaluateAll((items) => items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]));
    assert.deepEqual(pillars.map(([label]) => label), ['Overall index', 'Cultural heritage', 'Country of birth', 'Language', 'Worldview']);
    assert.ok(pillars.every(([, value]) => /^(0|1)\.\d\d$/.test(value ?? '')), JSON.stringify(pillars));
    // Beside the badges the index earns.
    assert.equal(await page.locator('[data-section="statGeneralMutualityIndex"] + [data-section="statGeneralBadges"]').count(), 1);
    await expectAccessible(page, 'home with the diversity index');
    await screenshot(page, 'dashboards-home-index');
    await fits('home');
    await page.close();
  });

  it('Refresh loads the current page’s sections again', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/worldviews`);
    await settled(page);
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/worldview/')) seen.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForFunction(() => true);
    await eventually(() => `five worldview sections requested again, saw ${[...new Set(seen)].join(', ')}`, async () => (new Set(seen).size >= 5 ? true : undefined));
    assert.deepEqual([...new Set(seen)].sort(), ['/api/worldview/row-one', '/api/worldview/row-three', '/api/worldview/row-two', '/api/worldview/tree', '/api/worldview/worldviews']);
    await settled(page);
    assert.ok((await statuses(page)).every(([, s]) => s === 'loaded'));
    await page.close();
  });
});
