import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expectAccessible, latestMail, launchBrowser, registerAccount, screenshot, signInWithCookie, startServer, useSuite } from './harness';

const OPERATOR_EMAIL = 'operator@riverbend.example.test';
const suite = useSuite({ env: { OPERATOR_EMAIL } });

const post = async (server: { url: string }, token: string, path: string, body: unknown) => {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
};

const link = (server: { url: string }, token: string, alias: string, capacity: number) =>
  post(server, token, '/token/update', { alias, capacity, expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString() });

describe('the Upgrade account page', () => {
  it('shows the administrator the seats used against capacity, the days left and the way to ask for more', async () => {
    const account = await registerAccount(suite.server);
    const token = await signInWithCookie(suite.server, suite.browser.context, account);
    await link(suite.server, token, 'Spring round', 120);
    await link(suite.server, token, 'Conference', 80);

    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/home`);
    await page.getByRole('link', { name: 'Upgrade account' }).click();
    await page.waitForURL('**/dashboard/upgrade-account');
    await page.getByRole('heading', { level: 1, name: 'Upgrade account' }).waitFor();
    await page.getByText('200 of 1,000 seats promised').first().waitFor();
    const figures = page.getByRole('region', { name: 'Seats' });
    assert.equal(await figures.getByRole('meter', { name: 'Seats promised against capacity' }).getAttribute('value'), '200');
    assert.match((await figures.textContent()) ?? '', /Free seats for new links\s*800/);
    assert.match((await figures.textContent()) ?? '', /Live survey links\s*2/);
    assert.match((await figures.textContent()) ?? '', /Answers received\s*0/);
    await page.getByText(/^36[56] days left$/).waitFor();
    await page.getByRole('region', { name: 'What happens at the end' }).getByText(/dashboards close/).waitFor();
    await page.getByText('The administrators are emailed 30, 7 and 1 days before the end.').waitFor();
    await expectAccessible(page, 'the Upgrade account page');
    await screenshot(page, 'upgrade-account');

    // An empty request is refused on the page, then a real one is emailed to the operator.
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Say how many seats or months you would like, or write a note.').first().waitFor();
    await page.getByLabel('Seats wanted in total').fill('2500');
    await page.getByLabel('More months').fill('12');
    await page.getByLabel('Note').fill('A second campus joins in March.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('status').getByText('Your request was sent. We will reply by email.').waitFor();
    await expectAccessible(page, 'the Upgrade account page after a request');
    const mail = await latestMail(suite.server, OPERATOR_EMAIL);
    assert.equal(mail.subject, `Package request from ${account.organization}`);
    assert.match(mail.text, /Seats wanted in total: 2500\./);
    assert.match(mail.text, /A second campus joins in March\./);
  });
});

/** An ended package needs its end date moved, which only SQL (or the operator's commands) does: PostgreSQL here. */
describe('an ended package', () => {
  it('lands its administrator on the Upgrade account page with the explanation', async (t) => {
    const serverUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
    } catch {
      t.skip(`no PostgreSQL at ${serverUrl}`);
      return;
    }
    const name = `e2e_packages_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const server = await startServer({ env: { DATABASE_URL: url.href } });
    const browser = await launchBrowser();
    const db = new pg.Client({ connectionString: url.href });
    try {
      await db.connect();
      const account = await registerAccount(server);
      await signInWithCookie(server, browser.context, account);
      await db.query(`update organizations set package_expires_at = now() - interval '2 days' where name = $1`, [account.organization]);

      const page = await browser.context.newPage();
      await page.goto(`${server.url}/dashboard/home`);
      await page.waitForURL('**/dashboard/upgrade-account');
      const notice = page.getByRole('alert').filter({ hasText: 'Your package has ended' });
      await notice.getByText(/The dashboards are closed/).waitFor();
      await page.getByText('Ended', { exact: true }).waitFor();
      await page.getByText('0 days left').waitFor();
      await expectAccessible(page, 'the Upgrade account page of an ended package');
      await screenshot(page, 'upgrade-account-ended');

      // Signing in again also works for the administrator, and lands on the same page.
      await browser.context.clearCookies();
      const again = await browser.context.newPage();
      await again.goto(`${server.url}/login`);
      await again.getByLabel('Email', { exact: true }).fill(account.email);
      await again.getByLabel('Password', { exact: true }).fill(account.password);
      await again.getByRole('button', { name: 'Log in' }).click();
      await again.waitForURL('**/dashboard/upgrade-account');
      await again.getByRole('heading', { name: 'Your package has ended' }).waitFor();
    } finally {
      await db.end().catch(() => undefined);
      await browser.close();
      await server.stop();
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  });
});
