import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server files where the two engines differ: the database layer (connections, migrations,
 * backups and restarts), the statistics SQL and its caches (an `isEmbedded` branch), the work
 * queue and campaign mail, sessions and seat claims (PGlite's one connection serialises every
 * statement, and its driver reports no affected rows), and the demo and lookup seeds. With
 * ENGINE_BOUND_ONLY=1 (what `.ci/run` sets for its run on embedded PGlite) the server project
 * runs these alone; every file runs on PostgreSQL there, and `npm test` runs every file on PGlite
 * (decision 0013). The others check request rules, release rules, reports and sign-in flows
 * through the same SQL: on PGlite they only took three to five times as long.
 */
const ENGINE_BOUND_SERVER_FILES = [
  'database', 'migrationHashes', 'backup', 'operator', 'warmUp', 'keptStatistics',
  'statistics', 'statistics2', 'statisticsCache', 'statisticsRefresh', 'statisticsDimensions', 'selectionSql', 'respondentTotals', 'lgbtiqStatistic',
  'submit', 'groupCapacity', 'invitations', 'tokens',
  'campaigns', 'campaignSending', 'campaignParticipation', 'peopleImport',
  'auth', 'members', 'hardening',
  'demo', 'lookups',
].map((name) => `tests/server/${name}.test.ts`);
for (const file of ENGINE_BOUND_SERVER_FILES) if (!existsSync(file)) throw new Error(`vitest.config.ts names ${file}, which is not there`);
const engineBoundOnly = process.env.ENGINE_BOUND_ONLY === '1';
/**
 * Server files that open an embedded database of their own whatever DATABASE_URL says (backups
 * are of the embedded folder): on a PostgreSQL run they would only repeat the embedded run.
 */
const EMBEDDED_ONLY_SERVER_FILES = ['tests/server/backup.test.ts'];
const onPostgres = (process.env.DATABASE_URL ?? '') !== '';
const leftOut = onPostgres ? EMBEDDED_ONLY_SERVER_FILES : [];

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
          include: engineBoundOnly ? ENGINE_BOUND_SERVER_FILES : ['tests/server/**/*.test.ts'],
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
          // The files of a worker share their imports (React, react-aria, the screens, the
          // catalogues): isolated, importing them anew for each of 119 files was most of the
          // project's time (372 s of processor time against 225 s shared). So a test file may not
          // mock a module (vi.mock acts only where the module is not loaded yet) and puts back any
          // global it changes (timers, stubs, storage) after itself.
          isolate: false,
        },
      },
    ],
  },
});
