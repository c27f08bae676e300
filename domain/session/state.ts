import * as t from 'io-ts';
import { Industry, Organization, TwoFactorMethod, User } from '../contracts/auth';
import { SignOutReason } from './reasons';

export const Department = t.strict({ id: t.string, name: t.string });
export type Department = t.TypeOf<typeof Department>;

export const DEFAULT_SURVEY_ID = 1;
export const DEFAULT_DEPARTMENT_ID = 'default';

/**
 * Auth state of SPEC section 3. Tokens themselves never live here: they stay in cookies, and
 * the state only knows whether they are present, so the log can be exported without secrets.
 */
export const SessionState = t.strict({
  signedIn: t.boolean,
  viewingAs: t.boolean,
  anonymous: t.boolean,
  surveyId: t.number,
  completedSurveys: t.record(t.string, t.boolean),
  user: t.union([User, t.null]),
  userEmail: t.union([t.string, t.null]),
  organization: t.union([Organization, t.null]),
  cohort: t.union([t.record(t.string, t.unknown), t.null]),
  filter: t.union([t.record(t.string, t.unknown), t.null]),
  industries: t.array(Industry),
  departmentId: t.string,
  primaryDepartments: t.array(Department),
  logoutAlert: t.boolean,
  headRegisterCompleted: t.boolean,
  expired: t.boolean,
  surveyCompleted: t.boolean,
  inviteData: t.union([t.record(t.string, t.unknown), t.null]),
  pending: t.boolean,
  error: t.boolean,
  /** The server's answer to the last failed sign-in: its message and field errors. */
  loginError: t.union([t.strict({ message: t.string, errors: t.record(t.string, t.array(t.string)) }), t.null]),
  /** A sign-in waiting for its second factor; expiresAt is when an emailed code stops working. */
  twoFactor: t.union([t.strict({ email: t.string, method: TwoFactorMethod, expiresAt: t.union([t.string, t.null]) }), t.null]),
  /** Signed in with a token that only allows changing the expired password. */
  passwordExpired: t.boolean,
  /** Set once the server has confirmed the token at start (check-access-token). */
  checked: t.boolean,
  lastSignOut: t.union([SignOutReason, t.null]),
  inactivityWarning: t.boolean,
});
export type SessionState = t.TypeOf<typeof SessionState>;

export const initialSession: SessionState = {
  signedIn: false,
  viewingAs: false,
  anonymous: false,
  surveyId: DEFAULT_SURVEY_ID,
  completedSurveys: {},
  user: null,
  userEmail: null,
  organization: null,
  cohort: null,
  filter: null,
  industries: [],
  departmentId: DEFAULT_DEPARTMENT_ID,
  primaryDepartments: [],
  logoutAlert: false,
  headRegisterCompleted: false,
  expired: false,
  surveyCompleted: false,
  inviteData: null,
  pending: false,
  error: false,
  loginError: null,
  twoFactor: null,
  passwordExpired: false,
  checked: false,
  lastSignOut: null,
  inactivityWarning: false,
};
