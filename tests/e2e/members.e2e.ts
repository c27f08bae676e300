import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  expectAccessible, latestMail, launchBrowser, registerAccount, screenshot, signInWithCookie, useSuite, type Browser, type RunningServer,
} from './harness';

const suite = useSuite();

// A second profile: the invited people open their links where the administrator's cookie is not.
let guestBrowser: Browser | undefined;
const guest = async (): Promise<Browser> => (guestBrowser ??= await launchBrowser());
after(async () => {
  await guestBrowser?.close();
});

const MEMBERS = '/dashboard/control-panel/members-management';

/** The link of the newest mail for an address, on this run's server. */
const mailedLink = async (server: RunningServer, email: string): Promise<string> => {
  const mail = await latestMail(server, email);
  assert.ok(mail.link, `the mail to ${email} has a link`);
  const link = new URL(mail.link);
  return `${server.url}${link.pathname}${link.search}`;
};

/** What GET /organization/groups answers to the session this page holds (its token cookie). */
const groupNamesSeenBy = (page: Page) =>
  page.evaluate(async () => {
    const token = document.cookie.split('; ').find((part) => part.startsWith('token='))?.slice('token='.length) ?? '';
    const response = await fetch('/api/organization/groups', { headers: { authorization: `Bearer ${decodeURIComponent(token)}` } });
    const body = (await response.json()) as { data: { name: string }[] };
    return body.data.map((group) => group.name);
  });

const fillDialog = async (page: Page, fields: Record<string, string>) => {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  return dialog;
};

