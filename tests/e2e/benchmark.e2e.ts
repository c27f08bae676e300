import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// Benchmark → Internal reads the demo organisation, so this suite starts its own server with it.
const demo = useDemoSuite();

const settled = () => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? '');

describe('benchmark internal', () => {
  it('shows each metric as a band across the groups with the chosen group marked, and a ranked table', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/benchmark/internal`);
    await page.waitForFunction(settled, undefined, { timeout: 120_000 });
    const results = page.locator('.compare-results');
    assert.equal(await results.getAttribute('data-status'), 'loaded', (await results.textContent()) ?? '');
    assert.equal(await page.getByText('No data has been collected for this page yet', { exact: false }).count(), 0);

    const bands = results.locator('table.benchmark-table');
    const rows = bands.locator('tbody tr');
    assert.ok((await rows.count()) >= 15, `at least 15 metrics, got ${await rows.count()}`);
    const index = bands.locator('tr[data-metric="index_overall"] td');
    const [p10, median, p90] = (await index.allTextContents()).slice(1, 4).map(Number);
    assert.ok(p10! <= median! && median! <= p90!, `P10 ${p10} ≤ median ${median} ≤ P90 ${p90}`);
    assert.ok((await bands.locator('circle.benchmark-here').count()) >= 10, 'the chosen group is drawn on the bands');

    // Choose another group: the "you are here" column follows it.
    await page.getByRole('button', { name: /Your group/ }).click();
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    const chosen = ((await options.nth(1).textContent()) ?? '').trim().split(' › ').pop()!;
    await options.nth(1).click();
    assert.match((await bands.locator('thead th').nth(5).textContent()) ?? '', new RegExp(`${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(you are here\\)`));

    // The ranked table marks the chosen group.
    const ranked = results.locator('table.benchmark-ranked');
    const current = ranked.locator('tr[aria-current="true"]');
    assert.equal(await current.count(), 1);
    assert.match((await current.textContent()) ?? '', new RegExp(chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const ranks = (await ranked.locator('tbody tr td:first-child').allTextContents()).map((text) => Number(text));
    assert.deepEqual(ranks.filter(Number.isFinite), [...ranks.filter(Number.isFinite)].sort((x, y) => x - y), 'ranked from 1 down');
    assert.match((await results.locator('.benchmark-left-out').textContent()) ?? '', /Left out|Every group/);

    await expectAccessible(page, 'benchmark internal');
    await screenshot(page, 'benchmark-internal');

    // Rank by another metric.
    await page.getByLabel('Rank by').selectOption({ label: '% multilingual' });
    assert.match((await ranked.locator('caption').textContent()) ?? '', /% multilingual/);
    await expectAccessible(page, 'benchmark internal, ranked by multilingual');
    await page.close();
  });
});
