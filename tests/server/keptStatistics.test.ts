import { type KyselyPlugin, PostgresQueryCompiler, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../domain/contracts/survey';
import { buildApp } from '../../server/app';
import { createDemoOrganization, type DemoSignIn } from '../../server/demo';
import { PopulationCache } from '../../server/services/statistics/cache';
import { seedLookups } from '../../server/services/lookups/seed';
import { KeptGroups } from '../../server/services/statistics/keptGroups';
import type { StatsContext } from '../../server/services/statistics/population';
import { HOME_ENDPOINTS } from '../../server/services/statistics/table';
import { ALL_TOPICS } from './helpers/statisticsReads';
import { get, signIn } from './helpers/accounts';
import { type IdOf, insertDepartment, insertLink, lookupIds, submit, surveyBody, validQuestions } from './helpers/surveyResponses';
import { closeTestApp, openTestApp, type TestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

/**
 * The counted groups of whole-organisation selections kept in the database (migration 0032,
 * server/services/statistics/keptGroups.ts): a cache started later ("a restarted process")
 * releases the same figures from them without counting, brings them up to date by adding the
 * responses submitted since, and counts again when they are too old or something other than new
 * responses changed. Other selections are never kept.
 */

let opened: TestApp;
let demo: DemoSignIn;
let idOf: IdOf;
let valid: Record<string, AnswerValue>;
let token: string;
let group: string;

beforeAll(async () => {
  opened = await openTestApp({ database: { lookups: true } });
  const db = opened.database.db;
  demo = (await createDemoOrganization(db, { seed: 'kept', responses: 60, organizationName: 'Kept', argon2: testConfig().argon2, batchSize: 60 }))!;
  await db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', demo.organizationId).execute();
  group = await insertDepartment(db, demo.organizationId, 'Newcomers');
  token = (await insertLink(db, demo.organizationId, { capacity: 1_000 })).token;
  idOf = lookupIds(db);
  valid = await validQuestions(idOf);
});

afterAll(async () => {
  await closeTestApp(opened ?? {});
});

const whole = (): StatsContext => ({ organizationId: demo.organizationId, scope: { kind: 'organization' }, period: { from: null, to: null }, year: 2026 });

/**
 * Queries that group the released responses (the population's and the questions' counts),
 * counted on their way to the database. The check for waiting responses before every read
 * (releaseBatches.ts) groups only those that wait, and is left out.
 */
const countingGroupBys = () => {
  const compiler = new PostgresQueryCompiler();
  const seen = { groupBys: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      const text = compiler.compileQuery(node, queryId).sql;
      if (/\bgroup by\b/i.test(text) && !/release_block is null group by/i.test(text)) seen.groupBys += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: opened.database.db.withPlugin(plugin), seen };
};

/** A new process's cache: its own kept-groups store over the same database, and the queries and full builds it runs. */
const startedProcess = (options: { keeps?: boolean } = {}) => {
  const { db, seen } = countingGroupBys();
  const kept = options.keeps === false ? undefined : new KeptGroups(db);
  const cache = new PopulationCache(db, { freshWaitMs: 600_000, ...(kept ? { kept } : {}) });
  const builds = { full: 0, added: 0 };
  const figuresOf = async (context: StatsContext) => {
    const all: Record<string, unknown> = {};
    for (const topic of ALL_TOPICS) {
      const { population, question } = await cache.question(
        context,
        topic.name,
        (given) => {
          if (given.only === undefined) builds.full += 1;
          else builds.added += 1;
          return topic.build(db, given);
        },
        topic.countsPopulation === true,
      );
      all[topic.name] = { respondents: population.respondents, released: population.question(question).distribution({}, 5) };
    }
    all.population = (await cache.population(context)).guard({}, 5);
    await cache.settled();
    return all;
  };
  return { cache, kept, seen, builds, figuresOf };
};

/** The figures a process with nothing kept counts. */
const fullCount = async (context: StatsContext = whole()) => startedProcess({ keeps: false }).figuresOf(context);

const keptRows = async () =>
  (
    await sql<{ selection_key: string; part: string; version: string }>`select selection_key, part, version from statistics_kept where organization_id = ${demo.organizationId}`.execute(
      opened.database.db,
    )
  ).rows;

const newAnswers = async (index: number): Promise<Record<string, AnswerValue>> => ({
  ...valid,
  '3': group,
  '17': await idOf('genders', ['female', 'male', 'prefer_not'][index % 3]!),
});

describe('counted statistics kept across restarts', () => {
  it('a restarted process releases the same figures from the kept groups without counting them again', async () => {
    const first = startedProcess();
    const counted = await first.figuresOf(whole());
    expect(first.builds.full).toBeGreaterThan(0);
    expect(first.seen.groupBys).toBeGreaterThan(0);
    const rows = await keptRows();
    expect(rows.map((row) => row.part).sort()).toEqual(['population', ...ALL_TOPICS.map((topic) => `question:${topic.name}`)].sort());

    const restarted = startedProcess();
    expect(await restarted.figuresOf(whole())).toEqual(counted);
    expect(restarted.builds).toEqual({ full: 0, added: 0 });
    expect(restarted.seen.groupBys).toBe(0);
    expect(restarted.cache.refreshes.kept).toBeGreaterThanOrEqual(ALL_TOPICS.length);
    // No question is written again; the population, taken from a kept question that counts it, may be (one small row).
    expect(restarted.kept!.savedRows).toBeLessThanOrEqual(1);
    expect(await keptRows()).toEqual(rows);
  });

  it('brings kept groups of an earlier version up to date by adding the responses submitted since', async () => {
    expect((await submit(opened.app, surveyBody(token, await newAnswers(0)))).statusCode).toBe(200);
    const restarted = startedProcess();
    expect(await restarted.figuresOf(whole())).toEqual(await fullCount());
    expect(restarted.builds.full).toBe(0);
    expect(restarted.builds.added).toBeGreaterThan(0);
    expect(restarted.cache.refreshes.added).toBeGreaterThanOrEqual(ALL_TOPICS.length);
    expect(restarted.cache.refreshes.recounted).toBe(0);
    // It keeps the groups of the newer version for the next start.
    const version = Number((await sql<{ version: string }>`select version from statistics_versions where organization_id = ${demo.organizationId}`.execute(opened.database.db)).rows[0]!.version);
    expect(new Set((await keptRows()).map((row) => Number(row.version)))).toEqual(new Set([version]));
  });

  it('counts again when the kept groups are of an earlier version saved longer ago than the change log serves', async () => {
    expect((await submit(opened.app, surveyBody(token, await newAnswers(1)))).statusCode).toBe(200);
    await sql`update statistics_kept set saved_at = now() - interval '31 minutes' where organization_id = ${demo.organizationId}`.execute(opened.database.db);
    const restarted = startedProcess();
    expect(await restarted.figuresOf(whole())).toEqual(await fullCount());
    expect(restarted.builds.full).toBe(ALL_TOPICS.length);
    expect(restarted.cache.refreshes).toEqual({ added: 0, recounted: 0, kept: 0 });
  });

  it('counts again, rather than adding to the kept groups, after a change other than new responses', async () => {
    const someone = await opened.database.db.selectFrom('responses').select('id').where('organization_id', '=', demo.organizationId).limit(1).executeTakeFirstOrThrow();
    await opened.database.db.updateTable('responses').set({ gender_id: await idOf('genders', 'male') }).where('id', '=', someone.id).execute();
    const restarted = startedProcess();
    expect(await restarted.figuresOf(whole())).toEqual(await fullCount());
    expect(restarted.builds.added).toBe(0);
    expect(restarted.builds.full).toBe(ALL_TOPICS.length);
    expect(restarted.cache.refreshes.added).toBe(0);
    expect(restarted.cache.refreshes.kept).toBe(0);
    expect(restarted.cache.refreshes.recounted).toBeGreaterThan(0);
  });

  it('keeps only the whole organisation without filters, period or breakdown', async () => {
    const before = await keptRows();
    const process = startedProcess();
    await process.figuresOf({ ...whole(), selection: { gender: [String(await idOf('genders', 'female'))] } });
    await process.figuresOf({ ...whole(), by: ['gender'] });
    await process.figuresOf({ ...whole(), scope: { kind: 'departments', ids: [group] } });
    await process.figuresOf({ ...whole(), period: { from: new Date('2020-01-01T00:00:00Z'), to: null } });
    expect(process.kept!.savedRows).toBe(0);
    expect(await keptRows()).toEqual(before);
  });

  it('forgets the kept groups when a build of the lookup lists is applied, which they were counted and labelled with', async () => {
    await startedProcess().figuresOf(whole());
    expect((await keptRows()).length).toBeGreaterThan(0);
    expect((await seedLookups(opened.database.db, { force: true })).seeded).toBe(true);
    expect(await keptRows()).toEqual([]);
    const restarted = startedProcess();
    expect(await restarted.figuresOf(whole())).toEqual(await fullCount());
    expect(restarted.cache.refreshes.kept).toBe(0);
    expect(restarted.builds.full).toBe(ALL_TOPICS.length);
  });

  it("a restarted server answers its first home page from the counts the previous one kept", async () => {
    const homePage = async (app: typeof opened.app) => {
      const token = await signIn(app, demo.adminEmail, demo.password);
      return Promise.all(
        HOME_ENDPOINTS.map(async (endpoint) => {
          const response = await get(app, `/api${endpoint.path}`, { token });
          return { status: response.statusCode, body: response.json() as unknown };
        }),
      );
    };
    const before = await homePage(opened.app);
    expect(before.map(({ status }) => status)).toEqual(HOME_ENDPOINTS.map(() => 200));
    await opened.app.statisticsCache.settled();
    const restarted = await buildApp(testConfig(), { db: opened.database.db, dbKind: opened.database.kind });
    try {
      expect(await homePage(restarted)).toEqual(before);
      expect(restarted.statisticsCache.refreshes.kept).toBeGreaterThan(0);
      expect(restarted.statisticsCache.refreshes).toMatchObject({ added: 0, recounted: 0 });
    } finally {
      await restarted.close();
    }
  });
});
