import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase, type OpenDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { removeRuntimeFile, runningServerOf, writeRuntimeFile } from './db/runtimeFile';
import { seedReferenceData } from './db/seeds/referenceData';
import { type DemoSignIn, seedDemoOnFirstStart } from './demo/index';
import { seedLookups } from './services/lookups/seed';
import { scheduleReminders, sendPackageReminders } from './services/packages';
import { scheduleEvery } from './services/schedule';
import { startWorker } from './services/jobs/worker';
import { PRUNE_EVERY_MS, pruneStatisticsChanges } from './services/statistics/changes';
import { StatisticsFigures } from './services/statistics/figures';
import { homePageComputes } from './services/statistics/table';
import { warmHomePages } from './services/statistics/warmUp';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
  readonly url: string;
  /** The demo organisation written at this start (an empty database, DEMO_SEED not off). */
  readonly demo?: DemoSignIn;
  /** Settles once the background warm-up of the statistics has ended, with the number of organisations warmed. */
  readonly warmedUp: Promise<number>;
  stop(): Promise<void>;
}

const listenError = (error: unknown, config: ServerConfig): Error => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new Error(`Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`);
  if (code === 'EADDRNOTAVAIL') return new Error(`Cannot listen on ${config.host}: no such address here. Set HOST.`);
  return error instanceof Error ? error : new Error(String(error));
};

// Checked before the database opens (PGlite takes seconds) so a busy port fails at once.
const assertPortFree = (config: ServerConfig): Promise<void> =>
  new Promise((resolve, reject) => {
    if (config.port === 0) return resolve();
    const probe = createServer();
    probe.once('error', (error) => reject(listenError(error, config)));
    probe.listen({ host: config.host, port: config.port, exclusive: true }, () => probe.close(() => resolve()));
  });

/** Opens and prepares the database, then listens. On any failure the database is closed again. */
export const startServer = async (config: ServerConfig): Promise<RunningServer> => {
  await assertPortFree(config);
  const embedded = config.databaseUrl === undefined;
  // Before the folder is opened: PGlite takes one process at a time, so the operator's
  // commands (and a second server) must not open it beside this one.
  const runtime = { pid: process.pid, url: `http://${config.host}:${config.port}`, ...(config.operatorToken === undefined ? {} : { operatorToken: config.operatorToken }) };
  if (embedded) {
    const other = runningServerOf(config.dataDir);
    if (other !== undefined) throw new Error(`${config.dataDir} is open in another process (${other.pid}${other.url === '' ? '' : `, ${other.url}`}): stop it, or set DATA_DIR.`);
    writeRuntimeFile(config.dataDir, runtime);
  }
  const database = await openDatabase(config).catch((error: unknown) => {
    if (embedded) removeRuntimeFile(config.dataDir);
    throw error;
  });
  let app: FastifyInstance | undefined;
  let demo: DemoSignIn | undefined;
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    // After the locales: the lookup lists carry names in each of them.
    await seedLookups(database.db);
    // After the lookups its answers are chosen from; only when the database has no organisation at all.
    demo = await seedDemoOnFirstStart(database.db, config);
    app = await buildApp(config, { db: database.db, dbKind: database.kind, database });
    await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
      throw listenError(error, config);
    });
  } catch (error) {
    await app?.close();
    await database.close();
    if (embedded) removeRuntimeFile(config.dataDir);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const running = app;
  const url = `http://${config.host}:${port}`;
  // Now with the port really listened on (PORT=0 picks one).
  if (embedded) writeRuntimeFile(config.dataDir, { ...runtime, url });
  // Reminder emails before a package ends: at start, then hourly (idempotent, see the service).
  const stopReminders = scheduleReminders(() => sendPackageReminders(database.db, running.mailer, config.appUrl, new Date()), running.log);
  // The statistics change log keeps an hour (migration 0023).
  const stopPruning = scheduleEvery(() => pruneStatisticsChanges(database.db), running.log, 'pruning the statistics change log', PRUNE_EVERY_MS);
  // Campaign steps and mails (issue 29): every process works the one queue in the database.
  const stopWorker = startWorker(running);
  // The most read organisations' home pages are counted in the background, so the first visitor after a restart is not the one who waits.
  let stopping = false;
  const warmingStarted = performance.now();
  const warming = warmHomePages(database.db, homePageComputes(new StatisticsFigures(database.db, running.statisticsCache)), {
    limit: config.statisticsWarmOrganizations,
    log: (line) => running.log.warn(line),
    stopped: () => stopping,
  }).then(
    (warmed) => {
      if (warmed > 0) {
        const { kept, added } = running.statisticsCache.refreshes;
        running.log.info(
          `Warmed the home-page statistics of ${warmed} organisation(s) in ${Math.round(performance.now() - warmingStarted)} ms (since the start, ${kept} part(s) taken as kept by an earlier process and ${added} brought up to date by addition)`,
        );
      }
      return warmed;
    },
    (error: unknown) => {
      running.log.warn(`Warming the statistics failed: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    },
  );
  return {
    app: running,
    database,
    url,
    ...(demo === undefined ? {} : { demo }),
    warmedUp: warming,
    stop: async () => {
      stopping = true;
      await Promise.all([stopReminders(), stopPruning(), stopWorker(), warming]);
      await running.close();
      await database.close();
      if (embedded) removeRuntimeFile(config.dataDir);
    },
  };
};

/** Starts, prints where, and closes cleanly on SIGTERM/SIGINT; exits 1 with a message on failure. */
export const runServer = async (loadServerConfig: () => ServerConfig = loadConfig): Promise<void> => {
  let server: RunningServer;
  try {
    server = await startServer(loadServerConfig());
  } catch (error) {
    // Configuration, port and migration problems are the reader's to fix: a message, no stack.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  console.log(`Listening on ${server.url}`);
  console.log(`Database: ${server.database.description}`);
  const { mailboxKey } = server.app.config;
  if (mailboxKey !== undefined) {
    // Like a notebook server's token: whoever can read this console may read the outbox.
    console.log(`Development mailbox (outgoing mail, with reset links and codes): ${server.url}/dev/mailbox?key=${mailboxKey}`);
  }
  if (server.app.config.operatorToken !== undefined && process.env.OPERATOR_TOKEN === undefined) {
    console.log(`Operator token for this run (metrics, error reports, backups): ${server.app.config.operatorToken}`);
  }
  if (server.demo !== undefined) {
    const { demo } = server;
    console.log(`Demo organisation ready (${demo.responses.toLocaleString('en-AU')} synthetic responses, ${(demo.milliseconds / 1000).toFixed(1)} s): sign in at ${server.url}/login as ${demo.adminEmail} with ${demo.password}`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, closing`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while closing:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

const isEntryScript = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryScript) await runServer();
