import { describe, expect, it } from 'vitest';
import { Subject, of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { loginEffect, logoutEffect, permissionsEffect, sessionCheckEffect, type AuthDeps } from '../../../infrastructure/effects/auth.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import { signInLanguageEffect } from '../../../infrastructure/effects/account.effects';
import type { User } from '../../../domain/contracts/auth';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const user: User = {
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'L', role: 'admin', organization_id: 'o1',
  locale_id: null, two_factor: 'off', setting: { banners: {} },
};

const setup = (answer: () => Observable<unknown>) => {
  const calls: { path: string; body: unknown }[] = [];
  const tokens: string[] = [];
  const left: string[] = [];
  let clockStarts = 0;
  const deps: AuthDeps = {
    api: { call: ((endpoint: { path: string }, input: { body?: unknown }) => {
      calls.push({ path: endpoint.path, body: input?.body });
      return answer();
    }) as never },
    cookies: { setPrimary: (t: string) => void tokens.push(t) },
    startActivityClock: () => void clockStarts++,
    leaveFor: (url: string) => void left.push(url),
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [loginEffect, logoutEffect], deps });
  return { store, calls, tokens, left, clockStarts: () => clockStarts };
};

const types = (store: ReturnType<typeof setup>['store']) => store.getLifted().entries.map((e) => e.body.type);

describe('login effect', () => {
  it('sends one request for a double submit, and signs in with the token kept out of the log', () => {
    const answer = new Subject<unknown>();
    const { store, calls, tokens, clockStarts } = setup(() => answer);
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'Secret123' });
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'Secret123' });
    expect(calls).toHaveLength(1);
    answer.next({ status: 200, data: { user, access_token: 'tok-1', password_expired: false } });
    answer.complete();
    expect(tokens).toEqual(['tok-1']);
    expect(clockStarts()).toBe(1);
    expect(types(store)).toEqual(['session/loginRequested', 'session/loggedIn']);
    expect(store.getState().session).toMatchObject({ signedIn: true, pending: false, user });
    expect(JSON.stringify(store.getLifted().entries)).not.toMatch(/Secret123|tok-1/);
  });

  it('asks for the second factor when the answer has no user', () => {
    const { store } = setup(() => of({ status: 200, data: { password_expired: false, two_factor: 'email', expired_time: '2026-11-21T10:10:00Z' } }));
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
    expect(store.getState().session.twoFactor).toEqual({ email: 'ada@example.org', method: 'email', expiresAt: '2026-11-21T10:10:00Z' });
    expect(store.getState().session.signedIn).toBe(false);
  });

  it('an expired password signs in only to change it', () => {
    const { store, tokens } = setup(() => of({ status: 200, data: { user, access_token: 'restricted', password_expired: true } }));
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
    expect(tokens).toEqual(['restricted']);
    expect(store.getState().session).toMatchObject({ signedIn: true, passwordExpired: true });
  });

  it('HTTP 403 is an expired account or package', () => {
    const { store } = setup(() => throwError(() => new ApiFailure(403, '/login', 'This account is no longer valid. Please contact us to renew your package.')));
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
    expect(store.getState().session).toMatchObject({ expired: true, signedIn: false });
    expect(store.getState().session.loginError?.message).toMatch(/no longer valid/);
  });

  it('shows the joined server errors, else the message, else the SPEC sentence', () => {
    const failures = [
      new ApiFailure(422, '/login', 'The given data was invalid.', { email: ['Please provide a valid email.'], password: ['Please provide a valid password.'] }),
      new ApiFailure(422, '/login', 'Please check your username and password and try again!'),
      new ApiFailure(500, '/login', null),
    ];
    const expected = [
      'Please provide a valid email. Please provide a valid password.',
      'Please check your username and password and try again!',
      'Sorry, an error occured while processing your request. Please try again in few minutes and contact us if this happens again.',
    ];
    failures.forEach((failure, i) => {
      const { store } = setup(() => throwError(() => failure));
      store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
      expect(store.getState().session.loginError?.message).toBe(expected[i]);
      expect(store.getState().session.pending).toBe(false);
    });
  });

  it('logout signs out even when the server cannot be reached', () => {
    const { store, calls } = setup(() => throwError(() => new ApiFailure('ERR_NETWORK', '/logout', null)));
    store.dispatch({ type: 'session/logout' });
    expect(calls.map((c) => c.path)).toEqual(['sso/logout', '/logout']);
    expect(types(store)).toEqual(['session/signedOut']);
  });

  it('logout through the organisation\'s provider signs out here first, then goes to the provider\'s logout', () => {
    const { store, calls, left } = setup(() => of({ status: 200, data: { url: 'https://idp.example.test/logout?id_token_hint=x' } }));
    store.dispatch({ type: 'session/logout' });
    expect(calls.map((c) => c.path)).toEqual(['sso/logout']);
    expect(types(store)).toEqual(['session/signedOut']);
    expect(left).toEqual(['https://idp.example.test/logout?id_token_hint=x']);
  });

  it('logout of a session without single logout stays here', () => {
    const { store, left } = setup(() => of({ status: 200, data: { url: null } }));
    store.dispatch({ type: 'session/logout' });
    expect(types(store)).toEqual(['session/signedOut']);
    expect(left).toEqual([]);
  });
});

