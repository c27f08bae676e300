import { describe, expect, it } from 'vitest';
import { CATALOGUES, cataloguedLanguages } from '../../domain/i18n/catalogues';
import { en } from '../../domain/i18n/en';
import { PRODUCT_LANGUAGES, productLanguage } from '../../domain/i18n/languages';

const placeholders = (text: string): string[] => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
const EXTRA_PLURAL = /_(zero|two|few|many)$/;
/** A key such as chart_and_more_few: a further plural form of a key English has as _one and _other. */
const isExtraPluralForm = (key: string): boolean => !(key in en) && EXTRA_PLURAL.test(key) && `${key.replace(EXTRA_PLURAL, '')}_one` in en;

describe('the catalogues', () => {
  it('cover every product language', () => {
    expect(cataloguedLanguages().map((language) => language.code)).toEqual(PRODUCT_LANGUAGES.map((language) => language.code));
  });

  it.each(Object.keys(CATALOGUES))('%s has every English key, no stray key, and the same placeholders', (code) => {
    const catalogue = CATALOGUES[code] as Readonly<Record<string, string | undefined>>;
    expect(Object.keys(en).filter((key) => catalogue[key] === undefined || catalogue[key]!.trim() === '')).toEqual([]);
    const stray = Object.keys(catalogue).filter((key) => !(key in en) && !isExtraPluralForm(key));
    expect(stray).toEqual([]);
    for (const [key, text] of Object.entries(en)) expect(placeholders(catalogue[key] ?? ''), `${code} ${key}`).toEqual(placeholders(text));
    for (const key of Object.keys(catalogue).filter(isExtraPluralForm)) {
      expect(placeholders(catalogue[key]!), `${code} ${key}`).toEqual(placeholders(en[`${key.replace(EXTRA_PLURAL, '')}_other` as keyof typeof en]));
    }
  });

  it('gives Arabic every plural form its rules use', () => {
    const arabic = CATALOGUES.ar as Readonly<Record<string, string | undefined>> | undefined;
    if (arabic === undefined) return;
    const forms = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
    // Plural keys come in _one and _other pairs (country_other alone is the option "Other").
    const plurals = Object.keys(en).filter((key) => key.endsWith('_other') && `${key.replace(/_other$/, '')}_one` in en);
    for (const base of plurals.map((key) => key.replace(/_other$/, ''))) {
      for (const form of forms) expect(arabic[`${base}_${form}`], `ar ${base}_${form}`).toBeDefined();
    }
  });
});

describe('product languages', () => {
  it('know their page language and direction, and read an unknown code as the default', () => {
    expect(productLanguage('ar')).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(productLanguage('au')).toMatchObject({ lang: 'en-AU', dir: 'ltr' });
    expect(productLanguage('xx').code).toBe('au');
    for (const language of PRODUCT_LANGUAGES) expect(Intl.getCanonicalLocales(language.lang)).toEqual([language.lang]);
  });
});
