import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { statisticsEndpoints } from '../domain/contracts/statistics';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { DEMO_PASSWORD, createDemoOrganization } from '../server/demo';
import { seedLookups } from '../server/lookups/seed';

const RESPONSES = 2000;
const ROUNDS = 20;

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

/**
 * Each statistics endpoint (through Fastify, warm population cache) against the bare GROUP BY
 * it wraps, on a demo organisation; the first call (protection computed) is shown apart.
 */
export const runStatisticsBench = async (): Promise<void> => {
  const database = await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    await seedLookups(database.db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), rateLimitMax: 1_000_000, clientDir: '/nonexistent/client' };
    const demo = (await createDemoOrganization(database.db, { seed: 'bench', responses: RESPONSES, organizationName: 'Bench', argon2: config.argon2, batchSize: 500 }))!;
    const app = await buildApp(config, { db: database.db, dbKind: database.kind });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: demo.adminEmail, password: DEMO_PASSWORD } });
      const token = login.json().data.access_token as string;
      const org = demo.organizationId;
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
      console.log(`statistics: ${RESPONSES} demo responses, ${ROUNDS} rounds, warm cache (first call apart)`);
      for (const [path, baseline] of cases) {
        const call = () => app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: `Bearer ${token}` } });
        const [first] = await time(call, 1);
        const endpoint = await time(call);
        const filtered = await time(() => app.inject({ method: 'GET', url: `/api${path}?filter[age-range]=25-44`, headers: { authorization: `Bearer ${token}` } }));
        const base = await time(baseline);
        console.log(
          `  ${path.padEnd(32)} first ${first!.toFixed(0).padStart(6)} ms   warm p95 ${p95(endpoint).toFixed(1).padStart(6)} ms   filtered p95 ${p95(filtered)
            .toFixed(1)
            .padStart(6)} ms   bare SQL p95 ${p95(base).toFixed(1).padStart(5)} ms   ratio ${(median(endpoint) / median(base)).toFixed(1)}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};
