import { describe, expect, it } from 'vitest';
import { dateFormats } from '../../domain/i18n/dates';
import { productLanguage } from '../../domain/i18n/languages';

describe('a time of day shown to the reader', () => {
  it('names the reader\'s time zone in every language, and leaves what is not a date as it came', () => {
    const iso = '2026-03-03T22:17:20.000Z';
    for (const code of ['au', 'fr', 'es', 'ar', 'zh']) {
      const text = dateFormats(code).localTime(iso);
      const zone = new Intl.DateTimeFormat(productLanguage(code).lang, { timeZoneName: 'short' })
        .formatToParts(new Date(iso))
        .find((part) => part.type === 'timeZoneName')?.value;
      expect(zone, code).toBeTruthy();
      expect(text, code).toContain(zone);
    }
    expect(dateFormats('au').localTime('not a date')).toBe('not a date');
  });
});
