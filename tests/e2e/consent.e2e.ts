import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { isEssentialKey } from '../../domain/consent/policy';
import { type Browser, DEMO_ACCOUNT, expectAccessible, launchBrowser, type RunningServer, screenshot, startServer } from './harness';

// A fresh profile that was never asked: the banner shows on the first visit.
let server: RunningServer;
let browser: Browser;
before(async () => {
  server = await startServer({ demo: true });
  browser = await launchBrowser({ consent: 'unasked' });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

describe('cookie consent', () => {
  it('asks on the first visit, stores nothing optional before, is answered by keyboard and remembered', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    const banner = page.getByRole('region', { name: 'Cookies and storage' });
    await banner.waitFor();
    await page.getByLabel('Email', { exact: true }).waitFor();
    // The page has loaded and asked for its password rule (kept under 'regex' once accepted).
    await page.waitForLoadState('networkidle');
    const before = await storedKeys(page);
    assert.deepEqual(before.filter((key) => !isEssentialKey(key)), [], `stored before consent: ${before.join(', ')}`);
    const cookies = (await browser.context.cookies()).map((cookie) => cookie.name);
    assert.deepEqual(cookies, [], `cookies before signing in: ${cookies.join(', ')}`);
    await banner.getByText('What is kept').click();
    assert.match((await banner.textContent()) ?? '', /newLang \(localStorage, only with consent\)/);
    await expectAccessible(page, 'cookie banner');
    await screenshot(page, 'cookie-banner');

    // The keyboard reaches "Accept all".
    let focused = '';
    for (let tab = 0; tab < 40 && focused !== 'Accept all'; tab += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    assert.equal(focused, 'Accept all');
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    const afterKeys = await storedKeys(page);
    assert.ok(afterKeys.includes('cookieConsent'));
    assert.ok(afterKeys.includes('regex'), `the rule kept in memory is written once accepted: ${afterKeys.join(', ')}`);

    await page.reload();
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByTestId('cookie-banner').count(), 0);
    await page.close();
  });

  it('shows on the participant survey too; "Only essential" keeps the answers in the page only', async () => {
    const context = browser.context;
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    // A survey link of the demo organisation.
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const created = await fetch(`${server.url}/api/token/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ alias: `Consent ${Date.now()}`, expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), capacity: 5, anonymity: 1 }),
    });
    assert.equal(created.status, 200, await created.clone().text());
    const link = new URL(((await created.json()) as { data: { url: string } }).data.url);
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    const banner = page.getByRole('region', { name: 'Cookies and storage' });
    await banner.waitFor({ timeout: 180_000 });
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 180_000 });
    await expectAccessible(page, 'cookie banner on the survey');
    await screenshot(page, 'cookie-banner-survey');
    await banner.getByRole('button', { name: 'Only essential' }).click();
    await banner.waitFor({ state: 'detached' });
    const keys = await storedKeys(page);
    assert.deepEqual(keys.filter((key) => !isEssentialKey(key)), [], keys.join(', '));
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor({ timeout: 180_000 });
    assert.equal(await page.getByTestId('cookie-banner').count(), 0);
    await page.close();
  });
});
