import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LINK_CAPACITY_MAX } from '../domain/contracts/tokens';
import type { AnswerValue } from '../domain/contracts/survey';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createCapturingMailer } from '../server/services/mail';
import { insertDepartment, insertLink, lookupIds, surveyBody, validQuestions } from '../tests/server/helpers/surveyResponses';
import { createTestDatabase } from '../tests/server/helpers/testDatabase';

/**
 * Where a submit's CPU goes: POST /api/diversity-survey through the in-process app
 * (app.inject, so no HTTP client shares the process), SUBMITS times from CONCURRENCY loops,
 * over a throwaway database (PostgreSQL with DATABASE_URL, PGlite otherwise).
 *
 * With SUBMIT_PROFILE_DIR the loop alone (not the start-up, the seeding or the warm-up) is
 * recorded by the V8 profiler (the same as --cpu-prof) into that folder, then reported:
 *
 *   DATABASE_URL=postgres://… SUBMIT_PROFILE_DIR=/tmp/prof node --import tsx bench/submit.profile.ts
 *   node --import tsx bench/submit.profile.ts --report /tmp/prof   # self time grouped by where the code lives
 */

const SUBMITS = Number(process.env.SUBMIT_PROFILE_SUBMITS ?? 3000);
const CONCURRENCY = Number(process.env.SUBMIT_BENCH_CONCURRENCY ?? 16);

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The group a function's self time counts in: a package, a folder of ours, or the engine. */
const groupOf = (url: string, name: string): string => {
  if (url === '') return name === '(garbage collector)' ? 'gc' : name === '(idle)' || name === '(program)' ? name : `native ${name}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg ${pkg[1]}`;
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`;
  const ours = /\/(server|domain|infrastructure)\/(.+?)(\/[^/]+)?$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
};

const report = (dir: string): void => {
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs)[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    total += delta;
    const group = groupOf(url, functionName);
    groups.set(group, (groups.get(group) ?? 0) + delta);
    const key = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|domain|infrastructure)\//, '$1/')}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([key, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`).join('\n');
  console.log(`${file}: ${(total / 1000).toFixed(0)} ms of busy CPU`);
  console.log(`by group:\n${top(groups, 25)}`);
  console.log(`by function (self time):\n${top(functions, 30)}`);
};

const profileRun = async (): Promise<void> => {
  const database = await createTestDatabase({ lookups: true });
  const { db } = database;
  try {
    const organization = await db.insertInto('organizations').values({ name: 'Profile organisation', country: 'AU', industry: null, package_expires_at: null }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('organizations').set({ seat_capacity: LINK_CAPACITY_MAX }).where('id', '=', organization.id).execute();
    const group = await insertDepartment(db, organization.id, 'Research');
    const subGroup = await insertDepartment(db, organization.id, 'Research north', { parentId: group });
    const questions: Record<string, AnswerValue> = { ...(await validQuestions(lookupIds(db))), '3': subGroup };
    const payloads: string[] = [];
    for (let index = 0; index < CONCURRENCY; index++) {
      const link = await insertLink(db, organization.id, { capacity: LINK_CAPACITY_MAX });
      payloads.push(JSON.stringify(surveyBody(link.token, questions)));
    }
    const app = await buildApp(
      { ...loadConfig({ NODE_ENV: 'test' }), rateLimit: { sessionMax: 1_000_000_000, addressMax: 1_000_000_000 }, clientDir: '/nonexistent/client' },
      { db, dbKind: database.kind, mailer: createCapturingMailer().mailer },
    );
    try {
      for (let warm = 0; warm < 50; warm++) await app.inject({ method: 'POST', url: '/api/diversity-survey', headers: { 'content-type': 'application/json' }, payload: payloads[0] });
      const profileDir = process.env.SUBMIT_PROFILE_DIR;
      const session = profileDir ? new Session() : undefined;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      let next = 0;
      let failed = 0;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        payloads.map(async (payload) => {
          while (next < SUBMITS) {
            next += 1;
            const response = await app.inject({ method: 'POST', url: '/api/diversity-survey', headers: { 'content-type': 'application/json' }, payload });
            if (response.statusCode !== 200) failed += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      if (session && profileDir) {
        const { profile } = await session.post('Profiler.stop');
        mkdirSync(profileDir, { recursive: true });
        writeFileSync(join(profileDir, `submit-${database.kind}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
        session.disconnect();
      }
      console.log(
        `submit profile on ${database.kind}: ${SUBMITS} submits from ${CONCURRENCY} loops in ${seconds.toFixed(1)} s (${(SUBMITS / seconds).toFixed(0)} /s), ` +
          `${((used.user + used.system) / 1000 / SUBMITS).toFixed(2)} ms of this process's CPU per submit, ${failed} failed`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};

const reportAt = process.argv.indexOf('--report');
if (reportAt >= 0) report(process.argv[reportAt + 1] ?? '.');
else {
  await profileRun();
  if (process.env.SUBMIT_PROFILE_DIR) report(process.env.SUBMIT_PROFILE_DIR);
}
