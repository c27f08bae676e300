import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../infrastructure/i18n/i18n';
import { createParticipantTranslator } from '../../../infrastructure/i18n/participantTranslator';
import { enParticipant } from '../../../domain/i18n/en.participant';
import { en } from '../../../domain/i18n/en';

const french = { survey_next: 'Suivant', survey_check_answers_one: 'Vérifiez {{count}} réponse ci-dessous.', survey_check_answers_other: 'Vérifiez {{count}} réponses ci-dessous.' };

describe("the participant page's translator", () => {
  it('ships every survey_ text: they are written in en.participant.ts, never in en.ts alone', () => {
    const missing = Object.keys(en).filter((key) => key.startsWith('survey_') && !(key in enParticipant));
    expect(missing).toEqual([]);
  });

  it('says every participant text as i18next says it, counts and names filled in', () => {
    const participant = createParticipantTranslator('au');
    const dashboards = createI18n('au');
    const options = { count: 3, n: 2, total: 9, organization: 'Acme', name: 'Research', what: 'French', question: 'Gender', id: 7, date: 'today' };
    const keys = Object.keys(enParticipant);
    const plural = (key: string) => /_(one|other)$/.test(key) && keys.includes(key.replace(/_(one|other)$/, '_one'));
    for (const key of keys) {
      const base = plural(key) ? key.replace(/_(one|other)$/, '') : key;
      expect(participant.t(base, options)).toBe(dashboards.t(base, options));
      expect(participant.t(base, { ...options, count: 1 })).toBe(dashboards.t(base, { ...options, count: 1 }));
    }
  });

  it('takes a language from /translation, falls back to English for a missing key, and tells its readers', async () => {
    const participant = createParticipantTranslator('au');
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
});
