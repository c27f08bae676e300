import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ALIAS_LIMIT, GROUP_NAME_LIMIT, NAME_MAX } from '../../domain/contracts/textLimits';
import {
  expectAccessible, latestMail, launchBrowser, registerAccount, screenshot, signInThroughPage, signInWithCookie, useSuite,
} from './harness';

/**
 * A new administrator's first hour (issue 27, items 8 to 10): names and aliases within their
 * limits before anything is sent, long names that wrap instead of pushing columns away, the
 * dead ends that now say what to do, and the active filters as chips.
 */
const OPERATOR = 'operator@commonweave.test';
const suite = useSuite({ env: { OPERATOR_EMAIL: OPERATOR } });

const PHONE = { width: 390, height: 844 };
const MEMBERS = '/dashboard/control-panel/members-management';
const SURVEYS = '/dashboard/control-panel/surveys-management';

/** Nothing on the page is wider than the window: no sideways scrolling of the page itself. */
const expectNoPageOverflow = async (page: Page, label: string) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `${label}: the page is ${overflow}px wider than the window`);
};

/** The element at the centre of a control is the control itself: nothing (a banner) sits over it. */
const expectUncovered = async (page: Page, name: string) => {
  const button = page.getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  const onTop = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  assert.ok(onTop, `"${name}" is covered`);
};

