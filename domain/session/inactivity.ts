/** SPEC sections 4 and 9: the warning after 28 minutes without activity, logout after 30. */
export const INACTIVITY_ALERT_MS = 1_680_000;
export const INACTIVITY_LOGOUT_MS = 1_800_000;

export type IdleStatus = 'active' | 'warning' | 'expired';

/** How the session stands, given the last action seen in any tab. */
export const idleStatus = (lastActivityAt: number, now: number): IdleStatus => {
  const idle = now - lastActivityAt;
  if (idle >= INACTIVITY_LOGOUT_MS) return 'expired';
  if (idle >= INACTIVITY_ALERT_MS) return 'warning';
  return 'active';
};

/** Milliseconds until the status can next change without new activity. */
export const untilNextChange = (lastActivityAt: number, now: number): number => {
  const idle = now - lastActivityAt;
  if (idle < INACTIVITY_ALERT_MS) return INACTIVITY_ALERT_MS - idle;
  if (idle < INACTIVITY_LOGOUT_MS) return INACTIVITY_LOGOUT_MS - idle;
  return 0;
};
