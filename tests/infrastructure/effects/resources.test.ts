import { appCatalogue, surveyCatalogue, type ResourceCatalogue } from '../../../infrastructure/resources/catalogue';
import type { AppCommand } from '../../../domain/app/events';
import { describe, expect, it } from 'vitest';
import { Observable, Subject, of, throwError } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds, fixedClock } from '../../../domain/kernel/clock';
import { actionEffect, sectionLoadEffect, type ResourceDeps } from '../../../infrastructure/resources/resources.effects';
import { ApiFailure } from '../../../infrastructure/http/failure';
import { actionOf, initialResources, sectionOf } from '../../../domain/resources/state';
import { resourcesReducer } from '../../../domain/resources/reducer';
import { dashboardApp } from '../../../domain/app/dashboardApp';

interface Call { path: string; query: unknown; body: unknown; form?: FormData }

const setup = (answer: (call: Call) => Observable<unknown>, catalogue: ResourceCatalogue = appCatalogue) => {
  const calls: Call[] = [];
  const deps: ResourceDeps = {
    catalogue,
    api: {
      call: ((endpoint: { path: string }, input: { query?: unknown; body?: unknown; form?: FormData }) => {
        const call = { path: endpoint.path, query: input?.query, body: input?.body, form: input?.form };
        calls.push(call);
        return answer(call);
      }) as never,
    },
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), effects: [sectionLoadEffect, actionEffect], deps });
  return { store, calls };
};

const tiers = [{ level: 1, name: 'Organisation' }, { level: 2, name: 'Groups' }, { level: 3, name: 'Teams' }];

describe('data sections', () => {
  it('goes pending then loaded with the decoded data', () => {
    const answer = new Subject<unknown>();
    const { store, calls } = setup(() => answer);
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    expect(sectionOf(store.getState().resources, 'tiers').status).toBe('pending');
    answer.next({ status: 200, data: tiers });
    answer.complete();
    expect(calls.map((c) => c.path)).toEqual(['/organization/tires']);
    expect(sectionOf(store.getState().resources, 'tiers')).toMatchObject({ status: 'loaded', data: tiers });
  });

  it('is empty on status 204 with the server reason, and error with a message on failure', () => {
    const { store } = setup((call) =>
      call.path === '/organization/tires'
        ? of({ status: 204, data: null, message: 'It needs at least 5 answers.' })
        : throwError(() => new ApiFailure(500, call.path, null)),
    );
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    store.dispatch({ type: 'resource/load', name: 'dateRanges', args: {} });
    const resources = store.getState().resources;
    expect(sectionOf(resources, 'tiers')).toMatchObject({ status: 'empty', message: 'It needs at least 5 answers.' });
    expect(sectionOf(resources, 'dateRanges')).toMatchObject({ status: 'error', message: 'Something went wrong! Please try again.' });
  });

  it('a newer load of the same section supersedes the older one, whose late answer is ignored', () => {
    const answers: Subject<unknown>[] = [];
    let unsubscribed = 0;
    const { store } = setup(() => {
      const subject = new Subject<unknown>();
      answers.push(subject);
      return new Observable((subscriber) => {
        const inner = subject.subscribe(subscriber);
        return () => { unsubscribed += 1; inner.unsubscribe(); };
      });
    });
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    expect(unsubscribed).toBe(1);
    answers[0]!.next({ status: 200, data: [{ level: 1, name: 'stale' }] });
    answers[1]!.next({ status: 200, data: tiers });
    expect(sectionOf(store.getState().resources, 'tiers').data).toEqual(tiers);
    expect(store.getLifted().entries.filter((e) => e.body.type === 'resource/loaded')).toHaveLength(1);
  });

  it('an unknown section name fails clearly without a request', () => {
    const { store, calls } = setup(() => of({ status: 200, data: null }));
    // Section names are the domain's catalogue: a name outside it is a malformed command.
    store.dispatch({ type: 'resource/load', name: 'nope', args: {} } as unknown as AppCommand);
    expect(calls).toHaveLength(0);
    expect(store.getLifted().entries.map((e) => e.body)).toEqual([{ type: 'bus/commandRejected', command: 'resource/load', reason: 'malformed command' }]);
  });

  it('a section this page does not know fails clearly without a request', () => {
    const { store, calls } = setup(() => of({ status: 200, data: null }), surveyCatalogue);
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    expect(calls).toHaveLength(0);
    expect(sectionOf(store.getState().resources, 'tiers').status).toBe('error');
  });

  it('args that are not the endpoint\'s query fail without a request', () => {
    const { store, calls } = setup(() => of({ status: 200, data: [] }));
    store.dispatch({ type: 'resource/load', name: 'surveyCountries', args: { search: 3 } });
    expect(calls).toHaveLength(0);
    expect(sectionOf(store.getState().resources, 'surveyCountries')).toMatchObject({ status: 'error', message: 'The given data was invalid.' });
  });
});

