import type { AppEvent } from '../app/events';
import { idleForm, type FormsState } from './forms';
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

export const formsReducer = (state: FormsState = {}, e: AppEvent): FormsState => {
  switch (e.type) {
    case 'form/submitted':
      return { ...state, [e.form]: { status: 'pending', message: null, errors: {} } };
    case 'form/succeeded':
      return { ...state, [e.form]: { status: 'done', message: e.message, errors: {} } };
    case 'form/failed':
      return { ...state, [e.form]: { status: 'failed', message: e.message, errors: e.errors } };
    case 'form/cleared':
      return { ...state, [e.form]: idleForm };
    case 'session/signedOut':
      return {};
    default:
      return state;
  }
};
