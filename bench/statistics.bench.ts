import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { statisticsEndpoints } from '../domain/contracts/statistics';
import { buildApp } from '../server/app';
import { statisticsCache } from '../server/routes/statistics';
import { describeFirstChart, measureFirstChart } from './firstChart.bench';
import { openBenchDatabase } from './statisticsDatabase';
import { printUtility } from './utility.bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const time = async (run: () => Promise<unknown>, rounds = ROUNDS): Promise<number[]> => {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
};

const ms = (value: number, width = 7) => value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0).padStart(width);

/**
 * Each statistics endpoint (through Fastify: session, filters, scope, cache check, disclosure
 * control, JSON) against the bare GROUP BY it wraps, an unprotected query a plain endpoint
 * would run. Warm: the protected population and question are cached, as they are after the
 * first call; cold (printed apart): the statistics cache emptied first, so the call runs the
 * population and question SQL and computes the protection; changed: the first call after the
 * organisation's statistics version moved on (as any write moves it), answered from the
 * previous figures past STATISTICS_FRESH_WAIT_MS, and refresh: until the new figures are in.
 * Then the time to the first chart
 * of the overview page in Chromium. See statisticsDatabase.ts for the two modes (PGlite
 * quick mode by default, PostgreSQL with BENCH_DATABASE_URL).
 */
export const runStatisticsBench = async (): Promise<void> => {
  const bench = await openBenchDatabase();
  const { database } = bench;
  try {
    const app = await buildApp(bench.config, { db: database.db, dbKind: database.kind });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: bench.adminEmail, password: bench.password } });
      const token = login.json().data.access_token as string;
      const cache = statisticsCache(database.db);
      const org = bench.organizationId;
      const bare = (query: RawBuilder<unknown>) => () => query.execute(database.db);
      const E = statisticsEndpoints;
      const cases: [string, () => Promise<unknown>][] = [
        [E.home.totalRegistered.path, bare(sql`select count(*) from responses where organization_id = ${org}`)],
        [E.overview.countryBirth.path, bare(sql`select country_birth_id, count(*) from responses where organization_id = ${org} group by 1`)],
        [E.overview.genderAgeRange.path, bare(sql`select gender_id, birth_year, count(*) from responses where organization_id = ${org} group by 1, 2`)],
        [E.worldview.tree.path, bare(sql`select worldview_id, branch_id, denomination_id, count(*) from responses where organization_id = ${org} group by 1, 2, 3`)],
        [E.language.languages.path, bare(sql`select language_id, count(distinct response_id) from response_languages where organization_id = ${org} group by 1`)],
        [E.ethnicity.ethnicities.path, bare(sql`select ethnicity_id, count(distinct response_id) from response_heritages where organization_id = ${org} group by 1`)],
        [E.demographic.statePerGender.path, bare(sql`select gender_id, state_id, count(*) from responses where organization_id = ${org} group by 1, 2`)],
        [E.general.mutualityIndex.path, bare(sql`select country_birth_id, worldview_id, count(*) from responses where organization_id = ${org} group by 1, 2`)],
      ];
      console.log(`statistics: ${bench.responses.toLocaleString('en-AU')} demo responses on ${bench.label}, ${ROUNDS} rounds; medians unless marked p95`);
      await printUtility(database.db, cache, org);
      /** The organisation's responses "changed": what any write does to the statistics version. */
      const touch = () => sql`update statistics_versions set version = version + 1 where organization_id = ${org}`.execute(database.db);
      console.log(
        `  ${'endpoint'.padEnd(30)} ${'bare SQL'.padStart(9)} ${'endpoint'.padStart(9)} ${'ratio'.padStart(6)} ${'p95'.padStart(9)} ${'filt p95'.padStart(9)} ${'cold'.padStart(9)} ${'cold/bare'.padStart(9)} ${'changed'.padStart(9)} ${'refresh'.padStart(9)}`,
      );
      for (const [path, baseline] of cases) {
        const call = (query = '') => async () => {
          const response = await app.inject({ method: 'GET', url: `/api${path}${query}`, headers: { authorization: `Bearer ${token}` } });
          if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
        };
        cache.clear();
        const [cold] = await time(call(), 1);
        const endpoint = await time(call());
        const filtered = await time(call('?filter[age-range]=25-44'));
        const base = await time(baseline);
        await touch();
        const [changed] = await time(call(), 1);
        const refreshStart = performance.now();
        await cache.settled();
        const refresh = performance.now() - refreshStart + changed!;
        console.log(
          `  ${path.padEnd(30)} ${ms(median(base), 6)} ms ${ms(median(endpoint), 6)} ms ${(median(endpoint) / median(base)).toFixed(2).padStart(6)} ${ms(p95(endpoint), 6)} ms ${ms(p95(filtered), 6)} ms ${ms(cold!, 6)} ms ${(cold! / median(base)).toFixed(1).padStart(9)} ${ms(changed!, 6)} ms ${ms(refresh, 6)} ms`,
        );
      }
      console.log(`  first chart of /dashboard/overview in Chromium: ${describeFirstChart(await measureFirstChart(url, token, () => cache.clear(), bench.config.clientDir))}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runStatisticsBench();
