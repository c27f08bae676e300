// @vitest-environment jsdom
import fc from 'fast-check';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { TranslatorProvider } from '../../src/hooks/translation';
import { describe, expect, it } from 'vitest';
import { dateFormats } from '../../domain/i18n/dates';
import { PRODUCT_LANGUAGES } from '../../domain/i18n/languages';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { en } from '../../domain/i18n/en';
import { useDates } from '../../src/hooks/dates';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the hook gives on a page shown in `language`. */
const datesOn = async (language: string) => {
  const i18n = createTranslator('au', en);
  if (language !== 'au') await i18n.changeLanguage(language);
  let seen: ReturnType<typeof useDates> | undefined;
  const Probe = () => {
    seen = useDates();
    return null;
  };
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root.render(<TranslatorProvider translator={i18n}><Probe /></TranslatorProvider>));
  act(() => root.unmount());
  return seen!;
};

describe('dates in the page language', () => {
  it('writes a day with its month name in French, and the Arabic way in Arabic', async () => {
    const french = await datesOn('fr');
    expect(french.day('2026-03-03')).toBe('3 mars 2026');
    expect(french.month('2026-07')).toBe('juillet 2026');
    const arabic = await datesOn('ar');
    expect(arabic.day('2026-03-03')).toBe(new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 3)));
    expect(arabic.day('2026-03-03')).toContain('مارس');
    expect(arabic.day('2026-03-03')).not.toMatch(/2026-03|March/);
    expect((await datesOn('au')).day('2026-03-03')).toBe('3 March 2026');
  });

  it('writes a link time in UTC and says so, in each language', async () => {
    expect((await datesOn('au')).utcTime('2026-03-03T14:05:00Z')).toMatch(/^3 March 2026.*14:05.*UTC$/);
    const french = (await datesOn('fr')).utcTime('2026-03-03T14:05:00Z');
    expect(french).toMatch(/^3 mars 2026.*14:05.*UTC$/);
    expect((await datesOn('ar')).utcTime('2026-03-03T23:59:00Z')).toContain('مارس');
  });

  it('shows what is not a date as it came, never "Invalid Date"', () => {
    for (const { code } of PRODUCT_LANGUAGES) {
      expect(dateFormats(code).day('soon')).toBe('soon');
      expect(dateFormats(code).utcTime('')).toBe('');
    }
  });

  it('reads a calendar day as that day, for every day', () => {
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    fc.assert(fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
      const iso = new Date(ms).toISOString().slice(0, 10);
      const [y, m, d] = iso.split('-').map(Number);
      expect(dateFormats('au').day(iso)).toBe(`${d} ${months[m! - 1]} ${y}`);
    }));
  });
});
