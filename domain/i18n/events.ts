import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';

export const i18nCommands = {
  selectLanguage: message('i18n/selectLanguage', { code: t.string }),
};
export const I18nCommand = i18nCommands.selectLanguage;
export type I18nCommand = t.TypeOf<typeof I18nCommand>;

/** "Only on this screen": the account keeps its language (the dashboards only; a participant has no account). */
export const closeAccountLanguageOffer = emptyMessage('i18n/closeAccountLanguageOffer');
export type AccountLanguageCommand = t.TypeOf<typeof closeAccountLanguageOffer>;

export const i18nEvents = {
  languageSelected: message('i18n/languageSelected', { code: t.string }),
  /** No language was chosen on this device: the page follows the browser's (the survey page). Not kept as a choice. */
  languageFollowed: message('i18n/languageFollowed', { code: t.string }),
  translationLoaded: message('i18n/translationLoaded', { code: t.string }),
  /** Loading failed after its one retry: the built-in English text is used. */
  translationFailed: message('i18n/translationFailed', { code: t.string }),
  /** Switched to while signed in, and not the account's language: the account's is changed only if the person says so. */
  accountLanguageOffered: message('i18n/accountLanguageOffered', { code: t.string }),
  accountLanguageOfferClosed: emptyMessage('i18n/accountLanguageOfferClosed'),
};
export const I18nEvent = t.union([
  i18nEvents.languageSelected,
  i18nEvents.languageFollowed,
  i18nEvents.translationLoaded,
  i18nEvents.translationFailed,
  i18nEvents.accountLanguageOffered,
  i18nEvents.accountLanguageOfferClosed,
]);
export type I18nEvent = t.TypeOf<typeof I18nEvent>;
