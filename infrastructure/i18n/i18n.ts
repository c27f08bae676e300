import { createInstance, type i18n as I18n } from 'i18next';
import { en } from '../../domain/i18n/en';
import { serverMessageReader } from '../../domain/i18n/serverMessages';
import { BUILT_IN_LANGUAGE } from './language';

export { BUILT_IN_LANGUAGE, initialLanguage } from './language';

/**
 * An i18next instance ready before the first render: the English texts are bundled, so
 * initialisation is synchronous. Other languages arrive from /translation (i18n.effects).
 */
export const createI18n = (language: string): I18n => {
  const instance = createInstance();
  const serverMessage = serverMessageReader(en);
  void instance.init({
    lng: language,
    fallbackLng: BUILT_IN_LANGUAGE,
    resources: { [BUILT_IN_LANGUAGE]: { translation: en } },
    initAsync: false,
    // Keys are flat and some contain dots ('filter.gender'): no nesting by separator.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // Pages pass the server's English sentences to t() as they pass keys: a known sentence is
    // shown through its catalogue key, in the page's language.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      const ref = serverMessage(key);
      return ref === undefined ? (defaultValue ?? key) : instance.t(ref.key, ref.values);
    },
  });
  // 'au' is the product's code for Australian English, not a language Intl knows: without
  // this its plural rules would be those of the browser's own locale.
  const plurals = instance.services.pluralResolver as { getRule(code: string, options?: object): unknown };
  const getRule = plurals.getRule.bind(plurals);
  plurals.getRule = (code, options) => getRule(code === BUILT_IN_LANGUAGE ? 'en-AU' : code, options);
  return instance;
};