describe('members management', () => {
  it('the administrator creates a group with an assignee and a sub-group; the assignee accepts and runs only that group', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const assigneeEmail = `grace-${Date.now()}@example.org`;
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}${MEMBERS}`);
    await page.getByRole('heading', { name: 'Tier 2 groups', level: 2 }).waitFor();
    await page.getByText('No groups yet. Create the first one.').waitFor();

    // A group with an assignee, invited by email.
    await page.getByRole('button', { name: 'Create a group' }).click();
    let dialog = await fillDialog(page, { Name: 'Engineering' });
    await dialog.getByText('Invite an assignee now').click();
    await fillDialog(page, { Email: assigneeEmail, 'First name': 'Grace', 'Last name': 'Hopper' });
    await expectAccessible(page, 'create group dialog');
    await screenshot(page, 'members-create-group');
    await dialog.getByRole('button', { name: 'Create a group' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText(`Engineering was created and an invitation was sent to ${assigneeEmail}.`).waitFor();

    // Another group the assignee must not see.
    await page.getByRole('button', { name: 'Create a group' }).click();
    dialog = await fillDialog(page, { Name: 'Sales', 'Capacity (optional)': '40' });
    await dialog.getByRole('button', { name: 'Create a group' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A sub-group under Engineering, its group chosen by the row's button.
    await page.getByRole('button', { name: 'Add a sub-group to Engineering' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Engineering/ }).waitFor();
    await fillDialog(page, { Name: 'Platform' });
    await dialog.getByRole('button', { name: 'Create a sub-group' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Platform was created.').waitFor();

    const groups = page.getByRole('grid', { name: 'Tier 2 groups' }).or(page.getByRole('table', { name: 'Tier 2 groups' }));
    const engineering = groups.getByRole('row', { name: /Engineering/ });
    await engineering.getByText('Invitation sent, not yet accepted').waitFor();
    // The groups list is fetched again after the sub-group is made: its count, the reason and the
    // disabled button come in that one answer, so the reason is awaited before the button is read.
    await page.getByText('This department has sub-groups; remove them first.').waitFor();
    assert.match((await engineering.textContent()) ?? '', /Engineering.*1.*No limit/);
    assert.equal(await page.getByRole('button', { name: 'Remove Engineering', exact: true }).isDisabled(), true);
    await page.getByRole('button', { name: `Resend the invitation of ${assigneeEmail}` }).waitFor();
    await expectAccessible(page, 'members management');
    await screenshot(page, 'members-page');

    // The assignee opens the emailed link in a browser of their own.
    const link = await mailedLink(suite.server, assigneeEmail);
    assert.match(link, /\/check-department-invitation\?token=/);
    const other = await guest();
    const invited = await other.context.newPage();
    await invited.goto(link);
    await invited.getByRole('heading', { name: 'Group invitation', level: 1 }).waitFor();
    await invited.getByText(account.organization, { exact: true }).waitFor();
    await invited.getByText('Engineering', { exact: true }).waitFor();
    await invited.getByText(assigneeEmail, { exact: true }).waitFor();
    assert.equal(await invited.getByLabel('First name', { exact: true }).inputValue(), 'Grace');
    await invited.getByLabel('Password', { exact: true }).fill('Sturdy-Pass-42');
    await invited.getByLabel('Confirm password', { exact: true }).fill('Sturdy-Pass-42');
    await expectAccessible(invited, 'invitation page');
    await screenshot(invited, 'members-invitation');
    await invited.getByRole('button', { name: 'Accept and sign in' }).click();
    await invited.waitForURL('**/dashboard/home');
    await invited.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // Signed in as the assignee, with a session that sees their group and not the other one.
    assert.deepEqual(await groupNamesSeenBy(invited), ['Engineering']);
    // The control panel shows the assignee their own group only.
    await invited.goto(`${suite.server.url}/dashboard/control-panel/members-management`);
    const groupsTable = invited.getByRole('grid').first();
    await groupsTable.getByRole('rowheader', { name: 'Engineering' }).waitFor();
    assert.equal(await invited.getByRole('rowheader', { name: 'Sales' }).count(), 0);
    await expectAccessible(invited, 'assignee members page');
    await screenshot(invited, 'members-assignee-home');
    // The link works once.
    await invited.goto(link);
    await invited.getByRole('alert').getByText('This activation link does not exist or has expired.').waitFor();
    await invited.getByRole('link', { name: 'Log in' }).waitFor();
    await expectAccessible(invited, 'used invitation link');
    await screenshot(invited, 'members-invitation-used');
    await invited.close();

    // The administrator sees the rule before trying to remove the assignee.
    await page.reload();
    const grace = page.getByRole('row', { name: /Grace Hopper/ });
    await grace.getByText('Group assignee', { exact: true }).waitFor();
    const remove = page.getByRole('button', { name: 'Remove Grace Hopper', exact: true });
    assert.equal(await remove.isDisabled(), true);
    const reason = grace.getByText('The administrator and assignees cannot be removed.');
    assert.equal(await reason.isVisible(), true);
    const describedBy = await remove.getAttribute('aria-describedby');
    assert.ok(describedBy);
    assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), 'The administrator and assignees cannot be removed.');
    assert.equal(await page.getByRole('button', { name: 'Move Grace Hopper', exact: true }).isDisabled(), true);
    await grace.getByText('Group assignees cannot be moved.').waitFor();
    await page.getByRole('row', { name: /Engineering/ }).first().getByText('Grace Hopper').waitFor();
    await expectAccessible(page, 'members management with an assignee');
    await screenshot(page, 'members-rules');
    await page.close();
  });

  it('a second administrator is invited from the members page and signs in from the emailed /login link', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const email = `second-${Date.now()}@example.org`;
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}${MEMBERS}`);
    await page.getByRole('button', { name: 'Invite a second administrator' }).click();
    const dialog = await fillDialog(page, { Email: email, 'First name': 'Mary', 'Last name': 'Jackson' });
    await expectAccessible(page, 'invite second administrator dialog');
    await screenshot(page, 'members-invite-second-admin');
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText(`An invitation was sent to ${email}.`).waitFor();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.getByText('Second administrator').waitFor();
    await row.getByText('Pending').waitFor();

    const link = await mailedLink(suite.server, email);
    assert.match(link, /\/login\?second-admin-token=/);
    const other = await guest();
    await other.context.clearCookies();
    const invited = await other.context.newPage();
    await invited.goto(link);
    await invited.getByText('You were invited as second administrator.', { exact: false }).waitFor();
    await invited.getByLabel('Email', { exact: true }).fill(email);
    await invited.getByLabel('Password', { exact: true }).fill('Sturdy-Pass-42');
    await expectAccessible(invited, 'second administrator sign-in');
    await screenshot(invited, 'members-second-admin-login');
    await invited.getByRole('button', { name: 'Log in' }).click();
    await invited.waitForURL('**/dashboard/home');
    await invited.close();

    // Accepted: it leaves the pending list, and the new administrator is a member.
    await page.reload();
    await page.getByRole('row', { name: /Mary Jackson/ }).getByText('Second administrator').waitFor();
    await page.getByText('No pending invitations.').waitFor();
    await page.close();
  });
});
