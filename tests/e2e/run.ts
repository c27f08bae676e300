import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Node 20's test runner takes no globs, so the suite files are listed here.
const dir = 'tests/e2e';
const files = readdirSync(dir).filter((f) => f.endsWith('.e2e.ts')).map((f) => join(dir, f)).sort();
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
