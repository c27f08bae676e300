import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { statisticsEndpoints } from '../domain/contracts/statistics';
import { buildApp } from '../server/app';
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
 * control, JSON) against the bare GROUP BY it wraps: the unprotected query a plain endpoint
 * would run for the same figures (for the diversity index, its pillars' queries side by side,
 * as the endpoint runs them). Three pairs:
 * - warm: the figures are cached, as after the first call;
 * - cold: the statistics cache emptied first, so the call runs the SQL (one GROUP BY of the
 *   selected respondents with the cell keys summed beside the counts) and the protection;
 * - filtered cold: a filter never asked before (a new selection is new SQL) against the bare
 *   GROUP BY with the same WHERE.
 * Then changed: the first call after the organisation's statistics version moved on (as any
 * write moves it), answered from the previous figures past STATISTICS_FRESH_WAIT_MS, and
 * refresh: until the new figures are in. Then the time to the first chart of the overview page
 * in Chromium. See statisticsDatabase.ts for the two modes (PGlite quick mode by default,
 * PostgreSQL with BENCH_DATABASE_URL).
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
      const cache = app.statisticsCache;
      const org = bench.organizationId;
      const year = new Date().getUTCFullYear();
      /** The filter the filtered runs ask: ages 25 to 44 (four five-year bands), as birth years. */
      const ages = (alias: string) => sql`${sql.ref(`${alias}.birth_year`)} between ${year - 44}::int and ${year - 25}::int`;
      const everyone = sql`true`;
      type Bare = (where: (alias: string) => RawBuilder<unknown>) => RawBuilder<unknown>[];
      const responsesBy = (columns: string, groups: string): Bare => (where) => [
        sql`select ${sql.raw(columns)}, count(*) from responses r where r.organization_id = ${org} and ${where('r')} ${sql.raw(groups)}`,
      ];
      const childBy = (table: string, column: string) => (where: (alias: string) => RawBuilder<unknown>) =>
        sql`select c.${sql.raw(column)}, count(distinct c.response_id) from ${sql.raw(table)} c join responses r on r.id = c.response_id
            where c.organization_id = ${org} and ${where('r')} group by 1`;
      const perPerson = (table: string) => (where: (alias: string) => RawBuilder<unknown>) =>
        sql`select n, count(*) from (select c.response_id, count(*) as n from ${sql.raw(table)} c join responses r on r.id = c.response_id
            where c.organization_id = ${org} and ${where('r')} group by 1) x group by 1`;
      const E = statisticsEndpoints;
      const cases: [string, Bare][] = [
        [E.home.totalRegistered.path, (where) => [sql`select count(*) from responses r where r.organization_id = ${org} and ${where('r')}`]],
        [E.overview.countryBirth.path, responsesBy('country_birth_id', 'group by 1')],
        [E.overview.genderAgeRange.path, responsesBy('gender_id, birth_year', 'group by 1, 2')],
        [E.worldview.tree.path, responsesBy('worldview_id, branch_id, denomination_id', 'group by 1, 2, 3')],
        [E.language.languages.path, (where) => [childBy('response_languages', 'language_id')(where)]],
        [E.ethnicity.ethnicities.path, (where) => [childBy('response_heritages', 'ethnicity_id')(where)]],
        [E.demographic.statePerGender.path, responsesBy('gender_id, state_id', 'group by 1, 2')],
        [
          E.general.mutualityIndex.path,
          (where) => [
            ...responsesBy('country_birth_id', 'group by 1')(where),
            ...responsesBy('worldview_id', 'group by 1')(where),
            childBy('response_languages', 'language_id')(where),
            childBy('response_heritages', 'ethnicity_id')(where),
            perPerson('response_languages')(where),
            perPerson('response_heritages')(where),
          ],
        ],
      ];
      /** The bare queries of a case, side by side (the endpoint runs its questions side by side too). */
      const bare = (queries: RawBuilder<unknown>[]) => () => Promise.all(queries.map((query) => query.execute(database.db)));
      console.log(`statistics: ${bench.responses.toLocaleString('en-AU')} demo responses on ${bench.label}, ${ROUNDS} rounds; medians unless marked p95`);
      await printUtility(database.db, cache, org);
      /** The organisation's responses "changed": what any write does to the statistics version. */
      const touch = () => sql`update statistics_versions set version = version + 1 where organization_id = ${org}`.execute(database.db);
      console.log(
        `  ${'endpoint'.padEnd(30)} ${'bare'.padStart(9)} ${'warm'.padStart(9)} ${'ratio'.padStart(6)} ${'p95'.padStart(9)} ${'cold'.padStart(9)} ${'ratio'.padStart(6)} ${'bare filt'.padStart(9)} ${'cold filt'.padStart(9)} ${'ratio'.padStart(6)} ${'changed'.padStart(9)} ${'refresh'.padStart(9)}`,
      );
      const coldRounds = Math.max(3, Math.ceil(ROUNDS / 4));
      for (const [path, baseline] of cases) {
        const call = (query = '') => async () => {
          const response = await app.inject({ method: 'GET', url: `/api${path}${query}`, headers: { authorization: `Bearer ${token}` } });
          if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
        };
        const base = await time(bare(baseline(() => everyone)));
        const cold = await time(async () => {
          cache.clear();
          await call()();
        }, coldRounds);
        const warm = await time(call());
        const baseFiltered = await time(bare(baseline(ages)));
        const coldFiltered = await time(async () => {
          cache.clear();
          await call('?filter[age-range]=25-44')();
        }, coldRounds);
        await touch();
        const [changed] = await time(call(), 1);
        const refreshStart = performance.now();
        await cache.settled();
        const refresh = performance.now() - refreshStart + changed!;
        const ratio = (a: number, b: number) => (a / b).toFixed(2).padStart(6);
        console.log(
          `  ${path.padEnd(30)} ${ms(median(base), 6)} ms ${ms(median(warm), 6)} ms ${ratio(median(warm), median(base))} ${ms(p95(warm), 6)} ms ${ms(median(cold), 6)} ms ${ratio(median(cold), median(base))} ${ms(median(baseFiltered), 6)} ms ${ms(median(coldFiltered), 6)} ms ${ratio(median(coldFiltered), median(baseFiltered))} ${ms(changed!, 6)} ms ${ms(refresh, 6)} ms`,
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
