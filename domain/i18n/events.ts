import * as t from 'io-ts';
import { message } from '../kernel/message';

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
