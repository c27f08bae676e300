import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/config';
import { startServer } from '../server/main';

/**
 * The restart bench's server in a process of its own (bench/restart.bench.ts forks it), started
 * as `npm start` starts one: migrations checked, the worker and schedules running, and the
 * statistics warm-up of RESTART_BENCH_WARM organisations in the background. Over IPC it answers
 * its address once listening, then when the warm-up has ended; closes on 'stop'.
 */

const databaseUrl = process.env.RESTART_BENCH_DATABASE_URL;
if (databaseUrl === undefined || process.send === undefined) throw new Error('forked by bench/restart.bench.ts with RESTART_BENCH_DATABASE_URL');
const send = process.send.bind(process);

const base = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0' });
const server = await startServer({
  ...base,
  rateLimit: { sessionMax: 1_000_000_000, addressMax: 1_000_000_000 },
  // As in production: a request waits this long for fresh figures before answering the previous ones.
  statisticsFreshWaitMs: loadConfig({}).statisticsFreshWaitMs,
  statisticsWarmOrganizations: Number(process.env.RESTART_BENCH_WARM ?? 0),
  clientDir: '/nonexistent/client',
});
send({ port: (server.app.server.address() as AddressInfo).port });
const warmingStarted = performance.now();
void server.warmedUp.then((warmed) => send({ warmed, milliseconds: performance.now() - warmingStarted }));
process.on('message', (message) => {
  if (message === 'stop') void server.stop().then(() => process.exit(0));
});
