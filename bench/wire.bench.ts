import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { closure, entryOf, PARTICIPANT_BUDGET_KB } from './bundle.bench';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The body bytes as they cross the wire (Node's fetch would decompress them), and the encoding the server chose. */
const download = (url: string, encoding: Encoding): Promise<{ bytes: number; sentAs: string; status: number }> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, sentAs: String(response.headers['content-encoding'] ?? 'identity'), status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

const stylesheetsOf = (clientDir: string, page: string): string[] =>
  [...readFileSync(join(clientDir, page), 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([\w.-]+\.css)"/g)].map((match) => match[1]!);

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What the server really sends for the participant's page (survey.html, its script with every
 * chunk it imports, its stylesheet), fetched over loopback HTTP with each Accept-Encoding a
 * browser may send. The baseline is the same files sent as they are.
 */
export const runWireBench = async (clientDir = 'dist/client'): Promise<void> => {
  if (!existsSync(join(clientDir, 'survey.html'))) {
    console.log('wire: no build in dist/client (run `npm run build` first); skipped');
    return;
  }
  const assets = join(clientDir, 'assets');
  const scripts = closure(assets, [entryOf(clientDir, 'survey.html')]).files;
  const styles = stylesheetsOf(clientDir, 'survey.html');
  const database = await openDatabase({ memory: true });
  const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), clientDir: resolve(clientDir) }, { db: database.db, dbKind: database.kind });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const totals = new Map<Encoding, { script: number; page: number; sentAs: Set<string> }>();
    for (const encoding of ENCODINGS) {
      const total = { script: 0, page: 0, sentAs: new Set<string>() };
      for (const path of ['/register', ...scripts.map((file) => `/assets/${file}`), ...styles.map((file) => `/assets/${file}`)]) {
        const { bytes, sentAs, status } = await download(`${origin}${path}`, encoding);
        if (status !== 200) throw new Error(`wire: ${path} answered ${status}`);
        total.page += bytes;
        if (path.endsWith('.js')) {
          total.script += bytes;
          total.sentAs.add(sentAs);
        }
      }
      totals.set(encoding, total);
    }
    const plain = totals.get('identity')!;
    console.log(`wire: the participant's page as the server sends it over loopback (${scripts.length} script files, ${styles.length} stylesheet, the page)`);
    for (const encoding of ENCODINGS) {
      const total = totals.get(encoding)!;
      console.log(
        `  Accept-Encoding: ${encoding.padEnd(9)} script ${kb(total.script).padStart(9)} (sent as ${[...total.sentAs].join(', ')}), whole page ${kb(total.page).padStart(9)}` +
          `   ratio to uncompressed ${(total.page / plain.page).toFixed(2)}`,
      );
    }
    const br = totals.get('br')!.script;
    console.log(`  budget ${PARTICIPANT_BUDGET_KB} KB of script with br: ${br <= PARTICIPANT_BUDGET_KB * 1024 ? 'within' : 'OVER'} (${((br / (PARTICIPANT_BUDGET_KB * 1024)) * 100).toFixed(0)}% of it)`);
  } finally {
    await app.close();
    await database.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runWireBench();
