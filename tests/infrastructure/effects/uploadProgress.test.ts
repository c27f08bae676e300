import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import type { AxiosAdapter } from 'axios';
import { appCatalogue } from '../../../infrastructure/resources/catalogue';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { actionEffect, type ResourceDeps } from '../../../infrastructure/resources/resources.effects';
import { actionOf } from '../../../domain/resources/state';
import { dashboardApp } from '../../../domain/app/dashboardApp';
import { axiosTransport } from '../../../infrastructure/http/axiosTransport';

/** A file upload's progress travels from the transport to the form as events on the bus. */

type Progress = (sent: number, total: number | undefined) => void;

const setup = () => {
  const answer = new Subject<unknown>();
  const sent: { progress?: Progress } = {};
  const deps: ResourceDeps = {
    catalogue: appCatalogue,
    api: {
      call: ((_endpoint: unknown, input: { onUploadProgress?: Progress }) => {
        sent.progress = input.onUploadProgress;
        return answer;
      }) as never,
    },
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [actionEffect], deps });
  const progressEvents: unknown[] = [];
  store.appended$.subscribe((entry) => {
    if (entry.body.type === 'action/uploadProgress') progressEvents.push(entry.body);
  });
  const file = new File(['email,group\nada@example.org,Sales\n'], 'staff.csv', { type: 'text/csv' });
  store.dispatch({ type: 'action/submit', action: 'peopleUpload', body: { file }, args: {} });
  return { store, answer, sent, progressEvents };
};

describe('upload progress', () => {
  it('puts the bytes sent on the action while it is pending, one event per whole percent', () => {
    const { store, sent, progressEvents } = setup();
    expect(sent.progress).toBeTypeOf('function');
    sent.progress!(0, 1000);
    sent.progress!(4, 1000);
    sent.progress!(500, 1000);
    sent.progress!(503, 1000);
    expect(progressEvents).toEqual([
      { type: 'action/uploadProgress', action: 'peopleUpload', sent: 0, total: 1000 },
      { type: 'action/uploadProgress', action: 'peopleUpload', sent: 500, total: 1000 },
    ]);
    expect(actionOf(store.getState().resources, 'peopleUpload')).toMatchObject({ status: 'pending', upload: { sent: 500, total: 1000 } });
  });

  it('a size the browser does not know is reported as sent bytes alone', () => {
    const { store, sent } = setup();
    sent.progress!(70_000, undefined);
    expect(actionOf(store.getState().resources, 'peopleUpload').upload).toEqual({ sent: 70_000, total: null });
  });

  it('ends with the answer: the action is done, and progress told late changes nothing', () => {
    const { store, answer, sent, progressEvents } = setup();
    sent.progress!(1000, 1000);
    answer.next({ status: 200, data: null });
    answer.complete();
    expect(actionOf(store.getState().resources, 'peopleUpload').status).toBe('done');
    const before = store.getState().resources;
    sent.progress!(1000, 2000);
    expect(progressEvents).toHaveLength(1);
    expect(store.getState().resources).toBe(before);
  });

  it('axios tells the transport its upload events', async () => {
    const told: [number, number | undefined][] = [];
    const adapter: AxiosAdapter = async (config) => {
      config.onUploadProgress?.({ loaded: 10, total: 40, bytes: 10, lengthComputable: true, upload: true });
      config.onUploadProgress?.({ loaded: 40, total: 40, bytes: 30, lengthComputable: true, upload: true });
      return { data: { status: 200 }, status: 200, statusText: 'OK', headers: {}, config };
    };
    const transport = axiosTransport({ baseURL: 'http://localhost/api', timeoutMs: 1000, adapter });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.csv');
    await transport.request({ method: 'POST', url: '/people/import', headers: {}, body: form, signal: new AbortController().signal, onUploadProgress: (sent, total) => told.push([sent, total]) });
    expect(told).toEqual([[10, 40], [40, 40]]);
  });
});
