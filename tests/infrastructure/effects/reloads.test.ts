import { describe, expect, it } from 'vitest';
import { BehaviorSubject, Subject, map, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createStore } from '../../../infrastructure/bus/store';
import type { Effect, LiveMessage } from '../../../infrastructure/bus/types';
import { ofType } from '../../../infrastructure/bus/ofType';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { initialAppState, type AppState } from '../../../domain/app/state';
import type { AppEvent } from '../../../domain/app/events';
import { idleSection, sectionOf, type SectionState } from '../../../domain/resources/state';
import { appCatalogue } from '../../../infrastructure/resources/catalogue';
import { sectionLoadEffect, type ResourceDeps } from '../../../infrastructure/resources/resources.effects';
import { reloadEffect } from '../../../infrastructure/resources/reloads.effects';
import { dashboardApp } from '../../../domain/app/dashboardApp';

interface Call { path: string; query: unknown }

/** A store with the section loads and their follow-ups; every call answers with its own path. */
const setup = () => {
  const calls: Call[] = [];
  const deps: ResourceDeps = {
    catalogue: appCatalogue,
    api: {
      call: ((endpoint: { path: string }, input: { query?: unknown }) => {
        calls.push({ path: endpoint.path, query: input?.query });
        return of({ status: 200, data: [] });
      }) as never,
    },
  };
  // A signed-in administrator with two groups; the view-as effect is reduced to its outcome.
  const switched: Effect<ResourceDeps> = (live$) =>
    live$.pipe(
      ofType('session/viewAsRequested'),
      map(({ departmentId }): AppEvent => ({ type: 'session/viewAsChanged', departmentId, viewingAs: true })),
    );
  const session = { ...initialAppState.session, signedIn: true, primaryDepartments: [{ id: 'g1', name: 'Engineering' }, { id: 'g2', name: 'Sales' }] };
  const store = createStore(dashboardApp, {
    tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [sectionLoadEffect, reloadEffect, switched], deps,
    initialState: { ...initialAppState, session },
  });
  store.dispatch({ type: 'resource/load', name: 'statOverviewRowOne', args: {}, page: 'overview' });
  store.dispatch({ type: 'resource/load', name: 'statHomeTotalRegistered', args: {}, page: 'home' });
  store.dispatch({ type: 'resource/load', name: 'tokenAll', args: { page: 2 }, page: 'control-panel/surveys-management' });
  store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
  calls.length = 0;
  const requested = () =>
    store.getLifted().entries.map((e) => e.body).filter((b): b is Extract<AppEvent, { type: 'resource/requested' }> => b.type === 'resource/requested');
  const before = requested().length;
  return { store, calls, requestedSince: () => requested().slice(before).map(({ name, args }) => ({ name, args })) };
};

