import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { es } from '../../domain/i18n/catalogues/es';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { GENDER_COLOURS } from '../../src/features/charts/palette';
import { DEMO_ACCOUNT, RESULTS_DIR, expectAccessible, registerAccount, openSignedInHome, screenshot, signInWithCookie, useSuite } from './harness';

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
  it('the dashboards switch language from the header: texts, lang and dir follow, axe finds nothing, and the account keeps the choice', async () => {
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
    assert.equal(((await check.json()) as { data: { user: { locale_id: string } } }).data.user.locale_id, 'au');
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
        { timeout: 30_000 },
      );
      const swatch = await page.locator(pyramidLegend).evaluateAll(
        (items, name) => items.find((item) => item.querySelector('title')?.textContent === name)?.querySelector('rect')?.getAttribute('fill'),
        woman,
      );
      assert.equal(swatch?.toUpperCase(), GENDER_COLOURS.FEMALE!.toUpperCase());
      const legend = await page.locator(`${pyramidLegend} title`).allTextContents();
      assert.ok(!legend.includes('Woman or female') && !legend.includes('Man or male'), legend.join(' | '));
      await expectAccessible(page, `overview in ${lang}`);
      await page.locator('[data-section="statOverviewGenderAgeRange"]').screenshot({ path: join(RESULTS_DIR, `languages-${lang}-gender-pyramid.png`) });

      if (lang === 'fr') {
        // The compare page draws its figures without the cards: its gender bars are French too.
        await page.goto(`${suite.server.url}/dashboard/compare/internal`);
        const form = page.getByRole('form', { name: CATALOGUES.fr.compare_form });
        await form.getByRole('button', { name: CATALOGUES.fr.compare_submit, exact: true }).click();
        await page.waitForFunction(() => ['loaded', 'empty', 'error'].includes(document.querySelector('.compare-results')?.getAttribute('data-status') ?? ''), undefined, { timeout: 60_000 });
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
        { timeout: 30_000 },
      );
      await expectAccessible(page, `worldviews in ${lang}`);
      await page.locator('[data-section="statWorldviewWorldviews"]').screenshot({ path: join(RESULTS_DIR, `languages-${lang}-worldviews.png`) });
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
      await page.getByRole('heading', { level: 1, name: CATALOGUES[language.code]!['cultural-heritage'] }).waitFor({ timeout: 30_000 });
      assert.deepEqual(await pageLanguage(page), { lang: language.lang, dir: language.dir });
      // Every card has come to rest (figures, withheld or failed) before the audit and the picture.
      await page.waitForFunction(() => document.querySelectorAll('[data-section][aria-busy="true"]').length === 0, undefined, { timeout: 60_000 });
      const focusable = page.locator('svg.chart-svg[tabindex="0"]').first();
      await focusable.waitFor({ timeout: 60_000 });
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
