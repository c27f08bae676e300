import { describe, expect, it } from 'vitest';
import { Subject, of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { viewAsEffect, type ViewAsDeps } from '../../../infrastructure/effects/viewAs.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import type { User } from '../../../domain/contracts/auth';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const user: User = {
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'L', role: 'admin', organization_id: 'o1',
  locale_id: null, two_factor: 'off', setting: { banners: {} },
};
const organization = { id: 'o1', name: 'Org' } as never;
const primaryDepartments = [{ id: 'g1', name: 'Engineering' }, { id: 'g2', name: 'Sales' }];

const setup = (answer: () => Observable<unknown>) => {
  const calls: unknown[] = [];
  const cookie: { secondary?: string } = {};
  const deps: ViewAsDeps = {
    api: { call: ((_endpoint: unknown, input: { body?: unknown }) => { calls.push(input?.body); return answer(); }) as never },
    cookies: { setSecondary: (token) => { cookie.secondary = token; }, clearSecondary: () => { delete cookie.secondary; } },
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [viewAsEffect], deps });
  // A signed-in administrator whose session check named two groups.
  store.dispatch({ type: 'session/login', email: user.email, password: 'x' });
  return { store, calls, cookie };
};

describe('view as', () => {
  const ready = (answer: () => Observable<unknown>) => {
    const context = setup(answer);
    // Fold the session facts directly, as the login and check effects would have.
    for (const event of [
      { type: 'session/loggedIn', user },
      { type: 'session/checked', user, organization, industries: [], primaryDepartments },
    ] as const) {
      context.store.receiveRemote({ id: `r-${event.type}`, seq: 1, at: 0, tabId: 'other', origin: 'remote', actor: null, viewAs: null, v: 1, body: event as never });
    }
    return context;
  };

  it('fetches the secondary token, keeps it in the cookie and shows the group; back to one’s own view drops it', () => {
    const { store, calls, cookie } = ready(() => of({ status: 200, data: { access_token: 'secondary-1' } }));
    store.dispatch({ type: 'session/viewAs', departmentId: 'g2' });
    expect(calls).toEqual([{ group_id: 'g2' }]);
    expect(cookie.secondary).toBe('secondary-1');
    expect(store.getState().session).toMatchObject({ departmentId: 'g2', viewingAs: true });
    expect(JSON.stringify(store.getLifted().entries)).not.toContain('secondary-1');

    // SPEC section 4: the first primary department is one's own view, 'default'.
    store.dispatch({ type: 'session/viewAs', departmentId: 'g1' });
    expect(calls).toHaveLength(1);
    expect(cookie.secondary).toBeUndefined();
    expect(store.getState().session).toMatchObject({ departmentId: 'default', viewingAs: false });
  });

  it('refuses a group that is not a primary department, and does not fetch the group already shown again', () => {
    const { store, calls } = ready(() => of({ status: 200, data: { access_token: 't' } }));
    store.dispatch({ type: 'session/viewAs', departmentId: 'elsewhere' });
    expect(calls).toHaveLength(0);
    store.dispatch({ type: 'session/viewAs', departmentId: 'g2' });
    store.dispatch({ type: 'session/viewAs', departmentId: 'g2' });
    expect(calls).toHaveLength(1);
    const types = store.getLifted().entries.map((e) => e.body.type);
    expect(types.filter((type) => type === 'bus/commandRejected')).toHaveLength(1);
  });

  it('a refusal keeps the current view and says why', () => {
    const { store } = ready(() => throwError(() => new ApiFailure(403, '/organization/view-as', 'Viewing as a group needs your organisation’s consent.')));
    store.dispatch({ type: 'session/viewAs', departmentId: 'g2' });
    expect(store.getState().session).toMatchObject({ departmentId: 'default', viewingAs: false });
    const failed = store.getLifted().entries.find((e) => e.body.type === 'session/viewAsFailed');
    expect(failed?.body).toMatchObject({ message: 'Viewing as a group needs your organisation’s consent.' });
  });

  it('a newer switch supersedes one still on its way', () => {
    const answers: Subject<unknown>[] = [];
    const { store, cookie } = ready(() => { const s = new Subject<unknown>(); answers.push(s); return s; });
    store.dispatch({ type: 'session/viewAs', departmentId: 'g2' });
    store.dispatch({ type: 'session/viewAs', departmentId: 'g1' });
    answers[0]!.next({ status: 200, data: { access_token: 'late' } });
    expect(cookie.secondary).toBeUndefined();
    expect(store.getState().session.departmentId).toBe('default');
  });
});
