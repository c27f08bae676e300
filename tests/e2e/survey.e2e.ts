import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { apiPost, apiToken, eventually, expectAccessible, latestMail, registerAccount, screenshot, useSuite } from './harness';
import { answerRequiredByMouse, choose, heading } from './surveySteps';
import { focusedName, pickInCombo, pickInSelect, tabTo } from './keyboard';

const suite = useSuite();

interface Link {
  readonly id: string;
  readonly url: string;
  readonly token: string;
}

/** An administrator's bearer token, without signing the browser in (the survey is for guests). */
const adminToken = async (): Promise<string> => {
  const account = await registerAccount(suite.server, 'survey-admin');
  return apiToken(suite.server, account);
};

const post = <T>(token: string, path: string, payload: unknown): Promise<T> => apiPost<T>(suite.server, token, path, payload);

const getJson = async <T>(path: string): Promise<T> => ((await (await fetch(`${suite.server.url}/api${path}`)).json()) as { data: T }).data;

let aliases = 0;
const createLink = (token: string, body: Record<string, unknown>): Promise<Link> =>
  post<Link>(token, '/token/update', {
    alias: `Survey ${Date.now()}-${(aliases += 1)}`,
    expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    capacity: 5,
    ...body,
  });

const createGroup = (token: string, name: string, capacity: number | null = null) =>
  post<{ id: string }>(token, '/department-register', { name, capacity });

/** The link's address on the test server (the link's own URL names the configured APP_URL). */
const pathOf = (link: Link): string => {
  const url = new URL(link.url);
  return `${suite.server.url}${url.pathname}${url.search}`;
};

/** The text of a select's chosen option, once it is `text` (lists arrive after the step is shown). */
const waitForChoice = async (locator: Locator, text: string): Promise<void> => {
  let current = '';
  await eventually(() => `the choice "${text}", not "${current}"`, async () => {
    current = (await locator.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '')).trim();
    return current === text ? true : undefined;
  });
};

/** A select with the mouse: its first real option (after the placeholder), or the one named. */
/** Waits until a field shows a value (lists arrive after the step is shown). */
const waitForValue = async (locator: Locator, value: string): Promise<void> => {
  let current = '';
  await eventually(() => `the value "${value}", not "${current}"`, async () => {
    current = await locator.inputValue();
    return current === value ? true : undefined;
  });
};

/** Next (or Start / Send) is the form's submit button: Enter on it moves on. */
const next = async (page: Page, button: RegExp = /^(Next|Start)$/): Promise<void> => {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
};

/** Largest Contentful Paint of the page's load, read from the Performance API. */
const recordLcp = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = Math.max(w.__lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });

const progress = async (page: Page): Promise<string | null> => page.getByRole('progressbar').getAttribute('aria-valuenow');

interface Lookups {
  readonly worldview: string;
  readonly branch: string | null;
}

/** A worldview with branches, as the lookups serve them (names come from the seeded data). */
const lookups = async (): Promise<Lookups> => {
  const worldviews = await getJson<{ value: string; principleId: number; code: string }[]>('/worldviews');
  for (const worldview of worldviews.filter((w) => w.code !== 'prefer_not')) {
    const branches = (await getJson<{ value: string; code: string }[]>(`/worldview/${worldview.principleId}/branches`)).filter((b) => b.code !== 'prefer_not');
    if (branches.length > 0) return { worldview: worldview.value, branch: branches[0]!.value };
  }
  return { worldview: worldviews[0]!.value, branch: null };
};

