import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * While a server has an embedded database folder open, it says so in a file beside that folder
 * (`data/pglite.server.json`; inside it, a backup would carry it along), as notebook servers do: its process id, its address and its operator token (the file is
 * readable by its owner only). PGlite is single-process, so the operator's commands read it to
 * refuse to open a folder in use, and `npm run backup` to ask the running server instead.
 */
const runtimeFileOf = (dataDir: string): string => `${dataDir.replace(/[\\/]+$/, '')}.server.json`;

export interface RunningServerInfo {
  readonly pid: number;
  /** '' for an operator's command, which has the folder open but serves nothing. */
  readonly url: string;
  readonly operatorToken?: string;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const writeRuntimeFile = (dataDir: string, info: RunningServerInfo): void => {
  const path = runtimeFileOf(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(info), { mode: 0o600 });
  chmodSync(path, 0o600);
};

export const removeRuntimeFile = (dataDir: string): void => {
  rmSync(runtimeFileOf(dataDir), { force: true });
};

/** The server that has this folder open now, if any (a file left by a process that died is ignored). */
export const runningServerOf = (dataDir: string): RunningServerInfo | undefined => {
  const path = runtimeFileOf(dataDir);
  if (!existsSync(path)) return undefined;
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as RunningServerInfo;
    return Number.isSafeInteger(info.pid) && info.pid !== process.pid && isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
};
