import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { ar } from '../../domain/i18n/catalogues/ar';
import { announcementsSettled, apiPost, apiToken, expectAccessible, registerAccount, screenshot, signInWithCookie, useSuite, viewportShot } from './harness';

const suite = useSuite();

const PEOPLE = '/dashboard/control-panel/people';


const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (rows: readonly (readonly string[])[]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** 500 people of the group Sales; rows 11, 201 and 401 of the file (after its header) are refused, each for its own reason. */
const staffList = (stamp: string): string[][] => {
  const rows = Array.from({ length: 500 }, (_, index) => [`person-${index + 1}-${stamp}@example.org`, `Person${index + 1}`, 'Staff', 'Sales']);
  rows[10] = ['not an address', 'Broken', 'Email', 'Sales'];
  rows[200] = [`nowhere-${stamp}@example.org`, 'Lost', 'Group', 'Nowhere'];
  rows[400] = ['also@@example.org', 'Broken', 'Again', 'Sales'];
  return [['Email', 'First name', 'Last name', 'Group'], ...rows];
};

/** axe once react-aria's announcement of the pressed button is over (see announcementsSettled). */
const accessible = async (page: Page, label: string): Promise<void> => {
  await announcementsSettled(page);
  await expectAccessible(page, label);
};

const chooseLanguage = async (page: Page, nativeName: string, lang: string): Promise<void> => {
  await page.locator('.dashboard-topbar .language-select button').click();
  await page.getByRole('option', { name: nativeName, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
};

/** Chooses a file, reads it, checks the rows with the suggested columns; the summary's sentence. */
const readAndCheck = async (page: Page, name: string, content: string): Promise<string> => {
  await page.getByLabel('CSV or Excel file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Read the file' }).click();
  // The upload's progress bar, fed by the transport's upload events, ends full once the server has read the file.
  const sent = page.getByRole('progressbar', { name: 'File sent' });
  await sent.waitFor();
  assert.equal(await sent.getAttribute('aria-valuenow'), '100');
  assert.equal(await sent.getAttribute('aria-valuetext'), 'Complete');
  await page.getByRole('heading', { name: 'Match the columns', level: 2 }).waitFor();
  await page.getByText(`${name}`, { exact: false }).first().waitFor();
  await page.getByRole('button', { name: 'Check the rows' }).click();
  const summary = page.locator('section[aria-labelledby="people-summary-heading"] p[role="status"]').first();
  await summary.waitFor();
  return ((await summary.textContent()) ?? '').trim();
};

const confirmImport = async (page: Page): Promise<string> => {
  await page.getByRole('button', { name: 'Confirm the import' }).click();
  const done = page.locator('section[aria-labelledby="people-summary-heading"] .form-success');
  await done.waitFor();
  return ((await done.textContent()) ?? '').trim();
};

describe('people import', () => {
  it('imports 500 rows with 3 refused, downloads the refused rows, imports them fixed, and the same file again changes nothing; English, Arabic and 390 px', async () => {
    const account = await registerAccount(suite.server);
    const token = await apiToken(suite.server, account);
    await apiPost(suite.server, token, '/department-register', { name: 'Sales' });
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}${PEOPLE}`);
    await page.getByRole('heading', { name: 'Import people', level: 2 }).waitFor({ timeout: 180_000 });
    await accessible(page, 'people, before an import');

    const stamp = String(Date.now());
    const summary = await readAndCheck(page, 'staff.csv', csvOf(staffList(stamp)));
    assert.equal(summary, '497 new, 0 updated, 3 with problems.');
    const problemRows = await page.locator('#people-problems-caption').locator('xpath=..').locator('tbody tr').allTextContents();
    assert.equal(problemRows.length, 3, problemRows.join(' | '));
    // Rows are counted as a spreadsheet shows them: the header is row 1.
    assert.match(problemRows[0]!, /^12not an addressPlease provide a valid email\.$/);
    assert.match(problemRows[1]!, /^202nowhere-.*Please select an existing group$/);
    assert.match(problemRows[2]!, /^402also@@example\.org/);
    await accessible(page, 'people, the summary with problems');
    await screenshot(page, 'people-summary');

    // The rows with problems, as written, with their reason last.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the rows with problems (CSV)' }).click()]);
    const downloaded = (await readFile((await download.path())!)).toString('utf8');
    const refused = parse(downloaded, { bom: true }) as string[][];
    assert.deepEqual(refused[0], ['Email', 'First name', 'Last name', 'Group', 'reason']);
    assert.equal(refused.length, 4, downloaded);
    assert.deepEqual(refused.slice(1).map((row) => row[0]), ['not an address', `nowhere-${stamp}@example.org`, 'also@@example.org']);

    assert.equal(await confirmImport(page), 'Import done: 497 added, 0 updated, 3 left out.');
    await page.getByText('497 people', { exact: true }).waitFor();
    await screenshot(page, 'people-imported');

    // The three rows fixed in the downloaded file (the reason column is left unmatched) come in as new people.
    const fixed = refused.map((row, index) => (index === 0 ? row : [`fixed-${index}-${stamp}@example.org`, row[1]!, row[2]!, 'Sales', row[4]!]));
    const fixedFile = csvOf(fixed);
    assert.equal(await readAndCheck(page, 'people-problems-fixed.csv', fixedFile), '3 new, 0 updated, 0 with problems.');
    assert.equal(await page.getByRole('link', { name: 'Download the rows with problems (CSV)' }).count(), 0);
    assert.equal(await confirmImport(page), 'Import done: 3 added, 0 updated, 0 left out.');
    await page.getByText('500 people', { exact: true }).waitFor();

    // The same file again: nothing new, nothing updated.
    assert.equal(await readAndCheck(page, 'people-problems-fixed.csv', fixedFile), '0 new, 0 updated, 0 with problems. Already up to date: 3.');
    assert.equal(await confirmImport(page), 'Import done: 0 added, 0 updated, 0 left out.');
    await page.getByText('500 people', { exact: true }).waitFor();
    await accessible(page, 'people, after the imports');

    // Arabic, right to left: the import again up to its summary, accessible.
    await readAndCheck(page, 'staff.csv', csvOf(staffList(stamp)));
    await chooseLanguage(page, 'العربية', 'ar');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.getByRole('heading', { name: ar.people_import_heading, level: 2 }).waitFor();
    await page.getByRole('heading', { name: ar.people_summary_heading, level: 2 }).waitFor();
    await accessible(page, 'people in Arabic');
    await screenshot(page, 'people-ar');

    // On a 390 px phone nothing scrolls sideways (the wide tables scroll inside their cards).
    await page.setViewportSize({ width: 390, height: 844 });
    const rtlWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(rtlWidth <= 390, `People in Arabic at 390 px is ${rtlWidth} px wide`);
    await accessible(page, 'people in Arabic at 390 px');
    await chooseLanguage(page, 'English (Australia)', 'en-AU');
    await page.getByRole('heading', { name: 'Import people', level: 2 }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `People at 390 px is ${width} px wide`);
    // The tables' captions are read whole where the table's scrolled view starts, not cut off at its side.
    const captions = await page.evaluate(() =>
      [...document.querySelectorAll('.table-scroll > table > caption')].map((caption) => {
        const range = document.createRange();
        range.selectNodeContents(caption);
        const text = range.getBoundingClientRect();
        const view = caption.closest('.table-scroll')!.getBoundingClientRect();
        return { text: caption.textContent, inside: text.left >= view.left - 1 && text.right <= view.right + 1 };
      }),
    );
    assert.ok(captions.length >= 2, JSON.stringify(captions));
    assert.deepEqual(captions.filter((caption) => !caption.inside), []);
    await accessible(page, 'people at 390 px');
    await screenshot(page, 'people-390');
    // The full page is 6000 px tall at this width: the mapping and the summary as the phone shows them.
    await page.locator('#people-mapping-heading').scrollIntoViewIfNeeded();
    await viewportShot(page, 'people-390-mapping');
    await page.locator('#people-summary-heading').scrollIntoViewIfNeeded();
    await viewportShot(page, 'people-390-summary');
    await page.close();
  });
});
