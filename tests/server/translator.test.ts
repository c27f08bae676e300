import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { translator } from '../../server/services/exports/words';

/** The server's translator (PDF report, certificate): plural forms chosen by the language's own rules. */
describe('translator', () => {
  it('reads a plural key in the form the language’s rules choose, Arabic’s six among them', () => {
    fc.assert(
      fc.property(fc.constantFrom('en', 'fr', 'es', 'ar', 'zh'), fc.nat({ max: 100_000 }), (language, count) => {
        const form = new Intl.PluralRules(language).select(count);
        const catalogue = CATALOGUES[language] as Readonly<Record<string, string | undefined>>;
        const expected = (catalogue[`fact_respondents_${form}`] ?? catalogue.fact_respondents_other)!.replace('{{count}}', String(count));
        expect(translator(language)('fact_respondents', { count })).toBe(expected);
      }),
    );
  });

  it('falls back to English for an unknown language, and reads a region’s tag by its language', () => {
    expect(translator('xx')('fact_respondents', { count: 1 })).toBe('1 person has answered the survey.');
    expect(translator('fr-CA')('fact_respondents', { count: 2 })).toBe('2 personnes ont répondu à l’enquête.');
    expect(translator('ar')('certificate_pdf_heading')).toBe('شهادة مشاركة');
  });
});
