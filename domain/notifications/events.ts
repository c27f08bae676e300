import * as t from 'io-ts';
import { message } from '../kernel/message';

/**
 * SPEC section 8: a failed call emits an api-error event with code and url. The effect that
 * saw the failure stamps the id, so the reducer stays free of id sources.
 */
export const apiEvents = {
  failed: message('api/failed', {
    id: t.string,
    code: t.union([t.number, t.string]),
    url: t.string,
    /** The server's own message, or null to show the generic text for the code. */
    message: t.union([t.string, t.null]),
    silent: t.boolean,
  }),
  decodeFailed: message('api/decodeFailed', { id: t.string, url: t.string, problems: t.array(t.string), silent: t.boolean }),
  /** The server answered 429: the call waits for its Retry-After and is sent again. */
  throttled: message('api/throttled', { id: t.string, url: t.string, retryInSeconds: t.number, silent: t.boolean }),
};

export const notificationCommands = {
  dismiss: message('notification/dismiss', { id: t.string }),
};
export const notificationEvents = {
  dismissed: message('notification/dismissed', { id: t.string }),
};

export const NotificationCommand = notificationCommands.dismiss;
export type NotificationCommand = t.TypeOf<typeof NotificationCommand>;
export const NotificationEvent = t.union([apiEvents.failed, apiEvents.decodeFailed, apiEvents.throttled, notificationEvents.dismissed]);
export type NotificationEvent = t.TypeOf<typeof NotificationEvent>;

/** What the notification area shows: a translation key or the server's words. */
export interface Notification {
  readonly id: string;
  readonly key: 'api_error' | 'unknown_error' | 'connection_lost_login' | 'too_many_requests';
  readonly text: string | null;
}

/** How many notifications stay on screen; older ones are dropped first. */
export const MAX_NOTIFICATIONS = 3;

const keyForCode = (code: number | string): Notification['key'] =>
  code === 'ERR_NETWORK' ? 'connection_lost_login' : code === 408 || code === 'ECONNABORTED' || code === 'ETIMEDOUT' ? 'api_error' : 'unknown_error';

export const notificationsReducer = (state: readonly Notification[] = [], event: { type: string }): readonly Notification[] => {
  const e = event as NotificationEvent;
  switch (e.type) {
    case 'api/failed':
      if (e.silent) return state;
      return [...state, { id: e.id, key: keyForCode(e.code), text: e.message }].slice(-MAX_NOTIFICATIONS);
    case 'api/throttled':
      // Many calls of one page are throttled at once: one message says it for all of them.
      if (e.silent || state.some((n) => n.key === 'too_many_requests')) return state;
      return [...state, { id: e.id, key: 'too_many_requests' as const, text: null }].slice(-MAX_NOTIFICATIONS);
    case 'api/decodeFailed':
      if (e.silent) return state;
      return [...state, { id: e.id, key: 'unknown_error' as const, text: null }].slice(-MAX_NOTIFICATIONS);
    case 'notification/dismissed':
      return state.filter((n) => n.id !== e.id);
    default:
      return state;
  }
};
