/**
 * The languages the product speaks. Each is named in its own language in every switcher, as a
 * person looks for their own; `lang` is the BCP 47 tag for the page and for Intl ('au' is the
 * product's code for Australian English), `dir` the way its text runs.
 */
export interface ProductLanguage {
  readonly code: string;
  readonly nativeName: string;
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
}

export const PRODUCT_LANGUAGES: readonly ProductLanguage[] = [
  { code: 'au', nativeName: 'English (Australia)', lang: 'en-AU', dir: 'ltr' },
  { code: 'en', nativeName: 'English', lang: 'en', dir: 'ltr' },
  { code: 'fr', nativeName: 'Français', lang: 'fr', dir: 'ltr' },
  { code: 'es', nativeName: 'Español', lang: 'es', dir: 'ltr' },
  { code: 'ar', nativeName: 'العربية', lang: 'ar', dir: 'rtl' },
  { code: 'zh', nativeName: '中文（简体）', lang: 'zh-Hans', dir: 'ltr' },
];

const byCode = new Map(PRODUCT_LANGUAGES.map((language) => [language.code, language]));

/** The language of a code; an unknown code reads as the product's default, Australian English. */
export const productLanguage = (code: string): ProductLanguage => byCode.get(code) ?? PRODUCT_LANGUAGES[0]!;

export const isProductLanguage = (code: string): boolean => byCode.has(code);
