import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADJUSTMENT, type StatsQuestion } from '../../domain/stats';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, type DemoSignIn } from '../../server/demo';
import { PopulationCache } from '../../server/services/statistics/cache';
import type { StatsContext } from '../../server/services/statistics/population';
import * as topics from '../../server/services/statistics/topics';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let demo: DemoSignIn;
let context: StatsContext;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  demo = (await createDemoOrganization(database.db, { seed: 'cache', responses: 40, organizationName: 'Cache', argon2: testConfig().argon2, batchSize: 40 }))!;
  context = { organizationId: demo.organizationId, scope: { kind: 'organization' }, period: { from: null, to: null }, year: 2026 };
});

afterAll(async () => {
  await database?.close();
});

/**
 * One response of the organisation removed: the organisation's statistics version moves on. It
 * takes its release block out with it; taken from the largest block, the block's other people
 * are enough for a batch of their own and come back at the next read.
 */
const removeOneResponse = async () => {
  const largest = await database.db.selectFrom('release_blocks').select('id').where('organization_id', '=', demo.organizationId).orderBy('size', 'desc').limit(1).executeTakeFirstOrThrow();
  const victim = await database.db.selectFrom('responses').select('id').where('release_block', '=', largest.id).limit(1).executeTakeFirstOrThrow();
  await database.db.deleteFrom('responses').where('id', '=', victim.id).execute();
};

const respondents = async () =>
  Number((await database.db.selectFrom('responses').select((eb) => eb.fn.countAll<number>().as('count')).where('organization_id', '=', demo.organizationId).executeTakeFirstOrThrow()).count);

/** A build that waits until released, so that a test decides when the new figures are ready. */
const heldBuild = () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const build = async (): Promise<StatsQuestion> => {
    calls += 1;
    await gate;
    return topics.gender.build(database.db, context);
  };
  return { build, release, calls: () => calls };
};

const notCalled = async (): Promise<StatsQuestion> => {
  throw new Error('the question should have been ready');
};

