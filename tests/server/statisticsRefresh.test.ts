import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../domain/contracts/survey';
import { buildApp } from '../../server/app';
import { createDemoOrganization, type DemoSignIn } from '../../server/demo';
import { PopulationCache } from '../../server/services/statistics/cache';
import { pruneStatisticsChanges } from '../../server/services/statistics/changes';
import { waitingCount } from '../../server/services/statistics/releaseBatches';
import type { StatsContext } from '../../server/services/statistics/population';
import * as topics from '../../server/services/statistics/topics';
import { ALL_TOPICS } from './helpers/statisticsReads';
import { createCapturingMailer } from '../../server/services/mail';
import { type IdOf, insertDepartment, insertLink, lookupIds, submit, surveyBody, validQuestions } from './helpers/surveyResponses';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * Figures brought up to date by adding the responses submitted since (services/statistics/
 * changes.ts) are exactly the figures a full count gives: every topic, for the whole
 * organisation, a breakdown by gender and age, and one group. Any change other than new
 * responses (an answer changed, answer rows added later, a response deleted) counts again.
 */

let database: TestDatabase;
let app: FastifyInstance;
let demo: DemoSignIn;
let idOf: IdOf;
let valid: Record<string, AnswerValue>;
let token: string;
let group: string;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
  demo = (await createDemoOrganization(database.db, { seed: 'refresh', responses: 60, organizationName: 'Refresh', argon2: testConfig().argon2, batchSize: 60 }))!;
  await database.db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', demo.organizationId).execute();
  group = await insertDepartment(database.db, demo.organizationId, 'Newcomers');
  token = (await insertLink(database.db, demo.organizationId, { capacity: 1_000 })).token;
  idOf = lookupIds(database.db);
  valid = await validQuestions(idOf);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const contexts = (): StatsContext[] => {
  const whole: StatsContext = { organizationId: demo.organizationId, scope: { kind: 'organization' }, period: { from: null, to: null }, year: 2026 };
  return [whole, { ...whole, by: ['gender', 'age-range'] }, { ...whole, scope: { kind: 'departments', ids: [group] } }];
};

/** What a topic's figures are, as the cache gives them: the raw groups (sorted) and what is released from them. */
const figuresOf = async (cache: PopulationCache, context: StatsContext, topic: topics.Topic) => {
  const { population, question } = await cache.question(context, topic.name, (given) => topic.build(database.db, given), topic.countsPopulation === true);
  const sorted = <T,>(items: readonly T[]) => items.map((item) => JSON.stringify(item)).sort();
  return {
    respondents: population.respondents,
    counts: sorted(question.counts),
    released: population.question(question).distribution({}, 5),
  };
};

const everyFigure = async (cache: PopulationCache) => {
  const all: Record<string, unknown> = {};
  for (const [index, context] of contexts().entries()) {
    for (const topic of ALL_TOPICS) all[`${index} ${topic.name}`] = await figuresOf(cache, context, topic);
    all[`${index} population`] = (await cache.population(context)).respondents;
  }
  return all;
};

const expectSameAsFullCount = async (cache: PopulationCache) => {
  const refreshed = await everyFigure(cache);
  const counted = await everyFigure(new PopulationCache(database.db, { freshWaitMs: 600_000 }));
  expect(refreshed).toEqual(counted);
};

const newAnswers = async (index: number): Promise<Record<string, AnswerValue>> => ({
  ...valid,
  '3': group,
  '17': await idOf('genders', ['female', 'male', 'prefer_not'][index % 3]!),
  '12': index % 2 === 0 ? [{ principleId: await idOf('languages', 'eng'), level: 'native' }] : (valid['12'] as AnswerValue),
});

