import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, registerAccount, screenshot, signInThroughPage, useSuite } from './harness';

// A small per-session budget, so that quick reloads do meet the rate limit in this suite.
const SESSION_BUDGET = 60;
const suite = useSuite({ env: { RATE_LIMIT_SESSION_MAX: String(SESSION_BUDGET) } });

const apiAs = async (token: string, method: string, path: string, body?: unknown): Promise<number> => {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
};

const apiToken = async (email: string, password: string): Promise<string> => {
  const response = await fetch(`${suite.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
};

describe('signing in through the form', () => {
  it('reaches the same session as a reload: the view-as bar is there without reloading', async () => {
    const account = await registerAccount(suite.server);
    const token = await apiToken(account.email, account.password);
    for (const name of ['Engineering', 'Sales']) assert.equal(await apiAs(token, 'POST', '/department-register', { name }), 200);
    assert.equal(await apiAs(token, 'POST', '/organization/toggle-view-as-consent', {}), 200);

    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    await signInThroughPage(suite.server, page, account);
    await page.waitForURL('**/dashboard/home');
    // Set after the sign-in: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { signedInWithoutReload: true }));
    const bar = page.getByRole('region', { name: 'Whose view' });
    await bar.getByRole('button', { name: /View as/ }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { signedInWithoutReload?: boolean }).signedInWithoutReload), true);
    await expectAccessible(page, 'home after signing in through the form');
    await screenshot(page, 'form-sign-in-view-as-bar');
    await page.close();
  });
});

describe('reloading a dashboard page quickly', () => {
  it('keeps the application on screen, never a raw JSON answer, and says it waits when the server asks to', async () => {
    const account = await registerAccount(suite.server);
    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    await signInThroughPage(suite.server, page, account);
    await page.waitForURL('**/dashboard/home');
    let throttled = 0;
    page.on('response', (response) => {
      if (response.status() === 429) throttled += 1;
    });

    // How many API calls a load sends before the next navigation cuts it short depends on the
    // machine's speed, so reload until the budget is met, within a bound well past it.
    for (let load = 1; load <= 10 || (throttled === 0 && load <= 60); load++) {
      const response = await page.goto(`${suite.server.url}/dashboard/languages`, { waitUntil: 'domcontentloaded' });
      assert.equal(response?.status(), 200, `load ${load}`);
      assert.match(response?.headers()['content-type'] ?? '', /^text\/html/, `load ${load}`);
      const text = (await page.locator('body').innerText()).trim();
      assert.doesNotMatch(text, /^\{"status"/, `load ${load} shows raw JSON`);
    }
    await page.getByRole('main').waitFor();
    assert.ok(throttled > 0, `the reloads should have met the per-session budget of ${SESSION_BUDGET}`);
    await page.getByText('Many requests at once: the page waits a moment and tries again by itself.').waitFor();
    assert.doesNotMatch((await page.locator('body').innerText()).trim(), /^\{/);
    await expectAccessible(page, 'a dashboard page waiting after 429 answers');
    await screenshot(page, 'reloads-throttled');
    await page.close();
  });
});
