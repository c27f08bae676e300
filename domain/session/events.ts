import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';
import { SessionState } from './state';

/** Why a session ended; shown to the person and kept in the log for the auditor. */
export const SignOutReason = t.keyof({
  logout: null,
  unauthorised: null,
  sessionEnded: null,
  inactivity: null,
  otherTab: null,
  staleActivity: null,
});
export type SignOutReason = t.TypeOf<typeof SignOutReason>;

export const sessionEvents = {
  /** The persisted session (SPEC section 4: version 0.0.1) and the token cookie were read at start. */
  restored: message('session/restored', { session: t.union([SessionState, t.null]), hasToken: t.boolean, hasSecondaryToken: t.boolean }),
  signedOut: message('session/signedOut', { reason: SignOutReason }),
  /** A 401 arrived while nobody was signed in: the person is sent to /login. */
  unauthorised: message('session/unauthorised', { url: t.string }),
  logoutAlertDismissed: emptyMessage('session/logoutAlertDismissed'),
};

export const SessionEvent = t.union([
  sessionEvents.restored,
  sessionEvents.signedOut,
  sessionEvents.unauthorised,
  sessionEvents.logoutAlertDismissed,
]);
export type SessionEvent = t.TypeOf<typeof SessionEvent>;

export const sessionCommands = {
  logout: emptyMessage('session/logout'),
  dismissLogoutAlert: emptyMessage('session/dismissLogoutAlert'),
};
export const SessionCommand = t.union([sessionCommands.logout, sessionCommands.dismissLogoutAlert]);
export type SessionCommand = t.TypeOf<typeof SessionCommand>;
