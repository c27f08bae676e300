import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// Benchmark → Internal reads the demo organisation, so this suite starts its own server with it.
const demo = useDemoSuite();

const settled = () => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? '');

describe('benchmark internal', () => {
  it('shows each metric as a band across the groups with the chosen group marked, and a ranked table', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/benchmark/internal`);
    await page.waitForFunction(settled, undefined, { timeout: 300_000 });
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
    // The demo's links are its groups': participation (responses against seats) is banded across the groups.
    const participation = bands.locator('tr[data-metric="participation"] td');
    const shares = (await participation.allTextContents()).slice(1, 4).map((text) => Number.parseFloat(text.replace(/[^\d.]/g, '')));
    assert.ok(shares.every((share) => share > 0 && share <= 100), `participation P10, median, P90: ${shares.join(', ')}`);
    assert.ok(shares[0]! < shares[2]!, `participation differs between groups: ${shares.join(', ')}`);
    // Respondents are people: whole numbers in the band, even where a median falls between two groups.
    const people = (await bands.locator('tr[data-metric="respondents"] td').allTextContents()).slice(1, 5);
    assert.ok(people.length === 4 && people.every((text) => /^[\d,]+$/.test(text.trim())), `respondents: ${people.join(', ')}`);
    // "You are here" starts on the group with the most respondents, not on a sub-group.
    const reply = await fetch(`${demo.server.url}/api/benchmark/internal/process`, { method: 'POST', headers: { authorization: `Bearer ${demo.token}` } });
    const measured = ((await reply.json()) as { data: { groups: { name: string; parentId: string | null; values: { respondents: number | null } }[] } }).data.groups;
    const groupsOnly = measured.filter((group) => group.parentId === null);
    const largest = groupsOnly.reduce((best, group) => ((group.values.respondents ?? -1) > (best.values.respondents ?? -1) ? group : best));
    assert.equal(((await bands.locator('thead th').nth(5).textContent()) ?? '').trim(), `${largest.name} (you are here)`);

    // Choose another group: the "you are here" column follows it.
    await page.getByRole('button', { name: /Your group/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
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

    // Rank by participation: every group has a figure (a group link's seats are the group's, so sub-groups have none of their own).
    await page.getByLabel('Rank by').selectOption({ value: 'participation' });
    assert.match((await ranked.locator('caption').textContent()) ?? '', /participation/i);
    const participationRanks = (await ranked.locator('tbody tr td:first-child').allTextContents()).filter((rank) => /^\d+$/.test(rank.trim()));
    assert.ok(participationRanks.length >= 6, `the groups ranked: ${participationRanks.join(', ')}`);
    await screenshot(page, 'benchmark-internal-participation');

    // Rank by another metric.
    await page.getByLabel('Rank by').selectOption({ label: '% multilingual' });
    assert.match((await ranked.locator('caption').textContent()) ?? '', /% multilingual/);
    await expectAccessible(page, 'benchmark internal, ranked by multilingual');

    // The pooled benchmark is off by default; the administrator turns it on, and alone in its pool it shows nothing.
    const pooled = page.locator('section', { has: page.getByRole('heading', { name: 'Organisations like yours' }) });
    await pooled.getByText('does not pool its figures').waitFor();
    await pooled.getByRole('switch', { name: 'Pool our figures with organisations like ours' }).click({ force: true });
    await pooled.getByText(/Fewer than 10 organisations/).waitFor({ timeout: 180_000 });
    assert.equal(await pooled.locator('table').count(), 0);
    await expectAccessible(page, 'benchmark internal, pooling on');
    await screenshot(page, 'benchmark-internal-pooled');
    await page.close();
  });

  it('downloads a comparison as a spreadsheet from Compare → Internal and opens it', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/compare/internal`);
    const form = page.getByRole('form', { name: 'Choose what to compare' });
    await form.waitFor();
    // The defaults hold the organisation and its two largest groups; compare the organisation with one chosen group.
    await page.locator('fieldset[data-index="2"]').waitFor();
    await page.getByRole('button', { name: 'Remove selection 3' }).click();
    const second = page.locator('fieldset[data-index="1"]');
    await second.getByRole('button', { name: /Group/ }).click();
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    const group = ((await options.nth(1).textContent()) ?? '').trim();
    await options.nth(1).click();
    await form.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.waitForFunction(settled, undefined, { timeout: 300_000 });
    const results = page.locator('.compare-results');
    assert.equal(await results.getAttribute('data-status'), 'loaded', (await results.textContent()) ?? '');
    const shownRespondents = (await results.locator('table.compare-table tbody tr').first().locator('td').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the comparison (xlsx)' }).click()]);
    assert.match(download.suggestedFilename(), /^compare-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    assert.deepEqual(workbook.worksheets.map((sheet) => sheet.name), ['Page', 'Contents', 'Side by side', 'Key facts', 'Gender', 'Age', 'Generation', 'Position level', 'Disability', 'Top values']);
    const cover: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => cover.push((row.values as ExcelJS.CellValue[]).slice(1).join(' | ')));
    assert.ok(cover.some((line) => line.startsWith('Groups shown | ') && line.endsWith(`; ${group}`)), cover.join('\n'));
    const side = workbook.getWorksheet('Side by side')!;
    let respondents: ExcelJS.CellValue[] = [];
    side.eachRow((row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      if (values[0] === 'Respondents') respondents = values.slice(1);
    });
    // The spreadsheet holds the very figures the page shows.
    assert.deepEqual(respondents, shownRespondents);
    const facts: string[] = [];
    workbook.getWorksheet('Key facts')!.eachRow((row) => facts.push(String((row.values as ExcelJS.CellValue[])[1] ?? '')));
    assert.ok(facts.some((line) => / has the most respondents: \d+$/.test(line)), facts.join('\n'));
    await page.getByRole('status').filter({ hasText: /was downloaded/ }).waitFor();
    await expectAccessible(page, 'compare internal with downloads');
    await screenshot(page, 'compare-internal-download');
    await page.close();
  });
});
