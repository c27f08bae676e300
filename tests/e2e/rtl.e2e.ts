import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ar } from '../../domain/i18n/catalogues/ar';
import { fr } from '../../domain/i18n/catalogues/fr';
import { expectAccessible, launchBrowser, registerAccount, openSignedInHome, screenshot, useSuite, DEMO_ACCOUNT, partShot, viewportShot } from './harness';
import { pickInCombo, pickInSelect, tabTo } from './keyboard';

// The dashboards' checks read the demo organisation; the survey runs on a link of a new one.
const suite = useSuite({ demo: true });

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
] as const;
const PHONE_390 = PHONES[1];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A control's name as the page says it, from its start (a required mark or help may follow). */
const named = (text: string) => new RegExp(`^${escape(text)}`);

const pageLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Nothing is wider than the screen: the page never scrolls sideways. */
const expectNoSideScroll = async (page: Page, label: string) => {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const width = window.innerWidth;
    // What sticks out, to say where to look when it fails.
    const wideOnes = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ').join('.')}`);
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: width, wide: wideOnes };
  });
  assert.ok(scrollWidth <= innerWidth, `${label}: ${scrollWidth} px wide in a ${innerWidth} px window (${wide.join(', ')})`);
};

const apiJson = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${suite.server.url}/api${path}`, init);
  const body = (await response.json()) as { data?: T };
  if (response.status !== 200 || body.data === undefined) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
};

/** Tables wider than their card scroll inside it: the scroller stays on the screen and scrolls sideways itself. */
const tablesScrollInside = (page: Page) =>
  page.locator('.table-scroll').evaluateAll((scrollers) =>
    scrollers.map((scroller) => {
      const box = scroller.getBoundingClientRect();
      return {
        label: scroller.querySelector('table')?.getAttribute('aria-label') ?? scroller.querySelector('table')?.getAttribute('aria-labelledby') ?? '',
        wide: scroller.scrollWidth > scroller.clientWidth,
        scrolls: ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX),
        onScreen: box.left >= -1 && box.right <= window.innerWidth + 1,
      };
    }),
  );

/** A survey link of a new organisation, for one person, on the test server, with its administrator. */
const newSurveyLink = async (): Promise<{ address: string; account: Awaited<ReturnType<typeof registerAccount>> }> => {
  const account = await registerAccount(suite.server, 'rtl-admin');
  const login = await apiJson<{ access_token: string }>('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.access_token}` };
  const group = await apiJson<{ id: string }>('/department-register', { method: 'POST', headers, body: JSON.stringify({ name: 'Engineering', capacity: null }) });
  const link = await apiJson<{ url: string }>('/token/update', {
    method: 'POST',
    headers,
    body: JSON.stringify({ alias: `Arabic ${Date.now()}`, expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), capacity: 2, anonymity: 1, department_id: group.id }),
  });
  const url = new URL(link.url);
  return { address: `${suite.server.url}${url.pathname}${url.search}`, account };
};
const surveyLink = async (): Promise<string> => (await newSurveyLink()).address;

/** An item's name in Arabic, as the lookup lists serve it. */
const arabicName = async (list: string, code: string): Promise<string> => {
  const items = await apiJson<{ value: string; code: string }[]>(`/${list}`, { headers: { 'x-locale': 'ar' } });
  const item = items.find((i) => i.code === code);
  if (!item) throw new Error(`${code} not in ${list}`);
  return item.value;
};

