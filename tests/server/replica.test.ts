import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/database';
import { ReplicaRouter, attachReplica, detachReplica, replicaRouterOf } from '../../server/db/replica';
import { PASSWORD, get, insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertResponse } from './helpers/surveyResponses';
import { type ServerProcess, startServerProcess, stopServerProcess } from './helpers/serverProcess';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { TEST_OPERATOR_TOKEN, testConfig } from './helpers/testConfig';

/**
 * Statistics counted on a PostgreSQL streaming replica (server/db/replica.ts). Runs when
 * DATABASE_URL names a primary and DATABASE_REPLICA_URL its replica: `.ci/run` starts both with
 * `.ci/replica.sh` and runs this file as the replica suite.
 */
const METRICS_TOKEN = 'replica-suite-operator-token-0123456789';
const primaryUrl = process.env.DATABASE_URL ?? '';
const replicaServerUrl = process.env.DATABASE_REPLICA_URL ?? '';

/** The test database's address on the replica: the same database name, the replica's host and port. */
const onReplica = (databaseUrl: string): string => {
  const url = new URL(replicaServerUrl);
  url.pathname = new URL(databaseUrl).pathname;
  return url.href;
};

const until = async (what: string, check: () => Promise<boolean>, tries = 600): Promise<void> => {
  for (let i = 0; i < tries; i += 1) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
};

const statisticsVersion = async (db: Kysely<Database>, organizationId: string): Promise<number> =>
  Number((await sql<{ version: string | number }>`select version from statistics_versions where organization_id = ${organizationId}`.execute(db)).rows[0]?.version ?? 0);

