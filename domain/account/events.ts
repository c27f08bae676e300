import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';

export const accountEvents = {
  registered: message('account/registered', { email: t.string }),
  /** The emailed code for a 2FA change was sent; the screen shows until when it works. */
  twoFactorCodeSent: message('account/twoFactorCodeSent', { expiresAt: t.string }),
  totpSetupStarted: emptyMessage('account/totpSetupStarted'),
};
export const AccountEvent = t.union([accountEvents.registered, accountEvents.twoFactorCodeSent, accountEvents.totpSetupStarted]);
export type AccountEvent = t.TypeOf<typeof AccountEvent>;
