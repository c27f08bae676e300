import { performance } from 'node:perf_hooks';
import { EXPORT_CARDS, EXPORT_PAGES } from '../domain/contracts/exports';
import { buildApp } from '../server/app';
import { openBenchDatabase } from './statisticsDatabase';
import { median } from './samples';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).padStart(7);

/** Runs `work` while sampling the heap every 5 ms: its time and the heap's peak above where it started. */
const measured = async (work: () => Promise<number>): Promise<{ ms: number; peak: number; bytes: number }> => {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const start = performance.now();
  try {
    const bytes = await work();
    return { ms: performance.now() - start, peak: Math.max(0, peak - base), bytes };
  } finally {
    clearInterval(timer);
  }
};

/**
 * POST /general/export-excel for every dashboard page (a sheet per card, streamed by exceljs's
 * WorkbookWriter) against its baseline: asking the page's statistics endpoints for the same
 * figures as JSON, which the export does first. Warm statistics cache, medians of BENCH_ROUNDS.
 * With BENCH_DATABASE_URL it reads the 1,000,000-response organisation (statisticsDatabase.ts).
 */
export const runExportsBench = async (): Promise<void> => {
  const bench = await openBenchDatabase();
  try {
    const app = await buildApp(bench.config, { db: bench.database.db, dbKind: bench.database.kind });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: bench.adminEmail, password: bench.password } });
      const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
      console.log(`exports: ${bench.responses.toLocaleString('en-AU')} demo responses on ${bench.label}, ${ROUNDS} rounds; medians`);
      console.log(`  ${'page'.padEnd(18)} ${'cards'.padStart(5)} ${'JSON ms'.padStart(8)} ${'xlsx ms'.padStart(8)} ${'ratio'.padStart(6)} ${'xlsx KB'.padStart(8)} ${'peak MB'.padStart(8)}`);
      for (const page of EXPORT_PAGES) {
        const json = async () => {
          let bytes = 0;
          for (const card of EXPORT_CARDS[page]) bytes += (await app.inject({ method: 'GET', url: `/api/${card.key}`, headers })).rawPayload.length;
          return bytes;
        };
        const xlsx = async () => {
          const response = await app.inject({ method: 'POST', url: '/api/general/export-excel', headers, payload: { page } });
          if (response.statusCode !== 200) throw new Error(`${page}: ${response.statusCode} ${response.body}`);
          return response.rawPayload.length;
        };
        await json(); // warms the statistics cache
        const base: number[] = [];
        const runs: { ms: number; peak: number; bytes: number }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          base.push((await measured(json)).ms);
          runs.push(await measured(xlsx));
        }
        const ms = median(runs.map((run) => run.ms));
        const baseline = median(base);
        console.log(
          `  ${page.padEnd(18)} ${String(EXPORT_CARDS[page].length).padStart(5)} ${baseline.toFixed(1).padStart(8)} ${ms.toFixed(1).padStart(8)} ${(ms / baseline).toFixed(1).padStart(6)} ${(runs[0]!.bytes / 1024).toFixed(0).padStart(8)} ${mb(Math.max(...runs.map((run) => run.peak)))}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.database.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runExportsBench();