describe('actions', () => {
  it('sends once for a double click, then reloads the sections it changed; the body never reaches the log', () => {
    const answer = new Subject<unknown>();
    const { store, calls } = setup((call) => (call.path === '/organization/rename-tiers' ? answer : of({ status: 200, data: tiers })));
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    const body = { tiers: [{ level: 3, name: 'Secret-Team-Name' }] };
    store.dispatch({ type: 'action/submit', action: 'renameTiers', body, args: {} });
    store.dispatch({ type: 'action/submit', action: 'renameTiers', body, args: {} });
    expect(calls.filter((c) => c.path === '/organization/rename-tiers')).toHaveLength(1);
    expect(actionOf(store.getState().resources, 'renameTiers').status).toBe('pending');
    answer.next({ status: 200, data: tiers });
    answer.complete();
    expect(actionOf(store.getState().resources, 'renameTiers')).toMatchObject({ status: 'done', message: 'Tier names saved.' });
    expect(calls.filter((c) => c.path === '/organization/tires')).toHaveLength(2);
    const logged = JSON.stringify(store.getLifted().entries.filter((e) => e.body.type.startsWith('action/')));
    expect(logged).not.toContain('Secret-Team-Name');
  });

  it('keeps the field errors of a refusal', () => {
    const { store } = setup(() =>
      throwError(() => new ApiFailure(422, '/x', 'The given data was invalid.', { 'tiers.0.name': ['The tier name must be 1 to 60 characters.'] })),
    );
    store.dispatch({ type: 'action/submit', action: 'renameTiers', body: { tiers: [] }, args: {} });
    expect(actionOf(store.getState().resources, 'renameTiers')).toMatchObject({
      status: 'failed',
      errors: { 'tiers.0.name': ['The tier name must be 1 to 60 characters.'] },
    });
  });

  it('a body that does not fit its endpoint is refused in the server’s words, without a request', () => {
    const { store, calls } = setup(() => of({ status: 200, data: tiers }));
    store.dispatch({ type: 'action/submit', action: 'renameTiers', body: { tiers: [{ level: 'three', name: 'Teams' }] }, args: {} });
    store.dispatch({ type: 'action/submit', action: 'saveDateRanges', body: {}, args: {} });
    expect(calls).toEqual([]);
    const { resources } = store.getState();
    expect(actionOf(resources, 'renameTiers')).toMatchObject({
      status: 'failed',
      message: 'The tiers.0.level field is invalid',
      errors: { 'tiers.0.level': ['The tiers.0.level field is invalid'] },
    });
    expect(actionOf(resources, 'saveDateRanges')).toMatchObject({ status: 'failed', errors: { ranges: ['The ranges field is required'] } });
  });

  it('a multipart action sends its fields and its file as form data, and refuses a logo that is no file', () => {
    const { store, calls } = setup(() => of({ status: 200, data: null }));
    const logo = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    store.dispatch({ type: 'action/submit', action: 'updateDetails', body: { name: 'Harbour School', details: 'By the sea', logo }, args: {} });
    expect(calls).toHaveLength(1);
    const [sent] = calls;
    expect(sent!.body).toBeUndefined();
    expect([...sent!.form!.keys()].sort()).toEqual(['details', 'logo', 'name']);
    expect(sent!.form!.get('name')).toBe('Harbour School');
    expect(sent!.form!.get('logo')).toBeInstanceOf(Blob);

    store.dispatch({ type: 'action/submit', action: 'updateDetails', body: { name: 'Harbour School', logo: 'C:/logo.png' }, args: {} });
    expect(calls).toHaveLength(1);
    expect(actionOf(store.getState().resources, 'updateDetails')).toMatchObject({ status: 'failed', errors: { logo: ['The logo field is invalid'] } });
  });

  it('sections and actions are forgotten at sign-out', () => {
    const { store } = setup(() => of({ status: 200, data: tiers }));
    store.dispatch({ type: 'resource/load', name: 'tiers', args: {} });
    const loaded = store.getState().resources;
    expect(sectionOf(loaded, 'tiers').status).toBe('loaded');
    expect(resourcesReducer(loaded, { type: 'session/signedOut', reason: 'logout' })).toEqual(initialResources);
  });
});
