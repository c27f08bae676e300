import { describe, expect, it } from 'vitest';
import { ENVELOPE_VERSION } from '../../../domain/kernel/envelope';
import type { AppEnvelope } from '../../../infrastructure/bus/types';
import type { TabChannel } from '../../../infrastructure/tabs/channel';
import { openTabChannelLater } from '../../../infrastructure/tabs/laterChannel';

const entry = (id: string): AppEnvelope => ({
  id,
  seq: 1,
  at: 0,
  tabId: 'tab',
  origin: 'local',
  actor: null,
  viewAs: null,
  v: ENVELOPE_VERSION,
  body: { type: 'session/signedOut', reason: 'logout' },
});

/** A channel that records what it is asked, and lets the test deliver another tab's message. */
const recordingChannel = () => {
  const posted: string[] = [];
  const handlers = new Set<(entry: AppEnvelope) => void>();
  let closed = false;
  const channel: TabChannel = {
    post: (sent) => posted.push(sent.id),
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {
      closed = true;
    },
  };
  return { channel, posted, deliver: (heard: AppEnvelope) => handlers.forEach((handler) => handler(heard)), isClosed: () => closed };
};

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
};

describe('the tab channel fetched after the start', () => {
  it('sends what was posted before it opened, in order, then posts directly', async () => {
    const real = recordingChannel();
    const loading = deferred<TabChannel>();
    const later = openTabChannelLater(() => loading.promise);
    later.post(entry('a'));
    later.post(entry('b'));
    expect(real.posted).toEqual([]);
    loading.resolve(real.channel);
    await loading.promise;
    await Promise.resolve();
    expect(real.posted).toEqual(['a', 'b']);
    later.post(entry('c'));
    expect(real.posted).toEqual(['a', 'b', 'c']);
  });

  it('hands other tabs’ messages to whoever subscribed, before or after it opened', async () => {
    const real = recordingChannel();
    const later = openTabChannelLater(async () => real.channel);
    const heard: string[] = [];
    const stop = later.subscribe((message) => heard.push(message.id));
    await new Promise((resolve) => setTimeout(resolve, 0));
    real.deliver(entry('x'));
    stop();
    real.deliver(entry('y'));
    expect(heard).toEqual(['x']);
  });

  it('closes the channel that opens after it was closed, and sends nothing', async () => {
    const real = recordingChannel();
    const loading = deferred<TabChannel>();
    const later = openTabChannelLater(() => loading.promise);
    later.post(entry('a'));
    const closing = later.close();
    loading.resolve(real.channel);
    await closing;
    expect(real.isClosed()).toBe(true);
    expect(real.posted).toEqual([]);
  });

  it('leaves the tab working alone when its chunk cannot be fetched', async () => {
    const later = openTabChannelLater(() => Promise.reject(new Error('offline')));
    later.post(entry('a'));
    await expect(later.close()).resolves.toBeUndefined();
  });
});
