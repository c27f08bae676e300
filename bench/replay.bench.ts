import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { createStore } from '../infrastructure/bus/store';
import { appLog } from '../tests/support/arbitraries';
import type { AppEnvelope } from '../infrastructure/bus/types';
import { dashboardApp } from '../domain/app/dashboardApp';

// The dashboards' page folds every slice these tests use.
const { reducer: appReducer, initialState: initialAppState } = dashboardApp;

const EVENTS = 100_000;
const ROUNDS = 5;

/** A realistic mix: the generated events of the property tests, repeated to 100,000 entries. */
const buildLog = (): AppEnvelope[] => {
  const samples = fc.sample(appLog, { numRuns: 200, seed: 42 }).flat();
  return Array.from({ length: EVENTS }, (_, i) => ({ ...samples[i % samples.length], id: `e-${i}`, seq: i + 1 }));
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const time = (run: () => unknown): number => {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
};

export const runReplayBench = () => {
  const log = buildLog();
  const bodies = log.map((e) => e.body);
  const baseline = time(() => bodies.reduce(appReducer, initialAppState));
  const replayStore = createStore(dashboardApp, { tabId: 'bench', clock: { now: () => 0 }, ids: { next: () => 'x' } });
  const replay = time(() => replayStore.startReplay(log));
  // Jumping to the middle folds half the log again: the baseline's work, halved.
  const jump = time(() => {
    replayStore.jumpTo(log.length / 2);
    replayStore.jumpTo(log.length);
  });
  replayStore.dispose();
  const live = time(() => {
    const store = createStore(dashboardApp, { tabId: 'bench', clock: { now: () => 0 }, ids: { next: () => 'x' }, maxEntries: 50_000 });
    for (const body of bodies) store.receiveRemote({ ...log[0], id: `${Math.random()}`, tabId: 'other', body });
    store.dispose();
  });
  console.log(`replay: ${EVENTS.toLocaleString('en')} events, median of ${ROUNDS} rounds`);
  console.log(`  baseline Array.reduce over the reducers   ${baseline.toFixed(1)} ms`);
  console.log(`  store replay of the imported log          ${replay.toFixed(1)} ms   ratio ${(replay / baseline).toFixed(2)}`);
  console.log(`  time travel to the middle and back        ${jump.toFixed(1)} ms   ratio ${(jump / baseline).toFixed(2)}`);
  console.log(`  store appending live (log capped at 50k)  ${live.toFixed(1)} ms   ratio ${(live / baseline).toFixed(2)}`);
};