describe('a sign-in through the form', () => {
  const organization = { id: 'o1', name: 'Org', country: 'AU', industry: null };
  const departments = [{ id: 'g1', name: 'North' }];

  const answers: Record<string, unknown> = {
    '/login': { status: 200, data: { user, access_token: 'tok-1', password_expired: false } },
    '/check-access-token': { status: 200, data: { user, cohort: null, organization, filter: null, industries: [], primary_departments: departments } },
    '/user/permissions': { status: 200, data: ['dashboard'] },
  };

  const signInStore = () => {
    const calls: string[] = [];
    const deps: AuthDeps = {
      api: { call: ((endpoint: { path: string }) => {
        calls.push(endpoint.path);
        return of(answers[endpoint.path]);
      }) as never },
      cookies: { setPrimary: () => undefined },
      startActivityClock: () => undefined,
      leaveFor: () => undefined,
    };
    const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [loginEffect, sessionCheckEffect, permissionsEffect], deps });
    return { store, calls };
  };

  it('checks the session as a reload does, so primary departments (the view-as bar) are there at once', () => {
    const { store, calls } = signInStore();
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'Secret123' });
    expect(calls).toEqual(['/login', '/check-access-token', '/user/permissions']);
    expect(store.getState().session).toMatchObject({ signedIn: true, checked: true, primaryDepartments: departments });
  });

  it('reaches the same session state as a reload of the same account', () => {
    const viaForm = signInStore();
    viaForm.store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'Secret123' });
    const viaReload = signInStore();
    viaReload.store.dispatch({ type: 'session/check' });
    const comparable = (state: ReturnType<typeof viaForm.store.getState>) => ({
      user: state.session.user,
      organization: state.session.organization,
      primaryDepartments: state.session.primaryDepartments,
      checked: state.session.checked,
      signedIn: state.session.signedIn,
    });
    expect(comparable(viaForm.store.getState())).toEqual(comparable(viaReload.store.getState()));
    expect(viaReload.calls).toEqual(['/check-access-token', '/user/permissions']);
  });
});

describe('a language chosen while signed in', () => {
  const languageStore = (accountLanguage: string | null) => {
    const calls: { path: string; body: unknown }[] = [];
    const deps = {
      api: { call: ((endpoint: { path: string }, input?: { body?: unknown }) => {
        calls.push({ path: endpoint.path, body: input?.body });
        return of({ status: 200, data: { user: { ...user, locale_id: accountLanguage }, access_token: 'tok', password_expired: false } });
      }) as never },
      cookies: { setPrimary: () => undefined },
      startActivityClock: () => undefined,
      leaveFor: () => undefined,
    };
    return { store: createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [loginEffect, signInLanguageEffect as never], deps: deps as never }), calls };
  };

  it('changes the screen only, and offers the language to the account until the person answers', () => {
    const { store, calls } = languageStore('au');
    store.dispatch({ type: 'i18n/selectLanguage', code: 'es' });
    expect(store.getState().i18n.accountOffer).toBeNull();
    store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
    store.dispatch({ type: 'i18n/selectLanguage', code: 'ar' });
    expect(store.getState().i18n).toMatchObject({ language: 'ar', accountOffer: 'ar' });
    expect(calls.filter((call) => call.path === '/user/update')).toEqual([]);
    // Back to the account's language: nothing to ask.
    store.dispatch({ type: 'i18n/selectLanguage', code: 'au' });
    expect(store.getState().i18n.accountOffer).toBeNull();
    store.dispatch({ type: 'i18n/selectLanguage', code: 'fr' });
    store.dispatch({ type: 'i18n/closeAccountLanguageOffer' });
    expect(store.getState().i18n).toMatchObject({ language: 'fr', accountOffer: null });
    expect(calls.filter((call) => call.path === '/user/update')).toEqual([]);
  });

  it('shows the account language after a fresh sign-in, and the device choice when the account has none', () => {
    const french = languageStore('fr');
    french.store.dispatch({ type: 'i18n/selectLanguage', code: 'ar' });
    french.store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
    expect(french.store.getState().i18n.language).toBe('fr');
    const none = languageStore(null);
    none.store.dispatch({ type: 'i18n/selectLanguage', code: 'ar' });
    none.store.dispatch({ type: 'session/login', email: 'ada@example.org', password: 'x' });
    expect(none.store.getState().i18n.language).toBe('ar');
  });
});
