import { enParticipant } from '../../domain/i18n/en.participant';
import { serverMessageReader } from '../../domain/i18n/serverMessages';
import { BUILT_IN_LANGUAGE } from './language';

export type TranslateOptions = Readonly<Record<string, unknown>> & { readonly count?: number; readonly defaultValue?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;

/**
 * The participant page's translator. The dashboards use i18next; the survey page, which must
 * stay small on a phone, uses this one over the same catalogues and conventions: flat keys,
 * {{name}} interpolation, plural forms as key_one / key_other (CLDR rules through
 * Intl.PluralRules), the built-in English as the fallback, and the other languages from
 * /translation through the same effect (addResourceBundle, changeLanguage).
 */
export interface ParticipantTranslator {
  readonly language: string;
  readonly t: Translate;
  addResourceBundle(language: string, namespace: string, resources: object, deep?: boolean, overwrite?: boolean): ParticipantTranslator;
  changeLanguage(language: string): Promise<Translate>;
  /** Called after every change of language; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

type Catalogue = Record<string, unknown>;

// 'au' is the product's code for Australian English, not a language Intl knows.
const pluralLocale = (language: string): string => (language === BUILT_IN_LANGUAGE ? 'en-AU' : language);

const interpolate = (text: string, options: TranslateOptions | undefined): string =>
  options === undefined ? text : text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));

export const createParticipantTranslator = (initialLanguage: string): ParticipantTranslator => {
  const catalogues = new Map<string, Catalogue>([[BUILT_IN_LANGUAGE, { ...enParticipant }]]);
  const listeners = new Set<() => void>();
  let language = initialLanguage;

  const lookup = (catalogue: Catalogue | undefined, key: string, count: number | undefined, locale: string): string | undefined => {
    if (catalogue === undefined) return undefined;
    if (count !== undefined) {
      let rule = 'other';
      try {
        rule = new Intl.PluralRules(pluralLocale(locale)).select(count);
      } catch {
        // An unknown locale code: the 'other' form.
      }
      const plural = catalogue[`${key}_${rule}`] ?? catalogue[`${key}_other`];
      if (typeof plural === 'string') return plural;
    }
    const text = catalogue[key];
    return typeof text === 'string' ? text : undefined;
  };

  const serverMessage = serverMessageReader(enParticipant);

  const t: Translate = (key, options) => {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const text =
      lookup(catalogues.get(language), key, count, language) ??
      lookup(catalogues.get(BUILT_IN_LANGUAGE), key, count, BUILT_IN_LANGUAGE);
    if (text !== undefined) return interpolate(text, options);
    // A sentence of the server's rather than a key: through its catalogue key when it has one.
    const ref = serverMessage(key);
    if (ref !== undefined) return t(ref.key, ref.values);
    return interpolate(options?.defaultValue ?? key, options);
  };

  const translator: ParticipantTranslator = {
    get language() {
      return language;
    },
    t,
    addResourceBundle: (code, _namespace, resources) => {
      catalogues.set(code, { ...(catalogues.get(code) ?? {}), ...(resources as Catalogue) });
      return translator;
    },
    changeLanguage: async (code) => {
      language = code;
      for (const listener of listeners) listener();
      return t;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return translator;
};
