import type { AppEvent } from '../app/events';
import { initialAccount, type AccountState } from './state';

export const accountReducer = (state: AccountState = initialAccount, e: AppEvent): AccountState => {
  switch (e.type) {
    case 'account/registered':
      return { ...state, registeredEmail: e.email };
    case 'account/twoFactorCodeSent':
      return { ...state, twoFactorCodeExpiresAt: e.expiresAt };
    case 'account/totpSetupStarted':
      return { ...state, totpSetupOpen: true };
    case 'session/userUpdated':
    case 'session/signedOut':
      return { ...state, totpSetupOpen: false, twoFactorCodeExpiresAt: null };
    default:
      return state;
  }
};
