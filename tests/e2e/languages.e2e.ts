import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { es } from '../../domain/i18n/catalogues/es';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { GENDER_COLOURS } from '../../src/features/charts/palette';
import { MAIL_TEXTS } from '../../domain/i18n/mails';
import { DEMO_ACCOUNT, eventually, expectAccessible, latestMail, registerAccount, openSignedInHome, screenshot, signInWithCookie, useSuite, type RunningServer, partShot } from './harness';

// The demo organisation's answers give the charts whose labels the typed-in lists name.
const suite = useSuite({ demo: true });

const pageLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Opens a language switcher (react-aria's select) inside `scope` and picks a language by its own name. */
const chooseLanguage = async (page: Page, scope: string, nativeName: string, lang: string): Promise<void> => {
  await page.locator(`${scope} .language-select button`).click();
  await page.getByRole('option', { name: nativeName, exact: true }).click();
  // The list's popover is gone before anything is audited.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  // The pointer stays where the option was, which may be over a button with a tooltip: away from it.
  await page.mouse.move(1, 1);
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
};

describe('five languages, one right to left', () => {
  it('the dashboards switch language from the header: texts, lang and dir follow, axe finds nothing, and the account is only offered the choice', async () => {
    const account = await registerAccount(suite.server, 'languages');
    const token = await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/home`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const language of [...PRODUCT_LANGUAGES.slice(1), PRODUCT_LANGUAGES[0]!]) {
      await chooseLanguage(page, '.dashboard-topbar', language.nativeName, language.lang);
      assert.deepEqual(await pageLanguage(page), { lang: language.lang, dir: language.dir });
      await expectAccessible(page, `home in ${language.code}`);
      const texts = CATALOGUES[language.code]!;
      await page.getByRole('heading', { level: 1, name: texts.home }).waitFor();
      if (language.code === 'ar') await screenshot(page, 'home-arabic-rtl');
    }
    assert.equal(await page.evaluate(() => localStorage.getItem('newLang')), 'au');
    const check = await fetch(`${suite.server.url}/api/check-access-token`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    // The switch changes the screen; the account's language changes only on "Use for my account".
    assert.equal(((await check.json()) as { data: { user: { locale_id: string | null } } }).data.user.locale_id, null);
    await page.getByRole('button', { name: CATALOGUES.au!.account_language_keep, exact: true }).waitFor();
    await page.close();
  });

  it('the sign-in page offers the languages too, and keeps the choice for the next visit', async () => {
    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await chooseLanguage(page, '.auth-brand', 'Español', 'es');
    await page.getByRole('button', { name: es.login, exact: true }).waitFor();
    await expectAccessible(page, 'sign-in in Spanish');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await chooseLanguage(page, '.auth-brand', 'English (Australia)', 'en-AU');
    await page.close();
  });

  it('dashboard charts name genders and worldviews in French and Arabic, coloured by the gender code, with no axe finding', async () => {
    await suite.browser.context.clearCookies();
    const page = await openSignedInHome(suite, DEMO_ACCOUNT, { width: 1280, height: 900 });
    const pyramidLegend = '[data-section="statOverviewGenderAgeRange"] g.legend-item';
    const worldviewTitles = '[data-section="statWorldviewWorldviews"] title';
    const expected = [
      { language: 'Français', lang: 'fr', woman: 'Femme ou féminin', christianity: 'Christianisme' },
      { language: 'العربية', lang: 'ar', woman: 'امرأة أو أنثى', christianity: 'المسيحية' },
    ];
    for (const { language, lang, woman, christianity } of expected) {
      await chooseLanguage(page, '.dashboard-topbar', language, lang);
      await page.goto(`${suite.server.url}/dashboard/overview`);
      await page.locator(pyramidLegend).first().waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(
        ([selector, name]) => [...document.querySelectorAll(selector!)].some((item) => item.querySelector('title')?.textContent === name),
        [pyramidLegend, woman],
        { timeout: 180_000 },
      );
      const swatch = await page.locator(pyramidLegend).evaluateAll(
        (items, name) => items.find((item) => item.querySelector('title')?.textContent === name)?.querySelector('rect')?.getAttribute('fill'),
        woman,
      );
      assert.equal(swatch?.toUpperCase(), GENDER_COLOURS.FEMALE!.toUpperCase());
      const legend = await page.locator(`${pyramidLegend} title`).allTextContents();
      assert.ok(!legend.includes('Woman or female') && !legend.includes('Man or male'), legend.join(' | '));
      await expectAccessible(page, `overview in ${lang}`);
      await partShot(page.locator('[data-section="statOverviewGenderAgeRange"]'), `languages-${lang}-gender-pyramid`);

      if (lang === 'fr') {
        // The compare page draws its figures without the cards: its gender bars are French too.
        await page.goto(`${suite.server.url}/dashboard/compare/internal`);
        const form = page.getByRole('form', { name: CATALOGUES.fr.compare_form });
        await form.getByRole('button', { name: CATALOGUES.fr.compare_submit, exact: true }).click();
        await page.waitForFunction(() => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? ''), undefined, { timeout: 180_000 });
        // The gender bars come with the figures (the word is in their titles): awaited, not read at the first paint of the results.
        await page.locator('.compare-results').getByText(woman).first().waitFor({ state: 'attached', timeout: 60_000 });
        const compared = (await page.locator('.compare-results').textContent()) ?? '';
        assert.ok(compared.includes(woman) && !compared.includes('Woman or female'), compared.slice(0, 400));
        // Heritages fall back to English: their names among the top values are said in English.
        const heritages = await page.locator('.compare-top li span[lang="en"]').allTextContents();
        assert.ok(heritages.length > 0, 'heritages marked lang="en"');
        await screenshot(page, 'languages-fr-compare-internal');
      }

      await page.goto(`${suite.server.url}/dashboard/worldviews`);
      await page.locator(worldviewTitles).first().waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(
        ([selector, name]) => [...document.querySelectorAll(selector!)].some((title) => title.textContent?.startsWith(name!)),
        [worldviewTitles, christianity],
        { timeout: 180_000 },
      );
      await expectAccessible(page, `worldviews in ${lang}`);
      await partShot(page.locator('[data-section="statWorldviewWorldviews"]'), `languages-${lang}-worldviews`);
    }
    await chooseLanguage(page, '.dashboard-topbar', 'English (Australia)', 'en-AU');
    await page.close();
  });
  it('a dashboard page with data reads right in each language: lang and dir, no axe finding, and a chart with cut labels spells them out on focus', async () => {
    await suite.browser.context.clearCookies();
    const page = await openSignedInHome(suite, DEMO_ACCOUNT, { width: 1280, height: 900 });
    for (const language of [...PRODUCT_LANGUAGES.slice(1), PRODUCT_LANGUAGES[0]!]) {
      await chooseLanguage(page, '.dashboard-topbar', language.nativeName, language.lang);
      await page.goto(`${suite.server.url}/dashboard/cultural-heritage`);
      await page.getByRole('heading', { level: 1, name: CATALOGUES[language.code]!['cultural-heritage'] }).waitFor({ timeout: 180_000 });
      // Until the chosen catalogue has arrived the page shows the built-in English and says so
      // (lang="en"); English (Australia) reads the same, so its heading alone does not tell.
      await page.waitForFunction((expected) => document.documentElement.lang === expected, language.lang, { timeout: 180_000 }).catch(() => undefined);
      assert.deepEqual(await pageLanguage(page), { lang: language.lang, dir: language.dir });
      // Every card has come to rest (figures, withheld or failed) before the audit and the picture.
      await page.waitForFunction(() => document.querySelectorAll('[data-section][aria-busy="true"]').length === 0, undefined, { timeout: 180_000 });
      await page.locator('svg.chart-svg').first().waitFor({ timeout: 180_000 });
      // Labels wrap before they are cut: a chart whose labels all fit has nothing to spell out.
      if ((await page.locator('svg.chart-svg[tabindex="0"]').count()) === 0) {
        const cut = await page.locator('svg.chart-svg text').evaluateAll((texts) => texts.map((text) => text.textContent ?? '').filter((text) => text.endsWith('…')));
        assert.deepEqual(cut, [], `${language.code}: a label is cut but its chart cannot be focused to read it`);
        await expectAccessible(page, `cultural heritage in ${language.code}`);
        await screenshot(page, `languages-${language.code}-cultural-heritage`);
        continue;
      }
      const focusable = page.locator('svg.chart-svg[tabindex="0"]').first();
      const names = focusable.locator('xpath=following-sibling::dl[contains(@class, "chart-full-names")]');
      assert.equal(await names.isVisible(), false, `${language.code}: full names hidden until focused`);
      // Reached by the keyboard: Tab from the element before it.
      await focusable.evaluate((svg) => (svg.closest('figure')?.querySelector('.chart-toolbar button') as HTMLElement | null)?.focus());
      await page.keyboard.press('Tab');
      await names.waitFor({ state: 'visible' });
      const pairs = await names.locator('div').evaluateAll((rows) => rows.map((row) => ({ shown: row.querySelector('dt')!.textContent!, full: row.querySelector('dd')!.textContent! })));
      assert.ok(pairs.length > 0 && pairs.every(({ shown, full }) => shown.endsWith('…') && full.startsWith(shown.slice(0, -1))), JSON.stringify(pairs));
      await expectAccessible(page, `cultural heritage in ${language.code}, a chart focused`);
      await screenshot(page, `languages-${language.code}-cultural-heritage`);
    }
    await page.close();
  });
});

/** Waits for the development mailbox to hold a mail to `to` with this subject (an earlier mail may be the newest at first). */
const mailWithSubject = async (server: RunningServer, to: string, subject: string): Promise<{ subject: string; text: string }> => {
  let newest = '';
  return eventually(() => `the newest mail to ${to} is "${newest}", not "${subject}"`, async () => {
    const mail = await latestMail(server, to);
    newest = mail.subject;
    return mail.subject === subject ? mail : undefined;
  });
};

const noSideScroll = async (page: Page, label: string): Promise<void> => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${label}: ${scrollWidth} px wide in ${innerWidth} px`);
};

describe('whose language: the account chooses, the header switch shows', () => {
  it('the header switch changes the account only when asked; mails follow the account; a fresh sign-in shows it; the offer fits 390 px', async () => {
    await suite.browser.context.clearCookies();
    const account = await registerAccount(suite.server, 'whose-language');
    const page = await suite.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const fr = CATALOGUES.fr!;
    const ar = CATALOGUES.ar!;
    const au = CATALOGUES.au!;
    const accountLanguage = async (): Promise<string | null> => {
      const token = (await suite.browser.context.cookies()).find((cookie) => cookie.name === 'token')!.value;
      const check = await fetch(`${suite.server.url}/api/check-access-token`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      return ((await check.json()) as { data: { user: { locale_id: string | null } } }).data.user.locale_id;
    };

    // Signed in through the form, in the sign-in page's English.
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel(au.email, { exact: true }).fill(account.email);
    await page.getByLabel(au.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: au.login, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: au.home }).waitFor({ timeout: 180_000 });

    // French in the header: the screen is French at once, and the account is asked, in French.
    await chooseLanguage(page, '.dashboard-topbar', 'Français', 'fr');
    const offer = page.locator('.account-language-offer');
    await offer.getByRole('button', { name: fr.account_language_keep, exact: true }).waitFor();
    assert.match((await offer.textContent()) ?? '', /en français/);
    assert.equal(await accountLanguage(), null);
    await expectAccessible(page, 'the account language offer in French');
    await screenshot(page, 'languages-account-offer-fr');
    await offer.getByRole('button', { name: fr.account_language_keep, exact: true }).click();
    await offer.waitFor({ state: 'detached' });
    assert.equal(await accountLanguage(), 'fr');

    // Arabic in the header, for this screen only: the account stays French.
    await chooseLanguage(page, '.dashboard-topbar', 'العربية', 'ar');
    await offer.getByRole('button', { name: ar.account_language_screen_only, exact: true }).waitFor();
    await expectAccessible(page, 'the account language offer in Arabic');
    await screenshot(page, 'languages-account-offer-ar');
    await offer.getByRole('button', { name: ar.account_language_screen_only, exact: true }).click();
    await offer.waitFor({ state: 'detached' });
    assert.equal(await accountLanguage(), 'fr');

    // Mailed while the screen is Arabic: an invitation is written in the account's French.
    const token = (await suite.browser.context.cookies()).find((cookie) => cookie.name === 'token')!.value;
    const invitee = `invitee-${Date.now()}@example.org`;
    const invited = await fetch(`${suite.server.url}/api/invite-sub-admin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-locale': 'ar' },
      body: JSON.stringify({ email: invitee, first_name: 'Noor', last_name: 'Haddad' }),
    });
    assert.equal(invited.status, 200, await invited.text());
    const invitation = await mailWithSubject(suite.server, invitee, MAIL_TEXTS.fr!.accountSubject(account.organization));
    assert.ok(invitation.text.startsWith('Bonjour Noor,'), invitation.text);

    // Signed out: the sign-in page keeps this device's Arabic; a reset asked from it is mailed in French.
    await page.getByRole('button', { name: ar.logout, exact: true }).click();
    await page.getByRole('button', { name: ar.login, exact: true }).waitFor({ timeout: 180_000 });
    await page.goto(`${suite.server.url}/password-reset`);
    await page.getByLabel(ar.email, { exact: true }).fill(account.email);
    await page.getByRole('button', { name: ar.send_reset_link, exact: true }).click();
    const reset = await mailWithSubject(suite.server, account.email, MAIL_TEXTS.fr!.resetSubject);
    assert.ok(reset.text.includes('Choisissez-le ici'), reset.text);

    // A fresh sign-in, from the Arabic sign-in page, shows the account's French.
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel(ar.email, { exact: true }).fill(account.email);
    await page.getByLabel(ar.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: ar.login, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: fr.home }).waitFor({ timeout: 180_000 });
    assert.deepEqual(await pageLanguage(page), { lang: 'fr', dir: 'ltr' });
    assert.equal(await offer.count(), 0);

    // On a 390 px phone: the offer for English wraps inside the page, and passes axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseLanguage(page, '.dashboard-topbar', 'English (Australia)', 'en-AU');
    await offer.getByRole('button', { name: au.account_language_screen_only, exact: true }).waitFor();
    await noSideScroll(page, 'the account language offer at 390 px');
    await expectAccessible(page, 'the account language offer at 390 px');
    await screenshot(page, 'languages-account-offer-390');
    await offer.getByRole('button', { name: au.account_language_screen_only, exact: true }).click();
    await offer.waitFor({ state: 'detached' });
    assert.equal(await accountLanguage(), 'fr');

    // Account settings say what the account's language is for, and show French.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.server.url}/dashboard/account-settings`);
    await page.getByText(au.account_language_hint).waitFor({ timeout: 180_000 });
    await expectAccessible(page, 'account settings with the account language');
    await screenshot(page, 'languages-account-settings');
    await page.close();
  });
});
