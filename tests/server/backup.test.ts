import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { removeRuntimeFile, writeRuntimeFile } from '../../server/db/runtimeFile';
import { seedReferenceData } from '../../server/db/seeds/referenceData';
import { createDemoOrganization, DEMO_PASSWORD } from '../../server/demo/index';
import { seedLookups } from '../../server/services/lookups/seed';
import { BackupError, restoreBackup, writeBackupFile } from '../../server/services/operator/backup';
import { decodeBackup, encodeBackup } from '../../server/services/operator/backupFile';
import { TEST_OPERATOR_TOKEN, testConfig } from './helpers/testConfig';

/**
 * Backups of the embedded database (a folder of its own, whatever DATABASE_URL says): a
 * restore gives back the same figures, and a file cut short or altered is refused before
 * anything is touched.
 */

const FIGURES = ['/api/home/total-registered', '/api/overview/country-birth', '/api/worldview/worldviews'];
let root: string;
let dataDir: string;
let backupFile: string;
let figuresAtBackup: string[];
let figuresAfterChange: string[];

/** The demo administrator's figures, read through the app as the dashboards read them. */
const figuresOf = async (database: OpenDatabase): Promise<string[]> => {
  const app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, database });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'backup-demo@example.org', password: DEMO_PASSWORD } });
    const token = login.json().data.access_token as string;
    const bodies: string[] = [];
    for (const url of FIGURES) bodies.push((await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).body);
    return bodies;
  } finally {
    await app.close();
  }
};

const withFolder = async <T>(work: (database: OpenDatabase) => Promise<T>): Promise<T> => {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'backup-test-'));
  dataDir = join(root, 'pglite');
  backupFile = join(root, 'backups', 'first.backup');
  await withFolder(async (database) => {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    await seedLookups(database.db);
    await createDemoOrganization(database.db, { seed: 'backup', responses: 120, organizationName: 'Backup Demo', argon2: testConfig().argon2, adminEmail: 'backup-demo@example.org', warn: () => undefined });
    // A small last change, likely still only in the write-ahead log when the backup is taken.
    await database.db.updateTable('organizations').set({ name: 'Backup Demo (at backup)' }).where('name', '=', 'Backup Demo').execute();
    figuresAtBackup = await figuresOf(database);
    // Taken the way `npm run backup` asks a running server for it.
    const app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, database });
    const response = await app.inject({ method: 'POST', url: '/api/operator/backup', headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
    await app.close();
    expect(response.statusCode).toBe(200);
    writeBackupFile(backupFile, response.rawPayload);
    // A change after the backup, which the restore must undo.
    await database.db.deleteFrom('responses').where('id', 'in', database.db.selectFrom('responses').select('id').limit(40)).execute();
    figuresAfterChange = await figuresOf(database);
  });
  expect(figuresAfterChange).not.toEqual(figuresAtBackup);
});

afterAll(() => {
  // Only what is large goes: PGlite can still write into a folder it has closed (its last
  // statistics files), and a folder taken away under it fails the run after every test passed.
  for (const file of [backupFile, join(root, 'cli.backup')]) rmSync(file, { force: true });
});

describe('the backup file', () => {
  it('reads back what it was given, and refuses any file cut short or altered', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 2000 }), fc.nat(), fc.nat(), (payload, cutAt, flipAt) => {
        const file = encodeBackup(payload, '0010_statistics_versions', new Date('2026-11-25T00:00:00Z'));
        expect(decodeBackup(file).payload).toEqual(Buffer.from(payload));
        expect(() => decodeBackup(file.subarray(0, cutAt % file.length))).toThrow(BackupError);
        const altered = Buffer.from(file);
        const at = flipAt % altered.length;
        altered[at] = altered[at]! ^ 0xff;
        expect(() => decodeBackup(altered)).toThrow(BackupError);
      }),
      { numRuns: 300 },
    );
    expect(() => decodeBackup(Buffer.from('PK\u0003\u0004 a zip file'))).toThrow('This is not a Commonweave backup file.');
  });

  it('still reads a file written before the product was renamed', () => {
    const current = encodeBackup(Buffer.from('payload'), null, new Date('2026-11-25T00:00:00Z'));
    const checked = current.subarray('COMMONWEAVE-BACKUP 1\n'.length);
    const earlier = Buffer.concat([Buffer.from('DIVERSITY-ATLAS-BACKUP 1\n', 'utf8'), checked]);
    expect(decodeBackup(earlier).payload.toString()).toBe('payload');
  });
});

describe('restore', () => {
  it('refuses a backup cut short, and leaves the folder exactly as it was', async () => {
    const whole = readFileSync(backupFile);
    const halfWritten = join(root, 'half.backup');
    writeFileSync(halfWritten, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreBackup(halfWritten, dataDir)).rejects.toThrow(/cut short/);
    expect(await withFolder(figuresOf)).toEqual(figuresAfterChange);
  });

  it('refuses while a server has the folder open', async () => {
    writeRuntimeFile(dataDir, { pid: process.ppid, url: 'http://127.0.0.1:3000' });
    try {
      await expect(restoreBackup(backupFile, dataDir)).rejects.toThrow(/stop it, then restore/);
    } finally {
      removeRuntimeFile(dataDir);
    }
  });

  it('brings back the same figures as at the backup, keeping the replaced folder aside', async () => {
    const restored = await restoreBackup(backupFile, dataDir, new Date('2026-11-25T12:00:00Z'));
    expect(restored.previous).toBe(`${dataDir}.before-restore-20261125-120000`);
    expect(existsSync(restored.previous!)).toBe(true);
    expect(await withFolder(figuresOf)).toEqual(figuresAtBackup);
    const names = await withFolder((database) => database.db.selectFrom('organizations').select('name').execute());
    expect(names.map((row) => row.name)).toContain('Backup Demo (at backup)');
  });
});

describe('the operator’s commands', () => {
  const npmRun = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', `server/services/operator/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('npm run org lists the organisations of the folder, and refuses while a server has it open', () => {
    const list = npmRun('orgCli', 'list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/Backup Demo \(at backup\)\s+active/);
    writeRuntimeFile(dataDir, { pid: process.ppid, url: 'http://127.0.0.1:3000' });
    try {
      const refused = npmRun('orgCli', 'list');
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/has .* open: stop it first/);
    } finally {
      removeRuntimeFile(dataDir);
    }
  });

  it('npm run backup writes a checked file; npm run restore refuses a damaged one with exit code 2', () => {
    const out = join(root, 'cli.backup');
    const backup = npmRun('backupCli', '--out', out);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/written to/);
    expect(decodeBackup(readFileSync(out)).header.migration).toMatch(/^\d{4}_/);
    const damaged = join(root, 'damaged.backup');
    writeFileSync(damaged, readFileSync(out).subarray(0, 100));
    const restore = npmRun('restoreCli', damaged);
    expect(restore.status).toBe(2);
    expect(restore.stderr).toMatch(/cut short/);
    expect(restore.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
