import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Observable, Subject, VirtualTimeScheduler, of } from 'rxjs';
import { createStore, type Store } from '../../../infrastructure/bus/store';
import { counterIds } from '../../../domain/kernel/clock';
import { INACTIVITY_ALERT_MS, INACTIVITY_LOGOUT_MS } from '../../../domain/session/inactivity';
import { inactivityEffect, type InactivityDeps } from '../../../infrastructure/effects/inactivity.effects';
import { logoutEffect } from '../../../infrastructure/effects/auth.effects';
import { createActivityTracker } from '../../../infrastructure/tabs/activity';
import { connectTabs } from '../../../infrastructure/tabs/sync';
import { createMemoryTabHub, createSharedStorage } from '../../support/memoryTabs';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const MINUTE = 60_000;

/** A browser with `count` tabs signed in at time 0, on virtual time. */
const browser = (count: number) => {
  const scheduler = new VirtualTimeScheduler(undefined, Infinity);
  const clock = { now: () => scheduler.now() };
  const hub = createMemoryTabHub();
  const storage = createSharedStorage();
  const tabs = Array.from({ length: count }, (_, i) => {
    const tabStorage = storage.forTab(i);
    const actions = new Subject<void>();
    const activity = createActivityTracker({
      storage: tabStorage,
      localActions$: actions,
      storageEvents$: new Observable<{ key: string | null }>((s) => tabStorage.listen((e) => s.next(e))),
      scheduler,
    });
    const deps = {
      activity,
      clock,
      scheduler,
      api: { call: () => of({ status: 200, data: null }) },
      cookies: { setPrimary: () => undefined },
      startActivityClock: () => activity.record(clock.now()),
    } as unknown as InactivityDeps;
    const store: Store = createStore(dashboardApp, { tabId: `tab-${i}`, clock, ids: counterIds(`tab-${i}`), effects: [inactivityEffect, logoutEffect as never], deps });
    connectTabs(store, hub.open());
    return { store, act: () => actions.next(), activity };
  });
  tabs[0].activity.record(0);
  for (const tab of tabs)
    tab.store.receiveRemote({ id: `boot-${tab.store.getState().session.signedIn}-${Math.random()}`, seq: 0, at: 0, tabId: 'boot', origin: 'local', actor: null, viewAs: null, v: 1, body: { type: 'session/restored', session: null, hasToken: true, hasSecondaryToken: false } });
  const advanceTo = (time: number) => {
    scheduler.maxFrames = time;
    scheduler.flush();
    // flush stops at maxFrames without moving the clock there when nothing is due
    (scheduler as unknown as { frame: number }).frame = Math.max(scheduler.frame, time);
  };
  return { tabs, advanceTo, now: () => scheduler.now() };
};

const session = (store: Store) => store.getState().session;

describe('inactivity (SPEC section 4)', () => {
  it('warns after 28 minutes and logs out after 30 with the auto-logout alert', () => {
    const { tabs, advanceTo } = browser(1);
    const [{ store }] = tabs;
    advanceTo(INACTIVITY_ALERT_MS - 1);
    expect(session(store).inactivityWarning).toBe(false);
    advanceTo(INACTIVITY_ALERT_MS);
    expect(session(store).inactivityWarning).toBe(true);
    advanceTo(INACTIVITY_LOGOUT_MS);
    expect(session(store).signedIn).toBe(false);
    expect(session(store).logoutAlert).toBe(true);
    expect(session(store).lastSignOut).toBe('inactivity');
  });

  it('dismissing the warning resets the timers in every tab', () => {
    const { tabs, advanceTo } = browser(2);
    advanceTo(29 * MINUTE);
    expect(tabs.every((t) => session(t.store).inactivityWarning)).toBe(true);
    tabs[1].store.dispatch({ type: 'session/stayActive' });
    expect(tabs.every((t) => !session(t.store).inactivityWarning)).toBe(true);
    advanceTo(29 * MINUTE + INACTIVITY_LOGOUT_MS - 1);
    expect(tabs.every((t) => session(t.store).signedIn)).toBe(true);
    advanceTo(29 * MINUTE + INACTIVITY_LOGOUT_MS);
    expect(tabs.every((t) => !session(t.store).signedIn)).toBe(true);
  });

  it('activity in one tab keeps the others alive', () => {
    const { tabs, advanceTo } = browser(3);
    for (let minute = 10; minute <= 120; minute += 10) {
      advanceTo(minute * MINUTE);
      tabs[minute % 2].act();
    }
    advanceTo(125 * MINUTE);
    expect(tabs.every((t) => session(t.store).signedIn && !session(t.store).inactivityWarning)).toBe(true);
  });

  it('a first action after 30 silent minutes signs out instead of reviving the session', () => {
    const { tabs, advanceTo } = browser(1);
    const [tab] = tabs;
    // The timers were lost (a sleeping laptop): only the stored time tells the story.
    tab.activity.record(0);
    advanceTo(5 * MINUTE);
    tab.activity.record(-40 * MINUTE);
    tab.act();
    expect(session(tab.store).signedIn).toBe(false);
  });

  it('over any interleaving of actions, waits and logouts, every tab agrees with the shared clock', () => {
    type Step = { kind: 'act' | 'logout' | 'stay'; tab: number } | { kind: 'wait'; ms: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('act' as const), tab: fc.nat(2) }),
      fc.record({ kind: fc.constant('stay' as const), tab: fc.nat(2) }),
      fc.record({ kind: fc.constant('logout' as const), tab: fc.nat(2) }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 31 * MINUTE }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const { tabs, advanceTo, now } = browser(3);
        let lastActivity = 0;
        let out = false;
        for (const s of steps) {
          if (s.kind === 'wait') advanceTo(now() + s.ms);
          else if (s.kind === 'logout') {
            if (!out) tabs[s.tab].store.dispatch({ type: 'session/logout' });
            out = true;
          } else if (s.kind === 'act') {
            if (!out) {
              tabs[s.tab].act();
              lastActivity = now();
            }
          } else if (!out && session(tabs[s.tab].store).inactivityWarning) {
            tabs[s.tab].store.dispatch({ type: 'session/stayActive' });
            lastActivity = now();
          }
          if (!out && now() - lastActivity >= INACTIVITY_LOGOUT_MS) out = true;
          for (const tab of tabs) {
            const state = session(tab.store);
            expect(state.signedIn).toBe(!out);
            const warned = !out && now() - lastActivity >= INACTIVITY_ALERT_MS;
            expect(state.inactivityWarning).toBe(warned);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
