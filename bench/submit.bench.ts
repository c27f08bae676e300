import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { LINK_CAPACITY_MAX } from '../domain/contracts/tokens';
import type { AnswerValue, LanguageRow } from '../domain/contracts/survey';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/database';
import { loadConfig } from '../server/config';
import { openDatabase, type OpenDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { seedLookups } from '../server/services/lookups/seed';
import { createCapturingMailer } from '../server/services/mail';
import { insertDepartment, insertLink, lookupIds, surveyBody, validQuestions } from '../tests/server/helpers/surveyResponses';
import { createTestDatabase } from '../tests/server/helpers/testDatabase';

/**
 * Survey submit throughput on loopback: POST /api/diversity-survey through Fastify (link
 * check, every validation, principle and group checks, seat claim, one transaction),
 * against the bare INSERTs of the same rows (a response and its child rows in one
 * transaction) at the same concurrency. PGlite in memory always; PostgreSQL too when
 * DATABASE_URL is set (a throwaway database, dropped after).
 *
 * The HTTP load is autocannon's, run in the server's own process (as its API allows) over
 * CONCURRENCY keep-alive connections: the figures include the load tool's own cost on the
 * same two cores. The baseline is CONCURRENCY loops of the bare transaction.
 */

const SECONDS = Number(process.env.SUBMIT_BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.SUBMIT_BENCH_CONCURRENCY ?? 16);
/** Issue 19: accepted submits a second on loopback PostgreSQL. */
const SUBMIT_TARGET_PER_SECOND = 1000;

interface Throughput {
  readonly perSecond: number;
  readonly failed: number;
  readonly total: number;
  /** 99th percentile latency in ms, when the tool reports it. */
  readonly p99?: number;
}

/** POSTs the bodies (cycled) with autocannon for SECONDS; a submit counts when it answers 200. */
const load = async (url: string, bodies: readonly string[]): Promise<Throughput> => {
  const result = await autocannon({
    url,
    connections: CONCURRENCY,
    duration: SECONDS,
    requests: bodies.map((body) => ({ method: 'POST' as const, headers: { 'content-type': 'application/json' }, body })),
  });
  const ok = result['2xx'];
  const failed = result.non2xx + result.errors + result.timeouts;
  return { perSecond: ok / (result.duration || SECONDS), failed, total: ok + failed, p99: result.latency.p99 };
};

/** Runs `work` from CONCURRENCY loops for SECONDS; answers completed calls per second and failures. */
const drive = async (work: () => Promise<boolean>): Promise<Throughput> => {
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        if (await work()) done += 1;
        else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: done / elapsed, failed, total: done + failed };
};

const openPGlite = async (): Promise<OpenDatabase> => {
  const database = await openDatabase({ memory: true });
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  await seedLookups(database.db);
  return database;
};

