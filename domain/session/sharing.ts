/**
 * Session facts other tabs must see: a logout in one tab ends the session in all of them, a
 * login in one is seen by the others, a view-as switch shows in all, and dismissing the inactivity warning keeps all alive.
 */
const SHARED = new Set<string>([
  'session/signedOut',
  'session/loggedIn',
  'session/logoutAlertDismissed',
  'session/inactivityWarningDismissed',
  // The view-as token is a cookie every tab sends; every tab must say whose view it shows.
  'session/viewAsChanged',
]);

export const isSharedAcrossTabs = (type: string): boolean => SHARED.has(type);