describe('statistics brought up to date by the new responses alone', () => {
  let cache: PopulationCache;

  it('gives exactly the figures of a full count after new submissions: waiting ones by counting only them, a released batch by counting again', async () => {
    cache = new PopulationCache(database.db, { freshWaitMs: 600_000 });
    await everyFigure(cache);
    const bodies = await Promise.all(Array.from({ length: 7 }, (_, index) => newAnswers(index)));
    const submitAll = async (part: typeof bodies) => {
      const responses = await Promise.all(part.map((questions) => submit(app, surveyBody(token, questions))));
      expect(responses.map((response) => response.statusCode)).toEqual(part.map(() => 200));
    };
    // Four of the group wait (fewer than m = 5): counting only the new responses adds nothing.
    await submitAll(bodies.slice(0, 4));
    let before = { ...cache.refreshes };
    await expectSameAsFullCount(cache);
    expect(cache.refreshes.added).toBeGreaterThan(before.added);
    expect(cache.refreshes.recounted).toBe(before.recounted);
    expect((await cache.population(contexts()[2]!)).respondents).toBe(0);
    // Three more make a batch of seven, released together: the figures are counted again and hold all seven.
    await submitAll(bodies.slice(4));
    before = { ...cache.refreshes };
    await expectSameAsFullCount(cache);
    expect(cache.refreshes.recounted).toBeGreaterThan(before.recounted);
    expect((await cache.population(contexts()[2]!)).respondents).toBe(7);
  });

  it('counts again when an answer changes', async () => {
    const someone = await database.db.selectFrom('responses').select('id').where('organization_id', '=', demo.organizationId).where('department_id', '=', group).limit(1).executeTakeFirstOrThrow();
    await database.db.updateTable('responses').set({ gender_id: await idOf('genders', 'male') }).where('id', '=', someone.id).execute();
    const before = { ...cache.refreshes };
    await expectSameAsFullCount(cache);
    expect(cache.refreshes.recounted).toBeGreaterThan(before.recounted);
  });

  it('counts again when answer rows are added to an earlier response', async () => {
    const someone = await database.db.selectFrom('responses').select('id').where('organization_id', '=', demo.organizationId).where('department_id', '=', group).limit(1).executeTakeFirstOrThrow();
    await sql`insert into response_languages (response_id, organization_id, language_id, level)
      values (${someone.id}, ${demo.organizationId}, ${await idOf('languages', 'ara')}, 'basic') on conflict do nothing`.execute(database.db);
    const before = { ...cache.refreshes };
    await expectSameAsFullCount(cache);
    expect(cache.refreshes.recounted).toBeGreaterThan(before.recounted);
  });

  it('counts again when a response is deleted, then adds the next submissions again', async () => {
    const someone = await database.db.selectFrom('responses').select('id').where('organization_id', '=', demo.organizationId).limit(1).executeTakeFirstOrThrow();
    await database.db.deleteFrom('responses').where('id', '=', someone.id).execute();
    let before = { ...cache.refreshes };
    await expectSameAsFullCount(cache);
    // Nothing is brought up to date by addition across a deletion (a release on the way may leave
    // a figure without one exact version, which is then counted afresh rather than "again").
    expect(cache.refreshes.added).toBe(before.added);
    // The deleted response's block went out with it; its other people wait for a batch again.
    expect((await submit(app, surveyBody(token, await newAnswers(1)))).statusCode).toBe(200);
    // With no wait (tests), m waiting anywhere make a batch: the group's own, or the smaller groups' together.
    const completesBatch = (await waitingCount(database.db, demo.organizationId)) >= 5;
    before = { ...cache.refreshes };
    await expectSameAsFullCount(cache);
    if (completesBatch) expect(cache.refreshes.recounted).toBeGreaterThan(before.recounted);
    else {
      expect(cache.refreshes.added).toBeGreaterThan(before.added);
      expect(cache.refreshes.recounted).toBe(before.recounted);
    }
  });

  it('logs a submitted response by its id, and nothing else for its answer rows', async () => {
    const version = Number((await sql<{ version: string }>`select version from statistics_versions where organization_id = ${demo.organizationId}`.execute(database.db)).rows[0]!.version);
    const response = await submit(app, surveyBody(token, await newAnswers(0)));
    expect(response.statusCode).toBe(200);
    const logged = await sql<{ response_id: string | null }>`select response_id from statistics_changes where organization_id = ${demo.organizationId} and version > ${version}`.execute(database.db);
    const stored = await database.db.selectFrom('responses').select('id').where('organization_id', '=', demo.organizationId).orderBy('submitted_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(logged.rows).toEqual([{ response_id: stored.id }]);
  });
});

describe('the change log', () => {
  it('lets go of rows older than an hour, and keeps the newer ones', async () => {
    const organization = randomUUID();
    await sql`insert into statistics_changes (organization_id, version, response_id, at) values
      (${organization}, 1, null, now() - interval '2 hours'), (${organization}, 2, null, now() - interval '10 minutes')`.execute(database.db);
    await pruneStatisticsChanges(database.db);
    const left = await sql<{ version: string }>`select version from statistics_changes where organization_id = ${organization}`.execute(database.db);
    expect(left.rows.map((row) => Number(row.version))).toEqual([2]);
  });
});
