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

// Traditional Chinese readers are better served by their next language than by Simplified.
const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/;

/**
 * The product language that best serves a browser's preferred languages (navigator.languages,
 * most wanted first): the first tag the product speaks, exactly ('en-AU' is 'au') or by its
 * language ('fr-CA' is French, 'en-GB' is 'en'); undefined when none is spoken.
 */
export const browserLanguage = (preferred: readonly string[]): string | undefined => {
  for (const raw of preferred) {
    const tag = raw.trim().toLowerCase().replace(/_/g, '-');
    if (tag === '' || TRADITIONAL.test(tag)) continue;
    const exact = PRODUCT_LANGUAGES.find((language) => language.lang.toLowerCase() === tag);
    if (exact) return exact.code;
    const primary = tag.split('-')[0];
    const byLanguage = PRODUCT_LANGUAGES.find((language) => language.code !== 'au' && language.lang.split('-')[0]!.toLowerCase() === primary);
    if (byLanguage) return byLanguage.code;
  }
  return undefined;
};

/**
 * The language the survey page follows when none was chosen on this device: the browser's
 * first that the product speaks, else the link's organisation default (once the link is
 * known), else undefined (the product's default). A choice kept on the device wins over both
 * and is not decided here.
 */
export const followedSurveyLanguage = (preferred: readonly string[], organisationDefault: string | null = null): string | undefined =>
  browserLanguage(preferred) ?? (organisationDefault !== null && isProductLanguage(organisationDefault) ? organisationDefault : undefined);
