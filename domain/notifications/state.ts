/** What the notification area shows: a translation key or the server's words. */
export interface Notification {
  readonly id: string;
  readonly key: 'api_error' | 'unknown_error' | 'connection_lost_login' | 'too_many_requests';
  readonly text: string | null;
}

/** How many notifications stay on screen; older ones are dropped first. */
export const MAX_NOTIFICATIONS = 3;
