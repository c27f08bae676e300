import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { PrimaryDepartment } from './groups';
import { FirstName, LastName, OrganizationName } from './textLimits';
import { Permission } from '../navigation/permissions';
import { SlideShowSetting } from '../slideshow/slides';

/** Roles of SPEC section 6, as the server stores and sends them. */
export const Role = t.keyof({
  admin: null,
  second_admin: null,
  sub_admin: null,
  group_assignee: null,
  subgroup_assignee: null,
  staff: null,
});
export type Role = t.TypeOf<typeof Role>;

export const TwoFactorMethod = t.keyof({ off: null, email: null, totp: null });
export type TwoFactorMethod = t.TypeOf<typeof TwoFactorMethod>;

/** Banner choice per dashboard panel (SPEC section 3); hideAlways is the default. */
export const BannerChoice = t.keyof({ hideAlways: null, showAlways: null, showOnce: null });
export type BannerChoice = t.TypeOf<typeof BannerChoice>;
/** Banner choices per panel; the slide show's pages, order and interval once the person chose them (issue 17). */
export const UserSetting = t.intersection([t.strict({ banners: t.record(t.string, BannerChoice) }), t.partial({ slide_show: SlideShowSetting })]);
export type UserSetting = t.TypeOf<typeof UserSetting>;

/** The signed-in person as the client sees them. Never carries a hash, secret or token. */
export const User = t.strict({
  id: t.string,
  email: t.string,
  first_name: t.string,
  last_name: t.string,
  role: Role,
  organization_id: t.string,
  locale_id: t.union([t.string, t.null]),
  two_factor: TwoFactorMethod,
  setting: UserSetting,
});
export type User = t.TypeOf<typeof User>;

export const Organization = t.strict({ id: t.string, name: t.string, country: t.string, industry: t.union([t.string, t.null]) });
export type Organization = t.TypeOf<typeof Organization>;

export const Industry = t.strict({ value: t.string, principleId: t.number });

const Email = t.string;
const Password = t.string;

/**
 * SPEC section 4, login outcomes. With a user: signed in (access_token). Without one: a
 * second factor is needed, and expired_time says until when the emailed code is valid.
 * password_expired: the token is issued but only lets the person change their password.
 */
export const LoginResult = t.intersection([
  t.strict({ password_expired: t.boolean }),
  t.partial({
    user: User,
    access_token: t.string,
    expired_time: t.string,
    two_factor: TwoFactorMethod,
  }),
]);
export type LoginResult = t.TypeOf<typeof LoginResult>;

export const headRegister = endpoint({
  method: 'POST',
  path: '/head-register',
  body: t.strict({
    organization_name: OrganizationName,
    country: t.string,
    industry: t.union([t.string, t.null]),
    first_name: FirstName,
    last_name: LastName,
    email: Email,
    password: Password,
    password_confirmation: Password,
    agree: t.boolean,
  }),
  data: t.strict({ email: t.string }),
});

export const checkEmailExistence = endpoint({
  method: 'GET',
  path: '/check-email-existence',
  query: t.strict({ email: t.string }),
  data: t.strict({ exists: t.boolean }),
});

export const login = endpoint({ method: 'POST', path: '/login', body: t.strict({ email: Email, password: Password }), data: LoginResult });

export const login2fa = endpoint({
  method: 'POST',
  path: '/login-2fa',
  body: t.strict({ email: Email, password: Password, code: t.string }),
  data: LoginResult,
});

export const logout = endpoint({ method: 'POST', path: '/logout', data: t.null, primary: true });

/**
 * SPEC section 7 names POST /login-profile without a meaning; ours: the signed-in person signs
 * in to their own profile again ("confirm it's you") before a sensitive step. With the password
 * (and, when two-factor is on, the code: without it the code is sent, or asked of the
 * authenticator, exactly as /login answers) it answers a fresh LoginResult and revokes the
 * session it was called with, so a token that may have been seen stops working.
 */
export const loginProfile = endpoint({
  method: 'POST',
  path: '/login-profile',
  body: t.intersection([t.strict({ password: Password }), t.partial({ code: t.string })]),
  data: LoginResult,
  primary: true,
});

