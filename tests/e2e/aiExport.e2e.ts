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
    // Sheet names are cut at Excel's 31 characters; a table of contents, when the workbook has one, is no card.
    const cardSheets = workbook.worksheets.slice(1).map((sheet) => sheet.name).filter((name) => name !== 'Contents');
    assert.equal(cardSheets.length, 2, cardSheets.join(', '));
    assert.match(cardSheets[0]!, /^Respondents and countries of/);
    assert.equal(cardSheets[1], 'Countries of birth');
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

  it('reads the requests issue 27 saw refused: by group, a group by its name, and a period it asks back, on a phone as on a desk', async () => {
    // One saved range, which does not start in January.
    const saved = await fetch(`${demo.server.url}/api/organization/setting/date-range`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
      body: JSON.stringify({ ranges: [{ label: 'Since 2020', type: 'since', value: '2020-01-01' }] }),
    });
    assert.equal(saved.status, 200, await saved.text());
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/reports`);
    const prompt = page.getByRole('textbox', { name: 'Your request' });
    const ask = async (text: string) => {
      await prompt.fill(text);
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('/general/ai/export')),
        page.getByRole('button', { name: 'Read my request' }).click(),
      ]);
      const understood = page.getByTestId('ai-understanding');
      await understood.waitFor();
      assert.equal(await page.getByTestId('ai-refusal').count(), 0, `${text} was refused`);
      return understood;
    };
    const groupsSideBySide = (understood: ReturnType<typeof page.getByTestId>) => understood.getByRole('group', { name: 'Groups side by side' });
    const ticked = async (understood: ReturnType<typeof page.getByTestId>) => {
      const boxes = groupsSideBySide(understood).getByRole('checkbox');
      await boxes.first().waitFor();
      const names: string[] = [];
      for (const box of await boxes.all()) if (await box.isChecked()) names.push((await box.locator('xpath=ancestor::label').textContent()) ?? '');
      return names.map((name) => name.trim());
    };

    // "by group": every group beside the whole organisation; Australia is a name, not a filter, and the notes say so.
    let understood = await ask('share of staff born outside Australia by group');
    assert.equal(await understood.getByRole('group', { name: 'Country of birth' }).count(), 1);
    const everyGroup = await ticked(understood);
    assert.ok(everyGroup.includes('Engineering') && everyGroup.includes('Sales') && everyGroup.includes('People & Culture'), everyGroup.join(', '));
    assert.ok(!everyGroup.includes('Platform'), 'a sub-group is not one of "every group"');
    assert.match((await understood.textContent()) ?? '', /Countries, languages and worldviews named in the request are not filters/);

    // The same for "country of birth by group": "by group" is no longer dropped.
    understood = await ask('country of birth by group');
    assert.deepEqual(await ticked(understood), everyGroup);

    // A group by its name is the organisation's own group, not another organisation's.
    understood = await ask('languages spoken in Engineering as a spreadsheet');
    assert.deepEqual(await ticked(understood), ['Engineering']);
    const languages = understood.getByRole('group', { name: 'Languages', exact: true });
    assert.equal(await languages.getByRole('checkbox', { name: 'Languages spoken', exact: true }).isChecked(), true);
    assert.equal(await understood.getByRole('radio', { name: /Spreadsheet/ }).isChecked(), true);
    await expectAccessible(page, 'AI export by a group’s name');
    await screenshot(page, 'ai-export-group-by-name');
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await understood.getByRole('button', { name: 'Download' }).click();
    await page.getByRole('status').filter({ hasText: /Downloaded: / }).waitFor();
    assert.equal(downloads.length, 2, downloads.join(', '));
    assert.ok(downloads.some((name) => /^languages-\d{4}-\d{2}-\d{2}\.xlsx$/.test(name)) && downloads.some((name) => /^compare-\d{4}-\d{2}-\d{2}\.xlsx$/.test(name)), downloads.join(', '));

    // The product's own example: "since January" is not a saved range here, so the closest one is chosen and asked back.
    understood = await ask('women managers by country of birth since January, as a spreadsheet');
    const questions = understood.getByTestId('ai-questions');
    await questions.waitFor();
    const question = (await questions.textContent()) ?? '';
    assert.match(question, /You asked for the period since (1 January|January 1,) \d{4}, which is not one of your saved date ranges\. The closest one, “Since 2020”, is chosen below/);
    assert.match((await understood.getByRole('button', { name: /Date range/ }).textContent()) ?? '', /Since 2020/);
    await expectAccessible(page, 'AI export asking back a period');
    await screenshot(page, 'ai-export-asked-back');

    // On a 390 px phone nothing scrolls sideways, and the step stays accessible.
    await page.setViewportSize({ width: 390, height: 844 });
    await ask('share of staff born outside Australia by group');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `the AI export at 390 px is ${scrollWidth} px wide`);
    await expectAccessible(page, 'AI export at 390 px');
    await screenshot(page, 'ai-export-by-group-390');
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
