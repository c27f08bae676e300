import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot, useDemoSuite, partShot } from './harness';

// Honest charts (issue 31): hidden values counted once, never drawn; value axes; one adjustment
// note per page; every dashboard page within a phone's 390 px with its charts re-laid, not shrunk.
const demo = useDemoSuite();

const settled = (page: Page) =>
  page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('[data-section]')];
    return cards.length > 0 && cards.every((c) => !['idle', 'pending'].includes(c.getAttribute('data-status') ?? ''));
  }, undefined, { timeout: 180_000 });

interface Cell { readonly suppressed?: true }
interface Cross { readonly rows: unknown[]; readonly columns: unknown[]; readonly cells: Cell[][] }

const api = async (path: string): Promise<unknown> =>
  ((await (await fetch(`${demo.server.url}/api${path}`, { headers: { authorization: `Bearer ${demo.token}` } })).json()) as { data: unknown }).data;

const cardShot = (page: Page, section: string, name: string) => partShot(page.locator(`[data-section="${section}"]`).first(), name);

/** What a cross-table card draws: no hatched or hidden mark, the hidden count said once, an axis. */
const expectHonestCross = async (page: Page, section: string, endpoint: string) => {
  const table = (await api(endpoint)) as Cross;
  const hidden = table.cells.flat().filter((cell) => cell.suppressed === true).length;
  const card = page.locator(`[data-section="${section}"]`);
  assert.equal(await card.locator('[data-hidden], [fill^="url(#"]').count(), 0, `${section}: nothing hidden is drawn`);
  const notes = await card.locator('.chart-note-text').allTextContents();
  const said = notes.filter((note) => /hidden \(fewer than \d+ people/.test(note));
  if (hidden > 0) {
    assert.equal(said.length, 1, `${section}: the hidden values said once (${JSON.stringify(notes)})`);
    assert.match(said[0]!, new RegExp(`^${hidden} values? hidden`));
  } else {
    assert.equal(said.length, 0);
  }
  assert.ok((await card.locator('.chart-axis text').count()) >= 3, `${section}: a value axis`);
  return hidden;
};

describe('honest charts', () => {
  it('the pyramid and gender by state draw no hidden value, say how many are hidden once, and have a value axis', async () => {
    const page = await demo.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${demo.server.url}/dashboard/overview`);
    await settled(page);
    await expectHonestCross(page, 'statOverviewGenderAgeRange', '/overview/gender-age-range');
    // One adjustment note for the page, none under the cards.
    assert.equal(await page.locator('.page-note').count(), 1);
    assert.match((await page.locator('.page-note').textContent()) ?? '', /adjusted by up to ±3/);
    assert.equal(await page.locator('[data-section] .stat-note').count(), 0);
    await cardShot(page, 'statOverviewGenderAgeRange', 'charts-pyramid');
    await expectAccessible(page, 'overview');

    await page.goto(`${demo.server.url}/dashboard/demographics`);
    await settled(page);
    const hidden = await expectHonestCross(page, 'statDemographicStatePerGender', '/demographic/state-per-gender');
    assert.ok(hidden > 0, 'the demo hides some gender-by-state cells');
    // Labels are whole where they fit: no state name is cut when the card has room.
    const cut = await page.locator('[data-section="statDemographicStatePerGender"] .chart-label').evaluateAll((labels) => labels.filter((l) => (l.textContent ?? '').endsWith('…')).length);
    assert.equal(cut, 0);
    await cardShot(page, 'statDemographicStatePerGender', 'charts-gender-by-state');
    // The table view sorts by a header.
    const card = page.locator('[data-section="statDemographicStatePerGender"]');
    await card.getByRole('button', { name: 'Show as table' }).click();
    await card.getByRole('table').waitFor();
    await expectAccessible(page, 'demographics with a table view');
    await page.close();
  });

  it('every dashboard page fits a 390 px phone, its chart text drawn at 12 px or more', async () => {
    const page = await demo.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 390, height: 844 });
    const pages = ['home', 'overview', 'demographics', 'country-birth', 'languages', 'worldviews', 'cultural-heritage', 'compare/internal', 'compare/external', 'benchmark/internal', 'control-panel/surveys-management'];
    for (const path of pages) {
      await page.goto(`${demo.server.url}/dashboard/${path}`);
      await page.locator('main h1').first().waitFor().catch(async (error: unknown) => {
        throw new Error(`${path}: ${String(error)}\n${errors.join('\n')}\n${(await page.locator('body').innerText()).slice(0, 600)}`);
      });
      // Nothing left loading: every card and result area has settled.
      await page.waitForFunction(() => document.querySelector('[data-status="pending"], [aria-busy="true"]') === null, undefined, { timeout: 180_000 });
      assert.deepEqual(errors, [], `${path}: the page runs without an error`);
      if (path.endsWith('surveys-management')) await page.locator('main table').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${path}: ${width} px wide`);
      // Charts are drawn at the card's width, not scaled down: 12 px text stays 12 px on screen.
      const smallest = await page.locator('svg.chart-svg .chart-label').evaluateAll((labels) =>
        Math.min(99, ...labels.filter((l) => (l as SVGGraphicsElement).getBBox().width > 0).map((l) => {
          const svg = l.closest('svg')!;
          const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal.width || 1);
          return parseFloat(getComputedStyle(l).fontSize) * scale;
        })));
      assert.ok(smallest >= 11.5, `${path}: chart text at ${smallest.toFixed(1)} px`);
      await expectAccessible(page, `${path} at 390 px`);
      await screenshot(page, `charts-phone-${path.replace(/\//g, '-')}`);
      if (path === 'overview') {
        await cardShot(page, 'statOverviewGenderAgeRange', 'charts-phone-pyramid');
        await cardShot(page, 'statOverviewCountryBirth', 'charts-phone-bars');
      }
      if (path === 'demographics') await cardShot(page, 'statDemographicStatePerGender', 'charts-phone-gender-by-state');
    }
    await page.close();
  });
});
