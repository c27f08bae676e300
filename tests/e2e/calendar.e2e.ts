import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot, useDemoSuite, partShot, viewportShot } from './harness';

// The calendar's relevant view reads the demo organisation's released figures.
const demo = useDemoSuite();

const rowIds = (page: Page) => page.locator('table.calendar-table tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event') ?? ''));
const countShown = async (page: Page): Promise<number> => Number(((await page.getByTestId('calendar-count').textContent()) ?? '').replace(/[^\d]/g, ''));
/** The all-day events of an iCalendar text: summary and start day. */
const parseIcs = (text: string): { summary: string; start: string }[] =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => ({ summary: /\r\nSUMMARY:(.*)\r\n/.exec(block)?.[1] ?? '', start: /\r\nDTSTART;VALUE=DATE:(\d{8})\r\n/.exec(block)?.[1] ?? '' }));

/** Whether the calendar's events are shown and not being loaded again (the section is aria-busy while a load is pending). */
const eventsSettled = (page: Page) =>
  page.waitForFunction(() => {
    const events = document.querySelector('[data-testid="calendar-events"]');
    return events !== null && events.getAttribute('aria-busy') !== 'true' && document.querySelector('[data-testid="calendar-count"]') !== null;
  });

/**
 * Chooses an option and waits for the calendar's answer (a choice seen before may come from the
 * five-minute cache, without a request): the change's load is dispatched by the effect React runs
 * with the change itself, so once the frame after it is drawn the section is busy or settled.
 */
const selectByLabel = async (page: Page, label: string, option: { label?: string; index?: number }) => {
  await page.getByLabel(label, { exact: true }).selectOption(option);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await eventsSettled(page);
};

