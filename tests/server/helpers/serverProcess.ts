import { type ChildProcess, spawn } from 'node:child_process';

/** Where the server project's global set-up left the server bundled into one file (PostgreSQL runs only). */
export const SERVER_PROCESS_BUNDLE_ENV = 'COMMONWEAVE_TEST_SERVER_BUNDLE';

/** The arguments of node that start the server: the bundle when there is one, server/main.ts under tsx otherwise (a file run alone). */
const serverArguments = (bundle: string | undefined): string[] => (bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts']);

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
}

/**
 * A server process of its own (the files that test several processes over one PostgreSQL), on a
 * free port, resolved at its "Listening on" line however long a busy machine takes: there is
 * no timer, since a server that cannot start exits, and that rejects.
 */
export const startServerProcess = (env: Readonly<Record<string, string>>): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serverArguments(process.env[SERVER_PROCESS_BUNDLE_ENV]), {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'off', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });

/** Stops a server process with SIGTERM and resolves once it has exited (at once if it is gone). */
export const stopServerProcess = (server: ServerProcess | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (server === undefined || server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
