import { createInstance, type i18n as I18n } from 'i18next';
import { en } from '../../domain/i18n/en';
import { serverMessageReader } from '../../domain/i18n/serverMessages';
import { BUILT_IN_LANGUAGE } from '../../infrastructure/i18n/language';

/**
 * i18next set up as the dashboards used it before they had their own translator: the
 * reference the translator is held to, text by text, in every language.
 */
export const createI18nextReference = (language: string): I18n => {
  const instance = createInstance();
  const serverMessage = serverMessageReader(en);
  void instance.init({
    lng: language,
    fallbackLng: BUILT_IN_LANGUAGE,
    resources: { [BUILT_IN_LANGUAGE]: { translation: en } },
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      const ref = serverMessage(key);
      return ref === undefined ? (defaultValue ?? key) : instance.t(ref.key, ref.values);
    },
  });
  const plurals = instance.services.pluralResolver as { getRule(code: string, options?: object): unknown };
  const getRule = plurals.getRule.bind(plurals);
  plurals.getRule = (code, options) => getRule(code === BUILT_IN_LANGUAGE ? 'en-AU' : code, options);
  return instance;
};
