import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMPTY, Subject, map, tap } from 'rxjs';
import type { AppEvent } from '../../../domain/app/events';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { foldLog } from '../../../domain/kernel/fold';
import { createStore } from '../../../infrastructure/bus/store';
import { ofType } from '../../../infrastructure/bus/ofType';
import type { Effect, LiveMessage } from '../../../infrastructure/bus/types';
import { appLog } from '../../support/arbitraries';
import { dashboardApp } from '../../../domain/app/dashboardApp';

// The dashboards' page folds every slice these tests use.
const { reducer: appReducer, initialState: initialAppState } = dashboardApp;

const newStore = <D>(effects: Effect<D>[] = [], deps?: D, tabId = 'tab-a') =>
  createStore(dashboardApp, { tabId, clock: fixedClock(1000), ids: counterIds(tabId), effects, deps });

describe('command bus and event log', () => {
  it('turns a pure command into an event, logs it and folds it', () => {
    const store = newStore();
    store.dispatch({ type: 'dashboard/refresh', page: 'overview' });
    const [entry] = store.getLifted().entries;
    expect(entry).toMatchObject({ seq: 1, at: 1000, tabId: 'tab-a', origin: 'local', v: 1, body: { type: 'dashboard/reloadRequested', page: 'overview' } });
    expect(store.getState().dashboard.reloads).toEqual({ overview: 1 });
  });

  it('logs a refused command as an event and leaves the state alone', () => {
    const store = newStore();
    store.dispatch({ type: 'filters/apply', filters: { 'age-range': '40-20' } });
    expect(store.getLifted().entries.map((e) => e.body.type)).toEqual(['bus/commandRejected']);
    expect(store.getState().filters.active).toEqual({});
  });

  it('lets effects see the state after the reducers, and only local messages', () => {
    const seen: string[] = [];
    const watcher: Effect<void> = (live$, state$) =>
      live$.pipe(
        tap((m: LiveMessage) => seen.push(m.type)),
        ofType('dashboard/reloadRequested'),
        tap(() => {
          let reloads = 0;
          state$.subscribe((s) => (reloads = s.dashboard.reloads.home ?? 0)).unsubscribe();
          seen.push(`reloads=${reloads}`);
        }),
        map(() => ({ type: 'filters/cleared' as const })),
      );
    const store = newStore([watcher]);
    store.dispatch({ type: 'dashboard/refresh', page: 'home' });
    store.receiveRemote({ ...store.getLifted().entries[0], id: 'remote-1', tabId: 'tab-b', body: { type: 'session/signedOut', reason: 'logout' } });
    expect(seen).toEqual(['dashboard/reloadRequested', 'reloads=1', 'filters/cleared', 'dashboard/refresh']);
    expect(store.getLifted().entries.map((e) => e.origin)).toEqual(['local', 'local', 'remote']);
  });

  it('folds a remote entry once, however often it arrives, and ignores its own', () => {
    const store = newStore();
    const remote = { id: 'r1', seq: 9, at: 5, tabId: 'tab-b', origin: 'local' as const, actor: null, viewAs: null, v: 1, body: { type: 'session/signedOut' as const, reason: 'logout' as const } };
    store.receiveRemote(remote);
    store.receiveRemote(remote);
    store.receiveRemote({ ...remote, id: 'r2', tabId: 'tab-a' });
    expect(store.getLifted().entries).toHaveLength(1);
    expect(store.getLifted().entries[0].origin).toBe('remote');
  });

  it('locks the application while time travelling and shows the chosen point', () => {
    const store = newStore();
    store.dispatch({ type: 'dashboard/refresh', page: 'home' });
    store.dispatch({ type: 'dashboard/refresh', page: 'home' });
    store.jumpTo(1);
    expect(store.mode()).toBe('timeTravel');
    expect(store.getState().dashboard.reloads.home).toBe(1);
    store.dispatch({ type: 'dashboard/refresh', page: 'home' });
    expect(store.getLifted().entries).toHaveLength(2);
    store.jumpTo(2);
    expect(store.mode()).toBe('live');
    expect(store.getState().dashboard.reloads.home).toBe(2);
  });

  it('replays an imported log without feeding effects, then returns to the live log', () => {
    fc.assert(
      fc.property(appLog, (log) => {
        let requests = 0;
        const requester: Effect<void> = (live$) => live$.pipe(tap(() => requests++), () => EMPTY);
        const store = newStore([requester]);
        store.dispatch({ type: 'dashboard/refresh', page: 'home' });
        const before = requests;
        const liveState = store.getState();
        store.startReplay(log);
        expect(store.getState()).toEqual(foldLog(appReducer, initialAppState, log));
        for (let i = 0; i <= log.length; i++) store.jumpTo(i);
        store.dispatch({ type: 'dashboard/refresh', page: 'home' });
        expect(requests).toBe(before);
        expect(store.getLifted().entries.every((e) => e.origin === 'replay')).toBe(true);
        store.exitReplay();
        expect(store.mode()).toBe('live');
        expect(store.getState()).toBe(liveState);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps receiving what effects emit during a replay, into the parked live log', () => {
    const outside = new Subject<AppEvent>();
    const late: Effect<void> = () => outside.asObservable();
    const store = newStore([late]);
    store.startReplay([]);
    outside.next({ type: 'filters/cleared' });
    expect(store.getLifted().entries).toHaveLength(0);
    store.exitReplay();
    expect(store.getLifted().entries.map((e) => e.body.type)).toEqual(['filters/cleared']);
  });

  it('caps the log by folding the oldest entries into the base state', () => {
    const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), maxEntries: 10 });
    for (let i = 0; i < 25; i++) store.dispatch({ type: 'dashboard/refresh', page: 'home' });
    expect(store.getLifted().entries).toHaveLength(10);
    expect(store.getState().dashboard.reloads.home).toBe(25);
  });
});
