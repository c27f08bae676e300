import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { Page } from 'playwright-core';
import type { Campaign, CampaignList } from '../../domain/contracts/campaigns';
import type { AnswerValue } from '../../domain/contracts/survey';
import type { TokenLink } from '../../domain/contracts/tokens';
import { ar } from '../../domain/i18n/catalogues/ar';
import { validQuestions } from '../server/helpers/surveyResponses';
import {
  announcementsSettled, apiPost, apiToken, eventually, expectAccessible, registerAccount, screenshot, signInWithCookie, useSuite, type RunningServer,
} from './harness';
import { answerRequiredByMouse, heading } from './surveySteps';

/**
 * Issue 29's journey: 500 people imported from a CSV with 3 bad rows (downloaded, fixed, imported
 * again), a campaign with an invitation and one reminder, 100 people answering from their mails,
 * the reminder going to the others only, one person unsubscribing from a mail, and the campaign
 * page showing about 100 of 500 answered. axe on every new screen, at desktop width and at 390 px.
 *
 * The test's clock: the server's worker runs a campaign's step when its row of the jobs table is
 * due. The server runs on a PostgreSQL database of its own, so that the test can make a step due
 * now (`run_at`), as the days passing would: the worker, the sender and the rules of who gets a
 * reminder are the product's own. MAIL_PER_MINUTE is raised so that 500 mails go in seconds.
 * The PostgreSQL server is E2E_POSTGRES_URL (.ci/run passes its own), else the local one on 5432.
 */

const ADMIN_DATABASE = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `e2e_campaigns_${process.pid}_${Date.now()}`;
const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_DATABASE);
  url.pathname = `/${name}`;
  return url.toString();
};

before(async () => {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
});

const suite = useSuite({ env: { DATABASE_URL: databaseUrl(DATABASE), MAIL_PER_MINUTE: '100000' } });

const db = new pg.Pool({ connectionString: databaseUrl(DATABASE), max: 2 });
after(async () => {
  await db.end();
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE });
  await admin.connect();
  // The server may still hold connections while it stops: they are closed with the database.
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
});

const PEOPLE = '/dashboard/control-panel/people';
const CAMPAIGNS = '/dashboard/control-panel/campaigns';


const accessible = async (page: Page, label: string): Promise<void> => {
  await announcementsSettled(page);
  await expectAccessible(page, label);
};

