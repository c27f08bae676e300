import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { BroadcastChannel } from 'broadcast-channel';
import { AppEvent } from '../../domain/app/events';
import { envelopeCodec, ENVELOPE_VERSION } from '../../domain/kernel/envelope';
import type { AppEnvelope } from '../bus/types';

export const TAB_CHANNEL_NAME = 'diversity-survey-session';

/** What one tab sends another; versioned so an older tab ignores a newer shape. */
export const TabMessage = t.strict({ v: t.literal(ENVELOPE_VERSION), entry: envelopeCodec(AppEvent) });
export type TabMessage = t.TypeOf<typeof TabMessage>;

export interface TabChannel {
  post(entry: AppEnvelope): void;
  /** Only messages that decode reach the handler; anything else is dropped. */
  subscribe(handler: (entry: AppEnvelope) => void): () => void;
  close(): Promise<void>;
}

/**
 * One channel per page, created outside React (StrictMode would close it on the double
 * mount). The channel does not replay: a tab opened later rebuilds its session from storage.
 */
export const openTabChannel = (name = TAB_CHANNEL_NAME, options?: ConstructorParameters<typeof BroadcastChannel>[1]): TabChannel => {
  const channel = new BroadcastChannel<unknown>(name, options);
  const handlers = new Set<(entry: AppEnvelope) => void>();
  channel.onmessage = (raw) => {
    const decoded = TabMessage.decode(raw);
    if (!isRight(decoded)) return;
    for (const handler of handlers) handler(decoded.right.entry);
  };
  return {
    post: (entry) => {
      const message: TabMessage = { v: ENVELOPE_VERSION, entry };
      void channel.postMessage(message).catch(() => undefined);
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: () => channel.close(),
  };
};
