import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible, registerAccount, RESULTS_DIR, screenshot, signInWithCookie, useSuite } from './harness';

const suite = useSuite();

const openPage = async (path: string): Promise<Page> => {
  const page = await suite.browser.context.newPage();
  await page.goto(`${suite.server.url}${path}`);
  return page;
};

/** The token cookie is what makes a tab signed in (SPEC section 4); the server confirms it. */
const withTokenCookie = async () => {
  await signInWithCookie(suite.server, suite.browser.context, await registerAccount(suite.server));
};

describe('routes and shell, signed out', () => {
  it('sends / to /login', async () => {
    const page = await openPage('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.close();
  });

  it('carries the product’s own name, on the page, in its title and on the participant’s survey', async () => {
    for (const path of ['/login', '/?token=no-such-link&alias=nothing']) {
      const page = await openPage(path);
      await page.waitForLoadState('networkidle');
      assert.equal(await page.title(), 'Commonweave');
      assert.doesNotMatch((await page.locator('body').textContent()) ?? '', /Atlas/);
      await page.close();
    }
    const login = await openPage('/login');
    await login.getByText('Commonweave').first().waitFor();
    await login.close();
  });

  it('lower-cases /Dashboard/Home and, without a token, lands on /login', async () => {
    const page = await openPage('/Dashboard/Home');
    await page.waitForURL('**/login');
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.close();
  });

  it('shows the not-found page for an unknown path, with a way home', async () => {
    const page = await openPage('/no/such/page');
    await page.getByRole('heading', { name: 'Oops...this page does not exist!' }).waitFor();
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await page.waitForURL('**/login');
    await page.close();
  });

  it('sends /register without an invitation token to /invalid-invitation-token', async () => {
    const page = await openPage('/register');
    await page.waitForURL('**/invalid-invitation-token');
    await page.getByRole('heading', { name: 'This invitation link is not valid.' }).waitFor();
    await expectAccessible(page, '/invalid-invitation-token');
    await page.close();
  });

  it('the login page checks the email and passes an axe-core audit', async () => {
    const page = await openPage('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await expectAccessible(page, '/login');
    await screenshot(page, 'login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('Secret123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please provide a valid email.').waitFor();
    await page.close();
  });

  it('a forged token cookie is refused by the server and the person lands on /login', async () => {
    await suite.browser.context.addCookies([{ name: 'token', value: 'forged', domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);
    const page = await openPage('/dashboard/home');
    await page.waitForURL('**/login');
    await page.getByText('Session expired! Please log in first.').waitFor();
    assert.equal((await suite.browser.context.cookies()).some((c) => c.name === 'token'), false);
    await page.close();
  });

  it('loads the server translation and the password rule on start', async () => {
    const page = await suite.browser.context.newPage();
    const translation = page.waitForResponse((r) => r.url().includes('/api/translation?code=au'));
    const rule = page.waitForResponse((r) => r.url().includes('/api/password-config'));
    await page.goto(`${suite.server.url}/login`);
    assert.equal((await translation).status(), 200);
    assert.equal((await rule).status(), 200);
    await page.waitForFunction(() => localStorage.getItem('regex') !== null);
    await page.close();
  });
});

describe('dashboard shell, signed in', () => {
  before(withTokenCookie);
  after(() => suite.browser.context.clearCookies());

  it('sends a signed-in person from a guest page to the dashboard home', async () => {
    const page = await openPage('/login');
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.close();
  });

  it('shows the sidebar with ids 3001 to 3016 and navigates between sections', async () => {
    const page = await openPage('/dashboard');
    await page.waitForURL('**/dashboard/home');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const ids = await nav.locator('[data-menu-id]').evaluateAll((links) => links.map((l) => Number(l.getAttribute('data-menu-id'))));
    for (const id of [3001, 3003, 3004, 3006, 3007, 3008, 3009, 3011, 3012, 3013, 3014, 3015, 3016]) assert.ok(ids.includes(id), `menu id ${id}`);
    await nav.getByRole('link', { name: 'Languages' }).click();
    await page.waitForURL('**/dashboard/languages');
    await page.getByRole('heading', { name: 'Languages', level: 1 }).waitFor();
    await page.goto(`${suite.server.url}/dashboard/compare`);
    await page.waitForURL('**/dashboard/compare/internal');
    // The page's chunk may still be on its way after the address changed: audit the page, not its loading line.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, '/dashboard/compare/internal');
    await page.close();
  });

  it('applies a filter: the badge counts it and the tooltip says so; the dialog is accessible', async () => {
    const page = await openPage('/dashboard/overview');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await expectAccessible(page, '/dashboard/overview');
    await page.getByRole('button', { name: 'Apply filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.waitFor();
    await expectAccessible(page, 'filter dialog');
    await dialog.getByRole('checkbox', { name: 'Gen Y' }).check({ force: true });
    await dialog.getByLabel('Age range').fill('40-20');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('The age range must start below its end.').waitFor();
    await dialog.getByLabel('Age range').fill('25-34');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('filter-badge').textContent(), '2');
    await page.getByRole('button', { name: 'Apply filter' }).hover();
    await page.getByRole('tooltip').getByText('You have 2 active filters').waitFor();
    await screenshot(page, 'dashboard-overview-filtered');
    await page.close();
  });

  it('Refresh asks the current page to reload, as an event in the log', async () => {
    const page = await openPage('/dashboard/worldviews?debug');
    const panel = page.getByRole('complementary', { name: /Event log/ });
    await panel.waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await panel.locator('li[data-type="dashboard/reloadRequested"]').waitFor();
    await expectAccessible(page, 'dashboard with debug panel');
    await screenshot(page, 'dashboard-debug-panel');
    await page.close();
  });

  it('an auditor exports the log, replays it with the application locked and no requests, then returns', async () => {
    const page = await openPage('/dashboard/home?debug');
    const panel = page.getByRole('complementary', { name: /Event log/ });
    await panel.waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export log' }).click();
    const file = join(RESULTS_DIR, 'exported-log.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(exported.format, 'diversity-survey-event-log');
    assert.ok(exported.entries.filter((e: { body: { type: string } }) => e.body.type === 'dashboard/reloadRequested').length >= 2);

    // The live page's own loads (its sections after each Refresh) finish before the replay starts.
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && requests.push(r.url()));
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Import log for replay' }).click();
    await (await chooser).setFiles(file);
    await panel.getByText('Replaying: the application is locked and sends no requests.').waitFor();
    await panel.getByRole('button', { name: /Jump here #1 / }).click();
    assert.equal(await page.locator('.app-root').getAttribute('inert'), '');
    assert.deepEqual(requests, []);

    const newer = join(RESULTS_DIR, 'newer-log.json');
    await writeFile(newer, JSON.stringify({ ...exported, version: 99 }));
    const chooser2 = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Import log for replay' }).click();
    await (await chooser2).setFiles(newer);
    await panel.getByText('This log was written by a newer version and cannot be replayed here.').waitFor();

    await panel.getByRole('button', { name: 'Back to live' }).click();
    assert.equal(await page.locator('.app-root').getAttribute('inert'), null);
    await page.close();
  });

  it('logging out in one tab sends the other tab to /login', async () => {
    const first = await openPage('/dashboard/home');
    const second = await openPage('/dashboard/languages');
    await second.getByRole('heading', { name: 'Languages', level: 1 }).waitFor();
    await first.getByRole('button', { name: 'Log out' }).click();
    await first.waitForURL('**/login');
    await second.waitForURL('**/login');
    await first.close();
    await second.close();
  });
});
