import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { slideSettingEffect, slideTimerEffect } from '../../../infrastructure/effects/slideShow.effects';
import { aiExportAskEffect, aiExportDownloadEffect, type AiExportDeps } from '../../../infrastructure/effects/aiExport.effects';
import type { DownloadedFile } from '../../../infrastructure/http/client';
import { ApiFailure } from '../../../infrastructure/http/failure';
import { EXPORT_CARDS } from '../../../domain/contracts/exports';
import { dashboardApp } from '../../../domain/app/dashboardApp';

describe('slide show effects', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const user = (setting: unknown) => ({
    id: 'boot', seq: 0, at: 0, tabId: 'boot', origin: 'local' as const, actor: null, viewAs: null, v: 1,
    body: { type: 'session/loggedIn', user: { id: 'u', email: 'a@b.c', first_name: 'A', last_name: 'B', role: 'admin', organization_id: 'o', locale_id: null, two_factor: 'off', setting } } as never,
  });
  const setup = () => {
    const saved: unknown[] = [];
    const deps = {
      api: {
        call: ((_endpoint: unknown, input: { body?: unknown }) => {
          saved.push(input.body);
          return of({ status: 200, data: input.body });
        }) as never,
      },
    };
    const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [slideTimerEffect, slideSettingEffect], deps });
    return { store, saved };
  };

  it('advances after the interval, counted again from each move, and not while paused or left', () => {
    const { store } = setup();
    // Worldviews and Languages: a title slide and their chart cards, more than five slides in all.
    store.receiveRemote(user({ banners: {}, slide_show: { pages: ['worldviews', 'languages'], interval: 5 } }));
    store.dispatch({ type: 'slideShow/start' });
    expect(store.getState().slideShow).toMatchObject({ running: true, playing: true, index: 0 });
    const count = store.getState().slideShow.count;
    expect(count).toBeGreaterThan(5);
    vi.advanceTimersByTime(4_999);
    expect(store.getState().slideShow.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(store.getState().slideShow.index).toBe(1);
    vi.advanceTimersByTime(3_000);
    store.dispatch({ type: 'slideShow/next' });
    vi.advanceTimersByTime(3_000);
    expect(store.getState().slideShow.index).toBe(2);
    vi.advanceTimersByTime(2_000);
    expect(store.getState().slideShow.index).toBe(3);
    store.dispatch({ type: 'slideShow/pause' });
    vi.advanceTimersByTime(60_000);
    expect(store.getState().slideShow.index).toBe(3);
    store.dispatch({ type: 'slideShow/play' });
    vi.advanceTimersByTime(5_000);
    expect(store.getState().slideShow.index).toBe(4);
    // From the last slide the show starts again at the first.
    vi.advanceTimersByTime(5_000 * (count - 5));
    expect(store.getState().slideShow.index).toBe(count - 1);
    vi.advanceTimersByTime(5_000);
    expect(store.getState().slideShow.index).toBe(0);
    store.dispatch({ type: 'slideShow/leave' });
    vi.advanceTimersByTime(60_000);
    expect(store.getState().slideShow).toMatchObject({ running: false, index: 0 });
  });

  it('saves a new setting beside the banners, and only a valid one', () => {
    const { store, saved } = setup();
    store.receiveRemote(user({ banners: { compare: 'showAlways' } }));
    store.dispatch({ type: 'slideShow/configure', setting: { pages: ['payroll'], interval: 5 } });
    expect(saved).toEqual([]);
    store.dispatch({ type: 'slideShow/configure', setting: { pages: ['home', 'languages'], interval: 30 } });
    expect(saved).toEqual([{ banners: { compare: 'showAlways' }, slide_show: { pages: ['home', 'languages'], interval: 30 } }]);
    expect(store.getState().session.user?.setting.slide_show).toEqual({ pages: ['home', 'languages'], interval: 30 });
  });
});

