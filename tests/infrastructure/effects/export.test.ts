import { describe, expect, it } from 'vitest';
import { Subject, of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { exportEffect, type ExportDeps } from '../../../infrastructure/effects/export.effects';
import type { DownloadedFile } from '../../../infrastructure/http/client';
import { ApiFailure } from '../../../infrastructure/http/failure';

const setup = (answer: () => Observable<DownloadedFile>) => {
  const bodies: unknown[] = [];
  const saved: string[] = [];
  const deps: ExportDeps = {
    api: { download: ((_endpoint: unknown, input: { body?: unknown }) => { bodies.push(input.body); return answer(); }) as never },
    saveFile: (file, fallback) => { const name = file.fileName ?? fallback; saved.push(name); return name; },
  };
  const store = createStore({ tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [exportEffect], deps });
  return { store, bodies, saved };
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
    store.dispatch({ type: 'dashboard/export', page: 'languages', format: 'csv', card: 'language/tree' });
    expect(store.getState().dashboard.exporting).toBe('languages language/tree');
    store.dispatch({ type: 'dashboard/export', page: 'languages', format: 'csv', card: 'language/tree' });
    expect(bodies).toEqual([{ page: 'languages', format: 'csv', filter: {}, card: 'language/tree' }]);
    answer.next(file(null));
    expect(saved).toEqual(['languages.csv']);
  });

  it('a refusal becomes an event with the server’s words', () => {
    const { store } = setup(() => throwError(() => new ApiFailure(422, '/general/export-excel', 'The given data was invalid.', { card: ['The selected card is not on this page.'] })));
    store.dispatch({ type: 'dashboard/export', page: 'home', format: 'csv', card: 'nope' });
    expect(store.getState().dashboard.exportNote).toEqual({ kind: 'failed', message: 'The selected card is not on this page.' });
  });
});
