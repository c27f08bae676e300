import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LANGUAGES, browserLanguage, isProductLanguage } from '../../domain/i18n/languages';

const tags = fc.constantFrom('en-AU', 'en-US', 'en', 'fr-CA', 'fr', 'es-MX', 'ar-EG', 'ar', 'zh-CN', 'zh-Hans', 'zh-TW', 'zh-Hant-HK', 'de-DE', 'ja', 'pt-BR', 'tr', '');

describe("the browser's language on the survey page", () => {
  it('matches each product language by its own tag', () => {
    for (const language of PRODUCT_LANGUAGES) expect(browserLanguage([language.lang])).toBe(language.code);
  });

  it('matches by language when the region differs, and skips what the product does not speak', () => {
    expect(browserLanguage(['en-AU'])).toBe('au');
    expect(browserLanguage(['en-GB'])).toBe('en');
    expect(browserLanguage(['fr_CA'])).toBe('fr');
    expect(browserLanguage(['ar-EG', 'en'])).toBe('ar');
    expect(browserLanguage(['de-DE', 'es-419', 'en'])).toBe('es');
    expect(browserLanguage(['zh-TW', 'en-US'])).toBe('en');
    expect(browserLanguage(['zh-CN'])).toBe('zh');
    expect(browserLanguage(['de', 'ja'])).toBeUndefined();
    expect(browserLanguage([])).toBeUndefined();
  });

  it("answers a product language or nothing, the first of the person's list that the product speaks", () => {
    fc.assert(fc.property(fc.array(tags, { maxLength: 6 }), (preferred) => {
      const found = browserLanguage(preferred);
      const alone = preferred.map((tag) => browserLanguage([tag]));
      expect(found).toBe(alone.find((code) => code !== undefined));
      if (found !== undefined) expect(isProductLanguage(found)).toBe(true);
    }));
  });
});
