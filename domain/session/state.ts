import * as t from 'io-ts';

/** The bits of the signed-in user the client keeps (SPEC section 3, Auth state). */
export const SessionUser = t.intersection([
  t.strict({ id: t.string, email: t.string }),
  t.partial({
    name: t.string,
    role: t.string,
    locale_id: t.union([t.string, t.null]),
    setting: t.record(t.string, t.string),
  }),
]);
export type SessionUser = t.TypeOf<typeof SessionUser>;

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
  user: t.union([SessionUser, t.null]),
  userEmail: t.union([t.string, t.null]),
  organization: t.union([t.record(t.string, t.unknown), t.null]),
  cohort: t.union([t.record(t.string, t.unknown), t.null]),
  filter: t.union([t.record(t.string, t.unknown), t.null]),
  industries: t.array(t.unknown),
  departmentId: t.string,
  primaryDepartments: t.array(Department),
  logoutAlert: t.boolean,
  headRegisterCompleted: t.boolean,
  expired: t.boolean,
  surveyCompleted: t.boolean,
  inviteData: t.union([t.record(t.string, t.unknown), t.null]),
  pending: t.boolean,
  error: t.boolean,
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
};
