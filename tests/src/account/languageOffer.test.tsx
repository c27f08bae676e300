// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../../domain/app/state';
import type { User } from '../../../domain/contracts/auth';
import { en } from '../../../domain/i18n/en';
import { renderApp, type RenderedApp } from '../../support/renderApp';
import { buttonNamed, deliver, press, submitsOf, text } from './support';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const user: User = {
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
};

const signedIn: Partial<AppState> = { session: { ...initialAppState.session, signedIn: true, checked: true, user, userEmail: user.email } };

const switchTo = async (a: RenderedApp, code: string) => {
  await act(async () => {
    a.store.dispatch({ type: 'i18n/selectLanguage', code });
  });
};

const offer = (a: RenderedApp) => a.container.querySelector('.account-language-offer');

describe('the header switch while signed in', () => {
  it('asks before the account takes the language, and keeps it only on "Yes"', async () => {
    app = await renderApp('/dashboard/account-settings/profile', signedIn);
    expect(offer(app)).toBeNull();
    await switchTo(app, 'fr');
    expect(offer(app)?.textContent).toContain(en.account_language_offer.replace('{{language}}', 'French'));
    await press(buttonNamed(app, en.account_language_keep));
    expect(submitsOf(app, 'keepAccountLanguage').map((c) => (c as { body: unknown }).body)).toEqual([{ locale_id: 'fr' }]);

    // Refused: the question stays, saying so, and can be asked again.
    await deliver(app, { type: 'action/failed', action: 'keepAccountLanguage', message: 'Something went wrong! Please try again.', errors: {} });
    expect(offer(app)?.querySelector('[role="alert"]')?.textContent).toBe(en.account_language_not_saved);
    expect(buttonNamed(app, en.account_language_keep).disabled).toBe(false);

    // Kept: the question goes, and the profile form shows the account's new language.
    await deliver(app, { type: 'session/userUpdated', user: { ...user, locale_id: 'fr' } });
    expect(offer(app)).toBeNull();
    expect(app.container.querySelector<HTMLSelectElement>('select[name="locale_id"]')?.value).toBe('fr');
  });

  it('"No, only on this screen" leaves the account as it was', async () => {
    app = await renderApp('/dashboard/home', signedIn);
    await switchTo(app, 'ar');
    expect(offer(app)).not.toBeNull();
    await press(buttonNamed(app, en.account_language_screen_only));
    expect(offer(app)).toBeNull();
    expect(submitsOf(app, 'keepAccountLanguage')).toEqual([]);
    expect(app.store.getState().i18n.language).toBe('ar');
    // Back to the account's language: nothing to ask.
    await switchTo(app, 'es');
    await switchTo(app, 'au');
    expect(offer(app)).toBeNull();
    expect(text(app)).not.toContain(en.account_language_keep);
  });
});