describe('AI export effects', () => {
  const understood = {
    status: 'understood' as const,
    source: 'builtin' as const,
    description: { pages: [{ page: 'worldviews' as const, cards: [] }, { page: 'home' as const, cards: ['home/total-registered'] }], filter: { generation: ['Gen Y' as const] }, format: 'xlsx' as const },
    notes: [],
  };
  const setup = (answer: () => Observable<unknown>, download: () => Observable<DownloadedFile> = () => of({ blob: new Blob(['x']), fileName: null })) => {
    const queries: unknown[] = [];
    const bodies: unknown[] = [];
    const deps: AiExportDeps = {
      api: {
        call: ((_endpoint: unknown, input: { query?: unknown }) => {
          queries.push(input.query);
          return answer();
        }) as never,
        download: ((_endpoint: unknown, input: { body?: unknown }) => {
          bodies.push(input.body);
          return download();
        }) as never,
      },
      saveFile: (file, fallback) => file.fileName ?? fallback,
    };
    const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [aiExportAskEffect, aiExportDownloadEffect], deps });
    return { store, queries, bodies };
  };

  it('asks with the date range in force, and downloads a file per page through the export', () => {
    const { store, queries, bodies } = setup(() => of({ status: 200, data: understood }));
    store.dispatch({ type: 'filters/apply', filters: { 'date-tag': 'r1' } });
    store.dispatch({ type: 'aiExport/ask', prompt: 'worldviews of Gen Y' });
    expect(queries).toEqual([{ prompt: 'worldviews of Gen Y', 'date-tag': 'r1' }]);
    expect(store.getState().aiExport).toMatchObject({ status: 'understood', understanding: { description: understood.description, corrected: false } });
    // A correction that does not decode is refused; one that does replaces the description.
    store.dispatch({ type: 'aiExport/correct', description: { ...understood.description, pages: [{ page: 'worldviews', cards: ['home/total-registered'] }] } });
    expect(store.getState().aiExport.understanding?.corrected).toBe(false);
    const corrected = { ...understood.description, format: 'csv' as const, pages: [{ page: 'worldviews' as const, cards: [] }] };
    store.dispatch({ type: 'aiExport/correct', description: corrected });
    expect(store.getState().aiExport.understanding).toMatchObject({ corrected: true, description: corrected });
    store.dispatch({ type: 'aiExport/download' });
    expect(bodies).toEqual(EXPORT_CARDS.worldviews.map((card) => ({ page: 'worldviews', format: 'csv', filter: { generation: ['Gen Y'] }, card: card.key })));
    expect(store.getState().aiExport).toMatchObject({ downloading: false, download: { kind: 'done', fileNames: EXPORT_CARDS.worldviews.map(() => 'worldviews.csv') } });
  });

  it('downloads the groups side by side, five a workbook beside the whole organisation, and the census comparison of the organisation (issue 27)', () => {
    const groups = Array.from({ length: 7 }, (_, index) => `0b6f2a52-1c1e-4d8e-9a53-00000000000${index}`);
    const withComparisons = { ...understood, description: { pages: [{ page: 'worldviews' as const, cards: [] }], filter: { generation: ['Gen Y' as const] }, format: 'xlsx' as const, groups, census: '13' } };
    const { store, bodies } = setup(() => of({ status: 200, data: withComparisons }));
    store.receiveRemote({
      id: 'boot', seq: 0, at: 0, tabId: 'boot', origin: 'local' as const, actor: null, viewAs: null, v: 1,
      body: {
        type: 'session/checked',
        user: { id: 'u', email: 'a@b.c', first_name: 'A', last_name: 'B', role: 'admin', organization_id: 'org-1', locale_id: null, two_factor: 'off', setting: {} },
        organization: { id: 'org-1', name: 'Riverbend', country: 'AU', industry: null },
        industries: [],
        primaryDepartments: [],
      } as never,
    });
    store.dispatch({ type: 'aiExport/ask', prompt: 'worldviews of Gen Y by group compared with the census' });
    store.dispatch({ type: 'aiExport/download' });
    expect(bodies).toEqual([
      { page: 'worldviews', format: 'xlsx', filter: { generation: ['Gen Y'] } },
      { organizations: [{ group: 'all' }, ...groups.slice(0, 5).map((group) => ({ group }))], filter: { generation: ['Gen Y'] } },
      { organizations: [{ group: 'all' }, ...groups.slice(5).map((group) => ({ group }))], filter: { generation: ['Gen Y'] } },
      { organization_id: 'org-1', country_id: '13' },
    ]);
    expect(store.getState().aiExport.download).toEqual({ kind: 'done', fileNames: ['worldviews.xlsx', 'compare.xlsx', 'compare.xlsx', 'mutuality.xlsx'] });
  });

  it('answers an empty or too long prompt without a request, and says why a request failed', () => {
    const { store, queries } = setup(() => throwError(() => new ApiFailure(422, '/general/ai/export', 'The given data was invalid.', { 'filter[date-tag]': ['The selected date range does not exist.'] })));
    store.dispatch({ type: 'aiExport/ask', prompt: '   ' });
    expect(store.getState().aiExport).toMatchObject({ status: 'refused', refusal: { reason: 'empty' } });
    store.dispatch({ type: 'aiExport/ask', prompt: 'x'.repeat(10_000) });
    expect(store.getState().aiExport).toMatchObject({ status: 'refused', refusal: { reason: 'too_long' } });
    expect(queries).toEqual([]);
    store.dispatch({ type: 'aiExport/ask', prompt: 'languages' });
    expect(store.getState().aiExport).toMatchObject({ status: 'failed', failure: 'The selected date range does not exist.' });
  });
});
