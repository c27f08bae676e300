import { parseArgs } from 'node:util';
import { runningServerOf } from '../../db/runtimeFile';
import { BackupError, defaultBackupPath, POSTGRES_BACKUP_ADVICE, takeBackup, writeBackupFile } from './backup';
import { decodeBackup } from './backupFile';
import { exitWith, openForOperator, operatorConfig } from './openForOperator';
import { OperatorError } from './organizations';

const USAGE = 'Usage: npm run backup -- [--out FILE]   (default backups/commonweave-<time>.backup)';

/** Asks the running server for a backup: it takes it between two queries, so it is consistent. */
const backupFromServer = async (url: string, token: string | undefined): Promise<Uint8Array> => {
  if (token === undefined) throw new OperatorError('The running server has no operator token to ask it with: set OPERATOR_TOKEN and restart it, or stop it and run the backup again.');
  const response = await fetch(`${url}/api/operator/backup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {
    throw new OperatorError(`The server (${url}) has the database open but does not answer yet: it may still be starting. Try again in a moment.`);
  });
  if (!response.ok) throw new OperatorError(`The running server refused the backup (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
};

/** `npm run backup`: the embedded database into one checked file, while the server runs or not. */
try {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(USAGE);
  } else {
    const config = operatorConfig();
    if (config.databaseUrl !== undefined) throw new OperatorError(POSTGRES_BACKUP_ADVICE);
    const out = values.out ?? defaultBackupPath();
    const running = runningServerOf(config.dataDir);
    let backup: Uint8Array;
    if (running !== undefined) {
      backup = await backupFromServer(running.url, running.operatorToken);
    } else {
      const database = await openForOperator(config);
      try {
        backup = await takeBackup(database);
      } finally {
        await database.close();
      }
    }
    const { header } = decodeBackup(backup);
    writeBackupFile(out, backup);
    console.log(`Backup of ${config.dataDir} (schema ${header.migration ?? 'empty'}, ${(backup.length / 1_048_576).toFixed(1)} MB) written to ${out}${running === undefined ? '' : ` by the running server (process ${running.pid})`}.`);
  }
} catch (error) {
  exitWith(error instanceof BackupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? new OperatorError(`${(error as Error).message}\n${USAGE}`) : error);
}