describe('the participant survey', () => {
  it('anonymous link: the whole survey with the keyboard only, a reload half-way, the thanks page; then the link is full', async () => {
    const admin = await adminToken();
    const group = await createGroup(admin, 'Engineering');
    const link = await createLink(admin, { anonymity: 1, department_id: group.id, capacity: 1 });
    const { worldview, branch } = await lookups();
    const page = await suite.browser.context.newPage();
    await recordLcp(page);
    await page.goto(pathOf(link));

    // Welcome: the organisation, the group, and the consent. (The first page of a fresh server may be slow.)
    await heading(page, 'Welcome').waitFor({ timeout: 180_000 });
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    console.log(`survey page LCP on loopback Chromium: ${lcp.toFixed(0)} ms`);
    assert.ok(lcp > 0, 'an LCP entry was recorded');
    await page.getByText('Engineering').waitFor();
    await page.getByText('This survey is anonymous: your name is not asked.').waitFor();
    assert.equal(await progress(page), '1');
    await expectAccessible(page, 'survey welcome');
    await screenshot(page, 'survey-welcome');

    // Start without agreeing: the consent's message, and focus on the tick box.
    await next(page, /^Start$/);
    await page.getByText('You must agree before you continue.').waitFor();
    assert.match(await focusedName(page), /^I agree/);
    await expectAccessible(page, 'survey consent refused');
    await screenshot(page, 'survey-consent-error');
    await page.keyboard.press('Space');
    await next(page, /^Start$/);

    // Anonymous link: no name questions; straight to the country of birth, step 2.
    await heading(page, 'Where you were born').waitFor();
    assert.equal(await page.getByLabel('First name').count(), 0);
    assert.equal(await progress(page), '2');
    await next(page);
    await page.getByText('Country of birth is required.').waitFor();
    assert.match(await focusedName(page), /^Your country of birth/);
    await page.keyboard.type('Austral');
    await pickInCombo(page, 'Australia');
    await tabTo(page, /State or province of birth/);
    const state = await pickInSelect(page);
    assert.ok(state.length > 0);
    await expectAccessible(page, 'survey birth');
    await screenshot(page, 'survey-birth');
    await next(page);

    // Family: the mother's "Prefer not to answer", the father's country, the rest left out.
    await heading(page, 'Where your family was born').waitFor();
    await tabTo(page, /^Prefer not to answer: Your mother's country of birth/);
    await page.keyboard.press('Space');
    assert.equal(await page.getByRole('combobox', { name: "Your mother's country of birth", exact: true }).isDisabled(), true);
    await tabTo(page, /^Your father's country of birth/);
    await page.keyboard.type('New Zea');
    await pickInCombo(page, 'New Zealand');
    await expectAccessible(page, 'survey family');
    await screenshot(page, 'survey-family');
    await next(page);

    // Languages: a row with its level, a second row added, changed and removed.
    await heading(page, 'Languages').waitFor();
    await tabTo(page, /^Language 1/);
    await page.keyboard.type('Engl');
    await page.getByText('You must type at least 3 characters').first().waitFor();
    await pickInCombo(page, 'English');
    await tabTo(page, /Level of language 1/);
    await pickInSelect(page, 'Native');
    await tabTo(page, /^Add a language$/);
    await page.keyboard.press('Enter');
    assert.match(await focusedName(page), /^Language 2/);
    await page.keyboard.type('Fren');
    await pickInCombo(page, 'French');
    await tabTo(page, /Level of language 2/);
    await pickInSelect(page, 'Fluent');
    // Change the second language: select its text and search again.
    await tabTo(page, /^Language 2/, true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Span');
    await pickInCombo(page, 'Spanish');
    await expectAccessible(page, 'survey languages');
    await screenshot(page, 'survey-languages');
    await tabTo(page, /^Remove Spanish$/);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove English' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Remove Spanish' }).count(), 0);
    // Again a second language, kept this time.
    await tabTo(page, /^Add a language$/);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Span');
    await pickInCombo(page, 'Spanish');
    await tabTo(page, /Level of language 2/);
    await pickInSelect(page, 'Basic');

    // Reload half-way: every answer is back, and so is the step.
    const stored = await page.evaluate((token) => localStorage.getItem(`survey-draft:${token}`), link.token);
    assert.ok(stored && JSON.parse(stored).version === 1, 'the draft is kept under the link');
    await page.reload();
    await heading(page, 'Languages').waitFor();
    await screenshot(page, 'survey-languages-reloaded');
    await waitForValue(page.getByRole('combobox', { name: 'Language 1', exact: true }), 'English');
    await waitForValue(page.getByRole('combobox', { name: 'Language 2', exact: true }), 'Spanish');
    await waitForChoice(page.getByLabel(/Level of language 1/), 'Native');
    await tabTo(page, /^Back$/);
    await page.keyboard.press('Enter');
    await heading(page, 'Where your family was born').waitFor();
    await waitForValue(page.getByRole('combobox', { name: "Your father's country of birth", exact: true }), 'New Zealand');
    assert.equal(await page.getByRole('checkbox', { name: "Prefer not to answer: Your mother's country of birth" }).isChecked(), true);
    await next(page);
    await heading(page, 'Languages').waitFor();
    await next(page);

    // Worldview: its branch appears under the chosen worldview.
    await heading(page, 'Worldview or religion').waitFor();
    await tabTo(page, /Your worldview or religion/);
    await pickInSelect(page, worldview);
    if (branch) {
      await tabTo(page, /Branch/);
      await pickInSelect(page, branch);
    }
    await expectAccessible(page, 'survey worldview');
    await screenshot(page, 'survey-worldview');
    await next(page);

    // Cultural heritage: prefer not to answer.
    await heading(page, 'Cultural heritage').waitFor();
    await tabTo(page, /^Prefer not to answer: Cultural heritages/);
    await page.keyboard.press('Space');
    assert.equal(await page.getByRole('combobox', { name: 'Cultural heritage 1', exact: true }).isDisabled(), true);
    await next(page);

    // Gender, age and more: the required ones, a "Prefer not to answer" option, one left out.
    await heading(page, 'Gender, age and more').waitFor();
    // The lists are in before the person goes on (a select is disabled while its list loads).
    for (const list of [/^Gender/, /Highest level of education/]) {
      await page.getByRole('combobox', { name: list }).locator('option:not([disabled])').first().waitFor({ state: 'attached' });
    }
    await next(page);
    await page.getByText('Gender is required.').waitFor();
    await page.getByText('Education is required.').waitFor();
    await page.getByRole('alert').or(page.getByText(/^Please check: .+ and .+\.$/u)).first().waitFor();
    assert.match(await focusedName(page), /Gender/);
    await expectAccessible(page, 'survey about, refused');
    await screenshot(page, 'survey-about-errors');
    await pickInSelect(page);
    await tabTo(page, /Highest level of education/);
    await pickInSelect(page);
    await tabTo(page, /Sexual orientation/);
    await pickInSelect(page, 'Prefer not to answer');
    await next(page);

    // Work: nothing required; send.
    await heading(page, 'Your work').waitFor();
    assert.equal(await progress(page), await page.getByRole('progressbar').getAttribute('aria-valuemax'));
    await next(page, /^Send my answers$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    await expectAccessible(page, 'survey thanks');
    await screenshot(page, 'survey-thanks');
    assert.equal(await page.evaluate((token) => localStorage.getItem(`survey-draft:${token}`), link.token), null);

    // The link had one seat, now used.
    await page.goto(pathOf(link));
    await page.getByRole('alert').getByText('This survey link has no seats left.').waitFor();
    await expectAccessible(page, 'survey link full');
    await screenshot(page, 'survey-link-full');
    await page.close();
  });

  it('named link: the person unticks "stay anonymous", gives first and last name and picks a group; full groups cannot be chosen', async () => {
    const admin = await adminToken();
    await createGroup(admin, 'Research');
    await createGroup(admin, 'Closed', 0);
    const link = await createLink(admin, { anonymity: 0, department_id: null });
    const page = await suite.browser.context.newPage();
    await page.goto(pathOf(link));
    await heading(page, 'Welcome').waitFor();
    await tabTo(page, /^I agree/);
    await page.keyboard.press('Space');
    await next(page, /^Start$/);

    await heading(page, 'About you').waitFor();
    const stay = page.getByRole('checkbox', { name: /Stay anonymous/ });
    assert.equal(await stay.isChecked(), true);
    assert.equal(await page.getByLabel('First name').count(), 0);
    await tabTo(page, /^Stay anonymous/);
    await page.keyboard.press('Space');
    await page.getByLabel('First name').waitFor();
    await next(page);
    await page.getByText('First name is required.').waitFor();
    await page.getByText('Last name is required.').waitFor();
    await page.getByText('Department is required.').waitFor();
    assert.match(await focusedName(page), /^First name/);
    await page.keyboard.type('Grace');
    await tabTo(page, /^Last name/);
    await page.keyboard.type('Hopper');
    await tabTo(page, /Your group/);
    const closed = page.getByLabel(/Your group/).locator('option', { hasText: 'Closed (full)' });
    await closed.waitFor({ state: 'attached' });
    assert.equal(await closed.isDisabled(), true);
    await pickInSelect(page, 'Research');
    assert.match(await focusedName(page), /Your group/);
    await expectAccessible(page, 'survey named');
    await screenshot(page, 'survey-named');
    await next(page);
    await heading(page, 'Where you were born').waitFor();

    // The names are kept with the answers on this device, until the survey is sent.
    const stored = JSON.parse((await page.evaluate((token) => localStorage.getItem(`survey-draft:${token}`), link.token)) ?? '{}');
    assert.equal(stored.answers['1'].answer, 'Grace');
    assert.equal(stored.answers['33'].answer, 0);
    await page.close();
  });

  it('a submit the server refuses shows its message and keeps every answer', async () => {
    const admin = await adminToken();
    const group = await createGroup(admin, 'Late');
    const link = await createLink(admin, { anonymity: 1, department_id: group.id });
    const page = await suite.browser.context.newPage();
    await page.goto(pathOf(link));
    await heading(page, 'Welcome').waitFor();
    await page.getByText(/^I agree/).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await answerRequiredByMouse(page);
    await heading(page, 'Your work').waitFor();

    // The administrator switches the link off while the person is answering.
    await post(admin, '/token/update', { id: link.id, active: false });
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByRole('alert').getByText('This survey link is no longer valid.').waitFor();
    await expectAccessible(page, 'survey refused by the server');
    await screenshot(page, 'survey-submit-refused');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'Languages').waitFor();
    await waitForValue(page.getByRole('combobox', { name: 'Language 1', exact: true }), 'German');
    const stored = JSON.parse((await page.evaluate((token) => localStorage.getItem(`survey-draft:${token}`), link.token)) ?? '{}');
    assert.deepEqual(stored.answers['12'].answer, [{ principleId: stored.answers['12'].answer[0].principleId, level: 'fluent' }]);
    await page.close();
  });

  it('the emailed links: a named participant changes an answer, then erases the response', async () => {
    const admin = await adminToken();
    const group = await createGroup(admin, 'Editors');
    const link = await createLink(admin, { anonymity: 0, department_id: group.id });
    const email = `ada.${Date.now()}@example.org`;
    await post(admin, '/survey-invitation', { survey_token_id: link.id, emails: [email], first_name: 'Ada', last_name: 'Lovelace' });
    const invitation = await latestMail(suite.server, email);
    assert.ok(invitation.link, 'the invitation mail holds the survey link');
    const invited = new URL(invitation.link);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}${invited.pathname}${invited.search}`);

    // Named this time: the invitation's names are filled in once "stay anonymous" is unticked.
    await heading(page, 'Welcome').waitFor();
    await page.getByText(/^I agree/).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await heading(page, 'About you').waitFor();
    await page.getByRole('checkbox', { name: /Stay anonymous/ }).click();
    await waitForValue(page.getByLabel('First name'), 'Ada');
    await page.getByRole('button', { name: 'Next' }).click();
    await answerRequiredByMouse(page);
    while (!(await page.getByRole('button', { name: 'Send my answers' }).isVisible())) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();

    // The mail with the two links.
    const mail = await latestMail(suite.server, email);
    const linkIn = (path: string) => {
      const found = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(mail.text)?.[0];
      assert.ok(found, `the mail holds the ${path} link`);
      const url = new URL(found);
      return `${suite.server.url}${url.pathname}${url.search}`;
    };
    const editLink = linkIn('/check-edit-survey');
    const deleteLink = linkIn('/delete-survey');

    // Change: the form opens on the stored answers, German among them, and sends the change.
    await page.goto(editLink);
    await page.getByText(/lets you change the answers you gave/).waitFor();
    await expectAccessible(page, 'edit link checked');
    await screenshot(page, 'survey-edit-check');
    await page.getByRole('button', { name: 'Change my answers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Change your answers' }).waitFor();
    await heading(page, 'Welcome').waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await heading(page, 'About you').waitFor();
    await waitForValue(page.getByLabel('Last name'), 'Lovelace');
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForValue(page.getByRole('combobox', { name: 'Your country of birth', exact: true }), 'Canada');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Languages').waitFor();
    await waitForValue(page.getByRole('combobox', { name: 'Language 1', exact: true }), 'German');
    await waitForChoice(page.getByLabel(/Level of language 1/), 'Fluent');
    await choose(page.getByLabel(/Level of language 1/), 'Native');
    await expectAccessible(page, 'edit form');
    await screenshot(page, 'survey-edit-form');
    while (!(await page.getByRole('button', { name: 'Send my answers' }).isVisible())) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your answers were changed' }).waitFor();
    await expectAccessible(page, 'edit done');

    // The used edit link is refused in the server's words.
    await page.goto(editLink);
    await page.getByRole('alert').waitFor();
    assert.match((await page.getByRole('alert').textContent()) ?? '', /already changed your answers|can no longer be changed/);

    // Erase, with the newest mail's delete link (changing the answers sent new links).
    const newest = await latestMail(suite.server, email);
    const newDelete = /https?:\/\/\S+\/delete-survey\?token=[\w-]+/.exec(newest.text)?.[0];
    assert.ok(newDelete && newDelete !== deleteLink.replace(suite.server.url, ''), 'a new delete link was sent');
    const eraseUrl = new URL(newDelete);
    await page.goto(`${suite.server.url}${eraseUrl.pathname}${eraseUrl.search}`);
    await page.getByRole('button', { name: 'Erase my answers for good' }).waitFor();
    await expectAccessible(page, 'delete link');
    await screenshot(page, 'survey-delete-confirm');
    await page.getByRole('button', { name: 'Erase my answers for good' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your answers were erased' }).waitFor();
    await expectAccessible(page, 'delete done');
    await screenshot(page, 'survey-delete-done');
    await page.close();
  });

  it('a refused link says why in the server words', async () => {
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/?token=no-such-link&alias=nothing`);
    await page.getByRole('alert').getByText('This survey link is no longer valid.').waitFor();
    await page.goto(`${suite.server.url}/register`);
    await page.waitForURL('**/invalid-invitation-token');
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL('**/login');
    await page.close();
  });

  it('on a phone (375 x 740) the survey fits the screen', async () => {
    const admin = await adminToken();
    const group = await createGroup(admin, 'Phones');
    const link = await createLink(admin, { anonymity: 1, department_id: group.id });
    const page = await suite.browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(pathOf(link));
    await heading(page, 'Welcome').waitFor();
    await screenshot(page, 'survey-mobile-welcome');
    await page.getByText(/^I agree/).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await heading(page, 'Where you were born').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Country of birth is required.').waitFor();
    await expectAccessible(page, 'survey on a phone, refused');
    await screenshot(page, 'survey-mobile-birth');
    await page.getByRole('combobox', { name: 'Your country of birth', exact: true }).fill('Canad');
    await page.getByRole('option', { name: 'Canada', exact: true }).click();
    await choose(page.getByLabel(/State or province of birth/));
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Where your family was born').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'Languages').waitFor();
    await page.getByRole('combobox', { name: 'Language 1', exact: true }).fill('Hind');
    await page.getByRole('option', { name: 'Hindi', exact: true }).click();
    await page.getByRole('button', { name: 'Add a language' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'no sideways scrolling');
    await expectAccessible(page, 'survey languages on a phone');
    await screenshot(page, 'survey-mobile-languages');
    await page.close();
  });
});
