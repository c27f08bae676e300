import { serverMessageReader } from '../../domain/i18n/serverMessages';
import { BUILT_IN_LANGUAGE } from './language';

export type TranslateOptions = Readonly<Record<string, unknown>> & { readonly count?: number; readonly defaultValue?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;

/**
 * The pages' translator, over the catalogues' conventions: flat keys, {{name}} interpolation,
 * plural forms as key_one / key_other (CLDR rules through Intl.PluralRules), the built-in
 * English as the fallback, and the other languages from /translation through the translation
 * effect (addResourceBundle, then changeLanguage). The dashboards give it the whole English
 * catalogue, the participant's page only its own texts. It says every text as i18next, which
 * the dashboards used before, says it (tests/infrastructure/i18n/translator.test.ts) at a tenth
 * of the download.
 */
export interface Translator {
  readonly language: string;
  /**
   * Goes up with every changeLanguage, even to the language already shown: the translation
   * effect adds a language's texts and then changes to it, so its readers translate again.
   */
  readonly revision: number;
  readonly t: Translate;
  addResourceBundle(language: string, namespace: string, resources: object, deep?: boolean, overwrite?: boolean): Translator;
  /**
   * Adds a page's part of the built-in English (brought by the page's chunk). Adding a part
   * again does nothing, so a page may add its part on every render. Nothing is translated
   * again: the part's keys are the page's own, shown by no screen before it.
   */
  addBuiltInTexts(texts: Readonly<Record<string, string>>): void;
  changeLanguage(language: string): Promise<Translate>;
  /** Called after every changeLanguage; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

type Catalogue = Readonly<Record<string, unknown>>;

// 'au' is the product's code for Australian English, not a language Intl knows.
const pluralLocale = (language: string): string => (language === BUILT_IN_LANGUAGE ? 'en-AU' : language);

const interpolate = (text: string, options: TranslateOptions | undefined): string =>
  options === undefined ? text : text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));

const pluralRules = new Map<string, Intl.PluralRules | null>();

const pluralRule = (language: string, count: number): string => {
  if (!pluralRules.has(language)) {
    try {
      pluralRules.set(language, new Intl.PluralRules(pluralLocale(language)));
    } catch {
      // An unknown locale code: the 'other' form.
      pluralRules.set(language, null);
    }
  }
  return pluralRules.get(language)?.select(count) ?? 'other';
};

export const createTranslator = (initialLanguage: string, builtIn: Readonly<Record<string, string>>): Translator => {
  const catalogues = new Map<string, Catalogue>([[BUILT_IN_LANGUAGE, builtIn]]);
  const builtInParts = new WeakSet<object>();
  const listeners = new Set<() => void>();
  let language = initialLanguage;
  let revision = 0;

  // With a count: key_zero for none in any language, then the language's own plural form, then the bare key.
  const lookup = (catalogue: Catalogue | undefined, key: string, count: number | undefined, locale: string): string | undefined => {
    if (catalogue === undefined) return undefined;
    const candidates = [key];
    if (count !== undefined) {
      candidates.unshift(`${key}_${pluralRule(locale, count)}`);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const candidate of candidates) {
      const text = catalogue[candidate];
      if (typeof text === 'string') return text;
    }
    return undefined;
  };

  // Read again when a part of the built-in English is added: a page's part may word server sentences.
  let serverMessage = serverMessageReader(builtIn);

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

  const translator: Translator = {
    get language() {
      return language;
    },
    get revision() {
      return revision;
    },
    t,
    addResourceBundle: (code, _namespace, resources) => {
      catalogues.set(code, { ...(catalogues.get(code) ?? {}), ...(resources as Catalogue) });
      return translator;
    },
    addBuiltInTexts: (texts) => {
      if (builtInParts.has(texts)) return;
      builtInParts.add(texts);
      translator.addResourceBundle(BUILT_IN_LANGUAGE, 'translation', texts);
      serverMessage = serverMessageReader(catalogues.get(BUILT_IN_LANGUAGE) as Readonly<Record<string, string>>);
    },
    changeLanguage: async (code) => {
      language = code;
      revision += 1;
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
