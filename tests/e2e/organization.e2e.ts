import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, registerAccount, screenshot, signInWithCookie, useSuite } from './harness';

const suite = useSuite();

describe('organisation settings', () => {
  it('the administrator renames a tier, saves a date range and gives view-as consent', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/home`);
    await page.getByRole('link', { name: 'Organisation settings' }).click();
    await page.getByRole('heading', { name: 'Organisation settings', level: 1 }).waitFor();

    const tiers = page.getByRole('form', { name: 'Tier names' });
    const groups = tiers.getByLabel('Tier 2 (groups)', { exact: true });
    await groups.waitFor();
    assert.notEqual(await groups.inputValue(), '');
    await groups.fill('Faculties');
    await tiers.getByRole('button', { name: 'Save' }).click();
    await tiers.getByRole('status').getByText('Saved.').waitFor();

    const ranges = page.getByRole('form', { name: 'Date ranges' });
    await ranges.getByRole('button', { name: 'Add a date range' }).click();
    await ranges.getByLabel('Label', { exact: true }).fill('Semester 1');
    await ranges.getByLabel('First day', { exact: true }).fill('2026-02-01');
    await ranges.getByLabel('Last day', { exact: true }).fill('2026-06-30');
    await ranges.getByRole('button', { name: 'Save' }).click();
    await ranges.getByRole('status').getByText('Saved.').waitFor();

    const consent = page.getByRole('switch', { name: 'Allow administrators to view as a group' });
    assert.equal(await consent.isChecked(), false);
    await consent.click({ force: true });
    await page.waitForFunction(() => (document.querySelector('[role="switch"]') as HTMLInputElement | null)?.checked === true);

    await expectAccessible(page, 'organisation settings');
    await screenshot(page, 'organization-settings');

    // What was saved is what the next visit shows.
    await page.reload();
    await page.getByRole('form', { name: 'Tier names' }).getByLabel('Tier 2 (groups)', { exact: true }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('input')].some((input) => input.value === 'Faculties'));
    await page.getByRole('group', { name: 'Semester 1' }).waitFor();
    await page.close();
  });

  it('a refused rename shows the server message at the field', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/organization-settings`);
    const tiers = page.getByRole('form', { name: 'Tier names' });
    const sub = tiers.getByLabel('Tier 3 (sub-groups)', { exact: true });
    await sub.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('input')].every((input) => !input.disabled));
    await sub.fill('');
    await tiers.getByRole('button', { name: 'Save' }).click();
    await tiers.getByText('The tier name is required.').waitFor();
    await page.close();
  });
});
