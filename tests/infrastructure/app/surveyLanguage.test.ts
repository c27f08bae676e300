// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSurveyRuntime, type SurveyRuntime } from '../../../infrastructure/app/surveyRuntime';

let runtime: SurveyRuntime | undefined;
beforeEach(() => {
  localStorage.clear();
  // No server here: every call fails at once, and the page keeps its language with English texts.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
});
afterEach(() => {
  runtime?.dispose();
  runtime = undefined;
  vi.unstubAllGlobals();
});

const languageOf = (languages: readonly string[]) => {
  runtime = createSurveyRuntime({ storage: localStorage, languages });
  return runtime.store.getState().i18n.language;
};

describe("the survey page's first language", () => {
  it("follows the browser when no language was chosen on this device, without keeping it as a choice", () => {
    expect(languageOf(['ar-EG', 'en'])).toBe('ar');
    expect(runtime!.i18n.language).toBe('ar');
    expect(localStorage.getItem('newLang')).toBeNull();
  });

  it("keeps the person's own choice over the browser's", () => {
    localStorage.setItem('newLang', 'fr');
    expect(languageOf(['ar-EG'])).toBe('fr');
  });

  it('falls back to the default when the browser speaks none of the languages', () => {
    expect(languageOf(['de-DE', 'ja'])).toBe('au');
  });
});
