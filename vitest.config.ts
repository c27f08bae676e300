import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server files whose subject is the release rules, request validation and report layout, not the
 * database engine: with SKIP_ENGINE_NEUTRAL=1 (what `.ci/run` sets for its run on
 * embedded PGlite) they are left out there and run on PostgreSQL only, where they take a quarter
 * of the time (decision 0013). `npm test` runs them on PGlite like every other file.
 */
const ENGINE_NEUTRAL_SERVER_FILES = [
  'tests/server/differencing.test.ts',
  'tests/server/attacks.test.ts',
  'tests/server/bodyFuzz.test.ts',
  'tests/server/requestFuzz.test.ts',
  'tests/server/reports.test.ts',
  'tests/server/reportPages.test.ts',
  'tests/server/benchmarkPool.test.ts',
  'tests/server/tenancy.test.ts',
];
/**
 * Server files that open an embedded database of their own whatever DATABASE_URL says (backups
 * are of the embedded folder): on a PostgreSQL run they would only repeat the embedded run.
 */
const EMBEDDED_ONLY_SERVER_FILES = ['tests/server/backup.test.ts'];
const onPostgres = (process.env.DATABASE_URL ?? '') !== '';
const leftOut = [
  ...(process.env.SKIP_ENGINE_NEUTRAL === '1' ? ENGINE_NEUTRAL_SERVER_FILES : []),
  ...(onPostgres ? EMBEDDED_ONLY_SERVER_FILES : []),
];

// Unit, property and server tests. The browser journeys live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    environment: 'node',
    // A test body keeps a limit, so that a hang fails, but one far above what the slowest body
    // without its own limit takes on a quiet machine, since with both cores busy bodies take
    // several times as long (30 s failed there, in statisticsRefresh's full recounts). Set-up (a database, a demo organisation) has none: it takes what the machine
    // gives it, and a fixed limit failed on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 0,
    // PGlite start-up is CPU heavy; two cores are shared by every worker.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...leftOut],
          // The files of a worker share their imports (the server's modules, about 2.4 s a file
          // otherwise): each file opens its own database and app, and no server module keeps
          // state that outlives them except read-only lookups and caches keyed by database.
          isolate: false,
          // Where the migrated and seeded templates each file's database is copied from go (one run).
          globalSetup: ['tests/server/helpers/templateDatabases.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**', 'tests/server/**', 'node_modules/**'],
        },
      },
    ],
  },
});
