import { describe, expect, it } from 'vitest';
import { createTranslator, type TranslateOptions } from '../../../infrastructure/i18n/translator';
import { enParticipant } from '../../../domain/i18n/en.participant';
import { en } from '../../../domain/i18n/en';
import { CATALOGUES } from '../../../domain/i18n/catalogues';
import { createI18nextReference } from '../../support/i18nextReference';

const french = { survey_next: 'Suivant', survey_check_answers_one: 'Vérifiez {{count}} réponse ci-dessous.', survey_check_answers_other: 'Vérifiez {{count}} réponses ci-dessous.' };

// Every placeholder name the catalogues use, so that no {{name}} is left unfilled by accident.
const OPTIONS = { n: 2, total: 9, organization: 'Acme', name: 'Research', what: 'French', question: 'Gender', id: 7, date: 'today' };
// Counts that reach every plural form of the product's languages (Arabic's zero, one, two, few, many, other).
const COUNTS = [0, 1, 2, 3, 11, 100, 101];

/** The keys a screen asks for: a plural text (key_one and key_other) by its base key, the rest as they are. */
const askedKeys = (catalogue: Readonly<Record<string, string>>): string[] =>
  Object.keys(catalogue).map((key) => {
    const base = key.replace(/_(one|other)$/, '');
    return base !== key && `${base}_one` in catalogue && `${base}_other` in catalogue ? base : key;
  });

describe('the translator', () => {
  it('ships every survey_ text on the participant page: they are written in en.participant.ts, never in en.ts alone', () => {
    const missing = Object.keys(en).filter((key) => key.startsWith('survey_') && !(key in enParticipant));
    expect(missing).toEqual([]);
  });

  it('says every text of every language as i18next says it, counts and names filled in', async () => {
    for (const [code, catalogue] of Object.entries(CATALOGUES)) {
      const translator = createTranslator('au', en);
      const reference = createI18nextReference('au');
      if (code !== 'au') {
        translator.addResourceBundle(code, 'translation', catalogue, true, true);
        reference.addResourceBundle(code, 'translation', catalogue, true, true);
        await translator.changeLanguage(code);
        await reference.changeLanguage(code);
      }
      const said = (t: (key: string, options: TranslateOptions) => string) =>
        askedKeys(en).flatMap((key) => [`${code} ${key}: ${t(key, OPTIONS)}`, ...COUNTS.map((count) => `${code} ${key} ${count}: ${t(key, { ...OPTIONS, count })}`)]);
      expect(said(translator.t)).toEqual(said((key, options) => reference.t(key, { ...options })));
    }
  });

  it("says the participant's texts with the participant's catalogue alone as with the whole one", () => {
    const participant = createTranslator('au', enParticipant);
    const dashboards = createTranslator('au', en);
    for (const key of askedKeys(enParticipant)) {
      expect(participant.t(key, OPTIONS)).toBe(dashboards.t(key, OPTIONS));
      expect(participant.t(key, { ...OPTIONS, count: 1 })).toBe(dashboards.t(key, { ...OPTIONS, count: 1 }));
    }
  });

  it('answers a missing text with its default value or the key, and does not escape what it fills in: React does', () => {
    const translator = createTranslator('au', en);
    const reference = createI18nextReference('au');
    for (const [key, options] of [
      ['no_such_key', undefined],
      ['no_such_key', { defaultValue: 'shown instead' }],
      ['no_such_key', { defaultValue: 'Hello {{name}}', name: '<b>Ann</b>' }],
    ] as const) expect(translator.t(key, options)).toBe(reference.t(key, options));
    translator.addResourceBundle('au', 'translation', { greeting: 'Hello {{name}}' });
    expect(translator.t('greeting', { name: '<b>Ann</b>' })).toBe('Hello <b>Ann</b>');
  });

  it('takes a language from /translation, falls back to English for a missing key, and tells its readers', async () => {
    const participant = createTranslator('au', enParticipant);
    let changes = 0;
    const unsubscribe = participant.subscribe(() => (changes += 1));
    participant.addResourceBundle('fr', 'translation', french, true, true);
    await participant.changeLanguage('fr');
    expect(participant.language).toBe('fr');
    expect(changes).toBe(1);
    expect(participant.t('survey_next')).toBe('Suivant');
    expect(participant.t('survey_check_answers', { count: 1 })).toBe('Vérifiez 1 réponse ci-dessous.');
    expect(participant.t('survey_check_answers', { count: 2 })).toBe('Vérifiez 2 réponses ci-dessous.');
    expect(participant.t('survey_back')).toBe(enParticipant.survey_back);
    expect(participant.t('survey_q_unknown', { defaultValue: 'unknown' })).toBe('unknown');
    expect(participant.t('A server sentence.')).toBe('A server sentence.');
    unsubscribe();
    await participant.changeLanguage('au');
    expect(changes).toBe(1);
  });

  it('tells its readers when the texts of the language already shown arrive', async () => {
    // A page opened in French shows English until /translation answers, then French.
    const translator = createTranslator('fr', en);
    expect(translator.t('refresh')).toBe(en.refresh);
    const before = translator.revision;
    let changes = 0;
    translator.subscribe(() => (changes += 1));
    translator.addResourceBundle('fr', 'translation', { refresh: 'Actualiser' }, true, true);
    await translator.changeLanguage('fr');
    expect(changes).toBe(1);
    expect(translator.revision).not.toBe(before);
    expect(translator.t('refresh')).toBe('Actualiser');
  });
});