describe('the cultural diversity calendar', () => {
  it('opens from home, shows what is relevant to the organisation with released shares, filters, and sorts by share', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/home`);
    const upcoming = page.getByTestId('calendar-upcoming');
    await upcoming.locator('li').first().waitFor({ timeout: 180_000 });
    assert.ok((await upcoming.locator('li').count()) >= 3);
    await upcoming.getByRole('link', { name: 'Open the calendar' }).click();
    await page.waitForURL('**/dashboard/calendar');
    await page.getByRole('heading', { level: 1, name: 'Cultural diversity calendar' }).waitFor();
    await page.locator('table.calendar-table tbody tr').first().waitFor({ timeout: 180_000 });

    assert.ok((await countShown(page)) >= 300, `relevant events: ${await countShown(page)}`);
    const about = (await page.locator('.calendar-page').textContent()) ?? '';
    assert.match(about, /date-holidays \(ISC licence; holiday data CC BY 3\.0\)/);
    assert.match(about, /Diwali \/ Deepavali \(20\d\d\)/);
    assert.match(about, /The whole catalogue holds [\d,]+ events in \d+ countries/);
    assert.match(about, /of respondents (have a|identify with|were born in)/);
    await expectAccessible(page, 'calendar');
    await screenshot(page, 'calendar');
    await page.evaluate(() => document.querySelector('h1')?.scrollIntoView());
    await viewportShot(page, 'calendar-viewport');

    // The whole catalogue is larger.
    const relevant = await countShown(page);
    await selectByLabel(page, 'Show', { label: 'The whole catalogue' });
    assert.ok((await countShown(page)) >= 1200, `catalogue: ${await countShown(page)}`);
    // One row per day and name: Christmas Day on the 25th lists the countries that keep it.
    const christmas = page.locator('table.calendar-table tbody tr', { hasText: 'Christmas Day' }).filter({ hasText: /25 December|December 25/ });
    await selectByLabel(page, 'Month', { label: (await page.getByLabel('Month', { exact: true }).locator('option', { hasText: /December/ }).first().textContent()) ?? '' });
    assert.equal(await christmas.count(), 1, 'Christmas Day once');
    await selectByLabel(page, 'Month', { index: 0 });

    // One month.
    const month = await page.getByLabel('Month', { exact: true }).locator('option').nth(3).getAttribute('value');
    await selectByLabel(page, 'Month', { index: 3 });
    const ids = await rowIds(page);
    assert.ok(ids.length > 50, `${ids.length} events in ${month}`);
    assert.ok(ids.every((id) => id.includes(`:${month}-`)), ids.find((id) => !id.includes(`:${month}-`)));

    // One worldview, every month.
    await selectByLabel(page, 'Month', { index: 0 });
    await selectByLabel(page, 'Worldview', { label: 'Islam' });
    const islamic = (await page.locator('table.calendar-table tbody').textContent()) ?? '';
    assert.match(islamic, /Eid al-Fitr/);
    assert.match(islamic, /Ramadan begins/);
    assert.doesNotMatch(islamic, /Hanukkah/);

    // One country, back to the relevant view, sorted by the share of respondents.
    await selectByLabel(page, 'Worldview', { index: 0 });
    await selectByLabel(page, 'Show', { label: 'Relevant to my organisation' });
    assert.equal(await countShown(page), relevant);
    await selectByLabel(page, 'Sort by', { label: 'Share of respondents' });
    const shares = (await page.locator('table.calendar-table tbody tr td:nth-child(4)').allTextContents()).slice(0, 40);
    const percents = shares.map((text) => Number(/^([\d.]+)%/.exec(text)?.[1] ?? -1));
    assert.ok(percents[0]! > 0, shares[0]);
    assert.deepEqual(percents, [...percents].sort((a, b) => b - a));
    await selectByLabel(page, 'Country', { label: 'India' });
    const indiaRows = await page.locator('table.calendar-table tbody tr').allTextContents();
    assert.ok(indiaRows.length > 0 && indiaRows.every((text) => text.includes('India')), indiaRows.find((text) => !text.includes('India')));
    await expectAccessible(page, 'calendar filtered');
    // On a phone the page stays within the screen: the table scrolls inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    // The page is laid out again at the new width (and React has drawn what a narrow screen shows).
    await page.waitForFunction(() => window.innerWidth === 390);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the calendar fits 390 px');
    await expectAccessible(page, 'calendar at 390 px');
    await viewportShot(page, 'calendar-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'calendar-filtered');
    await viewportShot(page, 'calendar-filtered-viewport');
    await page.close();
  });

  it('subscribes through a private link, downloads and reads the .ics, revokes it; exports the year', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/calendar`);
    const feed = page.getByTestId('calendar-feed');
    await feed.getByRole('button', { name: 'Create a private link' }).click();
    const link = feed.getByLabel('Your private link');
    await link.waitFor();
    const url = await link.inputValue();
    assert.match(url, /\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
    const path = new URL(url).pathname;

    const [download] = await Promise.all([page.waitForEvent('download'), feed.getByRole('link', { name: 'Download the .ics file' }).click()]);
    const ics = await readFile((await download.path())!, 'utf8');
    assert.ok(ics.startsWith('BEGIN:VCALENDAR'));
    const events = parseIcs(ics);
    assert.ok(events.length > 50, `${events.length} events`);
    assert.ok(events.every((event) => /^\d{8}$/.test(event.start)), 'every event has an all-day start');
    assert.ok(events.some((event) => event.summary === 'Harmony Day'));
    assert.ok(events.some((event) => event.summary === 'Australia Day'));
    assert.equal(new Set(events.map((event) => `${event.start} ${event.summary}`)).size, events.length, 'the feed has no day and name twice');
    await expectAccessible(page, 'calendar feed');
    await screenshot(page, 'calendar-feed');
    await partShot(feed, 'calendar-feed-card');

    // The same link from outside the browser, without a session.
    assert.equal((await fetch(`${demo.server.url}${path}`)).status, 200);
    await feed.getByRole('button', { name: 'Revoke the link' }).click();
    await feed.getByText('The link was revoked: it no longer works.').waitFor();
    assert.equal((await fetch(`${demo.server.url}${path}`)).status, 404);

    // The view on screen as an .ics file: the same events, each once.
    await selectByLabel(page, 'Show', { label: 'The whole catalogue' });
    await page.waitForFunction(() => Number((document.querySelector('[data-testid="calendar-count"]')?.textContent ?? '').replace(/[^\d]/g, '')) >= 1200, undefined, { timeout: 180_000 });
    const shown = await countShown(page);
    const [viewFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download this view (.ics)' }).click()]);
    assert.match(viewFile.suggestedFilename(), /^calendar-\d{4}-\d{2}-\d{2}\.ics$/);
    const viewEvents = parseIcs(await readFile((await viewFile.path())!, 'utf8'));
    assert.equal(viewEvents.length, shown);
    assert.equal(new Set(viewEvents.map((event) => `${event.start} ${event.summary}`)).size, viewEvents.length, 'no day and name twice');

    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the year (spreadsheet)' }).click()]);
    assert.match(sheet.suggestedFilename(), /^calendar-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await sheet.path())!);
    const rows = workbook.getWorksheet('Calendar')!;
    assert.equal(rows.getRow(1).getCell(2).value, 'Event');
    assert.ok(rows.rowCount > 300, `${rows.rowCount} rows`);
    await page.close();
  });
});
