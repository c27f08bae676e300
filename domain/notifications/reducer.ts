import type { AppEvent } from '../app/events';
import { MAX_NOTIFICATIONS, type Notification } from './state';

const keyForCode = (code: number | string): Notification['key'] =>
  code === 'ERR_NETWORK' ? 'connection_lost_login' : code === 408 || code === 'ECONNABORTED' || code === 'ETIMEDOUT' ? 'api_error' : 'unknown_error';

export const notificationsReducer = (state: readonly Notification[] = [], e: AppEvent): readonly Notification[] => {
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
