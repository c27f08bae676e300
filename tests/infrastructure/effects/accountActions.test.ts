import { describe, expect, it } from 'vitest';
import { type Observable, of, throwError } from 'rxjs';
import { initialAppState, type AppState } from '../../../domain/app/state';
import type { User } from '../../../domain/contracts/auth';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { actionOf } from '../../../domain/resources/state';
import { createStore } from '../../../infrastructure/bus/store';
import { accountFollowUps } from '../../../infrastructure/effects/account.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import { appCatalogue } from '../../../infrastructure/resources/catalogue';
import { actionEffect, type ResourceDeps } from '../../../infrastructure/resources/resources.effects';
import { dashboardApp } from '../../../domain/app/dashboardApp';

/** The account's forms are actions: the one action effect sends them, and the account's follow-ups run before their success. */

const ada: User = {
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
};
const signedIn: AppState = { ...initialAppState, session: { ...initialAppState.session, signedIn: true, user: ada } };

interface Call { path: string; body: unknown }

const setup = (answer: (call: Call) => Observable<unknown>, initialState: AppState = signedIn) => {
  const calls: Call[] = [];
  const cookies: string[] = [];
  const totps: unknown[] = [];
  const deps: ResourceDeps = {
    catalogue: appCatalogue,
    followUps: accountFollowUps({ cookies: { setPrimary: (token) => cookies.push(token) }, secrets: { setTotp: (setup) => totps.push(setup) } }),
    api: {
      call: ((endpoint: { path: string }, input: { body?: unknown }) => {
        const call = { path: endpoint.path, body: input?.body };
        calls.push(call);
        return answer(call);
      }) as never,
    },
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [actionEffect], deps, initialState });
  const types = () => store.getLifted().entries.map((e) => e.body.type);
  return { store, calls, cookies, totps, types };
};

describe('account forms as actions', () => {
  it('a changed password keeps the new token in the cookie, never in an event', () => {
    const { store, calls, cookies } = setup(() => of({ status: 200, data: { access_token: 'new-token-1' } }));
    const body = { current_password: 'Old-Pass-41', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42', code: '123456' };
    store.dispatch({ type: 'action/submit', action: 'changePassword2fa', body, args: {} });
    expect(calls).toEqual([{ path: '/user/update-password-2fa', body }]);
    expect(cookies).toEqual(['new-token-1']);
    expect(actionOf(store.getState().resources, 'changePassword2fa')).toMatchObject({ status: 'done', data: null });
    expect(JSON.stringify(store.getLifted().entries)).not.toContain('new-token-1');
  });

  it('a saved profile updates the person and shows their new language, before the form says it is done', () => {
    const { store, types } = setup(() => of({ status: 200, data: { ...ada, first_name: 'Augusta', locale_id: 'fr' } }));
    store.dispatch({ type: 'action/submit', action: 'updateProfile', body: { first_name: 'Augusta', last_name: 'Lovelace', locale_id: 'fr' }, args: {} });
    expect(types()).toEqual(['action/submitted', 'session/userUpdated', 'i18n/languageSelected', 'action/succeeded']);
    expect(store.getState().session.user?.first_name).toBe('Augusta');
    expect(store.getState().i18n.language).toBe('fr');
  });

  it('saved banners and a confirmed second factor update the person in the session', () => {
    const { store, totps } = setup((call) =>
      of({ status: 200, data: call.path === '/user/setting' ? { banners: { overview: 'showAlways' } } : { two_factor: 'totp' } }),
    );
    store.dispatch({ type: 'action/submit', action: 'saveSetting', body: { banners: { overview: 'showAlways' } }, args: {} });
    store.dispatch({ type: 'action/submit', action: 'toggleTwoFactor', body: { method: 'totp', code: '654321' }, args: {} });
    expect(store.getState().session.user).toMatchObject({ two_factor: 'totp', setting: { banners: { overview: 'showAlways' } } });
    expect(totps).toEqual([null]);
  });

  it('the authenticator key goes to the secrets holder only; the emailed code says until when it works', () => {
    const key = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Riverbend:ada@example.org?secret=JBSWY3DPEHPK3PXP' };
    const { store, totps } = setup((call) => of({ status: 200, data: call.path === '/user/update/get-token' ? key : { expired_time: '2026-11-21T10:00:00.000Z' } }));
    store.dispatch({ type: 'action/submit', action: 'startTotpSetup', body: {}, args: {} });
    store.dispatch({ type: 'action/submit', action: 'sendTwoFactorCode', body: {}, args: {} });
    expect(totps).toEqual([key]);
    expect(store.getState().account).toMatchObject({ totpSetupOpen: true, twoFactorCodeExpiresAt: '2026-11-21T10:00:00.000Z' });
    expect(JSON.stringify(store.getLifted().entries)).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('a registration keeps the registered email for the success page', () => {
    const { store } = setup(() => of({ status: 200, data: { email: 'ada@example.org' } }), initialAppState);
    store.dispatch({
      type: 'action/submit',
      action: 'register',
      body: {
        organization_name: 'Harbour School', country: 'AU', industry: null, first_name: 'Ada', last_name: 'Lovelace',
        email: 'ada@example.org', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42', agree: true,
      },
      args: {},
    });
    expect(store.getState().account.registeredEmail).toBe('ada@example.org');
    expect(actionOf(store.getState().resources, 'register').status).toBe('done');
  });

  it('a refusal shows the server’s words at the fields, and no follow-up runs', () => {
    const refusal = new ApiFailure(422, '/reset-password-request', 'The given data was invalid.', { email: ['Please provide a valid email.'] });
    const { store, types } = setup(() => throwError(() => refusal), initialAppState);
    store.dispatch({ type: 'action/submit', action: 'requestPasswordReset', body: { email: 'ada@' }, args: {} });
    expect(types()).toEqual(['action/submitted', 'action/failed']);
    expect(actionOf(store.getState().resources, 'requestPasswordReset')).toMatchObject({ status: 'failed', errors: { email: ['Please provide a valid email.'] } });
  });
});
