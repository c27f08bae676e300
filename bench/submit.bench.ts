import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { LINK_CAPACITY_MAX } from '../domain/contracts/tokens';
import type { AnswerValue, LanguageRow } from '../domain/contracts/survey';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type OpenDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { seedLookups } from '../server/lookups/seed';
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

export const runSubmitBench = async (): Promise<void> => {
  const pglite = await openPGlite();
  try {
    await benchOne('PGlite in memory', pglite);
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    const postgres = await createTestDatabase({ lookups: true });
    try {
      await benchOne(postgres.description, postgres);
    } finally {
      await postgres.close();
    }
  }
};
