// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { NEVER, Subject, of, throwError, type Observable } from 'rxjs';
import type { AppEvent } from '../../../domain/app/events';
import { initialAppState } from '../../../domain/app/state';
import type { AnyEndpoint } from '../../../domain/contracts/endpoint';
import { en } from '../../../domain/i18n/en';
import type { LiveMessage } from '../../../infrastructure/bus/types';
import { ApiFailure, type ApiClient, type ApiSuccess } from '../../../infrastructure/http/client';
import { createTranslator } from '../../../infrastructure/i18n/translator';
import { documentLanguage, translationEffect } from '../../../infrastructure/i18n/i18n.effects';

type Answer = { translations: Record<string, string> } | ApiFailure | 'pending';

/** An api whose calls answer from a script, one answer per call, recording each query. */
const fakeApi = (...answers: Answer[]) => {
  const calls: { path: string; query: unknown; silent?: boolean }[] = [];
  const api: Pick<ApiClient, 'call'> = {
    call: ((endpoint: AnyEndpoint, input?: { query?: unknown; silent?: boolean }): Observable<ApiSuccess<unknown>> => {
      const index = calls.length;
      calls.push({ path: endpoint.path, query: input?.query, silent: input?.silent });
      const answer = answers[index] ?? new ApiFailure(500, endpoint.path, null);
      if (answer === 'pending') return NEVER;
      if (answer instanceof ApiFailure) return throwError(() => answer);
      const code = (input?.query as { code: string }).code;
      return of({ status: 200, data: { code, translations: answer.translations } });
    }) as ApiClient['call'],
  };
  return { api, calls };
};

const serverError = new ApiFailure(500, '/translation', null);
const french = {
  translations: { refresh: 'Actualiser', active_filters_one: '{{count}} filtre actif', active_filters_other: '{{count}} filtres actifs' },
};

const run = (api: Pick<ApiClient, 'call'>, language = 'au') => {
  const i18n = createTranslator(language, en);
  const live$ = new Subject<LiveMessage>();
  const events: AppEvent[] = [];
  translationEffect({ api, i18n, storage: localStorage })(live$, of(initialAppState), undefined).subscribe((e) => events.push(e));
  const select = async (code: string) => {
    live$.next({ type: 'i18n/languageSelected', code });
    // changeLanguage answers with a promise even when it has nothing to load.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const follow = async (code: string) => {
    live$.next({ type: 'i18n/languageFollowed', code });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { i18n, events, select, follow };
};

beforeEach(() => localStorage.clear());

describe('translation loading', () => {
  it("loads the browser's language without keeping it as the person's choice", async () => {
    const { api, calls } = fakeApi({ translations: { refresh: 'تحديث' } });
    const { i18n, events, follow } = run(api);
    await follow('ar');
    expect(calls).toEqual([{ path: '/translation', query: { code: 'ar' }, silent: true }]);
    expect(events).toEqual([{ type: 'i18n/translationLoaded', code: 'ar' }]);
    expect(localStorage.getItem('newLang')).toBeNull();
    expect(i18n.language).toBe('ar');
  });

  it('loads the chosen language, keeps the choice and switches to it', async () => {
    const { api, calls } = fakeApi(french);
    const { i18n, events, select } = run(api);
    await select('fr');
    expect(calls).toEqual([{ path: '/translation', query: { code: 'fr' }, silent: true }]);
    expect(events).toEqual([{ type: 'i18n/translationLoaded', code: 'fr' }]);
    expect(localStorage.getItem('newLang')).toBe('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('refresh')).toBe('Actualiser');
    expect(i18n.t('active_filters', { count: 1 })).toBe('1 filtre actif');
    expect(i18n.t('active_filters', { count: 3 })).toBe('3 filtres actifs');
    // Keys the server did not send still read in English.
    expect(i18n.t('logout')).toBe(en.logout);
  });

  it('tries once more after a failure and then uses the built-in English', async () => {
    const { api, calls } = fakeApi(serverError, serverError);
    const { i18n, events, select } = run(api, 'fr');
    await select('fr');
    expect(calls).toHaveLength(2);
    expect(events).toEqual([{ type: 'i18n/translationFailed', code: 'fr' }]);
    expect(i18n.language).toBe('au');
    expect(i18n.t('refresh')).toBe(en.refresh);
  });

  it('loads the language when the second try succeeds', async () => {
    const { api, calls } = fakeApi(serverError, french);
    const { i18n, events, select } = run(api);
    await select('fr');
    expect(calls).toHaveLength(2);
    expect(events).toEqual([{ type: 'i18n/translationLoaded', code: 'fr' }]);
    expect(i18n.t('refresh')).toBe('Actualiser');
  });

  it('does not try again after a timeout the client already retried', async () => {
    const { api, calls } = fakeApi(new ApiFailure('ECONNABORTED', '/translation', null), french);
    const { events, select } = run(api);
    await select('fr');
    expect(calls).toHaveLength(1);
    expect(events).toEqual([{ type: 'i18n/translationFailed', code: 'fr' }]);
  });

  it('lets the newest choice win', async () => {
    const { api, calls } = fakeApi('pending', { translations: { refresh: 'Aktualisieren' } });
    const { i18n, events, select } = run(api);
    await select('fr');
    await select('de');
    expect(calls.map((c) => c.query)).toEqual([{ code: 'fr' }, { code: 'de' }]);
    expect(events).toEqual([{ type: 'i18n/translationLoaded', code: 'de' }]);
    expect(i18n.language).toBe('de');
    expect(localStorage.getItem('newLang')).toBe('de');
  });
});

describe('the page’s own language', () => {
  const arabic = { translations: { refresh: 'تحديث' } };

  it('follows the texts: lang and dir of the document, right to left for Arabic, back to English when loading fails', async () => {
    const root = document.documentElement;
    const { api } = fakeApi(arabic, serverError, serverError);
    const i18n = createTranslator('au', en);
    const live$ = new Subject<LiveMessage>();
    translationEffect({ api, i18n, storage: localStorage, showLanguage: documentLanguage(root) })(live$, of(initialAppState), undefined).subscribe();
    live$.next({ type: 'i18n/languageSelected', code: 'ar' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([root.lang, root.dir]).toEqual(['ar', 'rtl']);
    live$.next({ type: 'i18n/languageSelected', code: 'zh' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([root.lang, root.dir]).toEqual(['en-AU', 'ltr']);
  });
});
