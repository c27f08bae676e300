// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { en } from '../../../domain/i18n/en';
import { initialLanguage } from '../../../infrastructure/i18n/language';
import { createTranslator } from '../../../infrastructure/i18n/translator';

beforeEach(() => localStorage.clear());

describe("the dashboards' texts", () => {
  it('are ready at once with the built-in English', () => {
    const i18n = createTranslator('au', en);
    expect(i18n.language).toBe('au');
    expect(i18n.t('api_error')).toBe(en.api_error);
    expect(i18n.t('filter.gender')).toBe('Gender');
  });

  it('fall back to English for a language whose texts have not arrived', () => {
    const i18n = createTranslator('fr', en);
    expect(i18n.language).toBe('fr');
    expect(i18n.t('refresh')).toBe('Refresh');
  });

  it('choose the plural form by count, with the rules of English for au', () => {
    const i18n = createTranslator('au', en);
    expect(i18n.t('active_filters', { count: 1 })).toBe('You have 1 active filter');
    expect(i18n.t('active_filters', { count: 3 })).toBe('You have 3 active filters');
    expect(i18n.t('active_filters', { count: 0 })).toBe('You have 0 active filters');
  });

  it('start in the language kept under newLang, else in au', () => {
    expect(initialLanguage(localStorage)).toBe('au');
    localStorage.setItem('newLang', 'fr');
    expect(initialLanguage(localStorage)).toBe('fr');
    localStorage.setItem('newLang', '<script>');
    expect(initialLanguage(localStorage)).toBe('au');
  });
});
