import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
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
 * in production. With nothing kept (the table of counted groups kept across restarts, migration
 * 0032, emptied first, so every figure is the bare queries): (a) the baseline, a server without
 * warm-up whose first visitor finds the statistics cache empty; (b) a visitor arriving once the
 * background warm-up has counted everything. With the groups the previous process kept: (c) a
 * server without warm-up whose first visitor's figures come from the kept rows; (d) a visitor
 * arriving as soon as the server listens, while the warm-up reads the kept rows too. Each case in
 * a fresh process, round by round. Runs when BENCH_DATABASE_URL is set.
 */
export const runRestartBench = async (): Promise<void> => {
  console.log('\nFirst home page after a restart');
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('  skipped: set BENCH_DATABASE_URL (the 1,000,000-response bench database)');
    return;
  }
  const bench = await openBenchDatabase();
  try {
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${process.env.BENCH_DATABASE_NAME?.trim() || 'bench_stats'}`;
    const cases = {
      cold: [] as number[],
      again: [] as number[],
      warmUpCounting: [] as number[],
      warmed: [] as number[],
      kept: [] as number[],
      during: [] as number[],
      started: [] as number[],
    };
    // Every process keeps what its visitor and warm-up counted, for the next one.
    const forgetKept = () => sql`delete from statistics_kept`.execute(bench.database.db);
    const visit = async (warmOrganizations: number, waitForWarmUp: boolean, again?: number[]) => {
      const server = await startServerProcess(databaseUrl.href, warmOrganizations);
      try {
        cases.started.push(server.started);
        if (waitForWarmUp) {
          const { warmed, milliseconds } = await server.warmedUp;
          if (warmed === 0) throw new Error('the warm-up warmed no organisation');
          cases.warmUpCounting.push(milliseconds);
        }
        const token = await signIn(server.url, bench.adminEmail, bench.password);
        const first = await homePage(server.url, token);
        if (again !== undefined) again.push(await homePage(server.url, token));
        return first;
      } finally {
        await server.stop();
      }
    };
    console.log(`  ${bench.responses.toLocaleString('en-AU')} responses in ${databaseUrl.host}${databaseUrl.pathname}; each case a new server process; warm-up of ${WARM_ORGANIZATIONS} organisations; ${ROUNDS} rounds`);
    for (let round = 0; round < ROUNDS; round++) {
      await forgetKept();
      cases.cold.push(await visit(0, false, cases.again));
      await forgetKept();
      cases.warmed.push(await visit(WARM_ORGANIZATIONS, true));
      // The previous process kept the home page's groups (the statistics version unchanged since).
      cases.kept.push(await visit(0, false));
      cases.during.push(await visit(WARM_ORGANIZATIONS, false));
    }
    const cold = median(cases.cold);
    const kept = median(cases.kept);
    const met = (values: readonly number[]) => (values.every((value) => value < 2000) ? 'met' : 'NOT met');
    console.log(`  server process listening ${seconds([median(cases.started)])} after its start (median)`);
    console.log(`  nothing kept, no warm-up, cache empty (bare queries): ${seconds(cases.cold)} (the same page asked again at once: ${seconds(cases.again)})`);
    console.log(`  nothing kept, warm-up counting in the background:     ${seconds(cases.warmUpCounting)} after listening`);
    console.log(`  nothing kept, first visitor after the warm-up:        ${seconds(cases.warmed)}; target under 2 s: ${met(cases.warmed)}`);
    console.log(`  kept groups, no warm-up, first visitor:               ${seconds(cases.kept)}; ratio to the baseline ${(kept / cold).toFixed(3)}; target under 2 s: ${met(cases.kept)}`);
    console.log(`  kept groups, first visitor as soon as it listens:     ${seconds(cases.during)} (the warm-up reading the kept groups meanwhile); target under 2 s: ${met(cases.during)}`);
  } finally {
    await bench.database.close();
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await runRestartBench();