describe.skipIf(primaryUrl === '' || replicaServerUrl === '')('statistics on a read replica', () => {
  let database: TestDatabase;
  let replica: OpenDatabase;
  /** A second connection pool to the same primary, with no replica: the figures every read must equal. */
  let primaryOnly: OpenDatabase;
  let withReplica: FastifyInstance;
  let reference: FastifyInstance;
  let router: ReplicaRouter;
  let organizationId: string;
  let group: string;
  let adminEmail: string;
  const logged: string[] = [];

  const addResponses = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      await insertResponse(database.db, { organization_id: organizationId, department_id: group, birth_year: 1980 + (i % 30), submitted_at: new Date(Date.now() - 3_600_000) });
    }
  };

  const registered = async (app: FastifyInstance): Promise<unknown> => {
    const token = await signIn(app, adminEmail);
    const response = await get(app, '/api/home/total-registered', { token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    database = await createTestDatabase({ lookups: true });
    const admin = await insertUser(database.db, { role: 'admin' });
    organizationId = admin.organizationId;
    adminEmail = admin.email;
    group = await insertDepartment(database.db, organizationId, 'Research');
    await addResponses(40);
    // The replica has the new database once it has replayed its creation.
    const replicaUrl = onReplica(database.url!);
    await until('the replica has the test database', async () => {
      const probe = await openDatabase({ databaseUrl: replicaUrl, dataDir: '' });
      try {
        return (await statisticsVersion(probe.db, organizationId)) >= (await statisticsVersion(database.db, organizationId));
      } finally {
        await probe.close();
      }
    });
    replica = await openDatabase({ databaseUrl: replicaUrl, dataDir: '' });
    primaryOnly = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
    withReplica = await buildApp(testConfig({ replicaWaitMs: 500 }), { db: database.db, dbKind: 'postgres', database: { replica: replica.db } });
    reference = await buildApp(testConfig(), { db: primaryOnly.db, dbKind: 'postgres' });
    router = replicaRouterOf(database.db)!;
    // The app's router logs to the console; this test's own router (below) records its lines.
    expect(router).toBeDefined();
  });

  afterAll(async () => {
    await withReplica?.close();
    await reference?.close();
    await replica?.close();
    await primaryOnly?.close();
    await database?.close();
  });

  it('counts on the replica, and its figures are those the primary gives for the same people', async () => {
    const before = router.figures().served.replica;
    const figure = await registered(withReplica);
    expect(router.figures().served.replica).toBeGreaterThan(before);
    expect(figure).toEqual(await registered(reference));
    const token = await signIn(withReplica, adminEmail);
    const countries = await get(withReplica, '/api/overview/country-birth', { token });
    const referenceCountries = await get(reference, '/api/overview/country-birth', { token: await signIn(reference, adminEmail) });
    expect(countries.json()).toEqual(referenceCountries.json());
  });

  it('a write through the primary is in the next figures: the count waits for the replica to replay it', async () => {
    await addResponses(10);
    expect(await registered(withReplica)).toEqual(await registered(reference));
  });

  it('a replica whose replay is paused is left for the primary after the wait, and figures never go back', async () => {
    // The app's own router waits 0.5 s; a router of this test with a short wait over a separate pool shows the metric and the log line.
    const own = new ReplicaRouter(primaryOnly.db, replica.db, { waitMs: 300, log: (line) => logged.push(line) });
    attachReplica(own);
    await sql`select pg_wal_replay_pause()`.execute(replica.db);
    try {
      await addResponses(10);
      const paused = await registered(reference);
      expect(own.figures().fallbacks.lagging).toBeGreaterThan(0);
      expect(logged.some((line) => line.includes('lagging'))).toBe(true);
      // The app with the replica agrees with the primary: it never answered the replica's older figures.
      expect(await registered(withReplica)).toEqual(paused);
    } finally {
      await sql`select pg_wal_replay_resume()`.execute(replica.db);
      detachReplica(primaryOnly.db);
    }
    await until('the replica caught up', async () => (await statisticsVersion(replica.db, organizationId)) >= (await statisticsVersion(database.db, organizationId)));
  });

  it('a replica that stops answering is left for the primary, with one log line and no error for the caller', async () => {
    const lines: string[] = [];
    // A replica stopped: nothing listens on its port any more.
    const stopped = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/postgres', dataDir: '' });
    const own = new ReplicaRouter(primaryOnly.db, stopped.db, { waitMs: 300, log: (line) => lines.push(line) });
    attachReplica(own);
    try {
      await addResponses(5);
      const first = await registered(reference);
      const second = await registered(reference);
      expect(second).toEqual(first);
      expect(own.figures().fallbacks.down).toBeGreaterThan(0);
      expect(own.figures().served.replica).toBe(0);
      expect(lines).toHaveLength(1);
    } finally {
      detachReplica(primaryOnly.db);
      await stopped.close();
    }
  });

  it('connections cut on the replica in the middle of counting fail over to the primary: same figures, counted and logged once, then the replica again', async () => {
    const paths = ['/api/home/total-registered', '/api/overview/country-birth', '/api/demographic/row-one'];
    // An app wired as a server with a replica (its own router, metrics and log line), and one on a pool of the primary alone: the figures to equal.
    const cutPrimary = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
    const cut = await openDatabase({ databaseUrl: onReplica(database.url!), dataDir: '' });
    const truthPool = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cutApp = await buildApp(testConfig({ replicaWaitMs: 2_000 }), { db: cutPrimary.db, dbKind: 'postgres', database: { replica: cut.db } });
    const truth = await buildApp(testConfig(), { db: truthPool.db, dbKind: 'postgres' });
    const cutRouter = replicaRouterOf(cutPrimary.db)!;
    const replicaLines = () => warnings.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('Statistics read replica'));
    const fallbacks = () => {
      const { down, failed } = cutRouter.figures().fallbacks;
      return down + failed;
    };
    const figuresOf = async (app: FastifyInstance) => {
      const token = await signIn(app, adminEmail);
      const answers = await Promise.all(paths.map((path) => get(app, path, { token })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(paths.map(() => 200));
      return answers.map((answer) => answer.json() as unknown);
    };
    try {
      // A new response each round, so that the counts are made again (not read from the cache) while connections are cut.
      for (let round = 0; round < 30 && fallbacks() === 0; round += 1) {
        await addResponses(1);
        await until('the replica replayed the new response', async () => (await statisticsVersion(replica.db, organizationId)) >= (await statisticsVersion(database.db, organizationId)));
        const token = await signIn(cutApp, adminEmail);
        let counting = true;
        // Every backend of the replica but the killer's own is ended, again and again, while the page's figures are counted.
        const killing = (async () => {
          while (counting) {
            await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(replica.db).catch(() => undefined);
          }
        })();
        const answers = await Promise.all(paths.map((path) => get(cutApp, path, { token }))).finally(() => {
          counting = false;
        });
        await killing;
        expect(answers.map((answer) => answer.statusCode)).toEqual(paths.map(() => 200));
        expect(answers.map((answer) => answer.json() as unknown)).toEqual(await figuresOf(truth));
      }
      expect(fallbacks()).toBeGreaterThan(0);
      const metrics = await cutApp.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
      const counted = [...metrics.body.matchAll(/statistics_replica_fallbacks_total\{reason="(down|failed)"\} (\d+)/g)].reduce((sum, match) => sum + Number(match[2]), 0);
      expect(counted, metrics.body).toBe(fallbacks());
      // One line when the replica is left, not one per count left to the primary.
      expect(replicaLines()[0]).toMatch(/^Statistics read replica (down|failed)/);

      // Once the replica answers again (after the router's pause), counts go back to it, with the figures of the primary.
      const servedBefore = cutRouter.figures().served.replica;
      await until('a count served by the replica again', async () => {
        await addResponses(1);
        await figuresOf(cutApp);
        return cutRouter.figures().served.replica > servedBefore;
      });
      expect(await figuresOf(cutApp)).toEqual(await figuresOf(truth));
      const lines = replicaLines();
      const isBack = (line: string) => line.startsWith('Statistics read replica answers again');
      expect(isBack(lines.at(-1)!), lines.join('\n')).toBe(true);
      // Never two lines in a row for the same outage.
      for (let i = 1; i < lines.length; i += 1) expect(isBack(lines[i]!), lines.join('\n')).not.toBe(isBack(lines[i - 1]!));
    } finally {
      warnings.mockRestore();
      detachReplica(cutPrimary.db);
      await cutApp.close();
      await truth.close();
      await cut.close();
      await cutPrimary.close();
      await truthPool.close();
    }
  }, 300_000);

  describe('two server processes sharing the primary and the replica', () => {
    const servers: ServerProcess[] = [];

    const start = (): Promise<ServerProcess> =>
      startServerProcess({ DATABASE_URL: database.url!, DATABASE_REPLICA_URL: onReplica(database.url!), STATISTICS_FRESH_WAIT_MS: '5000', OPERATOR_TOKEN: METRICS_TOKEN });

    afterAll(() => Promise.all(servers.map(stopServerProcess)));

    const call = async (server: { url: string }, path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}/api${path}`, init);
      return { status: response.status, body: (await response.json()) as { data?: unknown } };
    };

    it('both release the same figures, counted on the replica', async () => {
      // The figures read above were kept (statistics_kept), and a process that starts answers from
      // kept groups at the current version without counting: without them, these two count.
      await sql`delete from statistics_kept where organization_id = ${organizationId}`.execute(database.db);
      servers.push(await start());
      servers.push(await start());
      const figures = await Promise.all(
        servers.map(async (server) => {
          const login = await call(server, '/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: PASSWORD }) });
          const token = (login.body.data as { access_token: string }).access_token;
          const headers = { authorization: `Bearer ${token}` };
          const total = await call(server, '/home/total-registered', { headers });
          const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((response) => response.text());
          return { total: total.body, metrics };
        }),
      );
      expect(figures[0]!.total).toEqual(figures[1]!.total);
      expect(figures[0]!.total).toEqual(await registered(reference));
      for (const { metrics } of figures) expect(metrics).toMatch(/statistics_counts_served_total\{served_by="replica"\} [1-9]/);
    }, 300_000);
  });
});
