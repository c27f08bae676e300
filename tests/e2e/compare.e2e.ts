import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// Compare → Internal reads the demo organisation, so this suite starts its own server with it.
const demo = useDemoSuite();

describe('compare internal', () => {
  it('compares the organisation with a group side by side, accessible, with a table view of a chart', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/internal`);
    await page.getByRole('form', { name: 'Choose what to compare' }).waitFor();
    assert.equal(await page.getByText('No data has been collected for this page yet', { exact: false }).count(), 0);

    // By default the whole organisation is set against its two largest groups (by members).
    await page.locator('fieldset[data-index="2"]').waitFor();
    const defaults = await page.locator('fieldset.compare-selection').evaluateAll((sets) => sets.map((set) => set.querySelector('button')?.textContent ?? ''));
    assert.equal(defaults.length, 3, JSON.stringify(defaults));
    assert.match(defaults[0]!, /Whole organisation/);
    assert.ok(defaults.slice(1).every((text) => !/Whole organisation/.test(text)), JSON.stringify(defaults));
    assert.notEqual(defaults[1], defaults[2]);
    await screenshot(page, 'compare-internal-defaults');
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the form fits a phone');
    await expectAccessible(page, 'compare internal defaults at 390 px');
    await screenshot(page, 'compare-internal-defaults-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Back to two selections: the organisation and one chosen group.
    await page.getByRole('button', { name: 'Remove selection 3' }).click();

    // The second selection: the first group of the list.
    const second = page.locator('fieldset[data-index="1"]');
    await second.getByRole('button', { name: /Group/ }).click();
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    const group = ((await options.nth(1).textContent()) ?? '').trim();
    await options.nth(1).click();
    await page.getByRole('form', { name: 'Choose what to compare' }).getByRole('button', { name: 'Compare', exact: true }).click();

    const results = page.locator('.compare-results');
    await page.waitForFunction(() => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? ''), undefined, { timeout: 180_000 });
    assert.equal(await results.getAttribute('data-status'), 'loaded', (await results.textContent()) ?? '');

    const table = results.locator('table.compare-table');
    const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
    assert.equal(headers.length, 2, JSON.stringify(headers));
    assert.equal(headers[1], group);
    const respondents = (await table.locator('tbody tr').first().locator('td').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
    assert.ok(respondents.every((n) => n > 0), JSON.stringify(respondents));
    assert.ok(respondents[0]! >= respondents[1]!, `the organisation (${respondents[0]}) holds the group (${respondents[1]})`);
    assert.ok((await results.locator('.compare-facts li').count()) >= 1, 'at least one key fact');
    assert.ok((await results.locator('svg[role="img"]').count()) >= 5, 'five grouped bar charts');

    await expectAccessible(page, 'compare internal');
    await screenshot(page, 'compare-internal');

    // A chart's table view reads the same figures.
    const gender = results.locator('section', { has: page.getByRole('heading', { name: 'Gender' }) });
    await gender.getByRole('button', { name: 'Show as table' }).click();
    await gender.getByRole('table').waitFor();
    assert.ok((await gender.getByRole('row').count()) > 2);
    await expectAccessible(page, 'compare internal, table view');
    await page.close();
  });

  it('adds a third selection: the organisation within a date range', async () => {
    const saved = await fetch(`${demo.server.url}/api/organization/setting/date-range`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
      body: JSON.stringify({ ranges: [{ label: 'Since 2020', type: 'since', value: '2020-01-01' }] }),
    });
    assert.equal(saved.status, 200, await saved.text());
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/internal`);
    const form = page.getByRole('form', { name: 'Choose what to compare' });
    await form.waitFor();
    // The defaults are three selections (the organisation and its two largest groups): date the third.
    const third = page.locator('fieldset[data-index="2"]');
    await third.waitFor();
    await third.getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('option', { name: 'Since 2020' }).click();
    await form.getByRole('button', { name: 'Compare', exact: true }).click();
    const results = page.locator('.compare-results');
    await page.waitForFunction(() => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? ''), undefined, { timeout: 180_000 });
    assert.equal(await results.getAttribute('data-status'), 'loaded', (await results.textContent()) ?? '');
    const headers = (await results.locator('table.compare-table thead th').allTextContents()).map((text) => text.trim());
    assert.equal(headers.length, 3, JSON.stringify(headers));
    assert.match(headers[2]!, / · Since 2020$/);
    await expectAccessible(page, 'compare internal, three selections');
    await screenshot(page, 'compare-internal-date-range');
    await page.close();
  });
});
