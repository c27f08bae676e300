import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleServer } from '../support/serverBundle';
import { STATISTICS_GETS } from '../support/statisticsEndpoints';
import { DEMO_ACCOUNT, SERVER_BUNDLE_VARIABLE, TEMPLATE_VARIABLES, apiToken, startServer, type RunningServer } from './harness';

// Node 20's test runner takes no globs, so the suite files are listed here; files named on the
// command line (`npm run test:e2e -- tests/e2e/members.e2e.ts`) run alone.
const dir = 'tests/e2e';
const named = process.argv.slice(2);
const files = named.length > 0 ? named : readdirSync(dir).filter((f) => f.endsWith('.e2e.ts')).map((f) => join(dir, f)).sort();

/**
 * Reads every dashboard statistic of the demo organisation, unfiltered, once: the server keeps
 * the counted groups in the database when it stops (decision 0012), so each demo suite's server
 * starts with them, as a deployed server does after a restart, rather than counting 2,000
 * responses again on the embedded engine. A filtered selection is still counted where it is asked.
 */
const countEveryDashboardFigure = async (server: RunningServer): Promise<void> => {
  const token = await apiToken(server, DEMO_ACCOUNT);
  for (const endpoint of STATISTICS_GETS) {
    const response = await fetch(`${server.url}/api${endpoint.path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`the demo template's ${endpoint.path} answered ${response.status}: ${await response.text()}`);
  }
};

// One database of each kind is created and seeded here, once; each suite's server copies it.
const templates: Record<string, string> = {};
try {
  for (const demo of [false, true]) {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-template-'));
    templates[TEMPLATE_VARIABLES[demo ? 'demo' : 'plain']] = dataDir;
    const server = await startServer({ demo, dataDir });
    if (demo) await countEveryDashboardFigure(server);
    await server.stop();
  }
  // The suites' servers start from one bundle of the server's modules; the templates above were
  // made by server/start.ts itself, which builds the client when it is stale, as npm start does.
  const bundle = await bundleServer('e2e-server');
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env: { ...process.env, ...templates, [SERVER_BUNDLE_VARIABLE]: bundle } });
  process.exitCode = result.status ?? 1;
} finally {
  for (const dataDir of Object.values(templates)) await rm(dataDir, { recursive: true, force: true });
}