describe('the first hour of a new administrator', () => {
  it('item 8: a group name and an alias are held to their limits as they are typed, and a long name wraps', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}${MEMBERS}`);
    // The first page of a fresh server is slow on a busy machine.
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 180_000 });
    await screenshot(page, 'first-hour-members-open');
    await page.getByRole('heading', { name: 'Tier 2 groups', level: 2 }).waitFor({ timeout: 180_000 });
    // Accounts and answers are told apart where members are counted.
    await page.getByText('Members are the accounts that sign in to these dashboards.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Create a group' }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel('Name', { exact: true });
    await name.focus();
    await page.keyboard.insertText('Département'.padEnd(300, 'x'));
    assert.equal((await name.inputValue()).length, NAME_MAX, 'the field takes no more than the limit');
    // A line break pasted in is said at once, in the server's words.
    await name.fill('Two\u0007bells');
    await dialog.getByText(GROUP_NAME_LIMIT.badCharacters).waitFor();
    const longName = `Engineering${'-and-operations'.repeat(6)}`.slice(0, NAME_MAX);
    await name.fill(longName);
    assert.equal(await dialog.getByText(GROUP_NAME_LIMIT.badCharacters).count(), 0, 'the error goes as the name is corrected');
    await expectAccessible(page, 'create group with limits');
    await dialog.getByRole('button', { name: 'Create a group' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The 100-character name wraps in its column: the table keeps its other columns in view.
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(viewport);
      const cell = page.getByText(longName, { exact: true });
      await cell.waitFor();
      const box = await cell.boundingBox();
      assert.ok(box && box.width <= 20 * 16 + 1, `the name's column stays narrow (${box?.width}px)`);
      await expectNoPageOverflow(page, `members at ${viewport.width}px`);
      if (viewport.width > 1000) {
        const scroller = await page.getByRole('table', { name: 'Tier 2 groups' }).or(page.getByRole('grid', { name: 'Tier 2 groups' })).evaluate((table) => {
          const wrap = table.closest('.table-scroll') ?? table.parentElement!;
          return wrap.scrollWidth - wrap.clientWidth;
        });
        assert.ok(scroller <= 1, `the groups table needs no sideways scroll at 1280px (${scroller}px)`);
      }
      await screenshot(page, `first-hour-long-group-name-${viewport.width}`);
    }
    await expectAccessible(page, 'members with a long group name');

    // A link alias: signs and markup are refused as they are typed, before Save.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${suite.server.url}${SURVEYS}`);
    await page.getByRole('button', { name: 'Create a survey link' }).click();
    const linkDialog = page.getByRole('dialog');
    const alias = linkDialog.getByLabel('Alias', { exact: true });
    await alias.fill('<b>Spring</b> #1');
    await linkDialog.getByText(ALIAS_LIMIT.badCharacters).waitFor();
    await expectAccessible(page, 'link alias refused');
    await screenshot(page, 'first-hour-alias-refused');
    await alias.fill('Spring survey_2026');
    await linkDialog.getByLabel('Seats', { exact: true }).fill('3');
    assert.equal(await linkDialog.getByText(ALIAS_LIMIT.badCharacters).count(), 0);
    await linkDialog.getByRole('button', { name: 'Save' }).click();
    await linkDialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Spring survey_2026/ }).waitFor();
    await page.close();
  });

  it('item 9: the package page names who to write to and groups its digits; a deep link survives signing in', async () => {
    const account = await registerAccount(suite.server);
    const page = await suite.browser.context.newPage();
    await page.setViewportSize(PHONE);
    await page.context().clearCookies();
    await page.goto(`${suite.server.url}/dashboard/upgrade-account`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Back on the page that was asked for, not on Home.
    await page.waitForURL('**/dashboard/upgrade-account');
    await page.getByRole('heading', { name: 'Upgrade account', level: 1 }).waitFor();
    const contact = page.getByRole('link', { name: OPERATOR });
    await contact.waitFor();
    assert.equal(await contact.getAttribute('href'), `mailto:${OPERATOR}`);
    const summary = (await page.locator('.package-figure').first().textContent()) ?? '';
    assert.match(summary, /^\d{1,3}(,\d{3})* of \d{1,3}(,\d{3})* seats promised$/u, summary);
    await expectNoPageOverflow(page, 'upgrade account at 390px');
    await expectAccessible(page, 'upgrade account');
    await screenshot(page, 'first-hour-upgrade-account');
    await page.close();
  });

  it('item 9: a used reset link says so as it opens; a tab signed out by another tab is told why', async () => {
    const account = await registerAccount(suite.server);
    await fetch(`${suite.server.url}/api/reset-password-request`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email }),
    });
    const mail = await latestMail(suite.server, account.email);
    const token = new URL(mail.link!).searchParams.get('token')!;
    const used = await fetch(`${suite.server.url}/api/change-password`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'Fresh-Pass-77', password_confirmation: 'Fresh-Pass-77' }),
    });
    assert.equal(used.status, 200);
    const page = await suite.browser.context.newPage();
    await page.setViewportSize(PHONE);
    // The reset page is a guest's: an earlier journey's session would send it to the dashboard.
    await page.context().clearCookies();
    await page.goto(`${suite.server.url}/password/reset?token=${encodeURIComponent(token)}`);
    await page.getByRole('alert').getByText('This password reset link has already been used or has expired.').waitFor();
    assert.equal(await page.getByLabel('New password', { exact: true }).count(), 0);
    await expectAccessible(page, 'used reset link');
    await screenshot(page, 'first-hour-used-reset-link');

    // Two tabs of one browser: signing out in one tells the other why it was signed out.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInThroughPage(suite.server, page, { email: account.email, password: 'Fresh-Pass-77' });
    await page.waitForURL('**/dashboard/**');
    const other = await suite.browser.context.newPage();
    await other.setViewportSize(PHONE);
    await other.goto(`${suite.server.url}/dashboard/home`);
    await other.getByRole('heading', { level: 1 }).waitFor();
    await page.bringToFront();
    await page.getByRole('button', { name: 'Log out' }).click();
    await other.getByText('You signed out in another tab of this browser, so this tab was signed out too.').waitFor();
    await expectAccessible(other, 'signed out by another tab');
    await screenshot(other, 'first-hour-other-tab-signed-out');
    await other.close();
    await page.close();
  });

  it('item 10: the active filters are chips, each with its own remove button', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/overview`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: /Apply filter/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radiogroup', { name: 'Disability' }).getByText('Yes', { exact: true }).click();
    await dialog.getByRole('radiogroup', { name: 'LGBTIQ+' }).getByText('No', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    const chips = page.getByRole('group', { name: 'Filters in force' });
    await chips.getByText('Disability: Yes').waitFor();
    await chips.getByText('LGBTIQ+: No').waitFor();
    const badge = page.getByTestId('filter-badge');
    const colour = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);
    assert.notEqual(colour, 'rgb(179, 38, 30)', 'the count is not the alarm red');
    await expectAccessible(page, 'filter chips');
    await screenshot(page, 'first-hour-filter-chips');
    await page.setViewportSize(PHONE);
    await expectNoPageOverflow(page, 'filter chips at 390px');
    await screenshot(page, 'first-hour-filter-chips-390');

    await chips.getByRole('button', { name: 'Remove the filter Disability: Yes' }).click();
    await chips.getByText('Disability: Yes').waitFor({ state: 'detached' });
    await chips.getByText('LGBTIQ+: No').waitFor();
    await badge.filter({ hasText: '1' }).waitFor();
    await chips.getByRole('button', { name: 'Remove the filter LGBTIQ+: No' }).click();
    await chips.waitFor({ state: 'detached' });
    await page.waitForFunction(() => !document.querySelector('[data-testid="filter-badge"]'));
    await page.close();
  });

  it('item 9: the cookie banner covers neither the sign-in button nor a dialog', async () => {
    const browser = await launchBrowser({ consent: 'unasked' });
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`${suite.server.url}/login`);
      await page.getByTestId('cookie-banner').waitFor();
      await expectUncovered(page, 'Log in');
      await screenshot(page, 'first-hour-cookie-banner-login');
      await expectAccessible(page, 'login with the cookie banner');
    } finally {
      await browser.close();
    }
  });
});
