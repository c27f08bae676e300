import type { AppEvent } from '../app/events';
import { initialI18n, type I18nState } from './state';

export const i18nReducer = (state: I18nState = initialI18n, e: AppEvent): I18nState => {
  switch (e.type) {
    case 'i18n/languageSelected':
    case 'i18n/languageFollowed':
      return { ...state, language: e.code, status: 'loading' };
    case 'i18n/translationLoaded':
      return e.code === state.language ? { ...state, status: 'loaded' } : state;
    case 'i18n/translationFailed':
      return e.code === state.language ? { ...state, status: 'fallback' } : state;
    case 'i18n/accountLanguageOffered':
      return { ...state, accountOffer: e.code };
    case 'i18n/accountLanguageOfferClosed':
    case 'session/signedOut':
    case 'session/loggedIn':
      return state.accountOffer === null ? state : { ...state, accountOffer: null };
    case 'session/userUpdated':
      // Kept for the account (the offer's button, or Account settings): nothing left to ask.
      return state.accountOffer !== null && e.user.locale_id === state.accountOffer ? { ...state, accountOffer: null } : state;
    default:
      return state;
  }
};
