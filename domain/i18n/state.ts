/** SPEC section 9: the default language, kept in localStorage under newLang. */
export const DEFAULT_LANGUAGE = 'au';

export interface I18nState {
  readonly language: string;
  readonly status: 'builtIn' | 'loading' | 'loaded' | 'fallback';
  /**
   * A language switched to in the header while signed in that is not the account's: the screen
   * asks whether the account should use it too (mails, certificates, exports, the next sign-in).
   */
  readonly accountOffer: string | null;
}

export const initialI18n: I18nState = { language: DEFAULT_LANGUAGE, status: 'builtIn', accountOffer: null };
