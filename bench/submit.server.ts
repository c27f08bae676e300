import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { createCapturingMailer } from '../server/services/mail';

/**
 * The submit bench's server in a process of its own (bench/submit.bench.ts forks it), so that
 * the load tool's CPU and the server's are told apart. Over IPC it answers its port once
 * listening, its own CPU time when sent 'cpu', and closes on 'stop'.
 */

const databaseUrl = process.env.SUBMIT_BENCH_DATABASE_URL;
if (databaseUrl === undefined || process.send === undefined) throw new Error('forked by bench/submit.bench.ts with SUBMIT_BENCH_DATABASE_URL');
const send = process.send.bind(process);

const database = await openDatabase({ databaseUrl, dataDir: '' });
const app = await buildApp(
  { ...loadConfig({ NODE_ENV: 'test' }), rateLimit: { sessionMax: 1_000_000_000, addressMax: 1_000_000_000 }, clientDir: '/nonexistent/client' },
  { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer },
);
await app.listen({ host: '127.0.0.1', port: 0 });
send({ port: (app.server.address() as AddressInfo).port });
process.on('message', (message) => {
  if (message === 'cpu') send({ cpu: process.cpuUsage() });
  if (message === 'stop') void app.close().then(() => database.close()).then(() => process.exit(0));
});
