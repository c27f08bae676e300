import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { openBenchDatabase } from './statisticsDatabase';
import { median, p95 } from './samples';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const time = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/**
 * POST /benchmark/internal/process on the bench organisation (2,000 demo responses in PGlite,
 * or the 1,000,000-response organisation with BENCH_DATABASE_URL): warm (every group's figures
 * in the statistics cache) and the first call after the organisation's responses changed
 * (every group recomputed), against the bare GROUP BY that counts the respondents of every
 * group once (the least any benchmark must read).
 */
export const runBenchmarkBench = async (): Promise<void> => {
  const bench = await openBenchDatabase();
  try {
    const app = await buildApp({ ...bench.config, statisticsSelectionsPerHour: 1_000_000 }, { db: bench.database.db, dbKind: bench.database.kind });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: bench.adminEmail, password: bench.password } });
      const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
      const processOnce = async () => {
        const response = await app.inject({ method: 'POST', url: '/api/benchmark/internal/process', headers, payload: {} });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
        return response.json().data as { groups: unknown[]; leftOut: unknown[] };
      };
      const bare = () => sql`select department_id, count(*) from responses where organization_id = ${bench.organizationId} group by department_id`.execute(bench.database.db);
      const first = await processOnce();
      const warm: number[] = [];
      const base: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        base.push(await time(bare));
        warm.push(await time(processOnce));
      }
      // A change to the responses (a no-op update still bumps the population version), then the first call.
      const changed: number[] = [];
      for (let round = 0; round < Math.min(ROUNDS, 3); round++) {
        await sql`update responses set answers = answers where id = (select id from responses where organization_id = ${bench.organizationId} limit 1)`.execute(bench.database.db);
        changed.push(await time(processOnce));
      }
      console.log(`benchmark/internal/process: ${bench.responses.toLocaleString('en-AU')} demo responses on ${bench.label}, ${first.groups.length} groups measured, ${first.leftOut.length} left out, ${ROUNDS} rounds`);
      console.log(`  bare GROUP BY per group   median ${median(base).toFixed(1)} ms`);
      console.log(`  process, warm             median ${median(warm).toFixed(1)} ms, p95 ${p95(warm).toFixed(1)} ms, ${(median(warm) / median(base)).toFixed(1)}× the bare query`);
      console.log(`  process, after a change   median ${median(changed).toFixed(1)} ms (answered within STATISTICS_FRESH_WAIT_MS or from the previous figures)`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.database.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runBenchmarkBench();