describe('reloads owned by the reload effect', () => {
  it('a Refresh reloads the sections of its page only, with the args of their last load', () => {
    const { store, requestedSince } = setup();
    store.dispatch({ type: 'dashboard/refresh', page: 'control-panel/surveys-management' });
    expect(requestedSince()).toEqual([{ name: 'tokenAll', args: { page: 2 } }]);
    store.dispatch({ type: 'dashboard/refresh', page: 'overview' });
    expect(requestedSince().map((r) => r.name)).toEqual(['tokenAll', 'statOverviewRowOne']);
  });

  it('a section keeps its page when another view of it loads it without one', () => {
    const { store, requestedSince } = setup();
    store.dispatch({ type: 'resource/load', name: 'tokenAll', args: { page: 3 } });
    store.dispatch({ type: 'dashboard/refresh', page: 'control-panel/surveys-management' });
    expect(requestedSince()).toEqual([{ name: 'tokenAll', args: { page: 3 } }, { name: 'tokenAll', args: { page: 3 } }]);
  });

  it('a language chosen reloads the lookup lists held, in it, but no statistics and no list asked for by language', () => {
    const { store, requestedSince } = setup();
    store.dispatch({ type: 'resource/load', name: 'filterGenders', args: {} });
    store.dispatch({ type: 'resource/load', name: 'chartLabelNames', args: { lang: 'fr' } });
    const held = requestedSince().length;
    store.dispatch({ type: 'i18n/selectLanguage', code: 'ar' });
    expect(requestedSince().slice(held)).toEqual([{ name: 'filterGenders', args: {} }]);
  });

  it('a language chosen reloads Compare → External, whose census side the server names in the request’s language', () => {
    const { store, requestedSince } = setup();
    store.dispatch({ type: 'resource/load', name: 'mutualityCountries', args: {} });
    store.dispatch({ type: 'resource/load', name: 'mutualityData', args: { country_id: '12' }, page: 'compare/external' });
    const held = requestedSince().length;
    store.dispatch({ type: 'i18n/selectLanguage', code: 'fr' });
    expect(requestedSince().slice(held).map((r) => r.name).sort()).toEqual(['mutualityCountries', 'mutualityData']);
  });

  it('a new filter selection, and clearing it, reload the statistics sections with the filters in their query', () => {
    const { store, calls, requestedSince } = setup();
    store.dispatch({ type: 'filters/apply', filters: { gender: ['11'], 'position-level': ['22'] } });
    expect(requestedSince().map((r) => r.name).sort()).toEqual(['statHomeTotalRegistered', 'statOverviewRowOne']);
    expect(calls.map((c) => c.query)).toEqual([
      { 'position-level': ['22'], gender: ['11'] },
      { 'position-level': ['22'], gender: ['11'] },
    ]);
    calls.length = 0;
    store.dispatch({ type: 'filters/clear' });
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.query)).toEqual([{}, {}]);
  });

  it('a rejected selection reloads nothing', () => {
    const { store, requestedSince } = setup();
    store.dispatch({ type: 'filters/apply', filters: { 'age-range': '60-20' } });
    expect(requestedSince()).toEqual([]);
  });

  it('a view-as switch drops every section’s data and loads each again with its args', () => {
    const { store, requestedSince } = setup();
    const seen: SectionState[] = [];
    const watching = store.state$.subscribe((s) => seen.push(sectionOf(s.resources, 'tokenAll')));
    store.dispatch({ type: 'session/viewAs', departmentId: 'g2' });
    watching.unsubscribe();
    // Between the switch and the reload, the other group's view shows none of the old data.
    expect(seen).toContainEqual({ ...idleSection, args: { page: 2 }, page: 'control-panel/surveys-management' });
    expect(requestedSince()).toEqual([
      { name: 'statOverviewRowOne', args: {} },
      { name: 'statHomeTotalRegistered', args: {} },
      { name: 'tokenAll', args: { page: 2 } },
      { name: 'tiers', args: {} },
    ]);
    expect(sectionOf(store.getState().resources, 'tokenAll')).toMatchObject({ status: 'loaded', page: 'control-panel/surveys-management' });
  });

  it('a tab told of another tab’s switch reloads what it holds', () => {
    const { store, requestedSince } = setup();
    store.dispatch({ type: 'resource/reloadAll' });
    expect(requestedSince().map((r) => r.name)).toEqual(['statOverviewRowOne', 'statHomeTotalRegistered', 'tokenAll', 'tiers']);
  });

  it('sends nothing while an auditor replays a log', () => {
    const { store, calls } = setup();
    store.startReplay(store.getLifted().entries);
    store.dispatch({ type: 'dashboard/refresh', page: 'overview' });
    store.dispatch({ type: 'resource/reloadAll' });
    expect(calls).toEqual([]);
  });
});

describe('the reload effect, as a stream', () => {
  const held = (name: string, section: Partial<SectionState>): AppState => ({
    ...initialAppState,
    resources: { ...initialAppState.resources, sections: { [name]: { ...idleSection, status: 'loaded', data: [], ...section } } },
  });

  it('answers each trigger with the stale sections of the state at that moment', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ cold, expectObservable }) => {
      const state$ = new BehaviorSubject<AppState>(held('statOverviewRowOne', { args: { x: 1 }, page: 'overview' }));
      const live$: Observable<LiveMessage> = cold('a-b-c-d', {
        a: { type: 'dashboard/reloadRequested', page: 'home' },
        b: { type: 'dashboard/reloadRequested', page: 'overview' },
        c: { type: 'filters/applied', filters: { gender: ['11'] } },
        d: { type: 'session/viewAsChanged', departmentId: 'g1', viewingAs: true },
      });
      const again = { type: 'resource/requested', name: 'statOverviewRowOne', args: { x: 1 } };
      expectObservable(reloadEffect(live$, state$, { catalogue: appCatalogue })).toBe('--b-c-d', { b: again, c: again, d: again });
    });
  });

  it('ignores everything else', () => {
    const live$ = new Subject<LiveMessage>();
    const out: AppEvent[] = [];
    reloadEffect(live$, new BehaviorSubject(held('tiers', {})), { catalogue: appCatalogue }).subscribe((e) => out.push(e));
    live$.next({ type: 'resource/loaded', name: 'tiers', data: [] });
    live$.next({ type: 'filters/applied', filters: {} });
    expect(out).toEqual([]);
  });
});
