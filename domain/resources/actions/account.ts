import {
  changePassword, checkResetPasswordToken, getTwoFactorToken, headRegister, resetPasswordRequest, saveUserSetting, sendTwoFactorCode,
  toggleTwoFactor, updatePassword, updatePassword2fa, updateUser,
} from '../../contracts/auth';
import type { ActionEntry } from './entry';

/**
 * The account's forms and buttons: registration, passwords, profile, banners and two-factor.
 * What follows a success beyond the action's own state (the person's new details in the
 * session, a new token, the authenticator's key) is the account effects' follow-up
 * (infrastructure/effects/account.effects.ts, accountFollowUps).
 */
export const accountActions = {
  /** Head-administrator registration (the wizard's last tab). */
  register: { endpoint: headRegister, reloads: [] },
  requestPasswordReset: { endpoint: resetPasswordRequest, reloads: [] },
  /** A new password from an emailed reset link. */
  resetPassword: { endpoint: changePassword, reloads: [] },
  /** The reset link checked as its page opens, so a used or expired one says so before any typing. */
  checkResetLink: { endpoint: checkResetPasswordToken, reloads: [] },
  /** A changed password answers a new token: a secret, kept out of the event. */
  changePassword: { endpoint: updatePassword, reloads: [], secret: true },
  changePassword2fa: { endpoint: updatePassword2fa, reloads: [], secret: true },
  updateProfile: { endpoint: updateUser, reloads: [] },
  /** "Use for my account" after the header switch: the account's language only. */
  keepAccountLanguage: { endpoint: updateUser, reloads: [] },
  /** The dashboard banners' choices. */
  saveSetting: { endpoint: saveUserSetting, reloads: [] },
  /** The authenticator app's key is shown once from the secrets holder, never put into an event. */
  startTotpSetup: { endpoint: getTwoFactorToken, reloads: [], secret: true },
  sendTwoFactorCode: { endpoint: sendTwoFactorCode, reloads: [] },
  toggleTwoFactor: { endpoint: toggleTwoFactor, reloads: [] },
} satisfies Record<string, ActionEntry>;
