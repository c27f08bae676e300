// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSurveyRuntime, type SurveyRuntime } from '../../../infrastructure/app/surveyRuntime';
import { participantApp } from '../../../domain/app/participantApp';

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
  runtime = createSurveyRuntime({ app: participantApp, storage: localStorage, languages });
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
    // Not kept as a choice: the link's organisation may still name its default.
    expect(localStorage.getItem('newLang')).toBeNull();
  });
});

describe("the survey link's organisation default", () => {
  const linkCheck = {
    anonymity: 1, organization_name: 'Riverbend', token: 'link-1', survey_id: 1, email: null, first_name: null, last_name: null,
    organization_assignee: false, organization_invited: false, department: null, expires_at: '2030-01-01T00:00:00.000Z', organization_locale: 'es',
  };
  /** The page's language once the link is checked: the server knows only the link, and has no translations. */
  let asked: string[] = [];
  const languageAfterCheck = async (languages: readonly string[]) => {
    asked = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
      (asked.push(String(input)), String(input)).includes('/check-register-token')
        ? Promise.resolve(new Response(JSON.stringify({ status: 200, data: linkCheck }), { headers: { 'content-type': 'application/json' } }))
        : Promise.reject(new TypeError('offline')));
    runtime = createSurveyRuntime({ app: participantApp, storage: localStorage, languages });
    const { store } = runtime;
    store.dispatch({ type: 'action/submit', action: 'surveyCheckLink', body: {}, args: { token: 'link-1' } });
    await vi.waitFor(() => expect(store.getState().survey.token).toBe('link-1'));
    return store.getState().i18n.language;
  };

  it('is followed when the browser asks for no language the product speaks, and not kept as a choice', async () => {
    expect(await languageAfterCheck(['de-DE', 'ja'])).toBe('es');
    // Its texts are asked for (the offline server gives none, so English stays on screen).
    await vi.waitFor(() => expect(asked.some((url) => url.includes('/translation?code=es'))).toBe(true));
    expect(localStorage.getItem('newLang')).toBeNull();
  });

  it("gives way to the browser's language", async () => {
    expect(await languageAfterCheck(['ar-EG'])).toBe('ar');
  });

  it("gives way to a choice kept on this device", async () => {
    localStorage.setItem('newLang', 'zh');
    expect(await languageAfterCheck(['de-DE'])).toBe('zh');
  });
});
