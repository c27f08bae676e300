/** SPEC section 9: the default language, kept in localStorage under newLang. */
export const DEFAULT_LANGUAGE = 'au';

export interface I18nState {
  readonly language: string;
  readonly status: 'builtIn' | 'loading' | 'loaded' | 'fallback';
}

export const initialI18n: I18nState = { language: DEFAULT_LANGUAGE, status: 'builtIn' };
