import { describe, expect, it } from 'vitest';
import { Subject, of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { exportCompareEffect, exportEffect, type ExportDeps, reportPdfEffect } from '../../../infrastructure/effects/export.effects';
import type { DownloadedFile } from '../../../infrastructure/http/client';
import { ApiFailure } from '../../../infrastructure/http/failure';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const setup = (answer: () => Observable<DownloadedFile>) => {
  const bodies: unknown[] = [];
  const paths: string[] = [];
  const saved: string[] = [];
  const deps: ExportDeps = {
    api: { download: ((endpoint: { path: string }, input: { body?: unknown }) => { paths.push(endpoint.path); bodies.push(input.body); return answer(); }) as never },
    saveFile: (file, fallback) => { const name = file.fileName ?? fallback; saved.push(name); return name; },
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [exportEffect, exportCompareEffect, reportPdfEffect], deps });
  return { store, bodies, saved, paths };
};

const file = (fileName: string | null): DownloadedFile => ({ blob: new Blob(['x']), fileName });

describe('export', () => {
  it('sends the page with the active filters and saves the file under the server’s name', () => {
    const { store, bodies, saved } = setup(() => of(file('overview-2026-11-25.xlsx')));
    store.dispatch({ type: 'filters/apply', filters: { gender: ['3'], generation: [] } });
    store.dispatch({ type: 'dashboard/export', page: 'overview', format: 'xlsx', card: null });
    expect(bodies).toEqual([{ page: 'overview', format: 'xlsx', filter: { gender: ['3'] } }]);
    expect(saved).toEqual(['overview-2026-11-25.xlsx']);
    expect(store.getState().dashboard).toMatchObject({ exportNote: { kind: 'done', fileName: 'overview-2026-11-25.xlsx' } });
    expect(store.getState().dashboard.exporting).toBeUndefined();
  });

  it('a CSV names its card; a second click while the file is made is dropped', () => {
    const answer = new Subject<DownloadedFile>();
    const { store, bodies, saved } = setup(() => answer);
    store.dispatch({ type: 'dashboard/export', page: 'languages', format: 'csv', card: 'language/tree-participant' });
    expect(store.getState().dashboard.exporting).toBe('languages language/tree-participant');
    store.dispatch({ type: 'dashboard/export', page: 'languages', format: 'csv', card: 'language/tree-participant' });
    expect(bodies).toEqual([{ page: 'languages', format: 'csv', filter: {}, card: 'language/tree-participant' }]);
    answer.next(file(null));
    expect(saved).toEqual(['languages.csv']);
  });

  it('a refusal becomes an event with the server’s words', () => {
    const { store } = setup(() => throwError(() => new ApiFailure(422, '/general/export-excel', 'The given data was invalid.', { card: ['The selected card is not on this page.'] })));
    store.dispatch({ type: 'dashboard/export', page: 'home', format: 'csv', card: 'nope' });
    expect(store.getState().dashboard.exportNote).toEqual({ kind: 'failed', message: 'The selected card is not on this page.' });
  });

  it('a comparison goes out as its selections (organizations) with the active filters, to the export of its kind', () => {
    const answer = new Subject<DownloadedFile>();
    const { store, bodies, saved, paths } = setup(() => answer);
    store.dispatch({ type: 'filters/apply', filters: { gender: ['3'] } });
    const selections = [{ group: 'all' }, { group: '7d1f3a52-5b1c-4c57-9a55-0f6f6c0e5c1a', 'date-tag': 'r1' }];
    store.dispatch({ type: 'dashboard/exportCompare', page: 'compare/internal', kind: 'excel', selections });
    expect(store.getState().dashboard.exporting).toBe('compare/internal excel');
    // One file at a time: the key facts asked meanwhile are dropped.
    store.dispatch({ type: 'dashboard/exportCompare', page: 'compare/internal', kind: 'key-facts', selections });
    expect(paths).toEqual(['/general/export-excel-compare']);
    expect(bodies).toEqual([{ organizations: selections, filter: { gender: ['3'] } }]);
    answer.next(file(null));
    answer.complete();
    expect(saved).toEqual(['compare.xlsx']);
    store.dispatch({ type: 'dashboard/exportCompare', page: 'compare/internal', kind: 'key-facts', selections });
    expect(paths).toEqual(['/general/export-excel-compare', '/general/export-key-facts-compare']);
  });

  it('a report goes out as its title and cards with the active filters; a saved one is run with its own filters', () => {
    const { store, bodies, saved, paths } = setup(() => of(file('board-pack-2026-11-25.pdf')));
    store.dispatch({ type: 'filters/apply', filters: { gender: ['3'], generation: [] } });
    const pages = [{ page: 'worldviews' as const, cards: ['worldview/worldviews'] }];
    store.dispatch({ type: 'report/download', title: 'Board pack', pages });
    const definition = { title: 'Monthly', pages, filter: { generation: ['Gen Y' as const] } };
    store.dispatch({ type: 'report/run', definition });
    expect(paths).toEqual(['/general/export-report', '/general/export-report']);
    expect(bodies).toEqual([{ title: 'Board pack', pages, filter: { gender: ['3'] } }, definition]);
    expect(saved).toEqual(['board-pack-2026-11-25.pdf', 'board-pack-2026-11-25.pdf']);
  });
});
