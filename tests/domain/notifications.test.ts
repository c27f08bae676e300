import { describe, expect, it } from 'vitest';
import { notificationsReducer } from '../../domain/notifications/reducer';

describe('notifications of throttled calls', () => {
  it('say once that the page waits and tries again, however many calls were throttled', () => {
    const throttled = (id: string, silent = false) => ({ type: 'api/throttled', id, url: '/overview/row-one', retryInSeconds: 3, silent }) as const;
    let state = notificationsReducer([], throttled('a'));
    state = notificationsReducer(state, throttled('b'));
    state = notificationsReducer(state, throttled('c'));
    expect(state).toEqual([{ id: 'a', key: 'too_many_requests', text: null }]);
    const dismissed = { type: 'notification/dismissed', id: 'a' } as const;
    state = notificationsReducer(state, dismissed);
    expect(notificationsReducer(state, throttled('d', true))).toEqual([]);
    expect(notificationsReducer(state, throttled('e'))).toEqual([{ id: 'e', key: 'too_many_requests', text: null }]);
  });
});
