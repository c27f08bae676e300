import { describe, expect, it } from 'vitest';
import { of, Subject, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { organizationSsoEffect, type AuthDeps } from '../../../infrastructure/effects/auth.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import type { User } from '../../../domain/contracts/auth';
import { OidcMessages } from '../../../domain/contracts/sso';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const user: User = {
  id: 'u1', email: 'ada@engines.test', first_name: 'Ada', last_name: 'L', role: 'staff', organization_id: 'o1',
  locale_id: null, two_factor: 'off', setting: { banners: {} },
};

const setup = (answer: () => Observable<unknown>) => {
  const calls: { path: string; body: unknown }[] = [];
  const tokens: string[] = [];
  const left: string[] = [];
  const deps: AuthDeps = {
    api: { call: ((endpoint: { path: string }, input: { body?: unknown }) => {
      calls.push({ path: endpoint.path, body: input?.body });
      return answer();
    }) as never },
    cookies: { setPrimary: (token: string) => void tokens.push(token) },
    startActivityClock: () => undefined,
    leaveFor: (url) => void left.push(url),
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [organizationSsoEffect], deps });
  return { store, calls, tokens, left };
};

describe('sign in with your organisation', () => {
  it('posts the work email and the page wanted once, then leaves for the provider', () => {
    const answer = new Subject<unknown>();
    const { store, calls, left } = setup(() => answer);
    store.dispatch({ type: 'session/startOrganizationSso', email: 'ada@engines.test', returnTo: '/dashboard/languages' });
    store.dispatch({ type: 'session/startOrganizationSso', email: 'ada@engines.test', returnTo: '/dashboard/languages' });
    expect(calls).toEqual([{ path: 'sso/oidc/start', body: { email: 'ada@engines.test', return_to: '/dashboard/languages' } }]);
    answer.next({ status: 200, data: { url: 'https://idp.example/authorize?state=s' } });
    answer.complete();
    expect(left).toEqual(['https://idp.example/authorize?state=s']);
  });

  it('shows the refusal in the sentence the server gave', () => {
    const { store, left } = setup(() => throwError(() => new ApiFailure(422, 'sso/oidc/start', OidcMessages.notAvailable)));
    store.dispatch({ type: 'session/startOrganizationSso', email: 'someone@nowhere.test', returnTo: '' });
    expect(store.getState().session.loginError?.message).toBe(OidcMessages.notAvailable);
    expect(left).toEqual([]);
  });

  it('finishes with the code, state and issuer, keeps the token and goes back to the page wanted', () => {
    const { store, calls, tokens, left } = setup(() =>
      of({ status: 200, data: { user, access_token: 'tok-sso', password_expired: false, return_to: '/dashboard/languages?tab=2' } }),
    );
    store.dispatch({ type: 'session/finishOrganizationSso', code: 'c', state: 's', iss: 'https://idp.example' });
    expect(calls).toEqual([{ path: 'sso/oidc/login', body: { code: 'c', state: 's', iss: 'https://idp.example' } }]);
    expect(tokens).toEqual(['tok-sso']);
    expect(store.getState().session).toMatchObject({ signedIn: true, user });
    expect(left).toEqual(['/dashboard/languages?tab=2']);
    expect(JSON.stringify(store.getLifted().entries)).not.toContain('tok-sso');
  });

  it('stays in the page for the dashboard, and never leaves for another site', () => {
    for (const returnTo of ['/dashboard', '/', 'https://evil.example/', '//evil.example/x']) {
      const { store, left } = setup(() => of({ status: 200, data: { user, access_token: 'tok', password_expired: false, return_to: returnTo } }));
      store.dispatch({ type: 'session/finishOrganizationSso', code: 'c', state: 's', iss: '' });
      expect(store.getState().session.signedIn).toBe(true);
      expect(left, returnTo).toEqual([]);
    }
  });

  it('finishes a SAML sign-in with the RelayState, keeps the token and goes back to the page wanted', () => {
    const { store, calls, tokens, left } = setup(() =>
      of({ status: 200, data: { user, access_token: 'tok-saml', password_expired: false, return_to: '/dashboard/languages' } }),
    );
    store.dispatch({ type: 'session/finishOrganizationSaml', relayState: 'r'.repeat(43) });
    expect(calls).toEqual([{ path: 'sso/saml/login', body: { relay_state: 'r'.repeat(43) } }]);
    expect(tokens).toEqual(['tok-saml']);
    expect(store.getState().session).toMatchObject({ signedIn: true, user });
    expect(left).toEqual(['/dashboard/languages']);
  });

  it('shows a refused callback and signs nobody in', () => {
    const { store, tokens } = setup(() => throwError(() => new ApiFailure(422, 'sso/oidc/login', OidcMessages.refused)));
    store.dispatch({ type: 'session/finishOrganizationSso', code: 'c', state: 's', iss: '' });
    expect(tokens).toEqual([]);
    expect(store.getState().session).toMatchObject({ signedIn: false, pending: false });
    expect(store.getState().session.loginError?.message).toBe(OidcMessages.refused);
  });
});
