import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { statisticsEndpoints as E } from '../domain/contracts/statistics';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/connect';
import { attachReplica, detachReplica, replicaRouterOf } from '../server/db/replica';
import { HOME_ENDPOINTS } from '../server/services/statistics/table';
import { addResponse } from './statistics.bench';
import { openBenchDatabase } from './statisticsDatabase';
import { median } from './samples';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ENDPOINTS = [...HOME_ENDPOINTS, E.language.languages, E.worldview.tree, E.country.countries];

/**
 * Cold statistics counted on the primary and on its streaming replica side by side, while
 * submits are written to the primary: each endpoint asked with the statistics cache empty, on an
 * app with the replica and an app without, round by round. Runs when BENCH_DATABASE_URL names
 * the primary and BENCH_REPLICA_URL its replica (`.ci/replica.sh start` makes both).
 */
export const runReplicaBench = async (): Promise<void> => {
  const replicaServer = process.env.BENCH_REPLICA_URL?.trim();
  console.log('\nStatistics on a read replica');
  if (!replicaServer || !process.env.BENCH_DATABASE_URL?.trim()) {
    console.log('  skipped: set BENCH_DATABASE_URL to a primary and BENCH_REPLICA_URL to its replica (.ci/replica.sh start)');
    return;
  }
  const bench = await openBenchDatabase();
  const replicaUrl = new URL(replicaServer);
  replicaUrl.pathname = `/${process.env.BENCH_DATABASE_NAME?.trim() || 'bench_stats'}`;
  const replica = await openDatabase({ databaseUrl: replicaUrl.href, dataDir: '' });
  let loading = true;
  const submitted: number[] = [];
  const added: string[] = [];
  try {
    const onReplica = await buildApp(bench.config, { db: bench.database.db, dbKind: 'postgres', database: { replica: replica.db } });
    const onPrimary = await buildApp(bench.config, { db: bench.database.db, dbKind: 'postgres' });
    const tokenOf = async (app: typeof onReplica) =>
      (await app.inject({ method: 'POST', url: '/api/login', payload: { email: bench.adminEmail, password: bench.password } })).json().data.access_token as string;
    // Both apps share the primary's pool; the one without the replica is measured with the router taken off.
    const router = replicaRouterOf(bench.database.db)!;
    const [replicaToken, primaryToken] = [await tokenOf(onReplica), await tokenOf(onPrimary)];
    const load = (async () => {
      while (loading) {
        const start = performance.now();
        added.push(await addResponse(bench.database.db, bench.organizationId));
        submitted.push(performance.now() - start);
      }
    })();
    const cold = async (app: typeof onReplica, token: string, path: string, withReplica: boolean): Promise<number> => {
      if (withReplica) attachReplica(router);
      else detachReplica(bench.database.db);
      app.statisticsCache.clear();
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return performance.now() - start;
    };
    console.log(`  ${bench.responses.toLocaleString('en-AU')} responses; a submit load writes to the primary throughout`);
    console.log(`  ${'endpoint'.padEnd(32)} ${'primary'.padStart(10)} ${'replica'.padStart(10)} ${'ratio'.padStart(6)}`);
    for (const endpoint of ENDPOINTS) {
      const onP: number[] = [];
      const onR: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        onP.push(await cold(onPrimary, primaryToken, endpoint.path, false));
        onR.push(await cold(onReplica, replicaToken, endpoint.path, true));
      }
      console.log(`  ${endpoint.path.padEnd(32)} ${median(onP).toFixed(0).padStart(7)} ms ${median(onR).toFixed(0).padStart(7)} ms ${(median(onR) / median(onP)).toFixed(2).padStart(6)}`);
    }
    const { served, fallbacks } = router.figures();
    const lag = await router.lag();
    console.log(
      `  counts served by the replica: ${served.replica} of ${served.replica + served.primary} routed (fallbacks: ${fallbacks.lagging} lagging, ${fallbacks.down} down, ${fallbacks.failed} failed); replica lag now ${lag === undefined ? 'unknown' : `${lag.seconds.toFixed(2)} s, ${lag.bytes} bytes`}; ${submitted.length} submits written meanwhile, median ${median(submitted).toFixed(1)} ms each`,
    );
    loading = false;
    await load;
    await onReplica.close();
    await onPrimary.close();
    // The bench organisation keeps its size: the next run finds it whole rather than writing it again.
    if (added.length > 0) await sql`delete from responses where id = any(${`{${added.join(',')}}`}::uuid[])`.execute(bench.database.db);
  } finally {
    loading = false;
    await replica.close();
    await bench.database.close();
  }
};
