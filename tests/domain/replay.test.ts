import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { dashboardApp } from '../../domain/app/dashboardApp';
import { AppEvent } from '../../domain/app/events';
import { foldLog } from '../../domain/kernel/fold';
import { jumpTo, liftedAt, trimLifted, type Lifted } from '../../domain/kernel/lifted';
import { exportLog, importLog } from '../../infrastructure/devtools/logFile';
import { appEvent, appLog } from '../support/arbitraries';

// The dashboards' page folds every slice these tests use.
const { reducer: appReducer, initialState: initialAppState } = dashboardApp;

describe('replaying the event log', () => {
  it('every generated event is valid under the log codec', () => {
    fc.assert(fc.property(appEvent, (event) => isRight(AppEvent.decode(event))));
  });

  it('folding a log equals folding the export-then-import of it', () => {
    fc.assert(
      fc.property(appLog, fc.nat(), (log, at) => {
        const imported = importLog(exportLog(log, at));
        expect(imported.ok).toBe(true);
        if (!imported.ok) return;
        expect(imported.entries).toEqual(log);
        expect(foldLog(appReducer, initialAppState, imported.entries)).toEqual(foldLog(appReducer, initialAppState, log));
      }),
    );
  });

  it('folding the same log twice gives the same state (no hidden inputs)', () => {
    fc.assert(fc.property(appLog, (log) => {
      expect(foldLog(appReducer, initialAppState, log)).toEqual(foldLog(appReducer, initialAppState, log));
    }));
  });

  it('trimming old entries into the base state never changes the visible state', () => {
    fc.assert(
      fc.property(appLog, fc.integer({ min: 1, max: 20 }), (log, max) => {
        const lifted: Lifted<typeof initialAppState, AppEvent> = { base: initialAppState, entries: log, cursor: log.length, mode: 'live' };
        expect(liftedAt(appReducer, trimLifted(appReducer, lifted, max))).toEqual(liftedAt(appReducer, lifted));
      }),
    );
  });

  it('jumping to an entry shows the fold of the entries before it', () => {
    fc.assert(
      fc.property(appLog, fc.nat(), (log, n) => {
        const cursor = log.length === 0 ? 0 : n % (log.length + 1);
        const lifted = jumpTo({ base: initialAppState, entries: log, cursor: log.length, mode: 'live' }, cursor);
        expect(lifted.mode).toBe(cursor === log.length ? 'live' : 'timeTravel');
        expect(liftedAt(appReducer, lifted)).toEqual(foldLog(appReducer, initialAppState, log.slice(0, cursor)));
      }),
    );
  });

  it('refuses a file that is not a log, and a log from a newer version', () => {
    expect(importLog('not json')).toEqual({ ok: false, reason: 'notALog' });
    expect(importLog('{"format":"something-else","version":1}')).toEqual({ ok: false, reason: 'notALog' });
    const newer = JSON.stringify({ format: 'diversity-survey-event-log', version: 99, exportedAt: 0, entries: [] });
    expect(importLog(newer)).toEqual({ ok: false, reason: 'newerVersion' });
    const tampered = JSON.parse(exportLog([], 0));
    tampered.entries = [{ id: 'x', seq: 1, at: 0, tabId: 't', origin: 'local', actor: null, viewAs: null, v: 1, body: { type: 'session/signedOut', reason: 'because' } }];
    expect(importLog(JSON.stringify(tampered))).toEqual({ ok: false, reason: 'notALog' });
  });

  it("decodes a section's data with its own endpoint's codec, so a replayed log cannot put a wrong shape in the state", () => {
    const entry = (body: unknown) => ({ id: 'x', seq: 1, at: 0, tabId: 't', origin: 'local', actor: null, viewAs: null, v: 1, body });
    const file = (body: unknown) => JSON.stringify({ ...JSON.parse(exportLog([], 0)), entries: [entry(body)] });
    const tiers = [{ level: 1, name: 'Organisation' }];
    const good = importLog(file({ type: 'resource/loaded', name: 'tiers', data: tiers }));
    expect(good.ok && good.entries[0]!.body).toEqual({ type: 'resource/loaded', name: 'tiers', data: tiers });
    // The data of another section, and a name that is no section, are refused.
    expect(importLog(file({ type: 'resource/loaded', name: 'tiers', data: [{ id: 'd1', label: 'Survey 2026', type: 'since', value: '2026-01-01' }] }))).toEqual({ ok: false, reason: 'notALog' });
    expect(importLog(file({ type: 'resource/loaded', name: 'nope', data: tiers }))).toEqual({ ok: false, reason: 'notALog' });
  });

  it("decodes an action's data with its own endpoint's codec too", () => {
    const entry = (body: unknown) => ({ id: 'x', seq: 1, at: 0, tabId: 't', origin: 'local', actor: null, viewAs: null, v: 1, body });
    const file = (body: unknown) => JSON.stringify({ ...JSON.parse(exportLog([], 0)), entries: [entry(body)] });
    const consent = { type: 'action/succeeded', action: 'toggleViewAsConsent', message: null, data: { view_as_consent: true } };
    const good = importLog(file(consent));
    expect(good.ok && good.entries[0]!.body).toEqual(consent);
    expect(importLog(file({ ...consent, data: null })).ok).toBe(true);
    expect(importLog(file({ ...consent, data: { view_as_consent: 'yes' } }))).toEqual({ ok: false, reason: 'notALog' });
    expect(importLog(file({ ...consent, action: 'nope' }))).toEqual({ ok: false, reason: 'notALog' });
  });
});
