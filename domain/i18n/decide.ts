import type { I18nCommand, I18nEvent } from './events';
import type { I18nState } from './state';

/** Choosing a language: nothing new when it is the one loading or loaded already. */
export const decideLanguage = (state: I18nState, command: I18nCommand): I18nEvent[] =>
  // The server may word things differently from the built-in English, so 'au' loads too.
  state.language === command.code && (state.status === 'loading' || state.status === 'loaded')
    ? []
    : [{ type: 'i18n/languageSelected', code: command.code }];
