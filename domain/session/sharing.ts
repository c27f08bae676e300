/**
 * Session facts other tabs must see: a logout in one tab ends the session in all of them.
 * Everything else stays in the tab where it happened.
 */
const SHARED = new Set<string>(['session/signedOut', 'session/logoutAlertDismissed']);

export const isSharedAcrossTabs = (type: string): boolean => SHARED.has(type);
