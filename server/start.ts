import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, projectRoot, type ServerConfig } from './config';
import { runServer } from './main';

// What the Vite build reads: if any of it is newer than the built page, the client is stale.
const clientSources = ['src', 'infrastructure', 'domain', 'public', 'scripts', 'index.html', 'survey.html', 'vite.config.ts', 'vite.participant.config.ts'];

const newestChange = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
};

const clientIsStale = (clientDir: string): boolean => {
  const builtPage = join(clientDir, 'index.html');
  if (!existsSync(builtPage)) return true;
  const builtAt = statSync(builtPage).mtimeMs;
  return clientSources.some((source) => newestChange(join(projectRoot, source)) > builtAt);
};

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

if (clientIsStale(config.clientDir)) {
  console.log('Building the client (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The client build failed; the server was not started.');
    process.exit(1);
  }
}

await runServer(() => config);
