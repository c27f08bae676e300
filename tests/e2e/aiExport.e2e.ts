import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expectAccessible, screenshot, useDemoSuite } from './harness';

// The AI export reads the demo organisation's dashboards, so this suite starts its own server with it.
const demo = useDemoSuite();

const rows = (sheet: ExcelJS.Worksheet): string[] => {
  const out: string[] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1).join(' | ')));
  return out;
};

describe('AI export', () => {
  it('asks in plain words, shows what it understood, takes a correction and downloads the workbook', async () => {
    const saved = await fetch(`${demo.server.url}/api/organization/setting/date-range`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
      body: JSON.stringify({ ranges: [{ label: 'Since 2020', type: 'since', value: '2020-01-01' }] }),
    });
    assert.equal(saved.status, 200, await saved.text());

    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/reports`);
    const prompt = page.getByRole('textbox', { name: 'Your request' });
    await prompt.waitFor();

    // Bad prompts get a sentence, not an error page.
    await prompt.fill('delete everything');
    await page.getByRole('button', { name: 'Read my request' }).click();
    await page.getByTestId('ai-refusal').filter({ hasText: 'cannot delete or change anything' }).waitFor();
    await prompt.fill('x'.repeat(1500));
    await page.getByRole('button', { name: 'Read my request' }).click();
    await page.getByTestId('ai-refusal').filter({ hasText: 'under 500 characters' }).waitFor();

    // The example, by keyboard: type, then Enter on the button.
    await prompt.fill('women managers by country of birth, as a spreadsheet');
    await page.getByRole('button', { name: 'Read my request' }).focus();
    await page.keyboard.press('Enter');
    const understood = page.getByTestId('ai-understanding');
    await understood.waitFor();
    assert.match((await understood.textContent()) ?? '', /built-in interpreter/);
    assert.equal(await understood.getByRole('group', { name: 'Country of birth' }).count(), 1);
    const gender = understood.getByRole('group', { name: 'Gender' });
    await gender.getByRole('checkbox').first().waitFor();
    const woman = gender.getByRole('checkbox', { name: 'Woman or female' });
    assert.equal(await woman.isChecked(), true);
    const managers = understood.getByRole('group', { name: 'Position level' }).getByRole('checkbox', { name: 'Managers' });
    assert.equal(await managers.isChecked(), true);
    assert.equal(await understood.getByRole('radio', { name: /Spreadsheet/ }).isChecked(), true);
    await expectAccessible(page, 'AI export understood');
    await screenshot(page, 'ai-export-understood');

    // One correction: not only women, everyone in management.
    await woman.press('Space');
    assert.equal(await woman.isChecked(), false);
    // And two cards only, in the date range saved above.
    const cards = understood.getByRole('group', { name: 'Country of birth' });
    await cards.getByText('Countries of birth', { exact: true }).click();
    await cards.getByText('Respondents and countries of birth', { exact: true }).click();
    assert.equal(await cards.getByRole('checkbox', { name: 'Countries of birth', exact: true }).isChecked(), true);
    await understood.getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('option', { name: 'Since 2020' }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), understood.getByRole('button', { name: 'Download' }).click()]);
    assert.match(download.suggestedFilename(), /^country-birth-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    // Sheet names are cut at Excel's 31 characters.
    assert.deepEqual(workbook.worksheets.slice(1).map((sheet) => sheet.name), ['Respondents and countries of bi', 'Countries of birth']);
    const cover = rows(workbook.worksheets[0]!).join('\n');
    assert.match(cover, /Export of the Country of birth page/);
    assert.match(cover, /Position level: Managers/);
    assert.doesNotMatch(cover, /Woman or female/);
    assert.match(cover, /Since 2020/);
    assert.match(cover, /Figures are adjusted by up to ±3 to protect people\./);
    await page.getByRole('status').filter({ hasText: /Downloaded: country-birth-/ }).waitFor();

    await expectAccessible(page, 'AI export corrected and downloaded');
    await screenshot(page, 'ai-export-downloaded');
    await page.close();
  });

  it('reads a request in French and answers it in the same form', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/reports`);
    const prompt = page.getByRole('textbox', { name: 'Your request' });
    await prompt.fill('les langues maternelles des femmes, en csv');
    await page.getByRole('button', { name: 'Read my request' }).click();
    const understood = page.getByTestId('ai-understanding');
    await understood.waitFor();
    assert.equal(await understood.getByRole('group', { name: 'Languages', exact: true }).getByRole('checkbox', { name: 'Native languages', exact: true }).isChecked(), true);
    assert.equal(await understood.getByRole('radio', { name: /CSV/ }).isChecked(), true);
    const [csv] = await Promise.all([page.waitForEvent('download'), understood.getByRole('button', { name: 'Download' }).click()]);
    assert.match(csv.suggestedFilename(), /^languages-language-native-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '');
    assert.match(text.split('\r\n')[0]!, /^Name,People,Share$/);
    await page.close();
  });
});
