import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { es } from '../../domain/i18n/catalogues/es';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { expectAccessible, registerAccount, screenshot, signInWithCookie, useSuite } from './harness';

const suite = useSuite();

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
});
