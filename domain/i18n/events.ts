import * as t from 'io-ts';
import { message } from '../kernel/message';

/** SPEC section 9: the default language, kept in localStorage under newLang. */
export const DEFAULT_LANGUAGE = 'au';

export const i18nCommands = {
  selectLanguage: message('i18n/selectLanguage', { code: t.string }),
};
export const I18nCommand = i18nCommands.selectLanguage;
export type I18nCommand = t.TypeOf<typeof I18nCommand>;

export const i18nEvents = {
  languageSelected: message('i18n/languageSelected', { code: t.string }),
  /** No language was chosen on this device: the page follows the browser's (the survey page). Not kept as a choice. */
  languageFollowed: message('i18n/languageFollowed', { code: t.string }),
  translationLoaded: message('i18n/translationLoaded', { code: t.string }),
  /** Loading failed after its one retry: the built-in English text is used. */
  translationFailed: message('i18n/translationFailed', { code: t.string }),
};
export const I18nEvent = t.union([i18nEvents.languageSelected, i18nEvents.languageFollowed, i18nEvents.translationLoaded, i18nEvents.translationFailed]);
export type I18nEvent = t.TypeOf<typeof I18nEvent>;

export interface I18nState {
  readonly language: string;
  readonly status: 'builtIn' | 'loading' | 'loaded' | 'fallback';
}

export const initialI18n: I18nState = { language: DEFAULT_LANGUAGE, status: 'builtIn' };

export const i18nReducer = (state: I18nState = initialI18n, event: { type: string }): I18nState => {
  const e = event as I18nEvent;
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
