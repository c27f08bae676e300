import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedLanguageTags, pageLanguageOf } from '../../domain/i18n/acceptLanguage';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';

describe('the language of a page the server writes itself, from Accept-Language', () => {
  it('orders the tags by weight, keeps the header order between equal weights, and leaves out q=0 and the wildcard', () => {
    expect(acceptedLanguageTags('de;q=0.5, fr-CA, ar;q=0.9, *;q=0.1, es;q=0, en;q=0.9')).toEqual(['fr-CA', 'ar', 'en', 'de']);
    expect(acceptedLanguageTags(' zh-CN ; Q=0.8 ,fr')).toEqual(['fr', 'zh-CN']);
    expect(acceptedLanguageTags(undefined)).toEqual([]);
    expect(acceptedLanguageTags('')).toEqual([]);
  });

  it('speaks the first accepted language the product speaks, else English', () => {
    expect(pageLanguageOf('de-DE, fr-CA;q=0.8, en;q=0.5')).toBe('fr');
    expect(pageLanguageOf('en;q=0.2, ar-EG')).toBe('ar');
    expect(pageLanguageOf('en-AU')).toBe('au');
    expect(pageLanguageOf('zh-TW, es;q=0.4')).toBe('es');
    expect(pageLanguageOf('de, ja')).toBe('en');
    expect(pageLanguageOf(undefined)).toBe('en');
  });

  it('answers a product language for any header, however malformed or long', () => {
    const codes = PRODUCT_LANGUAGES.map((language) => language.code);
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (header) => {
        expect(codes).toContain(pageLanguageOf(header));
        expect(acceptedLanguageTags(header).length).toBeLessThanOrEqual(20);
      }),
    );
  });
});
