import { describe, expect, it } from 'vitest';
import { Subject, of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { loginEffect, type AuthDeps } from '../../../infrastructure/effects/auth.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import type { User } from '../../../domain/contracts/auth';
import { MemberMessages } from '../../../domain/contracts/members';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const invited: User = {
  id: 'u2', email: 'grace@example.org', first_name: 'Grace', last_name: 'Hopper', role: 'group_assignee', organization_id: 'o1',
  locale_id: null, two_factor: 'off', setting: { banners: {} },
};

const setup = (answer: () => Observable<unknown>) => {
  const calls: { path: string; body: unknown }[] = [];
  const tokens: string[] = [];
  const deps: AuthDeps = {
    api: {
      call: ((endpoint: { path: string }, input: { body?: unknown }) => {
        calls.push({ path: endpoint.path, body: input?.body });
        return answer();
      }) as never,
    },
    cookies: { setPrimary: (token: string) => void tokens.push(token) },
    startActivityClock: () => undefined,
    leaveFor: () => undefined,
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [loginEffect], deps });
  return { store, calls, tokens };
};

const acceptCommand = {
  type: 'session/acceptInvitation',
  email: 'grace@example.org',
  token: 'invite-token-123',
  first_name: 'Grace',
  last_name: 'Hopper',
  password: 'Sturdy-Pass-42',
  password_confirmation: 'Sturdy-Pass-42',
} as const;

describe('signing in from an invitation', () => {
  it('accepting posts /invitation/accept once, stores the token and signs in with no secret in the log', () => {
    const answer = new Subject<unknown>();
    const { store, calls, tokens } = setup(() => answer);
    store.dispatch(acceptCommand);
    store.dispatch(acceptCommand);
    expect(calls).toEqual([
      {
        path: '/invitation/accept',
        body: { token: 'invite-token-123', first_name: 'Grace', last_name: 'Hopper', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42' },
      },
    ]);
    expect(store.getState().session.pending).toBe(true);
    answer.next({ status: 200, data: { user: invited, access_token: 'session-token', password_expired: false } });
    answer.complete();
    expect(tokens).toEqual(['session-token']);
    expect(store.getLifted().entries.map((entry) => entry.body.type)).toEqual(['session/loginRequested', 'session/loggedIn']);
    expect(store.getState().session).toMatchObject({ signedIn: true, pending: false, user: invited });
    expect(JSON.stringify(store.getLifted().entries)).not.toMatch(/invite-token-123|Sturdy-Pass-42|session-token/);
  });

  it('a refused token or field errors come back as the sign-in error, with the fields', () => {
    const failure = new ApiFailure(422, '/invitation/accept', MemberMessages.activationInvalid, { token: [MemberMessages.activationInvalid] });
    const { store } = setup(() => throwError(() => failure));
    store.dispatch(acceptCommand);
    expect(store.getState().session).toMatchObject({
      signedIn: false,
      pending: false,
      loginError: { message: MemberMessages.activationInvalid, errors: { token: [MemberMessages.activationInvalid] } },
    });
  });

  it('the second administrator signs in through POST /login-second-admin with the token of the link', () => {
    const { store, calls } = setup(() => of({ status: 200, data: { user: { ...invited, role: 'second_admin' }, access_token: 'tok', password_expired: false } }));
    store.dispatch({ type: 'session/loginSecondAdmin', email: 'grace@example.org', password: 'Sturdy-Pass-42', token: 'second-admin-token' });
    expect(calls).toEqual([{ path: '/login-second-admin', body: { email: 'grace@example.org', password: 'Sturdy-Pass-42', token: 'second-admin-token' } }]);
    expect(store.getState().session).toMatchObject({ signedIn: true, user: { role: 'second_admin' } });
    expect(JSON.stringify(store.getLifted().entries)).not.toMatch(/second-admin-token|Sturdy-Pass-42/);
  });

  it('a second administrator with two-factor sign-in is asked for the code like any sign-in', () => {
    const { store } = setup(() => of({ status: 200, data: { password_expired: false, two_factor: 'totp' } }));
    store.dispatch({ type: 'session/loginSecondAdmin', email: 'grace@example.org', password: 'x', token: 't' });
    expect(store.getState().session.twoFactor).toEqual({ email: 'grace@example.org', method: 'totp', expiresAt: null });
  });
});
