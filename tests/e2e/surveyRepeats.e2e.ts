import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type Account, apiPost, apiToken, expectAccessible, latestMail, registerAccount, screenshot, signInWithCookie, useSuite } from './harness';
import { answerRequiredByMouse, heading } from './surveySteps';

/**
 * Issue 27, items 6 and 7, as a participant meets them on a phone 390 px wide: a reload after
 * the thanks says the survey was answered from this browser (someone else on the device can
 * start anew), a group link stops at the group's capacity with a clear page, and a named
 * participant gives the address the welcome promises and hears that the link was mailed.
 */

const suite = useSuite();

interface Link {
  readonly url: string;
  readonly token: string;
}

let lastAccount: Account | undefined;

const adminToken = async (): Promise<string> => {
  const account = await registerAccount(suite.server, 'repeats-admin');
  lastAccount = account;
  return apiToken(suite.server, account);
};

const post = <T>(token: string, path: string, payload: unknown): Promise<T> => apiPost<T>(suite.server, token, path, payload);

let aliases = 0;
const createLink = (token: string, body: Record<string, unknown>): Promise<Link> =>
  post<Link>(token, '/token/update', {
    alias: `Repeats ${Date.now()}-${(aliases += 1)}`,
    expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    capacity: 5,
    ...body,
  });

const createGroup = (token: string, name: string, capacity: number | null = null) => post<{ id: string }>(token, '/department-register', { name, capacity });

const pathOf = (link: Link): string => {
  const url = new URL(link.url);
  return `${suite.server.url}${url.pathname}${url.search}`;
};

const PHONE = { width: 390, height: 844 };

const noSidewaysScroll = async (page: Page, where: string): Promise<void> => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, `no sideways scrolling: ${where}`);
};

/** From the birth step to the last step, with the mouse: only the required answers. */
const answerRequired = async (page: Page): Promise<void> => {
  await heading(page, 'Where you were born').waitFor();
  await answerRequiredByMouse(page);
  await heading(page, 'Your work').waitFor();
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
};

const agreeAndStart = async (page: Page): Promise<void> => {
  try {
    await heading(page, 'Welcome').waitFor({ timeout: 180_000 });
  } catch (error) {
    await screenshot(page, 'survey-repeats-no-welcome');
    throw error;
  }
  await page.getByText(/^I agree/).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
};

describe('answering twice, a full group and the promised edit link', () => {
  it('a reload after the thanks says the browser answered; someone else starts anew; the group link stops at the group capacity', async () => {
    const admin = await adminToken();
    const group = await createGroup(admin, 'Night shift', 2);
    const link = await createLink(admin, { anonymity: 1, department_id: group.id, capacity: 5 });
    const page = await suite.browser.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(pathOf(link));
    await agreeAndStart(page);
    await answerRequired(page);

    // The reload after the thanks: not a fresh form, but a reminder.
    await page.reload();
    await heading(page, 'You have already answered this survey').waitFor();
    await page.getByText('Answers to this survey were already sent from this browser.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Start', exact: true }).count(), 0, 'the form is not open');
    // Only a mark: nothing of the answers is on the device.
    const stored = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((key) => key.startsWith('survey-')).map((key) => [key, localStorage.getItem(key)])));
    assert.deepEqual(stored, { [`survey-answered:${link.token}`]: '1' });
    await expectAccessible(page, 'survey answered from this browser');
    await noSidewaysScroll(page, 'answered from this browser');
    await screenshot(page, 'survey-answered-here');

    // A colleague on the same device.
    await page.getByRole('button', { name: 'Someone else is using this device: start a new survey' }).click();
    await agreeAndStart(page);
    await answerRequired(page);

    // Two answers fill the group of capacity 2, though the link has seats left: the next visitor hears so at once.
    await page.reload();
    await page.getByRole('alert').getByText('This group is full: it takes no more answers.').waitFor();
    await expectAccessible(page, 'survey group full');
    await noSidewaysScroll(page, 'group full');
    await screenshot(page, 'survey-group-full');

    // And the server refuses a third answer sent past the page.
    const refused = await fetch(`${suite.server.url}/api/diversity-survey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.token, 'first-name': '', 'last-name': '', 'stay-anonymous': 1, questions: {} }),
    });
    assert.equal(refused.status, 409);
    await page.close();

    // The administrator sees the group's capacity with what it still takes.
    await signInWithCookie(suite.server, suite.browser.context, lastAccount!);
    const members = await suite.browser.context.newPage();
    await members.setViewportSize(PHONE);
    await members.goto(`${suite.server.url}/dashboard/control-panel/members-management`);
    const row = members.getByRole('row').filter({ hasText: 'Night shift' });
    await row.getByText('2, 0 left', { exact: true }).waitFor({ timeout: 180_000 });
    await expectAccessible(members, 'members management with places left');
    await screenshot(members, 'members-places-left');
    // On a phone the table scrolls sideways inside its card; wide, the capacity column is in view.
    await members.setViewportSize({ width: 1280, height: 900 });
    await screenshot(members, 'members-places-left-wide');
    await members.close();
    await suite.browser.context.clearCookies();
  });

  it('the named survey asks for the address it promises, checks it, mails the link and says so', async () => {
    const admin = await adminToken();
    const group = await createGroup(admin, 'Design');
    const link = await createLink(admin, { anonymity: 0, department_id: group.id });
    const page = await suite.browser.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(pathOf(link));
    await heading(page, 'Welcome').waitFor({ timeout: 180_000 });
    await page.getByText('with your name you can later receive a link to change your answers', { exact: false }).waitFor();
    await page.getByText(/^I agree/).click();
    await page.getByRole('button', { name: 'Start' }).click();

    await heading(page, 'About you').waitFor();
    // Anonymous by default: neither names nor address are asked.
    assert.equal(await page.getByLabel(/Your email/).count(), 0);
    await page.getByText(/^Stay anonymous/).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    const email = page.getByLabel(/Your email/);
    assert.equal(await email.getAttribute('type'), 'email');
    await email.fill('grace at example');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please provide a valid email.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email', 'focus on the address');
    await expectAccessible(page, 'survey email refused');
    await noSidewaysScroll(page, 'email refused');
    await screenshot(page, 'survey-email-refused');
    const address = `grace-${Date.now()}@example.org`;
    await email.fill(address);
    assert.equal(await page.getByText('Please provide a valid email.').count(), 0, 'the message goes with the change');
    await screenshot(page, 'survey-email');
    await page.getByRole('button', { name: 'Next' }).click();
    await answerRequired(page);

    await page.getByText('We have emailed you a link to change or erase your answers.').waitFor();
    await expectAccessible(page, 'survey thanks with edit link');
    await noSidewaysScroll(page, 'thanks');
    await screenshot(page, 'survey-thanks-edit-link');
    const mail = await latestMail(suite.server, address);
    assert.match(mail.link ?? '', /\/check-edit-survey\?token=/);
    // The address is not kept on the device.
    const kept = await page.evaluate(() => Object.values(localStorage).join('\n'));
    assert.equal(kept.includes(address), false);
    await page.close();
  });
});
