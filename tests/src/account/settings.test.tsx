// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../../domain/app/state';
import type { User } from '../../../domain/contracts/auth';
import { BANNER_PANELS } from '../../../domain/navigation/menu';
import { inputLabelled, renderApp, submit, typeInto, type RenderedApp } from '../../support/renderApp';
import { buttonNamed, deliver, logged, press, submitsOf, text } from './support';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const user = (overrides: Partial<User> = {}): User => ({
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: { overview: 'showOnce' } }, ...overrides,
});

const signedIn = (u: User = user()): Partial<AppState> => ({
  session: { ...initialAppState.session, signedIn: true, checked: true, user: u, userEmail: u.email },
});

const radio = (a: RenderedApp, group: string, option: string): HTMLInputElement => {
  const groupEl = [...a.container.querySelectorAll('[role="radiogroup"]')].find((g) => g.querySelector('.react-aria-Label, label')?.textContent === group);
  if (!groupEl) throw new Error(`no group ${group}`);
  const label = [...groupEl.querySelectorAll('label')].find((l) => l.textContent === option);
  return label!.querySelector('input')!;
};

describe('account settings', () => {
  it('opens the tab named in the address and moves the address with the tab', async () => {
    app = await renderApp('/dashboard/account-settings/security', signedIn());
    expect(app.container.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Security');
    const profile = [...app.container.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Profile') as HTMLElement;
    await act(async () => {
      profile.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      profile.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
      profile.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      profile.click();
    });
    expect(app.router.state.location.pathname).toBe('/dashboard/account-settings/profile');
    expect(inputLabelled(app.container, 'First name').value).toBe('Ada');
  });

  it('saves the banner choices, each defaulting to hideAlways', async () => {
    app = await renderApp('/dashboard/account-settings/dashboard', signedIn());
    expect(app.container.querySelectorAll('[role="radiogroup"]')).toHaveLength(BANNER_PANELS.length);
    expect(radio(app, 'Overview', 'Show once').checked).toBe(true);
    expect(radio(app, 'Languages', 'Hide always').checked).toBe(true);
    await press(radio(app, 'Languages', 'Show always'));
    await press(buttonNamed(app, 'Save'));

    const saved = submitsOf(app, 'saveSetting');
    expect(saved).toHaveLength(1);
    const banners = (saved[0] as { body: { banners: Record<string, string> } }).body.banners;
    expect(Object.keys(banners).sort()).toEqual([...BANNER_PANELS].sort());
    expect(banners.languages).toBe('showAlways');
    expect(banners.overview).toBe('showOnce');
    expect(banners.reports).toBe('hideAlways');
    expect(logged(app, 'action/submitted')).toEqual([{ type: 'action/submitted', action: 'saveSetting' }]);
    expect(buttonNamed(app, 'Save').disabled).toBe(true);

    await deliver(app, { type: 'action/succeeded', action: 'saveSetting', message: null, data: null });
    expect(app.container.querySelector('[role="status"]')?.textContent).toBe('Saved.');
  });

  it('checks the profile names before sending them', async () => {
    app = await renderApp('/dashboard/account-settings', signedIn());
    await typeInto(inputLabelled(app.container, 'First name'), '  ');
    await submit(app.container.querySelector('form')!);
    expect(text(app)).toContain('The first name is required.');
    expect(submitsOf(app, 'updateProfile')).toHaveLength(0);
    await typeInto(inputLabelled(app.container, 'First name'), 'Augusta');
    await submit(app.container.querySelector('form')!);
    expect(submitsOf(app, 'updateProfile')).toEqual([{ type: 'action/submit', action: 'updateProfile', body: { first_name: 'Augusta', last_name: 'Lovelace', locale_id: 'au' }, args: {} }]);
  });

  it('asks for a code with the password change when two-factor is on', async () => {
    app = await renderApp('/dashboard/account-settings/security', signedIn(user({ two_factor: 'email' })));
    const form = app.container.querySelector('form')!;
    await typeInto(inputLabelled(app.container, 'Current password'), 'Old-Pass-41');
    await typeInto(inputLabelled(app.container, 'New password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await submit(form);
    expect([...submitsOf(app, 'changePassword'), ...submitsOf(app, 'changePassword2fa')]).toHaveLength(0);
    await press(buttonNamed(app, 'Email me a code'));
    expect(submitsOf(app, 'sendTwoFactorCode')).toHaveLength(1);
    await typeInto(inputLabelled(app.container, 'Security code'), '123456');
    await submit(form);
    expect(submitsOf(app, 'changePassword')).toHaveLength(0);
    expect(submitsOf(app, 'changePassword2fa')).toEqual([
      {
        type: 'action/submit',
        action: 'changePassword2fa',
        body: { current_password: 'Old-Pass-41', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42', code: '123456' },
        args: {},
      },
    ]);
  });

  it('sets up an authenticator app from the QR code and confirms it with a code', async () => {
    app = await renderApp('/dashboard/account-settings/security', signedIn());
    expect(text(app)).toContain('Current method: Off');
    await press(buttonNamed(app, 'Use an authenticator app'));
    expect(submitsOf(app, 'startTotpSetup')).toHaveLength(1);
    await act(async () => app!.secrets.setTotp({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Riverbend:ada@example.org?secret=JBSWY3DPEHPK3PXP&issuer=Riverbend' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(app.container.querySelector('img[alt="QR code for your authenticator app"]')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(text(app)).toContain('JBSWY3DPEHPK3PXP');
    // While the change waits for its code the password form waits too: one "Security code" field on the page.
    expect(text(app)).toContain('Finish or cancel the two-factor change below first');
    const forms = app.container.querySelectorAll('form');
    expect(forms).toHaveLength(1);
    expect(app.container.querySelectorAll('input[name="code"]')).toHaveLength(1);
    await typeInto(inputLabelled(forms[0] as HTMLElement, 'Security code'), '654321');
    await submit(forms[0]);
    expect(submitsOf(app, 'toggleTwoFactor')).toEqual([{ type: 'action/submit', action: 'toggleTwoFactor', body: { method: 'totp', code: '654321' }, args: {} }]);
    expect(logged(app, 'action/submitted')).toEqual([
      { type: 'action/submitted', action: 'startTotpSetup' },
      { type: 'action/submitted', action: 'toggleTwoFactor' },
    ]);
  });
});
