import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { OpenDatabase } from '../../db/connect';
import { appliedMigration } from '../../db/migrate';
import { runningServerOf } from '../../db/runtimeFile';
import { BackupError, type BackupHeader, decodeBackup, encodeBackup } from './backupFile';

export { BackupError } from './backupFile';

export const POSTGRES_BACKUP_ADVICE =
  'The database is a PostgreSQL server: back it up with pg_dump and restore it with pg_restore (see the README). npm run backup and npm run restore are for the embedded database.';

/** A backup of the open embedded database, consistent even while the server answers requests. */
export const takeBackup = async (database: Pick<OpenDatabase, 'db' | 'dumpDataDir'>, now = new Date()): Promise<Buffer> => {
  if (database.dumpDataDir === undefined) throw new BackupError(POSTGRES_BACKUP_ADVICE);
  const migration = await appliedMigration(database.db);
  return encodeBackup(await database.dumpDataDir(), migration, now);
};

/** Written beside its final name first, so an interrupted write never leaves a file that looks whole. */
export const writeBackupFile = (path: string, backup: Uint8Array): void => {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  writeFileSync(partial, backup, { mode: 0o600 });
  renameSync(partial, path);
};

const stamp = (now: Date): string => now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

export const defaultBackupPath = (now = new Date()): string => `backups/commonweave-${stamp(now)}.backup`;

export interface Restored {
  readonly header: BackupHeader;
  /** Where the folder that was replaced now is, if there was one. */
  readonly previous?: string;
}

/**
 * Restores a backup file into the embedded database folder. The whole file is checked first
 * (length and checksum), then unpacked into a folder beside the target and opened; only then
 * is the old folder moved aside and the new one moved in, so a restore either happens whole or
 * leaves the folder as it was.
 */
export const restoreBackup = async (file: string, dataDir: string, now = new Date()): Promise<Restored> => {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const { header, payload } = decodeBackup(readFileSync(file));
  const running = runningServerOf(dataDir);
  if (running !== undefined) throw new BackupError(`The server (process ${running.pid}, ${running.url}) has ${dataDir} open: stop it, then restore.`);
  const staging = `${dataDir}.restoring-${stamp(now)}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const restored = await PGlite.create(staging, { loadDataDir: new Blob([new Uint8Array(payload)]) });
    try {
      await restored.query('select count(*) from organizations');
    } finally {
      await restored.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new BackupError(`The backup could not be opened as a database (${(error as Error).message}). Nothing was changed.`);
  }
  const previous = existsSync(dataDir) ? `${dataDir}.before-restore-${stamp(now)}` : undefined;
  if (previous !== undefined) renameSync(dataDir, previous);
  renameSync(staging, dataDir);
  return previous === undefined ? { header } : { header, previous };
};