/** The dashboards' switcher in the top bar (it keeps the choice in the account too). */
const chooseLanguage = async (page: Page, nativeName: string, lang: string): Promise<void> => {
  await page.locator('.dashboard-topbar .language-select button').click();
  await page.getByRole('option', { name: nativeName, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
};

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** Next (or Start / Send) is the form's submit button: Enter on it moves on. */
const next = async (page: Page, button: string) => {
  await tabTo(page, new RegExp(`^${escape(button)}$`));
  await page.keyboard.press('Enter');
};

/** Each step is audited, and is right to left in Arabic. */
const audit = async (page: Page, step: string) => {
  assert.deepEqual(await pageLanguage(page), { lang: 'ar', dir: 'rtl' }, step);
  await expectAccessible(page, `Arabic survey, ${step}`);
};

describe('right to left, phones, and figures in the page language', () => {
  it('a browser set to Arabic gets the survey in Arabic, right to left, and completes it by keyboard; axe finds nothing at any step', async () => {
    const address = await surveyLink();
    const [australia, english] = await Promise.all([arabicName('countries', 'AU'), arabicName('languages', 'eng')]);
    const browser = await launchBrowser({ locale: 'ar-EG' });
    try {
      const page = await browser.context.newPage();
      await page.goto(address);
      await heading(page, ar.survey_step_welcome).waitFor({ timeout: 180_000 });
      await audit(page, 'welcome');
      // The browser's language was followed, not kept as a choice.
      assert.equal(await page.evaluate(() => localStorage.getItem('newLang')), null);
      await screenshot(page, 'rtl-survey-welcome');
      await tabTo(page, named(ar.survey_q_consent));
      await page.keyboard.press('Space');
      await next(page, ar.survey_start);

      await heading(page, ar.survey_step_birth).waitFor();
      await tabTo(page, named(ar['survey_q_country-of-birth']));
      await page.keyboard.type(australia.slice(0, 4));
      await pickInCombo(page, australia);
      await tabTo(page, named(ar['survey_q_state-of-birth']));
      await pickInSelect(page);
      await audit(page, 'birth');
      await screenshot(page, 'rtl-survey-birth');
      await next(page, ar.survey_next);

      await heading(page, ar.survey_step_family).waitFor();
      await audit(page, 'family');
      await next(page, ar.survey_next);

      await heading(page, ar.survey_step_languages).waitFor();
      await tabTo(page, named(ar.survey_language_n.replace('{{n}}', '1')));
      await page.keyboard.type(english.slice(0, 4));
      await pickInCombo(page, english);
      await tabTo(page, new RegExp(escape(ar.survey_level_of_n.replace('{{n}}', '1'))));
      await pickInSelect(page, ar.survey_level_native);
      await audit(page, 'languages');
      await screenshot(page, 'rtl-survey-languages');
      await next(page, ar.survey_next);

      await heading(page, ar.survey_step_worldview).waitFor();
      await tabTo(page, named(ar.survey_q_worldview));
      await pickInSelect(page);
      await audit(page, 'worldview');
      await next(page, ar.survey_next);

      await heading(page, ar.survey_step_heritage).waitFor();
      await audit(page, 'heritage');
      await next(page, ar.survey_next);

      await heading(page, ar.survey_step_about).waitFor();
      for (const name of [ar.survey_q_gender, ar.survey_q_education]) {
        await page.getByRole('combobox', { name: named(name) }).locator('option:not([disabled])').first().waitFor({ state: 'attached' });
      }
      await tabTo(page, named(ar.survey_q_gender));
      await pickInSelect(page);
      await tabTo(page, named(ar.survey_q_education));
      await pickInSelect(page);
      await audit(page, 'about');
      await screenshot(page, 'rtl-survey-about');
      await next(page, ar.survey_next);

      await heading(page, ar.survey_step_work).waitFor();
      await audit(page, 'work');
      // The last step on a phone: nothing wider than the screen.
      for (const size of PHONES) {
        await page.setViewportSize(size);
        await expectNoSideScroll(page, `Arabic survey at ${size.width} px`);
      }
      await page.setViewportSize(PHONES[0]);
      await screenshot(page, 'rtl-survey-work-360');
      await next(page, ar.survey_send);

      await page.getByRole('heading', { level: 1, name: ar.survey_thanks_title }).waitFor();
      await audit(page, 'thanks');
      await expectNoSideScroll(page, 'Arabic thanks at 414 px');
      await screenshot(page, 'rtl-survey-thanks');
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('the survey fits a phone from its first step, in English and in Arabic', async () => {
    const address = await surveyLink();
    const page = await suite.browser.context.newPage();
    for (const language of ['au', 'ar']) {
      await page.goto(address);
      await page.evaluate((code) => localStorage.setItem('newLang', code), language);
      for (const size of PHONES) {
        await page.setViewportSize(size);
        await page.reload();
        await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 180_000 });
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language === 'ar' ? 'ar' : 'en-AU');
        await expectNoSideScroll(page, `survey welcome in ${language} at ${size.width} px`);
      }
      if (language === 'ar') await screenshot(page, 'rtl-survey-welcome-414');
    }
    await page.evaluate(() => localStorage.removeItem('newLang'));
    await page.close();
  });

  it('dashboards in French name countries in French and group figures the French way; in Arabic they mirror, and fit a phone', async () => {
    const page = await openSignedInHome(suite, DEMO_ACCOUNT, { width: 1280, height: 800 });

    await chooseLanguage(page, 'Français', 'fr');
    await page.goto(`${suite.server.url}/dashboard/country-birth`);
    await page.getByRole('heading', { level: 1, name: fr['country-birth'] }).waitFor({ timeout: 180_000 });
    const bars = page.locator('[data-section="statCountryCountries"] g.bar title');
    await bars.first().waitFor({ state: 'attached', timeout: 60_000 });
    // The bar of Australia (the demo's largest) is named in French once the names are in.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-section="statCountryCountries"] g.bar title')].some((t) => t.textContent?.startsWith('Australie')), undefined, { timeout: 180_000 });
    const titles = await bars.allTextContents();
    assert.ok(titles.some((t) => t.startsWith('Royaume-Uni')), titles.join(' | '));
    // French shares: a comma, and a no-break space before the percent sign.
    assert.ok(titles.every((t) => /\d,\d[\u00a0\u202f]%\)$/.test(t) || !/%/.test(t)), titles.join(' | '));
    await page.goto(`${suite.server.url}/dashboard/overview`);
    const respondents = page.locator('[data-section="statOverviewRowOne"] dd').first();
    await respondents.waitFor({ timeout: 180_000 });
    assert.match((await respondents.textContent()) ?? '', /^\d{1,3}([\u00a0\u202f]\d{3})*$/);

    await chooseLanguage(page, 'العربية', 'ar');
    await page.goto(`${suite.server.url}/dashboard/country-birth`);
    await page.getByRole('heading', { level: 1, name: ar['country-birth'] }).waitFor({ timeout: 180_000 });
    assert.deepEqual(await pageLanguage(page), { lang: 'ar', dir: 'rtl' });
    // A closed group's chevron points the way Arabic reads: to the left.
    const closed = page.locator('.menu-group:not([data-expanded]) .chevron').first();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const point = await closed.evaluate((el) => {
      const style = getComputedStyle(el);
      // The individual scale applies after the rotation: together they are scale · rotate.
      const [sx = '1', sy = sx] = style.scale === 'none' ? [] : style.scale.split(' ');
      const m = new DOMMatrix().scale(Number(sx), Number(sy)).multiply(new DOMMatrix(style.transform));
      // The chevron is drawn by its right and bottom borders: it points where (1, 1) turns to.
      return { x: m.a + m.c, y: m.b + m.d };
    });
    assert.ok(point.x < -1 && Math.abs(point.y) < 0.01, `closed chevron points ${JSON.stringify(point)}`);
    await page.locator('[data-section="statCountryCountries"] g.bar').first().waitFor({ timeout: 180_000 });
    await expectAccessible(page, 'country of birth in Arabic');
    await screenshot(page, 'rtl-dashboard-country-birth');
    await partShot(page.locator('.sidebar nav'), 'rtl-sidebar');
    await partShot(page.locator('[data-section="statCountryCountries"]').first(), 'rtl-country-bars');
    await page.locator('[data-section="statCountryTree"] g.tree-node').first().waitFor({ state: 'attached', timeout: 60_000 });
    await partShot(page.locator('[data-section="statCountryTree"]'), 'rtl-country-tree');
    await page.locator('[data-section="statCountryParentGrandparent"] svg').waitFor({ timeout: 180_000 });
    await partShot(page.locator('[data-section="statCountryParentGrandparent"]'), 'rtl-country-donut');
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await expectNoSideScroll(page, `country of birth in Arabic at ${size.width} px`);
    }
    await screenshot(page, 'rtl-dashboard-country-birth-414');
    await page.setViewportSize(PHONES[0]);
    await screenshot(page, 'rtl-dashboard-country-birth-360');
    // On a phone the menu folds behind its button, opened by keyboard.
    const navigation = page.getByRole('navigation', { name: ar.main_navigation });
    assert.equal(await navigation.isVisible(), false);
    const menuButton = page.getByRole('button', { name: ar.menu, exact: true });
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await navigation.waitFor();
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
    await expectNoSideScroll(page, 'Arabic menu open at 360 px');
    await expectAccessible(page, 'Arabic menu open at 360 px');
    await viewportShot(page, 'rtl-dashboard-menu-360');
    await page.keyboard.press('Enter');
    await navigation.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${suite.server.url}/dashboard/overview`);
    await chooseLanguage(page, 'English (Australia)', 'en-AU');
    await page.setViewportSize(PHONES[0]);
    await page.locator('[data-section="statOverviewRowOne"] dd').first().waitFor({ timeout: 180_000 });
    await expectNoSideScroll(page, 'overview in English at 360 px');
    await screenshot(page, 'dashboard-overview-360');
    await page.close();
  });
  it('in Arabic the pyramid swaps its sides, the stacked and grouped bars fill from the right, and axe finds nothing', async () => {
    const page = await openSignedInHome(suite, DEMO_ACCOUNT, { width: 1280, height: 900 });
    await chooseLanguage(page, 'العربية', 'ar');
    /** Left and right edges on the screen of a chart's first row's label and bars. */
    // (No named helpers inside evaluate: the page has no __name of the compiled test.)
    const edges = (section: string, row: string) => page.locator(`[data-section="${section}"] ${row}`).first().evaluate((g) => {
      const label = g.querySelector('text')?.getBoundingClientRect();
      return {
        label: label ? { left: label.left, right: label.right } : null,
        rects: [...g.querySelectorAll('rect')].map((r) => r.getBoundingClientRect()).filter((b) => b.width > 0).map((b) => ({ left: b.left, right: b.right })),
      };
    });

    await page.goto(`${suite.server.url}/dashboard/overview`);
    const pyramid = '[data-section="statOverviewGenderAgeRange"]';
    await page.locator(`${pyramid} g.pyramid-row rect`).first().waitFor({ state: 'attached', timeout: 60_000 });
    assert.deepEqual(await pageLanguage(page), { lang: 'ar', dir: 'rtl' });
    const { label: axis, rects: sides } = await edges('statOverviewGenderAgeRange', 'g.pyramid-row');
    // The first gender (first in the legend too) lies right of the axis; the others left of it.
    assert.ok(axis && sides.length >= 2, JSON.stringify(sides));
    assert.ok(sides[0]!.left >= axis.right - 1, `first side ${JSON.stringify(sides[0])} right of the axis ${JSON.stringify(axis)}`);
    assert.ok(sides.slice(1).every((r) => r.right <= axis.left + 1), `other sides left of the axis ${JSON.stringify(sides)}`);
    const legend = await page.locator(`${pyramid} g.legend-item rect`).evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().left));
    assert.ok(legend[0]! > legend[1]!, `the legend reads from the right: ${legend.join(', ')}`);
    await expectAccessible(page, 'overview in Arabic');
    await partShot(page.locator(pyramid), 'rtl-overview-pyramid');

    await page.goto(`${suite.server.url}/dashboard/demographics`);
    const stacked = '[data-section="statDemographicStatePerGender"]';
    await page.locator(`${stacked} g.stack-row rect`).first().waitFor({ state: 'attached', timeout: 60_000 });
    const { label: name, rects: parts } = await edges('statDemographicStatePerGender', 'g.stack-row');
    // The row's name on the right, its bar filling leftwards from it, segment after segment.
    assert.ok(name && parts.length >= 1, JSON.stringify(parts));
    assert.ok(parts.every((r) => r.right <= name.left + 1), `bars left of the name ${JSON.stringify({ name, parts })}`);
    for (let i = 1; i < parts.length; i++) assert.ok(parts[i]!.right <= parts[i - 1]!.left + 1, `segment ${i} left of segment ${i - 1}: ${JSON.stringify(parts)}`);
    await expectAccessible(page, 'demographics in Arabic');
    await partShot(page.locator(stacked), 'rtl-demographics-stacked');

    await page.goto(`${suite.server.url}/dashboard/compare/internal`);
    const form = page.getByRole('form', { name: ar.compare_form });
    await form.waitFor({ timeout: 180_000 });
    await page.locator('fieldset[data-index="1"]').getByRole('button', { name: new RegExp(escape(ar.compare_group)) }).click();
    const options = page.getByRole('option');
    await options.nth(1).waitFor();
    await options.nth(1).click();
    await form.getByRole('button', { name: ar.compare_submit, exact: true }).click();
    await page.waitForFunction(() => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? ''), undefined, { timeout: 180_000 });
    assert.equal(await page.locator('.compare-results').getAttribute('data-status'), 'loaded');
    const grouped = page.locator('.compare-results svg[role="img"] g[data-key]').first();
    const { label: category, bars } = await grouped.evaluate((g) => {
      const text = g.querySelector('text')!.getBoundingClientRect();
      return { label: { left: text.left, right: text.right }, bars: [...g.querySelectorAll('rect')].map((r) => r.getBoundingClientRect()).map((b) => ({ left: b.left, right: b.right })) };
    });
    // Right to left: bars grow leftwards, beside their name on a wide card or under it (name above) on a narrow one.
    const beside = bars.every((r) => r.right <= category.left + 1);
    const under = bars.every((r) => Math.abs(r.right - category.right) <= 2);
    assert.ok(bars.length >= 1 && (beside || under), `grouped bars grow leftwards from their name ${JSON.stringify({ category, bars })}`);
    await expectAccessible(page, 'compare internal in Arabic');
    await screenshot(page, 'rtl-compare-internal');
    await chooseLanguage(page, 'English (Australia)', 'en-AU');
    await page.close();
  });
  it('the control panel in Arabic fits a 390 px phone, its tables scrolling inside their cards; the survey language it sets opens the links for a browser the product does not speak', async () => {
    const { address, account } = await newSurveyLink();
    await suite.browser.context.clearCookies();
    const page = await openSignedInHome(suite, account, { width: 1280, height: 800 });
    await chooseLanguage(page, 'العربية', 'ar');
    await page.setViewportSize(PHONE_390);

    const pages = [
      { path: '/dashboard/control-panel/members-management', heading: `${ar.coordinator}: ${ar['members-management']}`, table: 'table' },
      { path: '/dashboard/control-panel/surveys-management', heading: `${ar.coordinator}: ${ar['surveys-management']}`, table: 'table' },
    ];
    for (const { path, heading: title, table } of pages) {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 180_000 });
      await page.locator(table).first().waitFor({ timeout: 180_000 });
      assert.deepEqual(await pageLanguage(page), { lang: 'ar', dir: 'rtl' });
      await expectNoSideScroll(page, `${path} in Arabic at 390 px`);
      const tables = await tablesScrollInside(page);
      assert.ok(tables.length > 0, `${path}: tables`);
      for (const table of tables) {
        assert.ok(table.onScreen, `${path}: ${JSON.stringify(table)}`);
        if (table.wide) assert.ok(table.scrolls, `${path}: a wide table scrolls in its card: ${JSON.stringify(table)}`);
      }
      // At this width the wide tables are there to be scrolled, not squeezed out of sight.
      assert.ok(tables.some((t) => t.wide), `${path}: ${JSON.stringify(tables)}`);
      await expectAccessible(page, `${path} in Arabic at 390 px`);
      await screenshot(page, `rtl-${path.split('/').pop()}-390`);
    }

    await page.goto(`${suite.server.url}/dashboard/organization-settings`);
    await page.getByRole('heading', { level: 1, name: ar.organization_settings }).waitFor({ timeout: 180_000 });
    const surveyLanguage = page.getByRole('button', { name: new RegExp(escape(ar.organization_survey_language)) });
    await surveyLanguage.waitFor({ timeout: 180_000 });
    await expectNoSideScroll(page, 'organisation settings in Arabic at 390 px');
    await expectAccessible(page, 'organisation settings in Arabic at 390 px');
    await screenshot(page, 'rtl-organization-settings-390');
    await surveyLanguage.click();
    await page.getByRole('option', { name: 'Français', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const information = page.locator('form[aria-labelledby="org-info-heading"]');
    await information.getByRole('button', { name: ar.save, exact: true }).click();
    await information.getByRole('status').filter({ hasText: ar.saved }).waitFor();
    await expectAccessible(page, 'organisation settings saved in Arabic at 390 px');
    await page.close();

    // A browser asking for German only: the product does not speak it, so the link opens in the organisation's French.
    const german = await launchBrowser({ locale: 'de-DE' });
    try {
      const participant = await german.context.newPage();
      await participant.setViewportSize(PHONE_390);
      await participant.goto(address);
      await heading(participant, fr.survey_step_welcome).waitFor({ timeout: 180_000 });
      assert.deepEqual(await pageLanguage(participant), { lang: 'fr', dir: 'ltr' });
      assert.equal(await participant.evaluate(() => localStorage.getItem('newLang')), null);
      await expectNoSideScroll(participant, 'survey in the organisation default at 390 px');
      await expectAccessible(participant, 'survey in the organisation default (French)');
      await screenshot(participant, 'survey-organisation-default-fr-390');
    } finally {
      await german.close();
    }
  });
});
