import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectAccessible, registerAccount, RESULTS_DIR, screenshot, signInWithCookie, useSuite } from './harness';

const suite = useSuite();

describe('survey links (control panel)', () => {
  it('the administrator creates a link with 3 seats for a week, copies it, sees its QR code and deactivates it', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    await suite.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/control-panel/surveys-management`);
    await page.getByText('No survey links yet. Create one to start collecting answers.').waitFor();

    await page.getByRole('button', { name: 'Create a survey link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Alias', { exact: true }).fill('Conference 2026');
    await dialog.getByLabel('Seats', { exact: true }).fill('3');
    const expiry = await dialog.getByLabel('Expires (UTC)', { exact: true }).inputValue();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    assert.equal(expiry.slice(0, 10), inAWeek);
    await expectAccessible(page, 'survey link form');
    await screenshot(page, 'links-create-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Conference 2026/ });
    await row.waitFor();
    await row.getByText('0 of 3').waitFor();
    await row.getByText('Active').waitFor();

    await page.getByRole('button', { name: 'Copy the link of Conference 2026' }).click();
    await page.getByRole('status').getByText('The link of Conference 2026 is copied.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(copied);
    assert.equal(url.searchParams.get('alias'), 'Conference 2026');
    const check = await fetch(`${suite.server.url}/api/check-register-token?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`);
    assert.equal(check.status, 200);

    await page.getByRole('button', { name: 'QR code of Conference 2026' }).click();
    await page.getByRole('img', { name: 'QR code that opens the survey link Conference 2026' }).waitFor();
    await expectAccessible(page, 'survey link QR code');
    await screenshot(page, 'links-qr');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await expectAccessible(page, 'survey links table');
    await screenshot(page, 'links-table');
    await page.getByRole('button', { name: 'Deactivate Conference 2026' }).click();
    await row.getByText('Inactive').waitFor();
    const refused = await fetch(`${suite.server.url}/api/check-register-token?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`);
    assert.equal(refused.status, 404);
    assert.equal(((await refused.json()) as { message: string }).message, 'This survey link is no longer valid.');
    await page.close();
  });

  it("the auditor's exported log of the links page holds no link token and no link address", async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    await suite.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/control-panel/surveys-management?debug`);
    await page.getByRole('button', { name: 'Create a survey link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Alias', { exact: true }).fill('Audited link');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Audited link/ }).waitFor();

    // The page itself still hands out the real, working address.
    await page.getByRole('button', { name: 'Copy the link of Audited link' }).click();
    const token = new URL(await page.evaluate(() => navigator.clipboard.readText())).searchParams.get('token') ?? '';
    assert.ok(token.length >= 20);
    assert.equal((await fetch(`${suite.server.url}/api/check-register-token?token=${encodeURIComponent(token)}`)).status, 200);

    const panel = page.getByRole('complementary', { name: /Event log/ });
    await panel.locator('li[data-type="resource/loaded"]').first().waitFor();
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export log' }).click();
    const file = join(RESULTS_DIR, 'links-exported-log.json');
    await (await download).saveAs(file);
    const text = await readFile(file, 'utf8');
    const exported = JSON.parse(text) as { entries: { body: { type: string; name?: string } }[] };
    assert.ok(exported.entries.some((entry) => entry.body.type === 'resource/loaded' && entry.body.name === 'tokenAll'));
    assert.ok(!text.includes(token), 'the exported log holds the link token');
    assert.ok(!text.includes('token='), 'the exported log holds a link address');
    await page.close();
  });

  it('an expiry beyond two weeks is refused with the server message and nothing is saved', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/control-panel/surveys-management`);
    await page.getByRole('button', { name: 'Create a survey link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Alias', { exact: true }).fill('Too far');
    const farAway = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 16);
    await dialog.getByLabel('Expires (UTC)', { exact: true }).fill(farAway);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/A survey link is disabled after 2 weeks/).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('No survey links yet. Create one to start collecting answers.').waitFor();
    await page.close();
  });
});
