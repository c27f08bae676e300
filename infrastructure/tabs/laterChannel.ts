import type { AppEnvelope } from '../bus/types';
import type { TabChannel } from './channel';

const loadChannel = (): Promise<TabChannel> => import('./channel').then(({ openTabChannel }) => openTabChannel());

/**
 * The tab channel (broadcast-channel, and the codec of every event it decodes) as a chunk of
 * its own, fetched as the page starts rather than in its first download. What this tab posts
 * meanwhile is sent once the channel is open; other tabs are heard from then on, as a tab
 * opened a moment later would (the channel does not replay: a new tab rebuilds its session
 * from storage).
 */
export const openTabChannelLater = (load: () => Promise<TabChannel> = loadChannel): TabChannel => {
  const waiting: AppEnvelope[] = [];
  const handlers = new Set<(entry: AppEnvelope) => void>();
  let channel: TabChannel | undefined;
  let closed = false;
  const opening = load().then(
    (opened) => {
      if (closed) return opened.close();
      channel = opened;
      opened.subscribe((entry) => {
        for (const handler of handlers) handler(entry);
      });
      for (const entry of waiting.splice(0)) opened.post(entry);
    },
    // Without its chunk (offline) the tab works alone, as without BroadcastChannel.
    () => undefined,
  );
  return {
    post: (entry) => {
      if (channel) channel.post(entry);
      else if (!closed) waiting.push(entry);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {
      closed = true;
      waiting.length = 0;
      await opening;
      await channel?.close();
    },
  };
};
