import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';
import { headRegister, TwoFactorMethod, UserSetting } from '../contracts/auth';

/** Account intents. Passwords and codes ride on the command to the effect, never into events. */
export const accountCommands = {
  register: message('account/register', { form: headRegister.body }),
  requestPasswordReset: message('account/requestPasswordReset', { email: t.string }),
  resetPassword: message('account/resetPassword', { token: t.string, password: t.string, password_confirmation: t.string }),
  changePassword: message('account/changePassword', {
    current_password: t.string,
    password: t.string,
    password_confirmation: t.string,
    code: t.union([t.string, t.null]),
  }),
  updateProfile: message('account/updateProfile', { first_name: t.string, last_name: t.string, locale_id: t.union([t.string, t.null]) }),
  saveSetting: message('account/saveSetting', { setting: UserSetting }),
  startTotpSetup: emptyMessage('account/startTotpSetup'),
  sendTwoFactorCode: emptyMessage('account/sendTwoFactorCode'),
  toggleTwoFactor: message('account/toggleTwoFactor', { method: TwoFactorMethod, code: t.string }),
  clearForm: message('account/clearForm', { form: t.string }),
};

export const AccountCommand = t.union([
  accountCommands.register,
  accountCommands.requestPasswordReset,
  accountCommands.resetPassword,
  accountCommands.changePassword,
  accountCommands.updateProfile,
  accountCommands.saveSetting,
  accountCommands.startTotpSetup,
  accountCommands.sendTwoFactorCode,
  accountCommands.toggleTwoFactor,
  accountCommands.clearForm,
]);
export type AccountCommand = t.TypeOf<typeof AccountCommand>;
