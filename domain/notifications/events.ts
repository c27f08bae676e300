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
