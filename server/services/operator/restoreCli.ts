import { parseArgs } from 'node:util';
import { BackupError, POSTGRES_BACKUP_ADVICE, restoreBackup } from './backup';
import { exitWith, operatorConfig } from './openForOperator';
import { OperatorError } from './organizations';

const USAGE = 'Usage: npm run restore -- FILE   (stop the server first; the folder it replaces is kept beside it)';

/** `npm run restore -- FILE`: a whole, checked backup in place of the embedded database, or nothing changed. */
try {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  if (values.help) {
    console.log(USAGE);
  } else {
    if (positionals.length !== 1) throw new OperatorError(`Name one backup file.\n${USAGE}`);
    const config = operatorConfig();
    if (config.databaseUrl !== undefined) throw new OperatorError(POSTGRES_BACKUP_ADVICE);
    const { header, previous } = await restoreBackup(positionals[0]!, config.dataDir);
    console.log(
      `Restored the backup of ${header.createdAt} (schema ${header.migration ?? 'empty'}) into ${config.dataDir}.` +
        (previous === undefined ? '' : ` The folder it replaced is kept at ${previous}; delete it once you are sure.`) +
        ' Start the server: it migrates an older schema on its way up.',
    );
  }
} catch (error) {
  exitWith(error instanceof BackupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? new OperatorError(error instanceof Error ? error.message : String(error)) : error);
}
