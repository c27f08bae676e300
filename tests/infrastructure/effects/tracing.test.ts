import { describe, expect, it } from 'vitest';
import { of, throwError, type Observable } from 'rxjs';
import { createStore } from '../../../infrastructure/bus/store';
import { counterIds } from '../../../domain/kernel/clock';
import { errorReportEffect, type TracingDeps } from '../../../infrastructure/effects/tracing.effects';
import { createHttpReports } from '../../../infrastructure/http/reports';
import { ApiFailure } from '../../../infrastructure/http/failure';
import type { Effect } from '../../../infrastructure/bus/types';
import { dashboardApp } from '../../../domain/app/dashboardApp';

const TOKEN = 'Xk9vQ2mR7tLp4sWz8yBn3cDf6gHj1KaE5uVx0oIq';

const setup = (options: { rate?: number; answer?: () => Observable<unknown> } = {}) => {
  const sent: Record<string, unknown>[] = [];
  let now = 0;
  const reports = createHttpReports();
  const deps: TracingDeps = {
    api: { call: ((_endpoint: unknown, input: { body: Record<string, unknown> }) => { sent.push(input.body); return (options.answer ?? (() => of({ status: 200, data: { accepted: true } })))(); }) as never },
    clock: { now: () => now },
    random: () => 0.5,
    errorSampleRate: options.rate ?? 1,
  };
  const store = createStore(dashboardApp, { tabId: 't', clock: { now: () => now }, ids: counterIds(), effects: [reports.effect as Effect<TracingDeps>, errorReportEffect], deps });
  return { store, sent, report: reports.report, advance: (ms: number) => (now += ms) };
};

const renderFailure = { type: 'tracing/report', kind: 'render', message: `Error: failed for ada@example.org ${TOKEN}`, stack: 'at X', url: '/dashboard/home' } as const;

describe('error reports from the client', () => {
  it('sends a render failure once, scrubbed before it leaves (and before it is logged); a repeat is left out', () => {
    const { store, sent, advance } = setup();
    store.dispatch(renderFailure);
    store.dispatch(renderFailure);
    advance(60_000);
    store.dispatch(renderFailure);
    expect(sent).toEqual([{ kind: 'render', message: 'Error: failed for [email] [token]', stack: 'at X', url: '/dashboard/home', code: null }]);
    const log = JSON.stringify(store.getLifted().entries);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('ada@example.org');
    expect(store.getLifted().entries.map((e) => e.body.type).filter((type) => type.startsWith('tracing/'))).toEqual([
      'tracing/captured', 'tracing/sent', 'tracing/captured', 'tracing/skipped', 'tracing/captured', 'tracing/skipped',
    ]);
  });

  it('reports failed calls, but not 401 and 417 and never the failure of a report itself (no loop)', () => {
    const { store, sent, report } = setup({ answer: () => throwError(() => new ApiFailure(500, '/error-reports', null)) });
    report({ type: 'api/failed', id: 'a', code: 503, url: '/organization/information', message: null, silent: false });
    report({ type: 'api/failed', id: 'b', code: 401, url: '/user/permissions', message: null, silent: true });
    report({ type: 'api/failed', id: 'c', code: 417, url: '/user/permissions', message: null, silent: true });
    report({ type: 'api/failed', id: 'd', code: 500, url: '/error-reports', message: null, silent: true });
    expect(sent).toEqual([{ kind: 'api', message: 'request failed', stack: null, url: '/organization/information', code: '503' }]);
    expect(store.getLifted().entries.some((e) => e.body.type === 'tracing/skipped' && (e.body as { reason: string }).reason === 'failed')).toBe(true);
  });

  it('sends nothing when the sample rate is below the draw, and at most five distinct reports a minute', () => {
    const quiet = setup({ rate: 0.25 });
    quiet.store.dispatch(renderFailure);
    expect(quiet.sent).toEqual([]);

    const busy = setup();
    for (let i = 0; i < 20; i += 1) busy.store.dispatch({ ...renderFailure, message: `failure ${i}` });
    expect(busy.sent).toHaveLength(5);
  });
});
