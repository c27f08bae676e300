import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { HOME_ENDPOINTS } from '../server/services/statistics/table';
import { openBenchDatabase } from './statisticsDatabase';
import { median } from './samples';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** As in production (server/config.ts): the five most read, then largest, organisations. */
const WARM_ORGANIZATIONS = Number(process.env.STATISTICS_WARM_ORGANIZATIONS ?? 5);

interface ServerProcess {
  readonly url: string;
  /** Milliseconds from the fork to the port listened on. */
  readonly started: number;
  /** The warm-up's end: organisations warmed and its milliseconds after listening. */
  readonly warmedUp: Promise<{ warmed: number; milliseconds: number }>;
  stop(): Promise<void>;
}

const startServerProcess = (databaseUrl: string, warmOrganizations: number): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const forked = performance.now();
    const child: ChildProcess = fork(fileURLToPath(new URL('./restart.server.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, RESTART_BENCH_DATABASE_URL: databaseUrl, RESTART_BENCH_WARM: String(warmOrganizations) },
    });
    const onEarlyExit = (code: number | null) => reject(new Error(`the bench server exited with ${code}`));
    child.once('exit', onEarlyExit);
    let warmedUp: (value: { warmed: number; milliseconds: number }) => void = () => undefined;
    const warmed = new Promise<{ warmed: number; milliseconds: number }>((settle) => (warmedUp = settle));
    child.on('message', (message) => {
      const data = message as { port?: number; warmed?: number; milliseconds?: number };
      if (data.warmed !== undefined) warmedUp({ warmed: data.warmed, milliseconds: data.milliseconds! });
      if (data.port === undefined) return;
      resolve({
        url: `http://127.0.0.1:${data.port}`,
        started: performance.now() - forked,
        warmedUp: warmed,
        stop: () =>
          new Promise((stopped) => {
            child.off('exit', onEarlyExit);
            child.once('exit', () => stopped());
            child.send('stop');
          }),
      });
    });
  });

const signIn = async (url: string, email: string, password: string): Promise<string> => {
  const response = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
};

/** The home page's cards asked together, as the dashboard asks them; milliseconds until the last answer. */
const homePage = async (url: string, token: string): Promise<number> => {
  const start = performance.now();
  await Promise.all(
    HOME_ENDPOINTS.map(async (endpoint) => {
      const response = await fetch(`${url}/api${endpoint.path}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`${endpoint.path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }),
  );
  return performance.now() - start;
};

const seconds = (values: readonly number[]) => values.map((value) => `${(value / 1000).toFixed(2)} s`).join(', ');

/**
 * The first home page after a restart, on a server process started over the bench database as
 * in production: (a) the baseline, a server without warm-up whose first visitor finds the
 * statistics cache empty; (b) a visitor arriving once the background warm-up has ended; (c) a
 * visitor arriving as soon as the server listens, while the warm-up is still counting. Each
 * case in a fresh process, round by round. Runs when BENCH_DATABASE_URL is set.
 */
export const runRestartBench = async (): Promise<void> => {
  console.log('\nFirst home page after a restart');
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('  skipped: set BENCH_DATABASE_URL (the 1,000,000-response bench database)');
    return;
  }
  const bench = await openBenchDatabase();
  await bench.database.close();
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${process.env.BENCH_DATABASE_NAME?.trim() || 'bench_stats'}`;
  const cases = { cold: [] as number[], warmed: [] as number[], during: [] as number[], warmUp: [] as number[], again: [] as number[], started: [] as number[] };
  const visit = async (warmOrganizations: number, waitForWarmUp: boolean) => {
    const server = await startServerProcess(databaseUrl.href, warmOrganizations);
    try {
      cases.started.push(server.started);
      if (waitForWarmUp) {
        const { warmed, milliseconds } = await server.warmedUp;
        if (warmed === 0) throw new Error('the warm-up warmed no organisation');
        cases.warmUp.push(milliseconds);
      }
      const token = await signIn(server.url, bench.adminEmail, bench.password);
      const first = await homePage(server.url, token);
      if (warmOrganizations === 0) cases.again.push(await homePage(server.url, token));
      return first;
    } finally {
      await server.stop();
    }
  };
  console.log(`  ${bench.responses.toLocaleString('en-AU')} responses in ${databaseUrl.host}${databaseUrl.pathname}; each case a new server process; warm-up of ${WARM_ORGANIZATIONS} organisations; ${ROUNDS} rounds`);
  for (let round = 0; round < ROUNDS; round++) {
    cases.cold.push(await visit(0, false));
    cases.warmed.push(await visit(WARM_ORGANIZATIONS, true));
    cases.during.push(await visit(WARM_ORGANIZATIONS, false));
  }
  const cold = median(cases.cold);
  const warmed = median(cases.warmed);
  console.log(`  server process listening ${seconds([median(cases.started)])} after its start (median)`);
  console.log(`  baseline, no warm-up, cache empty:        ${seconds(cases.cold)} (the same page asked again at once: ${seconds(cases.again)})`);
  console.log(`  warm-up in the background:                ${seconds(cases.warmUp)} after listening`);
  console.log(`  first visitor after the warm-up:          ${seconds(cases.warmed)}; ratio to the baseline ${(warmed / cold).toFixed(3)}; target under 2 s: ${cases.warmed.every((value) => value < 2000) ? 'met' : 'NOT met'}`);
  console.log(`  first visitor as soon as it listens:      ${seconds(cases.during)} (the warm-up still counting; a new process has no previous figures, so the visitor waits)`);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await runRestartBench();