/** No sideways scrolling at the page's width (wide tables scroll inside their own region). */
const fitsWidth = async (page: Page, label: string, width: number) => {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${label} is ${scrollWidth} px wide at ${width} px`);
};

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (rows: readonly (readonly string[])[]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

const address = (index: number, stamp: string) => `staff-${index + 1}-${stamp}@example.org`;

/** 500 people of Sales; three rows are refused: two addresses that are not addresses and an unknown group. */
const staffList = (stamp: string): string[][] => {
  const rows = Array.from({ length: 500 }, (_, index) => [address(index, stamp), `Staff${index + 1}`, 'Member', 'Sales']);
  rows[20] = ['staff 21 at example.org', 'Staff21', 'Member', 'Sales'];
  rows[250] = [address(250, stamp), 'Staff251', 'Member', 'Nowhere'];
  rows[480] = [`staff-481-${stamp}@@example.org`, 'Staff481', 'Member', 'Sales'];
  return [['Email', 'First name', 'Last name', 'Group'], ...rows];
};

/** The import's three steps on the People page; the summary's sentence, then the confirmation's. */
const importFile = async (page: Page, name: string, content: string): Promise<{ summary: string; problems: string | null }> => {
  await page.getByLabel('CSV or Excel file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await page.getByRole('button', { name: 'Check the rows' }).click();
  const summary = page.locator('section[aria-labelledby="people-summary-heading"] p[role="status"]').first();
  await summary.waitFor();
  const problems = page.getByRole('link', { name: 'Download the rows with problems (CSV)' });
  let downloaded: string | null = null;
  if ((await problems.count()) > 0) {
    const [download] = await Promise.all([page.waitForEvent('download'), problems.click()]);
    const { readFile } = await import('node:fs/promises');
    downloaded = (await readFile((await download.path())!)).toString('utf8');
  }
  const text = ((await summary.textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'Confirm the import' }).click();
  await page.locator('section[aria-labelledby="people-summary-heading"] .form-success').waitFor();
  return { summary: text, problems: downloaded };
};

const apiGet = async <T>(server: RunningServer, token: string, path: string): Promise<T> => {
  const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data?: T };
  if (response.status !== 200 || body.data === undefined) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
};

interface Mail {
  readonly subject: string;
  readonly text: string;
}

/** Every mail the development mailbox holds for an address, newest first (an administrator reads their organisation's). */
const mailsTo = (server: RunningServer, token: string, to: string) => apiGet<Mail[]>(server, token, `/dev/outbox?to=${encodeURIComponent(to)}`);

/** The personal survey link of a campaign mail (the link's token and the invitation's), and its unsubscribe link. */
const linksOf = (mail: Mail) => {
  const survey = /https?:\/\/\S+\/\?token=([^&\s]+)&invitation=([^&\s]+)/.exec(mail.text);
  const unsubscribe = /https?:\/\/\S+\/api\/unsubscribe\?token=[^\s]+/.exec(mail.text);
  assert.ok(survey && unsubscribe, `a campaign mail holds its links:\n${mail.text}`);
  return { url: new URL(survey[0]), token: decodeURIComponent(survey[1]!), invitation: decodeURIComponent(survey[2]!), unsubscribe: new URL(unsubscribe[0]) };
};

/** Answers to every question of the survey that pass the server's checks, ids read from its lookups. */
const answers = async (): Promise<Record<string, AnswerValue>> =>
  validQuestions(async (list, code) => {
    const { rows } = await db.query<{ id: number }>('select id from lookup_principles where list = $1 and code = $2', [list, code]);
    assert.ok(rows[0], `the lookup ${list}:${code}`);
    return rows[0].id;
  });

/** The test's clock: the step's job is due now, as if its day had come. */
const makeStepDue = async (campaignId: string, step: number) => {
  const { rowCount } = await db.query('update jobs set run_at = now() where key = $1 and done_at is null', [`campaign:${campaignId}:step:${step}`]);
  assert.equal(rowCount, 1, `the job of step ${step} waits`);
};

const campaignOf = async (server: RunningServer, token: string, id: string): Promise<Campaign> => {
  const list = await apiGet<CampaignList>(server, token, '/campaigns');
  const found = list.campaigns.find((campaign) => campaign.id === id);
  assert.ok(found, 'the campaign is listed');
  return found;
};

/** The wall clock of UTC, `minutes` from now, as a datetime-local field holds it. */
const utcInMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

const chooseOption = async (page: Page, field: string, option: string | RegExp) => {
  await page.getByRole('button', { name: new RegExp(field) }).first().click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
};

describe('campaigns', () => {
  it('imports 500 people, invites them, 100 answer, the reminder goes to the others only, one unsubscribes; the page shows about 100 of 500', async () => {
    const server = suite.server;
    const account = await registerAccount(server);
    const token = await apiToken(server, account);
    const sales = await apiPost<{ id: string }>(server, token, '/department-register', { name: 'Sales' });
    await signInWithCookie(server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();

    // 1. The staff list: 497 in, 3 refused; the refused rows downloaded, fixed and imported.
    const stamp = String(Date.now());
    await page.goto(`${server.url}${PEOPLE}`);
    await page.getByRole('heading', { name: 'Import people', level: 2 }).waitFor({ timeout: 180_000 });
    const first = await importFile(page, 'staff.csv', csvOf(staffList(stamp)));
    assert.equal(first.summary, '497 new, 0 updated, 3 with problems.');
    assert.ok(first.problems);
    const { parse } = await import('csv-parse/sync');
    const refused = parse(first.problems, { bom: true }) as string[][];
    assert.equal(refused.length, 4, first.problems);
    const fixes = [address(20, stamp), address(250, stamp), address(480, stamp)];
    const fixed = refused.map((row, index) => (index === 0 ? row : [fixes[index - 1]!, row[1]!, row[2]!, 'Sales', row[4] ?? '']));
    const second = await importFile(page, 'staff-fixed.csv', csvOf(fixed));
    assert.equal(second.summary, '3 new, 0 updated, 0 with problems.');
    await page.getByText('500 people', { exact: true }).waitFor();
    const everyone = Array.from({ length: 500 }, (_, index) => address(index, stamp));

    // An anonymous survey link of Sales with a seat for everyone, open for thirteen days.
    const link = await apiPost<TokenLink>(server, token, '/token/update', {
      alias: `campaign-${stamp}`, expires_at: new Date(Date.now() + 13 * 86_400_000).toISOString(), capacity: 600, anonymity: 1, department_id: sales.id,
    });
    assert.equal(link.department?.id, sales.id);

    // 2. The Campaigns page, from the menu, before any campaign.
    await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await page.waitForURL(`**${CAMPAIGNS}`);
    await page.getByText('No campaign yet.').waitFor();
    await accessible(page, 'campaigns, none yet');

    // 3. The form: a refusal of the server stands under its field in its words, and the form recovers.
    await page.getByRole('button', { name: 'New campaign' }).click();
    const form = page.locator('form.campaign-form');
    await form.getByLabel('Name', { exact: true }).fill('Spring survey');
    await chooseOption(page, 'Survey link', new RegExp(`campaign-${stamp}`));
    // react-aria's checkbox input is drawn by its label: the label takes the click.
    await form.locator('label.react-aria-Checkbox').filter({ hasText: /^Sales$/ }).click();
    assert.equal(await form.getByRole('checkbox', { name: 'Sales', exact: true }).isChecked(), true);
    await chooseOption(page, 'Time zone', 'UTC');
    const send = utcInMinutes(15);
    await form.getByLabel('Invitation date and time').fill(send);
    await form.getByLabel('Reminder 1: days after the invitation').fill('1');
    // The closing before the invitation: refused by the server, under the closing field.
    await form.getByLabel('Closing date and time').fill(utcInMinutes(-60 * 24));
    await accessible(page, 'campaign form');
    await screenshot(page, 'campaign-form');
    await form.getByRole('button', { name: 'Schedule the campaign' }).click();
    const closingError = form.getByText('The closing time must be after the invitation time.');
    await closingError.first().waitFor();
    assert.equal(await form.getByLabel('Closing date and time').getAttribute('aria-invalid'), 'true');
    await accessible(page, 'campaign form with a refusal');
    await screenshot(page, 'campaign-form-refused');
    // The field's error goes with the change that answers it (the form's alert stays until the next send).
    const closing = form.getByLabel('Closing date and time');
    await closing.fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 16));
    await eventually('the closing field no longer refused', async () => ((await closing.getAttribute('aria-invalid')) === null ? true : undefined));
    assert.equal(await form.locator('.react-aria-FieldError, [slot="errorMessage"]').filter({ hasText: 'The closing time must be after' }).count(), 0);
    await form.getByRole('button', { name: 'Schedule the campaign' }).click();
    await page.getByRole('status').filter({ hasText: 'Spring survey is scheduled.' }).waitFor();
    const card = page.locator('li.campaign-card').filter({ hasText: 'Spring survey' });
    await card.getByText('Scheduled', { exact: true }).waitFor();
    await card.getByText('500 people', { exact: true }).waitFor();
    const listed = await apiGet<CampaignList>(server, token, '/campaigns');
    const campaignId = listed.campaigns[0]!.id;
    assert.deepEqual(listed.campaigns[0]!.reminder_days, [1]);
    await accessible(page, 'campaigns, one scheduled');
    await screenshot(page, 'campaigns-scheduled');

    // Pause and resume from the page.
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByText('Paused', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByRole('button', { name: 'Pause' }).waitFor();

    // 4. The invitation's time comes (the test's clock): 500 invitations, one each.
    await makeStepDue(campaignId, 0);
    await eventually('500 invitations sent', async () => {
      const campaign = await campaignOf(server, token, campaignId);
      const invitation = campaign.steps.find((step) => step.step === 0);
      return invitation !== undefined && invitation.sent === 500 && invitation.queued === 0 ? campaign : undefined;
    });
    const invitations = new Map<string, ReturnType<typeof linksOf>>();
    for (const to of everyone) {
      const mails = await mailsTo(server, token, to);
      assert.equal(mails.length, 1, `one invitation for ${to}`);
      invitations.set(to, linksOf(mails[0]!));
    }

    // 5. 100 answer from their mail: 97 through the API, 3 through the survey page.
    const questions = await answers();
    const answering = everyone.slice(0, 100);
    for (const to of answering.slice(3)) {
      const { token: linkToken, invitation } = invitations.get(to)!;
      const response = await fetch(`${server.url}/api/diversity-survey`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: linkToken, invitation, 'first-name': '', 'last-name': '', 'stay-anonymous': 1, questions }),
      });
      assert.equal(response.status, 200, `${to} answered: ${await response.text()}`);
    }
    const participant = await suite.browser.context.newPage();
    for (const to of answering.slice(0, 3)) {
      const { url } = invitations.get(to)!;
      await participant.goto(`${server.url}${url.pathname}${url.search}`);
      await heading(participant, 'Welcome').waitFor();
      await participant.getByText(/^I agree/).click();
      await participant.getByRole('button', { name: 'Start' }).click();
      await answerRequiredByMouse(participant);
      while (!(await participant.getByRole('button', { name: 'Send my answers' }).isVisible())) await participant.getByRole('button', { name: 'Next' }).click();
      await participant.getByRole('button', { name: 'Send my answers' }).click();
      await participant.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    }

    // 6. One who has not answered unsubscribes through the link in their mail (the page's button posts).
    const leaving = everyone[499]!;
    const { unsubscribe } = invitations.get(leaving)!;
    await participant.goto(`${server.url}${unsubscribe.pathname}${unsubscribe.search}`);
    await participant.getByRole('button').waitFor();
    await accessible(participant, 'unsubscribe page');
    await screenshot(participant, 'unsubscribe');
    await participant.getByRole('button').click();
    await participant.getByRole('status').waitFor();
    await accessible(participant, 'unsubscribed');
    await screenshot(participant, 'unsubscribed');
    await participant.close();

    // 7. A day later (the test's clock): the reminder, decided on the server, to those who have not answered.
    await makeStepDue(campaignId, 1);
    const reminded = await eventually('the reminders sent', async () => {
      const campaign = await campaignOf(server, token, campaignId);
      const reminder = campaign.steps.find((step) => step.step === 1);
      return reminder !== undefined && reminder.sent > 0 && reminder.queued === 0 ? reminder.sent : undefined;
    });
    assert.equal(reminded, 399, 'the 400 who did not answer, less the one who unsubscribed');
    for (const to of everyone) {
      const mails = await mailsTo(server, token, to);
      const expected = answering.includes(to) || to === leaving ? 1 : 2;
      assert.equal(mails.length, expected, `${to}: ${mails.map((mail) => mail.subject).join(' | ')}`);
    }

    // 8. The campaign page: the mails of each step, and about 100 of 500 answered.
    await page.reload();
    // Once the invitation went, the form changes the name, reminders and closing only.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.locator('form.campaign-form');
    await edit.getByText('The invitation has gone: the recipients stay as they are.').waitFor();
    assert.equal(await edit.getByLabel('Invitation date and time').isDisabled(), true);
    await accessible(page, 'campaign form after the invitation');
    await edit.getByLabel('Name', { exact: true }).fill('Spring survey (staff)');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Spring survey (staff) is saved.' }).waitFor();
    assert.equal((await campaignOf(server, token, campaignId)).recipient_count, 500);
    await card.getByRole('button', { name: 'Participation' }).click();
    const headline = page.locator('.campaign-headline');
    await headline.waitFor();
    const shown = /^(\d+) of (\d+) people answered/.exec(((await headline.textContent()) ?? '').trim());
    assert.ok(shown, `the headline says how many answered: ${await headline.textContent()}`);
    assert.equal(shown[2], '500');
    // Released figures are adjusted a little to protect people: about 100.
    assert.ok(Math.abs(Number(shown[1]) - 100) <= 10, `about 100 answered, shown ${shown[1]}`);
    const reminderCells = card.locator('tr[data-step="1"] td');
    assert.deepEqual([await reminderCells.nth(1).textContent(), await reminderCells.nth(2).textContent()], ['399', '0']);
    await accessible(page, 'campaign participation');
    await screenshot(page, 'campaign-participation');
    await page.getByRole('button', { name: 'Show as table' }).first().click().catch(() => undefined);
    await accessible(page, 'campaign participation as a table');

    // 9. Arabic, right to left, and a 390 px phone.
    await page.locator('.dashboard-topbar .language-select button').click();
    await page.getByRole('option', { name: 'العربية', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText(ar.campaign_new, { exact: true }).waitFor();
    await accessible(page, 'campaigns in Arabic');
    await screenshot(page, 'campaigns-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await fitsWidth(page, 'campaigns in Arabic', 390);
    await accessible(page, 'campaigns in Arabic at 390 px');
    await screenshot(page, 'campaigns-ar-390');
    await page.locator('.dashboard-topbar .language-select button').click();
    await page.getByRole('option', { name: 'English (Australia)', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await fitsWidth(page, 'campaigns', 390);
    await accessible(page, 'campaigns at 390 px');
    await screenshot(page, 'campaigns-390');
    await page.getByRole('button', { name: 'New campaign' }).click();
    await page.locator('form.campaign-form').waitFor();
    await fitsWidth(page, 'the campaign form', 390);
    await accessible(page, 'campaign form at 390 px');
    await screenshot(page, 'campaign-form-390');
    await page.locator('form.campaign-form').getByRole('button', { name: 'Cancel', exact: true }).click();

    // 10. Cancel asks first; kept, then cancelled.
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.getByRole('button', { name: 'Cancel the campaign' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Cancel Spring survey (staff)?').waitFor();
    await accessible(page, 'cancel confirmation');
    await screenshot(page, 'campaign-cancel-confirm');
    await dialog.getByRole('button', { name: 'Keep the campaign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Cancel the campaign' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the campaign' }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    assert.equal(await card.getByRole('button', { name: 'Pause' }).count(), 0);
    await accessible(page, 'campaign cancelled');
    await page.close();
  });
});
