import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bundleServer } from '../../support/serverBundle';
import { SERVER_PROCESS_BUNDLE_ENV } from './serverProcess';

/**
 * Vitest global set-up of the server tests: it names where this run's template databases go and
 * removes them when the run ends. A template (migrated and seeded, with or without the lookup
 * lists) is made by the first test file that asks for it and copied by every later one
 * (testDatabase.ts), so a run pays initdb, the migrations and the seeds once, and a run of one
 * file builds only the template it uses. The names travel in environment variables, which the
 * test workers inherit (they start after this set-up). Nothing here imports the server, which
 * vitest's own process would load without the test workers' module handling: the bundle for the
 * files that start server processes is built by esbuild, which only reads the modules.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `ci_template_${randomBytes(6).toString('hex')}`;
    process.env[POSTGRES_TEMPLATE_ENV] = template;
    // The files that start server processes of their own run on PostgreSQL only; they start them from one bundle.
    const bundle = await bundleServer(`test-server-${process.pid}`);
    process.env[SERVER_PROCESS_BUNDLE_ENV] = bundle;
    return async () => {
      rmSync(bundle, { force: true });
      await withAdmin(serverUrl, async (admin) => {
        for (const name of [postgresTemplateName(template, {}), postgresTemplateName(template, { lookups: true })]) {
          await admin.query(`drop database if exists ${name} with (force)`);
        }
      });
    };
  }
  removeAbandonedFolders();
  const folder = mkdtempSync(join(tmpdir(), FOLDER_PREFIX));
  writeFileSync(join(folder, OWNER_FILE), String(process.pid));
  process.env[PGLITE_TEMPLATES_ENV] = folder;
  return async () => rmSync(folder, { recursive: true, force: true });
}

const FOLDER_PREFIX = 'commonweave-test-templates-';
const OWNER_FILE = 'run.pid';

/** A run that was killed leaves its folder (tens of megabytes); the next run removes it. */
const removeAbandonedFolders = (): void => {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(FOLDER_PREFIX))) {
    const folder = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(folder, OWNER_FILE), 'utf8'));
    } catch {
      continue; // not ours to judge: no owner written
    }
    try {
      process.kill(owner, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') rmSync(folder, { recursive: true, force: true });
    }
  }
};

export interface TemplateOptions {
  readonly lookups?: boolean;
}

/** The folder of this run's PGlite templates (data folders as tar files). */
export const PGLITE_TEMPLATES_ENV = 'COMMONWEAVE_TEST_PGLITE_TEMPLATES';
/** This run's template database on the DATABASE_URL server (`_lookups` added: with the lookups). */
export const POSTGRES_TEMPLATE_ENV = 'COMMONWEAVE_TEST_POSTGRES_TEMPLATE';

export const pgliteTemplateFile = (folder: string, options: TemplateOptions): string =>
  join(folder, options.lookups === true ? 'with-lookups.tar' : 'plain.tar');

export const postgresTemplateName = (template: string, options: TemplateOptions): string =>
  options.lookups === true ? `${template}_lookups` : template;

/** `work` on a connection of its own to the database of `serverUrl`, closed after. */
export const withAdmin = async <T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};