export const SessionCheck = t.intersection([
  t.strict({
    user: User,
    /** The group in view (`{ id, name, parent_id }`): the one viewed as, else one's own department; null for none. */
    cohort: t.union([t.record(t.string, t.unknown), t.null]),
    organization: Organization,
    /** The departments every read of this session is confined to (`{ departments: [ids] }`); null for the whole organisation. */
    filter: t.union([t.record(t.string, t.unknown), t.null]),
    /** The organisation's industry as an item of the industries list, when its text names one. */
    industries: t.array(Industry),
  }),
  /** The groups the person may view as (domain/contracts/groups.ts); the server always sends it. */
  t.partial({ primary_departments: t.array(PrimaryDepartment) }),
]);
export type SessionCheck = t.TypeOf<typeof SessionCheck>;

export const checkAccessToken = endpoint({ method: 'POST', path: '/check-access-token', data: SessionCheck, primary: true });

export const getPermissions = endpoint({ method: 'GET', path: '/user/permissions', data: t.array(Permission) });

export const getUserSetting = endpoint({ method: 'GET', path: '/user/setting', data: UserSetting });
export const saveUserSetting = endpoint({ method: 'POST', path: '/user/setting', body: UserSetting, data: UserSetting });

export const updateUser = endpoint({
  method: 'PATCH',
  path: '/user/update',
  body: t.partial({ first_name: FirstName, last_name: LastName, locale_id: t.union([t.string, t.null]) }),
  data: User,
  primary: true,
});

export const resetPasswordRequest = endpoint({
  method: 'POST',
  path: '/reset-password-request',
  body: t.strict({ email: Email }),
  data: t.null,
});

export const checkResetPasswordToken = endpoint({
  method: 'POST',
  path: '/check-reset-password-token',
  body: t.strict({ token: t.string }),
  data: t.strict({ email: t.string }),
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/change-password',
  body: t.strict({ token: t.string, password: Password, password_confirmation: Password }),
  data: t.null,
});

export const updatePassword = endpoint({
  method: 'POST',
  path: '/user/update-password',
  body: t.strict({ current_password: Password, password: Password, password_confirmation: Password }),
  data: t.strict({ access_token: t.string }),
  primary: true,
});

export const updatePassword2fa = endpoint({
  method: 'POST',
  path: '/user/update-password-2fa',
  body: t.strict({ current_password: Password, password: Password, password_confirmation: Password, code: t.string }),
  data: t.strict({ access_token: t.string }),
  primary: true,
});

/** Starts authenticator-app set-up: a new secret, shown once as a QR code. */
export const getTwoFactorToken = endpoint({
  method: 'POST',
  path: '/user/update/get-token',
  data: t.strict({ secret: t.string, uri: t.string }),
  primary: true,
});

export const toggleTwoFactor = endpoint({
  method: 'POST',
  path: '/user/update/toggle-2fa',
  body: t.strict({ method: TwoFactorMethod, code: t.string }),
  data: t.strict({ two_factor: TwoFactorMethod }),
  primary: true,
});

/** Sends the emailed code used to confirm turning email 2FA on or off. */
export const sendTwoFactorCode = endpoint({
  method: 'POST',
  path: '/user/update/send-2fa-code',
  data: t.strict({ expired_time: t.string }),
  primary: true,
});

/** Server wording of SPEC sections 5 and 8 for accounts. */
export const AuthMessages = {
  invalidEmail: 'Please provide a valid email.',
  invalidPassword: 'Please provide a valid password.',
  mustAgree: 'You must agree before you continue.',
  passwordsDiffer: 'The password confirmation does not match.',
  emailTaken: 'The email has already been taken.',
  invalidCredentials: 'Please check your username and password and try again!',
  userNotActive: 'This user is not active.',
  noActivePackage: 'This account is no longer valid. Please contact us to renew your package.',
  passwordExpired: 'Your password has been expired, please change it now!',
  currentPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  /** A password reset link already used, expired or unknown. */
  tokenNoLongerValid: 'This password reset link has already been used or has expired.',
  twoFactorCodeRequired: 'Two-factor authentication is on: please confirm the password change with your code.',
  invalidCode: 'The code is not valid or has expired.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  resetRequested: 'If an account exists for this email, a link to reset the password has been sent.',
  sessionExpired: 'Session expired! Please log in first.',
  ssoNotConfigured: 'Login with Amazon is not available on this server.',
  ssoNoAccount: 'No account uses the email of this Amazon profile. Ask your administrator for an invitation.',
  ssoStateInvalid: 'The sign-in attempt has expired or was not started here. Please try again.',
} as const;
