import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BroadcastChannel } from 'broadcast-channel';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { createStore, type Store } from '../../../infrastructure/bus/store';
import { openTabChannel, type TabChannel } from '../../../infrastructure/tabs/channel';
import { ignoreElements, of, tap } from 'rxjs';
import { logoutEffect } from '../../../infrastructure/effects/auth.effects';
import { connectTabs } from '../../../infrastructure/tabs/sync';
import { dashboardApp } from '../../../domain/app/dashboardApp';

// The server's logout answers at once; what matters here is what the tabs do with it.
const offlineApi = { api: { call: () => of({ status: 200, data: null }) }, cookies: { setPrimary: () => undefined } } as never;

const opened: { channel: TabChannel; stop: () => void }[] = [];
let channelName = 0;

// A real tab opens well before another sends; the simulated channel drops messages older than itself.
const tabs = async (count: number): Promise<Store[]> => {
  const name = `test-session-${++channelName}`;
  const stores = Array.from({ length: count }, (_, i) => {
    const tabId = `tab-${i}`;
    const store = createStore(dashboardApp, { tabId, clock: fixedClock(), ids: counterIds(tabId), effects: [logoutEffect], deps: offlineApi });
    const channel = openTabChannel(name, { type: 'simulate' });
    opened.push({ channel, stop: connectTabs(store, channel) });
    return store;
  });
  await settle();
  return stores;
};

// The simulated channel delivers on a timer, like a real one delivers between tabs.
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(async () => {
  for (const { channel, stop } of opened.splice(0)) {
    stop();
    await channel.close();
  }
});

const signedIn = (store: Store) =>
  store.receiveRemote({ id: `boot-${Math.random()}`, seq: 0, at: 0, tabId: 'boot', origin: 'local', actor: null, viewAs: null, v: 1, body: { type: 'session/restored', session: null, hasToken: true, hasSecondaryToken: false } });

describe('session across tabs', () => {
  it('a logout in one tab signs out every other tab, and nothing echoes back', async () => {
    const [a, b, c] = await tabs(3);
    [a, b, c].forEach(signedIn);
    a.dispatch({ type: 'session/logout' });
    await settle();
    for (const store of [b, c]) {
      expect(store.getState().session.signedIn).toBe(false);
      expect(store.getLifted().entries.filter((e) => e.origin === 'remote' && e.body.type === 'session/signedOut')).toHaveLength(1);
    }
    expect(a.getLifted().entries.filter((e) => e.body.type === 'session/signedOut').map((e) => e.origin)).toEqual(['local']);
  });

  it('keeps events that are not about the session in their own tab', async () => {
    const [a, b] = await tabs(2);
    a.dispatch({ type: 'dashboard/refresh', page: 'home' });
    await settle();
    expect(b.getLifted().entries).toHaveLength(0);
  });

  it('another tab’s view-as switch has this tab reload what it holds, as its own request', async () => {
    const name = `test-session-${++channelName}`;
    const seen: string[] = [];
    const store = createStore(dashboardApp, {
      tabId: 'tab-b', clock: fixedClock(), ids: counterIds('b'),
      effects: [(live$) => live$.pipe(tap((m) => seen.push(m.type)), ignoreElements())], deps: undefined,
    });
    signedIn(store);
    const channel = openTabChannel(name, { type: 'simulate' });
    opened.push({ channel, stop: connectTabs(store, channel) });
    const other = openTabChannel(name, { type: 'simulate' });
    opened.push({ channel: other, stop: () => undefined });
    await settle();
    const switched = { id: 'a-1', seq: 1, at: 0, tabId: 'tab-a', origin: 'local', actor: null, viewAs: 'g2', v: 1, body: { type: 'session/viewAsChanged', departmentId: 'g2', viewingAs: true } } as const;
    other.post(switched);
    other.post(switched);
    await settle();
    expect(store.getState().session.departmentId).toBe('g2');
    // Effects never see the remote fact itself, only this tab's command.
    expect(seen).toEqual(['resource/reloadAll']);
  });

  it('drops messages that do not decode', async () => {
    const [a] = await tabs(1);
    const stranger = new BroadcastChannel(`test-session-${channelName}`, { type: 'simulate' });
    await stranger.postMessage({ v: 1, entry: { body: { type: 'session/signedOut', reason: 'nonsense' } } });
    await stranger.postMessage('hello');
    await settle();
    await stranger.close();
    expect(a.getLifted().entries).toHaveLength(0);
  });

  it('every interleaving of logouts ends with all tabs signed out, each fact folded once per tab', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(2), { minLength: 1, maxLength: 4 }), async (who) => {
        const stores = await tabs(3);
        stores.forEach(signedIn);
        for (const i of who) stores[i].dispatch({ type: 'session/logout' });
        await settle();
        for (const store of stores) {
          expect(store.getState().session.signedIn).toBe(false);
          const ids = store.getLifted().entries.filter((e) => e.body.type === 'session/signedOut').map((e) => e.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toHaveLength(who.length);
        }
        for (const { channel, stop } of opened.splice(0)) {
          stop();
          await channel.close();
        }
      }),
      { numRuns: 15 },
    );
  });
});
