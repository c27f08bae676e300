import type { AppEvent } from '../app/events';
import { initialI18n, type I18nState } from './state';

export const i18nReducer = (state: I18nState = initialI18n, e: AppEvent): I18nState => {
  switch (e.type) {
    case 'i18n/languageSelected':
    case 'i18n/languageFollowed':
      return { language: e.code, status: 'loading' };
    case 'i18n/translationLoaded':
      return e.code === state.language ? { ...state, status: 'loaded' } : state;
    case 'i18n/translationFailed':
      return e.code === state.language ? { ...state, status: 'fallback' } : state;
    default:
      return state;
  }
};
