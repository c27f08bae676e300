import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedReferenceData } from '../db/seeds/referenceData';
import { seedLookups } from '../services/lookups/seed';
import { createDemoOrganization, DEFAULT_DEMO_RESPONSES, DEFAULT_DEMO_SEED } from './index';

/**
 * `npm run seed -- --responses N [--seed S] [--organization "Name"]`: writes a NEW demo
 * organisation (with its own administrator) into the configured database (DATABASE_URL, else
 * the PGlite folder DATA_DIR: stop the server first, PGlite is single-process).
 */

const MAX_RESPONSES = 5_000_000;
const usage = 'Usage: npm run seed -- [--responses N] [--seed TEXT] [--organization "Name"]';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

let values: { responses?: string; seed?: string; organization?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { responses: { type: 'string' }, seed: { type: 'string' }, organization: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (values!.help) {
  console.log(usage);
  process.exit(0);
}
const rawResponses = values!.responses ?? String(DEFAULT_DEMO_RESPONSES);
const responses = /^\d{1,7}$/.test(rawResponses.replace(/[_,]/g, '')) ? Number(rawResponses.replace(/[_,]/g, '')) : NaN;
if (!Number.isSafeInteger(responses) || responses < 1 || responses > MAX_RESPONSES) fail(`--responses must be a whole number from 1 to ${MAX_RESPONSES.toLocaleString('en-AU')}.\n${usage}`);
const seed = values!.seed ?? DEFAULT_DEMO_SEED;
const organizationName = (values!.organization ?? `Demo organisation (${responses.toLocaleString('en-AU')} responses, seed ${seed})`).trim();
if (organizationName === '' || organizationName.length > 255) fail('--organization must be 1 to 255 characters.');

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const database = await openDatabase(config!);
const closeAndExit = (code: number) => database.close().finally(() => process.exit(code));
process.once('SIGINT', () => {
  console.error('\nInterrupted: a partly written demo organisation may remain in the database.');
  void closeAndExit(130);
});

try {
  console.log(`Database: ${database.description}`);
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  await seedLookups(database.db);
  const started = performance.now();
  let lastReport = 0;
  const result = await createDemoOrganization(database.db, {
    seed,
    responses,
    organizationName,
    argon2: config!.argon2,
    // Larger statements pay off on a server; PGlite runs in this process and prefers smaller ones.
    batchSize: database.kind === 'postgres' ? 5000 : 1000,
    concurrency: database.kind === 'postgres' ? 3 : 1,
    onProgress: (written, total) => {
      const now = performance.now();
      if (written < total && now - lastReport < 2000) return;
      lastReport = now;
      const seconds = (now - started) / 1000;
      console.log(`  ${written.toLocaleString('en-AU')} / ${total.toLocaleString('en-AU')} responses (${Math.round((100 * written) / total)}%), ${seconds.toFixed(1)} s, ${Math.round(written / seconds).toLocaleString('en-AU')} per second`);
    },
  });
  const seconds = (result!.milliseconds / 1000).toFixed(1);
  console.log(`Demo organisation "${result!.organizationName}" (${result!.organizationId}): ${result!.responses.toLocaleString('en-AU')} responses in ${seconds} s.`);
  console.log(`Sign in as ${result!.adminEmail} with ${result!.password}`);
  console.log(`Assignees (same password): ${result!.assigneeEmails.join(', ')}`);
  await closeAndExit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await closeAndExit(1);
}