describe('the statistics cache', () => {
  it('answers from the previous figures while the new ones take longer than the wait, then from the new ones', async () => {
    const cache = new PopulationCache(database.db, { freshWaitMs: 0 });
    const before = await respondents();
    const first = await cache.question(context, 'gender', () => topics.gender.build(database.db, context));
    expect(first.population.respondents).toBe(before);
    expect((await cache.question(context, 'gender', notCalled)).question).toBe(first.question);

    await removeOneResponse();
    const held = heldBuild();
    const stale = await cache.question(context, 'gender', held.build);
    expect(held.calls()).toBe(1);
    // The question and its population come from the same responses: the earlier ones.
    expect(stale.question).toBe(first.question);
    expect(stale.population).toBe(first.population);

    held.release();
    await cache.settled();
    const fresh = await cache.question(context, 'gender', notCalled);
    expect(fresh.population.respondents).toBe(before - 1);
    expect(fresh.question).not.toBe(first.question);
    // Released figures of the new responses: within the p-table's maximum adjustment of their count.
    const released = fresh.population.question(fresh.question).distribution({}, 5);
    expect(released.status).toBe(200);
    if (released.status === 200) expect(Math.abs(released.data.total - (before - 1))).toBeLessThanOrEqual(MAX_ADJUSTMENT);
  });

  it('waits for the new figures when they are ready within the wait', async () => {
    const cache = new PopulationCache(database.db, { freshWaitMs: 600_000 });
    const first = await cache.question(context, 'gender', () => topics.gender.build(database.db, context));
    await removeOneResponse();
    const held = heldBuild();
    const answer = cache.question(context, 'gender', held.build);
    setTimeout(held.release, 50);
    const fresh = await answer;
    expect(fresh.population.respondents).toBe(first.population.respondents - 1);
    expect(fresh.population.respondents).toBe(await respondents());
  });

  it('answers from the previous figures at once when the part took longer than the wait the last time', async () => {
    let clock = 0;
    const cache = new PopulationCache(database.db, { freshWaitMs: 600_000, now: () => clock });
    const slow = heldBuild();
    const first = cache.question(context, 'gender', slow.build);
    while (slow.calls() === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    clock = 700_000;
    slow.release();
    const ready = await first;

    await removeOneResponse();
    const held = heldBuild();
    // Without the measure this would wait the full ten minutes for the held build.
    const stale = await cache.question(context, 'gender', held.build);
    expect(stale.question).toBe(ready.question);
    expect(held.calls()).toBe(1);
    held.release();
    await cache.settled();
    expect((await cache.question(context, 'gender', notCalled)).population.respondents).toBe(await respondents());
  });

  it('computes a question asked for the first time since a change, with no earlier figures to answer from', async () => {
    const cache = new PopulationCache(database.db, { freshWaitMs: 0 });
    await cache.population(context);
    await removeOneResponse();
    const answer = await cache.question(context, 'worldviews', () => topics.worldviews.build(database.db, context));
    expect(answer.population.respondents).toBe(await respondents());
  });

  it('takes new figures when the version goes back, as after a database restore', async () => {
    const cache = new PopulationCache(database.db, { freshWaitMs: 0 });
    const first = await cache.question(context, 'gender', () => topics.gender.build(database.db, context));
    await removeOneResponse();
    await sql`update statistics_versions set version = 0 where organization_id = ${demo.organizationId}`.execute(database.db);
    await cache.question(context, 'gender', () => topics.gender.build(database.db, context));
    await cache.settled();
    const after = await cache.question(context, 'gender', notCalled);
    expect(after.question).not.toBe(first.question);
    expect(after.population.respondents).toBe(await respondents());
  });

  it('tries a failed question again on the next request', async () => {
    const cache = new PopulationCache(database.db, { freshWaitMs: 0 });
    await expect(cache.question(context, 'broken', () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
    const answer = await cache.question(context, 'broken', () => topics.gender.build(database.db, context));
    expect(answer.population.respondents).toBe(await respondents());
  });

  const selected = (generation: string): StatsContext => ({ ...context, selection: { generation: [generation] } });
  const buildFor = (generation: string) => () => topics.gender.build(database.db, selected(generation));

  /** Three selections read in turn through a cache with room for two: the least recently read goes. */
  const expectLeastRecentlyReadGoes = async (cache: PopulationCache) => {
    const ask = (generation: string, build: () => Promise<StatsQuestion>) => cache.question(selected(generation), 'gender', build);
    await ask('Gen X', buildFor('Gen X'));
    await ask('Gen Y', buildFor('Gen Y'));
    await ask('Gen X', notCalled);
    await ask('Gen Z', buildFor('Gen Z'));
    expect(cache.size).toBe(2);
    // Gen X was read after Gen Y, so Gen Y went.
    await ask('Gen X', notCalled);
    await ask('Gen Z', notCalled);
    let built = false;
    await ask('Gen Y', async () => {
      built = true;
      return buildFor('Gen Y')();
    });
    expect(built).toBe(true);
  };

  it('keeps at most maxSelections selections, letting the least recently read go first', async () => {
    await expectLeastRecentlyReadGoes(new PopulationCache(database.db, { freshWaitMs: 0, maxSelections: 2 }));
  });

  it('lets the least recently read selections go when the kept figures pass maxBytes, and keeps the one just read', async () => {
    const probe = new PopulationCache(database.db, { freshWaitMs: 0 });
    await probe.question(selected('Gen X'), 'gender', buildFor('Gen X'));
    const oneSelection = probe.bytes;
    expect(oneSelection).toBeGreaterThan(0);
    // Room for two selections' figures, not three.
    const cache = new PopulationCache(database.db, { freshWaitMs: 0, maxBytes: oneSelection * 2.5 });
    await expectLeastRecentlyReadGoes(cache);
    expect(cache.bytes).toBeLessThanOrEqual(oneSelection * 2.5);
    // A bound smaller than one selection still keeps the selection just read.
    const tiny = new PopulationCache(database.db, { freshWaitMs: 0, maxBytes: 1 });
    await tiny.question(selected('Gen X'), 'gender', buildFor('Gen X'));
    expect(tiny.size).toBe(1);
    await tiny.question(selected('Gen X'), 'gender', notCalled);
  });
});
