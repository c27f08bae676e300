import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a browser downloads, from the Vite build in dist/client: the entry with every chunk it
 * imports statically (its modulepreload links), plus the chunks a route's lazy import pulls
 * in. Sizes are gzip level 9 of the built files, as a server would send them compressed.
 *
 * - participant: survey.html's entry with what it imports (the page a survey link opens;
 *   built apart by vite.participant.config.ts, it shares nothing with the dashboards);
 * - emailed links: the participant's entry plus the chunk of the edit and delete pages;
 * - dashboard: index.html's entry, the dashboard layout and its home section (an administrator signing in).
 */
export const PARTICIPANT_BUDGET_KB = 120;

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g;

export interface Downloaded {
  readonly files: readonly string[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

export const chunkOf = (dir: string, prefix: string): string => {
  const file = readdirSync(dir).find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'));
  if (!file) throw new Error(`no chunk ${prefix}-*.js in ${dir}`);
  return file;
};

/** The chunks and every chunk they import statically, each once. */
export const closure = (dir: string, roots: readonly string[]): Downloaded => {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
  }
  const files = [...seen].sort();
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
};

export const entryOf = (clientDir: string, page = 'index.html'): string => {
  const html = readFileSync(join(clientDir, page), 'utf8');
  const match = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html);
  if (!match) throw new Error(`no entry script in ${page}`);
  return match[1]!;
};

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export const runBundleBench = (clientDir = 'dist/client'): { participant: Downloaded; dashboard: Downloaded } | undefined => {
  const assets = join(clientDir, 'assets');
  if (!existsSync(join(clientDir, 'index.html')) || !existsSync(join(clientDir, 'survey.html'))) {
    console.log('bundle: no build in dist/client (run `npm run build` first); skipped');
    return undefined;
  }
  const entry = entryOf(clientDir);
  const surveyEntry = entryOf(clientDir, 'survey.html');
  const entryOnly = closure(assets, [entry]);
  const participant = closure(assets, [surveyEntry]);
  const emailedLinks = closure(assets, [surveyEntry, chunkOf(assets, 'EditPages')]);
  const dashboard = closure(assets, [entry, chunkOf(assets, 'DashboardLayout'), chunkOf(assets, 'DashboardSection')]);
  const ratio = (participant.gzipBytes / dashboard.gzipBytes).toFixed(2);
  console.log(`bundle: dashboards' entry alone ${kb(entryOnly.gzipBytes)} gzip (${entryOnly.files.length} files)`);
  console.log(
    `bundle: participant (survey.html) ${kb(participant.gzipBytes)} gzip, ${kb(participant.rawBytes)} raw, ${participant.files.length} files;` +
      ` budget ${PARTICIPANT_BUDGET_KB} KB: ${participant.gzipBytes <= PARTICIPANT_BUDGET_KB * 1024 ? 'within' : 'OVER'}`,
  );
  console.log(`bundle: emailed edit and delete links ${kb(emailedLinks.gzipBytes)} gzip, ${emailedLinks.files.length} files`);
  console.log(`bundle: dashboard (entry + layout + home) ${kb(dashboard.gzipBytes)} gzip, ${kb(dashboard.rawBytes)} raw, ${dashboard.files.length} files`);
  // The dashboards' axios is a chunk of its own, fetched at the first call while the first screen renders.
  const transport = readdirSync(assets).find((name) => name.startsWith('axiosTransport-') && name.endsWith('.js'));
  if (transport) console.log(`bundle: dashboards' transport (axios, fetched at the first call) ${kb(gzipSync(readFileSync(join(assets, transport)), { level: 9 }).length)} gzip`);
  console.log(`bundle: participant / dashboard = ${ratio}`);
  return { participant, dashboard };
};

if (import.meta.url === `file://${process.argv[1]}`) runBundleBench();