const benchOne = async (label: string, database: OpenDatabase): Promise<void> => {
  const { db } = database;
  const organization = await db.insertInto('organizations').values({ name: 'Bench organisation', country: 'AU', industry: null, package_expires_at: null }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('organizations').set({ seat_capacity: LINK_CAPACITY_MAX }).where('id', '=', organization.id).execute();
  const group = await insertDepartment(db, organization.id, 'Research');
  const subGroup = await insertDepartment(db, organization.id, 'Research north', { parentId: group });
  const link = await insertLink(db, organization.id, { capacity: LINK_CAPACITY_MAX });
  const questions: Record<string, AnswerValue> = { ...(await validQuestions(lookupIds(db))), '3': subGroup };
  const payload = JSON.stringify(surveyBody(link.token, questions));

  const app = await buildApp(
    { ...loadConfig({ NODE_ENV: 'test' }), rateLimit: { sessionMax: 1_000_000_000, addressMax: 1_000_000_000 }, clientDir: '/nonexistent/client' },
    { db, dbKind: database.kind, mailer: createCapturingMailer().mailer },
  );
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/diversity-survey`;
    const post = async (body = payload): Promise<boolean> => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await response.arrayBuffer();
      return response.status === 200;
    };
    for (let warm = 0; warm < 20; warm++) await post();
    // One link per worker: submits to one link queue on its seat row from the claim to the commit.
    const spread: string[] = [];
    for (let index = 0; index < CONCURRENCY; index++) {
      const own = await insertLink(db, organization.id, { capacity: LINK_CAPACITY_MAX });
      spread.push(JSON.stringify(surveyBody(own.token, questions)));
    }

    const languages = questions['12'] as LanguageRow[];
    const baselineInsert = async (): Promise<boolean> => {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('responses')
          .values({
            organization_id: organization.id,
            survey_id: 1,
            token_id: link.id,
            department_id: subGroup,
            group_id: group,
            anonymous: true,
            first_name: null,
            last_name: null,
            email: null,
            invitation_id: null,
            birth_year: 1990,
            country_birth_id: questions['4'] as number,
            state_id: questions['5'] as number,
            worldview_id: questions['13'] as number,
            branch_id: questions['14'] as number,
            denomination_id: questions['15'] as number,
            gender_id: questions['17'] as number,
            age_id: questions['18'] as number,
            education_id: questions['19'] as number,
            disability_id: questions['20'] as number,
            sexual_orientation_id: questions['21'] as number,
            position_level_id: questions['22'] as number,
            position_type_id: questions['23'] as number,
            answers: JSON.stringify(questions),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const base = { response_id: row.id, organization_id: organization.id };
        await trx
          .insertInto('response_ancestry')
          .values([
            { ...base, relation: 'mother', country_id: questions['6'] as number },
            { ...base, relation: 'father', country_id: questions['7'] as number },
          ])
          .execute();
        await trx.insertInto('response_languages').values(languages.map((language) => ({ ...base, language_id: language.principleId, level: language.level }))).execute();
        await trx.insertInto('response_heritages').values((questions['16'] as number[]).map((id) => ({ ...base, ethnicity_id: id }))).execute();
      });
      return true;
    };

    const baseline = await drive(baselineInsert);
    const http = await load(url, [payload]);
    const spreadHttp = await load(url, spread);
    const line = (name: string, result: Throughput) =>
      `  ${name.padEnd(54)}${result.perSecond.toFixed(0).padStart(7)} /s   ratio ${(result.perSecond / baseline.perSecond).toFixed(2)}` +
      `${result.p99 === undefined ? '' : `   p99 ${result.p99.toFixed(0)} ms`}${result.failed > 0 ? `   (${result.failed} of ${result.total} failed)` : ''}`;
    console.log(`submit: survey submit on ${label}, ${CONCURRENCY} concurrent, ${SECONDS} s each`);
    console.log(line('baseline: bare INSERTs of the same rows (1 txn)', baseline));
    console.log(line('POST /api/diversity-survey, one link (autocannon)', http));
    console.log(line(`POST /api/diversity-survey, ${CONCURRENCY} links (autocannon)`, spreadHttp));
  } finally {
    await app.close();
  }
};

/** CPU seconds a process has used so far (from /proc), undefined once it is gone. */
const processCpuSeconds = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
};
const CLOCK_TICKS = 100;

/**
 * The CPU of the database's server processes serving the bench database alone (other
 * databases on the same server are other people's work): its backends, listed every 100 ms,
 * each read from /proc. A backend that started during the run counts from zero; one that ends
 * loses at most its last 100 ms.
 */
const watchPostgresCpu = async (db: Kysely<Database>): Promise<() => Promise<number>> => {
  const base = new Map<number, number>();
  const last = new Map<number, number>();
  let first = true;
  const sample = async () => {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (seconds === undefined) continue;
      if (!base.has(pid)) base.set(pid, first ? seconds : 0);
      last.set(pid, seconds);
    }
    first = false;
  };
  await sample();
  let running = true;
  const loop = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sample();
    }
  })();
  return async () => {
    running = false;
    await loop;
    let total = 0;
    for (const [pid, seconds] of last) total += seconds - (base.get(pid) ?? 0);
    return total;
  };
};

interface CpuSplit {
  readonly label: string;
  readonly seconds: number;
}

const cpuLine = (count: number, parts: readonly CpuSplit[]): string =>
  `      CPU per submit: ${parts.map((part) => `${part.label} ${((part.seconds * 1000) / Math.max(count, 1)).toFixed(2)} ms`).join(', ')}`;

/**
 * The database's own ceiling: pgbench (C, one prepared statement per transaction) writing the
 * same rows as a submit (the seat, the response, its child rows) in one statement per
 * transaction, from CONCURRENCY clients, on one link or on a link per client.
 */
const pgbenchBaseline = async (db: Kysely<Database>, url: string, statement: string): Promise<{ perSecond: number; count: number; clientCpu: number; postgresCpu: number }> => {
  const script = join(mkdtempSync(join(tmpdir(), 'submit-bench-')), 'submit.sql');
  writeFileSync(script, `${statement};\n`);
  const postgresCpu = await watchPostgresCpu(db);
  const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-c', 'TIMEFORMAT="%U %S"; time pgbench -n -M prepared -c "$1" -j 2 -T "$2" -f "$3" "$4"', 'bash', String(CONCURRENCY), String(SECONDS), script, url]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
  const postgres = await postgresCpu();
  const tps = /tps = ([\d.]+)/.exec(run.stdout);
  const count = /number of transactions actually processed: (\d+)/.exec(run.stdout);
  const times = /([\d.]+) ([\d.]+)\s*$/.exec(run.stderr);
  if (run.status !== 0 || !tps || !count || !times) throw new Error(`pgbench failed:\n${run.stdout}\n${run.stderr}`);
  return { perSecond: Number(tps[1]), count: Number(count[1]), clientCpu: Number(times[1]) + Number(times[2]), postgresCpu: postgres };
};

const sqlText = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * The seat claim and the rows of one submit of `questions` as one statement; the link is the
 * client's own (`bench_links`) or the first. With `batch`, that many submits' seats and rows in
 * one statement: what a group commit of the server would send.
 */
const baselineStatement = (organizationId: string, groupId: string, subGroupId: string, questions: Record<string, AnswerValue>, perClient: boolean, batch = 1): string => {
  const languages = questions['12'] as LanguageRow[];
  const heritages = questions['16'] as number[];
  const linkNumber = perClient ? `:client_id % ${CONCURRENCY}` : '0';
  return `with claimed_seat as (
    update survey_tokens set used = used + ${batch}
    where id = (select id from bench_links where n = ${linkNumber}) and active and used + ${batch} <= capacity and starts_at <= now() and expires_at > now()
    returning id
  ), r as (
    insert into responses (organization_id, survey_id, token_id, department_id, group_id, anonymous, birth_year, country_birth_id, state_id,
      worldview_id, branch_id, denomination_id, gender_id, age_id, education_id, disability_id, sexual_orientation_id, position_level_id, position_type_id, answers)
    select ${sqlText(organizationId)}, 1, claimed_seat.id, ${sqlText(subGroupId)}, ${sqlText(groupId)}, true, 1990,
      ${['4', '5', '13', '14', '15', '17', '18', '19', '20', '21', '22', '23'].map((key) => Number(questions[key])).join(', ')}, ${sqlText(JSON.stringify(questions))}
    from claimed_seat cross join generate_series(1, ${batch}) returning id, organization_id
  ), a as (
    insert into response_ancestry (response_id, organization_id, relation, country_id)
    select r.id, r.organization_id, v.relation, v.country_id from r cross join (values ('mother', ${Number(questions['6'])}), ('father', ${Number(questions['7'])})) v(relation, country_id)
  ), l as (
    insert into response_languages (response_id, organization_id, language_id, level)
    select r.id, r.organization_id, v.language_id, v.level from r cross join (values ${languages.map((row) => `(${row.principleId}, ${sqlText(row.level)})`).join(', ')}) v(language_id, level)
  ), h as (
    insert into response_heritages (response_id, organization_id, ethnicity_id)
    select r.id, r.organization_id, v.ethnicity_id from r cross join (values ${heritages.map((id) => `(${id})`).join(', ')}) v(ethnicity_id)
  )
  select count(*) from r`;
};

interface ServerProcess {
  readonly port: number;
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

const forkServer = (databaseUrl: string): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./submit.server.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, SUBMIT_BENCH_DATABASE_URL: databaseUrl },
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
    child.once('message', (first) => {
      const { port } = first as { port: number };
      resolve({
        port,
        cpuSeconds: () =>
          new Promise((answer) => {
            child.once('message', (message) => {
              const { cpu } = message as { cpu: NodeJS.CpuUsage };
              answer((cpu.user + cpu.system) / 1e6);
            });
            child.send('cpu');
          }),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });

/**
 * PostgreSQL: the server in a process of its own, autocannon in this one, each one's CPU and
 * the database's (its server processes, read from /proc) per accepted submit, against pgbench
 * writing the same rows at the same concurrency.
 */
const benchPostgres = async (): Promise<void> => {
  const database = await createTestDatabase({ lookups: true });
  const { db } = database;
  let server: ServerProcess | undefined;
  try {
    const organization = await db.insertInto('organizations').values({ name: 'Bench organisation', country: 'AU', industry: null, package_expires_at: null }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('organizations').set({ seat_capacity: LINK_CAPACITY_MAX }).where('id', '=', organization.id).execute();
    const group = await insertDepartment(db, organization.id, 'Research');
    const subGroup = await insertDepartment(db, organization.id, 'Research north', { parentId: group });
    const questions: Record<string, AnswerValue> = { ...(await validQuestions(lookupIds(db))), '3': subGroup };
    const links = [];
    for (let index = 0; index < CONCURRENCY; index++) links.push(await insertLink(db, organization.id, { capacity: LINK_CAPACITY_MAX }));
    await sql`create table bench_links (n int primary key, id uuid not null)`.execute(db);
    await db.insertInto('bench_links' as never).values(links.map((link, n) => ({ n, id: link.id })) as never).execute();

    server = await forkServer(database.url!);
    const url = `http://127.0.0.1:${server.port}/api/diversity-survey`;
    const payloads = links.map((link) => JSON.stringify(surveyBody(link.token, questions)));
    for (let warm = 0; warm < 50; warm++) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payloads[warm % payloads.length] });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`warm-up submit answered ${response.status}`);
    }

    console.log(`submit: survey submit on ${database.description}, ${CONCURRENCY} concurrent, ${SECONDS} s each; the server in its own process`);
    const batch = Number(process.env.SUBMIT_BENCH_GROUP ?? 16);
    for (const [name, bodies, perClient] of [
      ['one link', [payloads[0]!], false],
      [`${CONCURRENCY} links`, payloads, true],
    ] as const) {
      const baseline = await pgbenchBaseline(db, database.url!, baselineStatement(organization.id, group, subGroup, questions, perClient));
      const serverBefore = await server.cpuSeconds();
      const postgresCpu = await watchPostgresCpu(db);
      const clientBefore = process.cpuUsage();
      const http = await load(url, bodies);
      const client = process.cpuUsage(clientBefore);
      const postgres = await postgresCpu();
      const serverCpu = (await server.cpuSeconds()) - serverBefore;
      const accepted = http.perSecond * SECONDS;
      console.log(`  ${name}:`);
      console.log(`    baseline: pgbench, the same rows in 1 statement per txn   ${baseline.perSecond.toFixed(0).padStart(6)} /s`);
      console.log(cpuLine(baseline.count, [{ label: 'PostgreSQL', seconds: baseline.postgresCpu }, { label: 'pgbench', seconds: baseline.clientCpu }]));
      const grouped = await pgbenchBaseline(db, database.url!, baselineStatement(organization.id, group, subGroup, questions, perClient, batch));
      console.log(`    the same, ${String(batch).padStart(2)} submits per statement (a group commit's ceiling)   ${(grouped.perSecond * batch).toFixed(0).padStart(6)} /s   ratio ${((grouped.perSecond * batch) / baseline.perSecond).toFixed(2)}`);
      console.log(cpuLine(grouped.count * batch, [{ label: 'PostgreSQL', seconds: grouped.postgresCpu }, { label: 'pgbench', seconds: grouped.clientCpu }]));
      console.log(
        `    POST /api/diversity-survey (autocannon)                   ${http.perSecond.toFixed(0).padStart(6)} /s   ratio ${(http.perSecond / baseline.perSecond).toFixed(2)}` +
          `${http.p99 === undefined ? '' : `   p99 ${http.p99.toFixed(0)} ms`}${http.failed > 0 ? `   (${http.failed} of ${http.total} failed)` : ''}`,
      );
      const met = http.perSecond >= SUBMIT_TARGET_PER_SECOND && http.perSecond * 2 >= baseline.perSecond;
      console.log(`      target: at least ${SUBMIT_TARGET_PER_SECOND} /s and within 2x of the baseline: ${met ? 'met' : 'NOT met'}`);
      console.log(
        cpuLine(accepted, [
          { label: 'server', seconds: serverCpu },
          { label: 'PostgreSQL', seconds: postgres },
          { label: 'autocannon', seconds: (client.user + client.system) / 1e6 },
        ]),
      );
    }
  } finally {
    await server?.stop();
    await database.close();
  }
};

export const runSubmitBench = async (): Promise<void> => {
  const pglite = await openPGlite();
  try {
    await benchOne('PGlite in memory', pglite);
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    if (spawnSync('pgbench', ['--version']).status !== 0) throw new Error('the PostgreSQL submit bench needs pgbench on the PATH (the database ceiling it compares against)');
    await benchPostgres();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = process.env.SUBMIT_BENCH_ONLY;
  if (only === 'postgres') await benchPostgres();
  else await runSubmitBench();
}
