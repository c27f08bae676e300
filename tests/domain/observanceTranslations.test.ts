import { describe, expect, it } from 'vitest';
import { OBSERVANCES } from '../../domain/calendar/observances';
import { OBSERVANCE_TRANSLATIONS } from '../../domain/calendar/observanceTranslations';

describe('the observances in the product’s languages', () => {
  it('names and describes every observance in French, Spanish, Arabic and Chinese, and nothing else', () => {
    const keys = OBSERVANCES.map((observance) => observance.key);
    expect(Object.keys(OBSERVANCE_TRANSLATIONS).sort()).toEqual([...keys].sort());
    for (const observance of OBSERVANCES) {
      for (const language of ['fr', 'es', 'ar', 'zh'] as const) {
        const text = OBSERVANCE_TRANSLATIONS[observance.key]?.[language];
        expect(text?.name.trim().length, `${observance.key} ${language}`).toBeGreaterThan(1);
        expect(text?.description.trim().length, `${observance.key} ${language}`).toBeGreaterThan(4);
      }
      // Arabic and Chinese are written in their own scripts, not left in English.
      expect(OBSERVANCE_TRANSLATIONS[observance.key]!.ar!.description).toMatch(/[\u0600-\u06ff]/);
      expect(OBSERVANCE_TRANSLATIONS[observance.key]!.zh!.description).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
