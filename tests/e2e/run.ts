import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE_VARIABLE, TEMPLATE_VARIABLES, startServer } from './harness';

// Node 20's test runner takes no globs, so the suite files are listed here; files named on the
// command line (`npm run test:e2e -- tests/e2e/members.e2e.ts`) run alone.
const dir = 'tests/e2e';
const named = process.argv.slice(2);
const files = named.length > 0 ? named : readdirSync(dir).filter((f) => f.endsWith('.e2e.ts')).map((f) => join(dir, f)).sort();

/**
 * The server's own modules in one file (server/main.ts's entry, as `npm run dev` starts it), the
 * packages left to node_modules: each suite's server then starts in about 3.9 s rather than 6.2 s,
 * most of the difference tsx's loader resolving and transforming some 400 modules anew. fp-ts
 * and io-ts go in the bundle: their directory imports (fp-ts/Either) resolve only under tsx.
 * The file sits one folder below the project's root, as server/main.ts does, so that
 * server/config.ts finds the root where it expects it. The templates (below) are made by
 * server/start.ts itself, which builds the client when it is stale, exactly as npm start does.
 */
const bundleServer = async (): Promise<string> => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const inline = new Set(['fp-ts', 'io-ts']);
  const external = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].filter((name) => !inline.has(name)).flatMap((name) => [name, `${name}/*`]);
  const outfile = join('dist', 'e2e-server.mjs');
  await build({ entryPoints: ['server/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', external, outfile, logLevel: 'warning' });
  return outfile;
};

// One database of each kind is created and seeded here, once; each suite's server copies it.
const templates: Record<string, string> = {};
try {
  for (const demo of [false, true]) {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-template-'));
    templates[TEMPLATE_VARIABLES[demo ? 'demo' : 'plain']] = dataDir;
    const server = await startServer({ demo, dataDir });
    await server.stop();
  }
  const bundle = await bundleServer();
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env: { ...process.env, ...templates, [SERVER_BUNDLE_VARIABLE]: bundle } });
  process.exitCode = result.status ?? 1;
} finally {
  for (const dataDir of Object.values(templates)) await rm(dataDir, { recursive: true, force: true });
}
