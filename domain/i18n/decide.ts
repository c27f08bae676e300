import type { I18nCommand, I18nEvent } from './events';
import type { I18nState } from './state';

/** Choosing a language: nothing new when it is the one loading or loaded already. */
export const decideLanguage = (state: I18nState, command: I18nCommand): I18nEvent[] =>
  // The server may word things differently from the built-in English, so 'au' loads too.
  state.language === command.code && (state.status === 'loading' || state.status === 'loaded')
    ? []
    : [{ type: 'i18n/languageSelected', code: command.code }];

/**
 * The header switch while signed in: the screen changes at once; the account's language (its
 * mails, certificates, exports and next sign-in) changes only when the person says so, so a
 * language other than the account's is offered to it. `account` is undefined when no one is
 * signed in (no offer), null when the account has no language yet.
 */
export const decideLanguageChoice = (state: I18nState, account: string | null | undefined, command: I18nCommand): I18nEvent[] => {
  const shown = decideLanguage(state, command);
  if (account === undefined) return shown;
  if (account === command.code) return state.accountOffer === null ? shown : [...shown, { type: 'i18n/accountLanguageOfferClosed' }];
  return state.accountOffer === command.code ? shown : [...shown, { type: 'i18n/accountLanguageOffered', code: command.code }];
};
