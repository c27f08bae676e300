import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LANGUAGES, browserLanguage, followedSurveyLanguage, isProductLanguage } from '../../domain/i18n/languages';

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

describe("the survey page's followed language", () => {
  it("is the browser's when the product speaks it, else the link's organisation default, else none", () => {
    expect(followedSurveyLanguage(['fr-CA'], 'ar')).toBe('fr');
    expect(followedSurveyLanguage(['de-DE', 'ja'], 'ar')).toBe('ar');
    expect(followedSurveyLanguage(['de-DE'])).toBeUndefined();
    expect(followedSurveyLanguage([], null)).toBeUndefined();
    // A default the product no longer speaks is not followed.
    expect(followedSurveyLanguage(['de-DE'], 'tlh')).toBeUndefined();
  });

  it('follows the organisation only where the browser gives nothing', () => {
    fc.assert(fc.property(fc.array(tags, { maxLength: 6 }), fc.constantFrom(...PRODUCT_LANGUAGES.map((l) => l.code)), (preferred, organisation) => {
      expect(followedSurveyLanguage(preferred, organisation)).toBe(browserLanguage(preferred) ?? organisation);
    }));
  });
});
