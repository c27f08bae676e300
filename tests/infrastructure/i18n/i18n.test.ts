// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { en } from '../../../domain/i18n/en';
import { createI18n, initialLanguage } from '../../../infrastructure/i18n/i18n';

beforeEach(() => localStorage.clear());

describe('i18n set-up', () => {
  it('is ready at once with the built-in English', () => {
    const i18n = createI18n('au');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('au');
    expect(i18n.t('api_error')).toBe(en.api_error);
    expect(i18n.t('filter.gender')).toBe('Gender');
  });

  it('falls back to English for a language whose texts have not arrived', () => {
    const i18n = createI18n('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('refresh')).toBe('Refresh');
  });

  it('chooses the plural form by count', () => {
    const i18n = createI18n('au');
    expect(i18n.t('active_filters', { count: 1 })).toBe('You have 1 active filter');
    expect(i18n.t('active_filters', { count: 3 })).toBe('You have 3 active filters');
  });

  it('takes the plural rules of au from English, not from the browser locale', () => {
    const i18n = createI18n('au');
    const plurals = i18n.services.pluralResolver as { getRule(code: string): Intl.PluralRules };
    // Rules are cached per resolved code, so the same object means 'au' resolved as en-AU.
    expect(plurals.getRule('au')).toBe(plurals.getRule('en-AU'));
  });

  it('does not escape interpolated values: React does', () => {
    const i18n = createI18n('au');
    i18n.addResource('au', 'translation', 'greeting', 'Hello {{name}}');
    expect(i18n.t('greeting', { name: '<b>Ann</b>' })).toBe('Hello <b>Ann</b>');
  });

  it('starts in the language kept under newLang, else in au', () => {
    expect(initialLanguage(localStorage)).toBe('au');
    localStorage.setItem('newLang', 'fr');
    expect(initialLanguage(localStorage)).toBe('fr');
    localStorage.setItem('newLang', '<script>');
    expect(initialLanguage(localStorage)).toBe('au');
  });
});
