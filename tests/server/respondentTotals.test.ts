import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_KEY_RANGE } from '../../domain/stats';
import * as respondentTotals from '../../server/db/migrations/0024_respondent_totals';
import { createDemoOrganization } from '../../server/demo';
import { type StatsContext, populationGroups } from '../../server/services/statistics/population';
import { releaseDue } from '../../server/services/statistics/releaseBatches';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * The respondent count and key sum kept beside each organisation's statistics version
 * (migration 0024) always equal a count of its responses, through every kind of write, and
 * are what the whole organisation's population reads.
 */

let database: TestDatabase;
let first: string;
let second: string;

const demoOf = async (seed: string, responses: number) =>
  (await createDemoOrganization(database.db, { seed, responses, organizationName: `Totals ${seed}`, argon2: testConfig().argon2, batchSize: 7 }))!.organizationId;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  first = await demoOf('totals-a', 30);
  second = await demoOf('totals-b', 12);
});

afterAll(async () => {
  await database?.close();
});

interface Totals {
  readonly respondents: number;
  readonly key: number;
}

/** Per organisation with a statistics version: the kept totals, and the totals counted now. */
const keptAndCounted = async () => {
  const kept = await sql<{ organization_id: string; respondents: string; key_sum: string }>`select organization_id, respondents, key_sum from statistics_versions`.execute(database.db);
  const counted = await sql<{ organization_id: string; respondents: string; key_sum: string }>`
    select organization_id, count(*) as respondents, sum(record_key::bigint) % ${sql.lit(RECORD_KEY_RANGE)} as key_sum from responses group by organization_id`.execute(database.db);
  const byOrganization = (rows: { organization_id: string; respondents: string; key_sum: string }[]) =>
    Object.fromEntries(rows.map((row) => [row.organization_id, { respondents: Number(row.respondents), key: Number(row.key_sum) } satisfies Totals]));
  const countedNow = byOrganization(counted.rows);
  const keptNow = byOrganization(kept.rows);
  return { kept: keptNow, counted: Object.fromEntries(Object.keys(keptNow).map((id) => [id, countedNow[id] ?? { respondents: 0, key: 0 }])) };
};

const expectTotalsTrue = async () => {
  const { kept, counted } = await keptAndCounted();
  expect(Object.keys(kept)).toEqual(expect.arrayContaining([first, second]));
  expect(kept).toEqual(counted);
};

const whole = (organizationId: string): StatsContext => ({ organizationId, scope: { kind: 'organization' }, period: { from: null, to: null }, year: 2026 });

describe('respondent totals kept beside the statistics version', () => {
  it('equal a count of the responses after responses are written in batches', async () => {
    await expectTotalsTrue();
    expect((await keptAndCounted()).kept[first]!.respondents).toBe(30);
  });

  it('follow an update of record keys and a response moved to another organisation', async () => {
    await sql`update responses set record_key = (record_key + 1000003) % ${sql.lit(RECORD_KEY_RANGE)} where id in (select id from responses where organization_id = ${first} limit 5)`.execute(database.db);
    await expectTotalsTrue();
    await sql`update responses set organization_id = ${second}, department_id = null where id in (select id from responses where organization_id = ${first} limit 2)`.execute(database.db);
    await expectTotalsTrue();
    expect((await keptAndCounted()).kept[first]!.respondents).toBe(28);
    expect((await keptAndCounted()).kept[second]!.respondents).toBe(14);
  });

  it('follow deletions, and an update that changes no row', async () => {
    await sql`delete from responses where id in (select id from responses where organization_id = ${first} limit 3)`.execute(database.db);
    await expectTotalsTrue();
    await sql`update responses set record_key = record_key where false`.execute(database.db);
    await expectTotalsTrue();
  });

  it('are left as they were by a write that is rolled back', async () => {
    const before = await keptAndCounted();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`delete from responses where organization_id = ${first}`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await keptAndCounted()).toEqual(before);
  });

  it('agree with the whole organisation\u2019s population once its responses are released, which counts every response', async () => {
    for (const organizationId of [first, second]) {
      await releaseDue(database.db, organizationId);
      const [group] = await populationGroups(database.db, whole(organizationId));
      const kept = (await keptAndCounted()).kept[organizationId]!;
      expect(group?.count).toBe(kept.respondents);
    }
  });

  it('are filled from the responses by the migration, which leaves the triggers as before when undone', async () => {
    await respondentTotals.down(database.db);
    await demoOf('totals-c', 9);
    await respondentTotals.up(database.db);
    await expectTotalsTrue();
  });

  it('go to zero when the responses are truncated', async () => {
    await sql`truncate responses cascade`.execute(database.db);
    await expectTotalsTrue();
    expect(Object.values((await keptAndCounted()).kept).every((totals) => totals.respondents === 0 && totals.key === 0)).toBe(true);
    expect(await populationGroups(database.db, whole(first))).toEqual([]);
  });
});
