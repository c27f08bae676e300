import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type ServerConfig } from '../../config';
import { type OpenDatabase, openDatabase } from '../../db/connect';
import { appliedMigration, expectedMigration } from '../../db/migrate';
import { removeRuntimeFile, runningServerOf, writeRuntimeFile } from '../../db/runtimeFile';
import { OperatorError } from './organizations';

export const operatorConfig = (): ServerConfig => {
  try {
    return loadConfig();
  } catch (error) {
    throw new OperatorError(error instanceof ConfigError ? error.message : String(error));
  }
};

/**
 * The configured database for an operator's command: PostgreSQL at DATABASE_URL, or the
 * embedded folder when no server has it open (PGlite is single-process). Its schema must be
 * the code's: the command never migrates it behind the server's back.
 */
export const openForOperator = async (config: ServerConfig): Promise<OpenDatabase> => {
  const embedded = config.databaseUrl === undefined;
  if (embedded) {
    if (!existsSync(config.dataDir)) throw new OperatorError(`No database in ${config.dataDir}: start the product once (npm start), or set DATA_DIR or DATABASE_URL.`);
    const running = runningServerOf(config.dataDir);
    if (running !== undefined) {
      const who = running.url === '' ? `Another command (process ${running.pid})` : `The server (process ${running.pid}, ${running.url})`;
      throw new OperatorError(`${who} has ${config.dataDir} open: stop it first (the embedded database takes one process at a time).`);
    }
    // Held while the command runs, so that a server does not start on the folder meanwhile.
    writeRuntimeFile(config.dataDir, { pid: process.pid, url: '' });
  }
  const opened = await openDatabase(config).catch((error: unknown) => {
    if (embedded) removeRuntimeFile(config.dataDir);
    throw error;
  });
  const database: OpenDatabase = {
    ...opened,
    close: async () => {
      await opened.close();
      if (embedded) removeRuntimeFile(config.dataDir);
    },
  };
  try {
    const applied = await appliedMigration(database.db);
    if (applied !== expectedMigration()) {
      throw new OperatorError(`The database's schema (${applied ?? 'none'}) is not this code's (${expectedMigration()}): start the server once to migrate it.`);
    }
    return database;
  } catch (error) {
    await database.close();
    throw error instanceof OperatorError ? error : new OperatorError(`Cannot open ${database.description}: ${(error as Error).message}`);
  }
};

/** Prints a refusal without a stack and exits 2; anything else is a bug: exit 1 with the stack. */
export const exitWith = (error: unknown): never => {
  if (error instanceof OperatorError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
};
