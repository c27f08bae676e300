import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { seedLookups } from '../server/services/lookups/seed';
import { listItems } from '../server/services/lookups/service';
import { median } from './samples';

const TERMS = ['ara', 'aborig', 'chin', 'zzq', 'sout', 'ian', 'gree', 'mal', 'kur', 'ngu'];
const ROUNDS = 5;
const BUDGET_MS = 50;


/** Median over rounds of the time to run `run` once per term. */
const perSearch = async (run: (term: string) => Promise<unknown>): Promise<{ median: number; slowest: number }> => {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const term of TERMS) {
      const start = performance.now();
      await run(term);
      samples.push(performance.now() - start);
    }
  }
  return { median: median(samples), slowest: Math.max(...samples) };
};

/**
 * Principle search on the 8,000+ cultural heritages (PGlite in memory), against the bare SQL
 * a naive version would run: ILIKE on the name, no accent folding, no ranking.
 */
export const runLookupsBench = async (): Promise<void> => {
  const database = await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const seedStart = performance.now();
    await seedLookups(database.db);
    const seedMs = performance.now() - seedStart;
    const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), rateLimit: { sessionMax: 1_000_000, addressMax: 1_000_000 }, clientDir: '/nonexistent/client' }, { db: database.db, dbKind: database.kind });
    try {
      const baseline = await perSearch((term) =>
        sql`select id, name from lookup_principles where list = 'ethnicities' and name ilike ${`%${term}%`} order by name limit 500`.execute(database.db),
      );
      const service = await perSearch((term) => listItems(database.db, { list: 'ethnicities', search: term }));
      const http = await perSearch((term) => app.inject({ method: 'GET', url: `/api/principles?list=ethnicities&search=${term}` }));
      const line = (label: string, result: { median: number; slowest: number }) =>
        `  ${label.padEnd(44)}${result.median.toFixed(1).padStart(6)} ms (slowest ${result.slowest.toFixed(1)})   ratio ${(result.median / baseline.median).toFixed(2)}`;
      console.log(`lookups: principle search on the heritage list, ${TERMS.length} terms x ${ROUNDS} rounds (seeding took ${seedMs.toFixed(0)} ms)`);
      console.log(line('baseline: bare SQL ILIKE on the name', baseline));
      console.log(line('searchPrinciples (folded, ranked, joined)', service));
      console.log(line('GET /api/principles through Fastify', http));
      console.log(`  budget ${BUDGET_MS} ms: ${http.median <= BUDGET_MS ? 'met' : 'MISSED'} (median through HTTP)`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};
