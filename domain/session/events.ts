import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';
import { Department, SessionState } from './state';
import { SignOutReason } from './reasons';
import { Industry, Organization, TwoFactorMethod, User } from '../contracts/auth';

export { SignOutReason } from './reasons';

const FieldErrors = t.record(t.string, t.array(t.string));

export const sessionEvents = {
  /** The persisted session (SPEC section 4: version 0.0.1) and the token cookie were read at start. */
  restored: message('session/restored', { session: t.union([SessionState, t.null]), hasToken: t.boolean, hasSecondaryToken: t.boolean }),
  loginRequested: message('session/loginRequested', { email: t.string }),
  ssoRequested: emptyMessage('session/ssoRequested'),
  loggedIn: message('session/loggedIn', { user: User }),
  twoFactorRequired: message('session/twoFactorRequired', { email: t.string, method: TwoFactorMethod, expiresAt: t.union([t.string, t.null]) }),
  passwordExpired: message('session/passwordExpired', { email: t.string }),
  accountExpired: message('session/accountExpired', { message: t.string }),
  loginFailed: message('session/loginFailed', { message: t.string, errors: FieldErrors }),
  checked: message('session/checked', {
    user: User,
    organization: Organization,
    industries: t.array(Industry),
    /** The groups this person may view as (SPEC section 6: primary departments). */
    primaryDepartments: t.array(Department),
  }),
  /** View as (SPEC section 4): a switch to another group, or back to one's own view, was asked for. */
  viewAsRequested: message('session/viewAsRequested', { departmentId: t.string }),
  /** The view changed: departmentId 'default' is one's own view; shared with every tab. */
  viewAsChanged: message('session/viewAsChanged', { departmentId: t.string, viewingAs: t.boolean }),
  viewAsFailed: message('session/viewAsFailed', { departmentId: t.string, message: t.string }),
  userUpdated: message('session/userUpdated', { user: User }),
  signedOut: message('session/signedOut', { reason: SignOutReason }),
  /** A 401 arrived while nobody was signed in: the person is sent to /login. */
  unauthorised: message('session/unauthorised', { url: t.string }),
  logoutAlertDismissed: emptyMessage('session/logoutAlertDismissed'),
  twoFactorCancelled: emptyMessage('session/twoFactorCancelled'),
  inactivityWarned: emptyMessage('session/inactivityWarned'),
  inactivityWarningDismissed: emptyMessage('session/inactivityWarningDismissed'),
};

export const SessionEvent = t.union([
  sessionEvents.restored,
  sessionEvents.loginRequested,
  sessionEvents.ssoRequested,
  sessionEvents.loggedIn,
  sessionEvents.twoFactorRequired,
  sessionEvents.passwordExpired,
  sessionEvents.accountExpired,
  sessionEvents.loginFailed,
  sessionEvents.checked,
  sessionEvents.viewAsRequested,
  sessionEvents.viewAsChanged,
  sessionEvents.viewAsFailed,
  sessionEvents.userUpdated,
  sessionEvents.signedOut,
  sessionEvents.unauthorised,
  sessionEvents.logoutAlertDismissed,
  sessionEvents.twoFactorCancelled,
  sessionEvents.inactivityWarned,
  sessionEvents.inactivityWarningDismissed,
]);
export type SessionEvent = t.TypeOf<typeof SessionEvent>;

/**
 * Commands may carry a password or a code on their way to the effect that sends it; only the
 * events they produce are logged, and those never do.
 */
export const sessionCommands = {
  login: message('session/login', { email: t.string, password: t.string }),
  confirmTwoFactor: message('session/confirmTwoFactor', { email: t.string, password: t.string, code: t.string }),
  /** The second administrator's sign-in from the emailed /login?second-admin-token= link. */
  loginSecondAdmin: message('session/loginSecondAdmin', { email: t.string, password: t.string, token: t.string }),
  /** Creates the account of an emailed invitation and signs it in; email is the invitation's. */
  acceptInvitation: message('session/acceptInvitation', {
    email: t.string,
    token: t.string,
    first_name: t.string,
    last_name: t.string,
    password: t.string,
    password_confirmation: t.string,
  }),
  cancelTwoFactor: emptyMessage('session/cancelTwoFactor'),
  logout: emptyMessage('session/logout'),
  dismissLogoutAlert: emptyMessage('session/dismissLogoutAlert'),
  stayActive: emptyMessage('session/stayActive'),
  /** Ask the server again who this token belongs to (another tab signed in, a password changed). */
  check: emptyMessage('session/check'),
  /** Login with Amazon: leave for the provider, then finish with what it sent back. */
  startSso: emptyMessage('session/startSso'),
  finishSso: message('session/finishSso', { code: t.string, state: t.string }),
  /** "Sign in with your organisation": the work email finds its provider; returnTo is the page wanted afterwards. */
  startOrganizationSso: message('session/startOrganizationSso', { email: t.string, returnTo: t.string }),
  /** The organisation's provider sent the person back with a code, the state and its issuer ('' when absent). */
  finishOrganizationSso: message('session/finishOrganizationSso', { code: t.string, state: t.string, iss: t.string }),
  /** The organisation's SAML identity provider posted its answer to the server, which sent the person back with the RelayState. */
  finishOrganizationSaml: message('session/finishOrganizationSaml', { relayState: t.string }),
  /** View as a group ('default', or the first primary department, is one's own view again). */
  viewAs: message('session/viewAs', { departmentId: t.string }),
};
export const SessionCommand = t.union([
  sessionCommands.login,
  sessionCommands.confirmTwoFactor,
  sessionCommands.loginSecondAdmin,
  sessionCommands.acceptInvitation,
  sessionCommands.cancelTwoFactor,
  sessionCommands.logout,
  sessionCommands.dismissLogoutAlert,
  sessionCommands.stayActive,
  sessionCommands.check,
  sessionCommands.startSso,
  sessionCommands.finishSso,
  sessionCommands.startOrganizationSso,
  sessionCommands.finishOrganizationSso,
  sessionCommands.finishOrganizationSaml,
  sessionCommands.viewAs,
]);
export type SessionCommand = t.TypeOf<typeof SessionCommand>;
