import { describe, expect, it } from 'vitest';
import { Observable, of } from 'rxjs';
import { appCatalogue } from '../../../infrastructure/resources/catalogue';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { actionEffect, type ResourceDeps } from '../../../infrastructure/resources/resources.effects';
import { actionOf } from '../../../domain/resources/state';
import { dashboardApp } from '../../../domain/app/dashboardApp';

/** The census upload command: the fields and every part of the table go out as one multipart form. */

interface Call { path: string; form?: FormData }

const setup = (answer: () => Observable<unknown>) => {
  const calls: Call[] = [];
  const deps: ResourceDeps = {
    catalogue: appCatalogue,
    api: {
      call: ((endpoint: { path: string }, input: { form?: FormData }) => {
        calls.push({ path: endpoint.path, form: input?.form });
        return answer();
      }) as never,
    },
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [actionEffect], deps });
  return { store, calls };
};

describe('uploadCensusTable', () => {
  it('sends the office and each chosen file under the file field', () => {
    const { store, calls } = setup(() => of({ status: 200, data: null }));
    const parts = [new Blob(['AUS_CODE_2021,P_India_Tot\nAUS,1\n'], { type: 'text/csv' }), new Blob(['AUS_CODE_2021,P_Tot_Tot\nAUS,1\n'], { type: 'text/csv' })];
    store.dispatch({ type: 'action/submit', action: 'uploadCensusTable', body: { office: 'abs', year: '2021', file: parts }, args: {} });
    expect(calls.map((call) => call.path)).toEqual(['/mutuality/census-upload']);
    const form = calls[0]!.form!;
    expect(form.get('office')).toBe('abs');
    expect(form.get('year')).toBe('2021');
    expect(form.getAll('file')).toHaveLength(2);
  });

  it('refuses, without sending, an office the server does not know and a file that is not one', () => {
    const { store, calls } = setup(() => of({ status: 200, data: null }));
    store.dispatch({ type: 'action/submit', action: 'uploadCensusTable', body: { office: 'eurostat', file: [] }, args: {} });
    store.dispatch({ type: 'action/submit', action: 'uploadCensusTable', body: { office: 'ons', file: ['C:/ts030.csv'] }, args: {} });
    expect(calls).toEqual([]);
    expect(actionOf(store.getState().resources, 'uploadCensusTable')).toMatchObject({ status: 'failed' });
  });
});
