import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, registerAccount, screenshot, signInThroughPage, signInWithCookie, useSuite } from './harness';

const suite = useSuite();

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; message?: string } };
};

describe('view as another group', () => {
  it('after a sign-in through the form, the view-as bar is there without a reload', async () => {
    const account = await registerAccount(suite.server);
    const login = await fetch(`${suite.server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    for (const name of ['Finance', 'Legal']) assert.equal((await api(token, 'POST', '/department-register', { name })).status, 200);
    assert.equal((await api(token, 'POST', '/organization/toggle-view-as-consent', {})).status, 200);

    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++;
    });
    await signInThroughPage(suite.server, page, account);
    await page.waitForURL('**/dashboard/home');
    const loads = documents;
    const bar = page.getByRole('region', { name: 'Whose view' });
    await bar.getByRole('button', { name: /View as/ }).click();
    await page.getByRole('option', { name: 'Legal' }).click();
    await bar.getByRole('status').getByText('You are viewing the dashboards as Legal.').waitFor();
    assert.equal(documents, loads, 'no page was loaded again');
    await expectAccessible(page, 'view as after the sign-in form');
    await bar.getByRole('button', { name: 'Back to my view' }).click();
    await page.waitForFunction(() => !document.body.textContent?.includes('You are viewing the dashboards as Legal.'));
    await page.close();
  });

  it('with consent, the administrator views as a group, every tab shows it, and goes back', async () => {
    const account = await registerAccount(suite.server);
    const token = await signInWithCookie(suite.server, suite.browser.context, account);
    for (const name of ['Engineering', 'Sales']) assert.equal((await api(token, 'POST', '/department-register', { name })).status, 200);
    assert.equal((await api(token, 'POST', '/organization/toggle-view-as-consent', {})).status, 200);

    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/control-panel/members-management`);
    const bar = page.getByRole('region', { name: 'Whose view' });
    await bar.getByRole('button', { name: /View as/ }).click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await bar.getByRole('status').getByText('You are viewing the dashboards as Sales.').waitFor();
    // The control panel now shows the viewed group only.
    await page.getByRole('rowheader', { name: 'Sales' }).waitFor();
    await page.waitForFunction(() => ![...document.querySelectorAll('[role="rowheader"]')].some((cell) => cell.textContent === 'Engineering'));
    await expectAccessible(page, 'viewing as a group');
    await screenshot(page, 'view-as-active');

    // Another tab of the same browser says whose view it is too.
    const other = await suite.browser.context.newPage();
    await other.goto(`${suite.server.url}/dashboard/home`);
    await other.getByRole('region', { name: 'Whose view' }).getByRole('status').getByText('You are viewing the dashboards as Sales.').waitFor();

    await bar.getByRole('button', { name: 'Back to my view' }).click();
    await page.getByRole('rowheader', { name: 'Engineering' }).waitFor();
    assert.equal(await bar.getByRole('status').count(), 0);
    await other.waitForFunction(() => !document.body.textContent?.includes('You are viewing the dashboards as Sales.'));
    assert.equal((await suite.browser.context.cookies()).some((cookie) => cookie.name === 'secondary_token'), false);
    await other.close();
    await page.close();
  });

  it('without consent no group is offered: the bar says viewing as a group is off and where to turn it on', async () => {
    const account = await registerAccount(suite.server);
    // No view-as session of an earlier journey may linger in this browser.
    await suite.browser.context.clearCookies();
    const token = await signInWithCookie(suite.server, suite.browser.context, account);
    for (const name of ['North', 'South']) assert.equal((await api(token, 'POST', '/department-register', { name })).status, 200);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/home`);
    const bar = page.getByRole('region', { name: 'Whose view' });
    await bar.getByText(/Viewing as a group is off until you allow it in/).waitFor();
    assert.equal(await bar.getByRole('button', { name: /View as/ }).count(), 0);
    assert.equal(await bar.getByRole('link', { name: 'Organisation settings' }).getAttribute('href'), '/dashboard/organization-settings');
    await expectAccessible(page, 'view as without consent');
    await page.close();
  });
});
