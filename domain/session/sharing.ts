/**
 * Session facts other tabs must see: a logout in one tab ends the session in all of them, a
 * login in one is seen by the others, and dismissing the inactivity warning keeps all alive.
 */
const SHARED = new Set<string>([
  'session/signedOut',
  'session/loggedIn',
  'session/logoutAlertDismissed',
  'session/inactivityWarningDismissed',
]);

export const isSharedAcrossTabs = (type: string): boolean => SHARED.has(type);
