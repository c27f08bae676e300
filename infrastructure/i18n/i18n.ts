import { createInstance, type i18n as I18n } from 'i18next';
import { en } from '../../domain/i18n/en';
import { DEFAULT_LANGUAGE } from '../../domain/i18n/events';
import { storedItems, type KeyValueStorage } from '../storage/local';

/** The language whose texts ship with the client (SPEC section 9: 'au', built-in English). */
export const BUILT_IN_LANGUAGE = DEFAULT_LANGUAGE;

/** The language chosen last time (kept under newLang), or the default. */
export const initialLanguage = (storage: KeyValueStorage): string => storedItems.newLang.read(storage) ?? DEFAULT_LANGUAGE;

/**
 * An i18next instance ready before the first render: the English texts are bundled, so
 * initialisation is synchronous. Other languages arrive from /translation (i18n.effects).
 */
export const createI18n = (language: string): I18n => {
  const instance = createInstance();
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
  });
  // 'au' is the product's code for Australian English, not a language Intl knows: without
  // this its plural rules would be those of the browser's own locale.
  const plurals = instance.services.pluralResolver as { getRule(code: string, options?: object): unknown };
  const getRule = plurals.getRule.bind(plurals);
  plurals.getRule = (code, options) => getRule(code === BUILT_IN_LANGUAGE ? 'en-AU' : code, options);
  return instance;
};
