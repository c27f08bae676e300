import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Selection, protectPopulation } from '../../domain/stats';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, type DemoSignIn } from '../../server/demo';
import { DIMENSION_NAMES, type DimensionSource, dimensionKeysOf } from '../../server/services/statistics/dimensions';
import { selectionWhere } from '../../server/services/statistics/dimensionSql';
import { type StatsContext, lookupCodes, populationDimensions, populationGroups } from '../../server/services/statistics/population';
import * as topics from '../../server/services/statistics/topics';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * The dashboard filters are applied in SQL (dimensionSql.ts) while the dimension keys of a
 * respondent are computed in TypeScript (dimensions.ts). These properties hold the two to the
 * same answer: a predicate selects a respondent exactly when their key is accepted, and a figure
 * counted over the SQL selection is the very figure the selection of the whole breakdown gives.
 */

let database: OpenDatabase;
let demo: DemoSignIn;
let codes: ReadonlyMap<number, string>;
let context: StatsContext;
const YEAR = 2026;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  demo = (await createDemoOrganization(database.db, { seed: 'selection-sql', responses: 150, organizationName: 'Selection', argon2: testConfig().argon2, batchSize: 150 }))!;
  codes = await lookupCodes(database.db);
  context = { organizationId: demo.organizationId, scope: { kind: 'organization' }, period: { from: null, to: null }, year: YEAR };
});

afterAll(async () => {
  await database?.close();
});

const idsOf = (wanted: readonly string[]) => [...codes].filter(([, code]) => wanted.includes(code)).map(([id]) => id);

describe('a filter in SQL', () => {
  it('selects a respondent exactly when the key computed from their answers is accepted', async () => {
    const interesting = idsOf(['none', 'prefer_not', 'straight', 'bisexual', 'gay_lesbian', 'other', 'non_binary', 'woman', 'man', 'vision', 'hearing']);
    // Answer columns reference lookup_principles (migration 0008), so every id has a code.
    const id = fc.option(fc.constantFrom(...interesting), { nil: null });
    const respondent = fc.record({
      gender_id: id,
      position_level_id: id,
      birth_year: fc.option(fc.integer({ min: 1900, max: 2030 }), { nil: null }),
      disability_id: id,
      sexual_orientation_id: id,
    });
    const keysOf = (source: DimensionSource) => dimensionKeysOf(source, YEAR, (value) => codes.get(value));
    await fc.assert(
      fc.asyncProperty(fc.array(respondent, { minLength: 1, maxLength: 12 }), fc.constantFrom(...DIMENSION_NAMES), fc.nat(), async (people, name, pick) => {
        const known = [...new Set(people.map((person) => keysOf(person)[name]!))];
        const accepted = [...known.filter((_, index) => (pick >> index) & 1), ...(pick % 7 === 0 ? ['not-a-key'] : [])];
        const where = selectionWhere({ [name]: accepted }, YEAR, codes);
        const rows = sql.join(
          people.map(
            (person, index) =>
              sql`(${index}::int, ${person.gender_id}::int, ${person.position_level_id}::int, ${person.birth_year}::int, ${person.disability_id}::int, ${person.sexual_orientation_id}::int)`,
          ),
        );
        const predicate = where.length === 0 ? sql`true` : where[0]!;
        const result = await sql<{ index: number; selected: boolean }>`select r.index, coalesce(${predicate}, false) as selected
          from (values ${rows}) as r(index, gender_id, position_level_id, birth_year, disability_id, sexual_orientation_id) order by r.index`.execute(database.db);
        const expected = people.map((person) => accepted.length === 0 || accepted.includes(keysOf(person)[name]!));
        expect(result.rows.map((row) => row.selected)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a figure over the SQL selection', () => {
  /** Per dimension, a subset of its values (some left open), with now and then a value nobody has. */
  const selectionArbitrary = async () => {
    const dimensions = await populationDimensions(database.db);
    return fc.record(
      Object.fromEntries(
        dimensions.map((dimension) => [
          dimension.name,
          fc.option(fc.subarray([...dimension.values.map((value) => value.key), 'nobody'], { maxLength: 4 }), { nil: undefined, freq: 2 }),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string[] | undefined>>;
  };

  it('is the figure the whole breakdown gives for the same selection (counts, keys and released cells)', async () => {
    const dimensions = await populationDimensions(database.db);
    const whole = { ...context, by: DIMENSION_NAMES };
    const cube = protectPopulation({ dimensions, groups: await populationGroups(database.db, whole) });
    const cubeCountries = cube.question(await topics.countryBirth.build(database.db, whole));
    const cubeLanguages = cube.question(await topics.languages.build(database.db, whole));
    const cubeStates = cube.question(await topics.states.build(database.db, whole));
    await fc.assert(
      fc.asyncProperty(await selectionArbitrary(), fc.constantFrom(2, 5), async (selection, k) => {
        const chosen: Selection = selection;
        const narrowed = { ...context, selection: chosen };
        const alone = protectPopulation({ dimensions: [], groups: await populationGroups(database.db, narrowed) });
        const verdict = (guarded: ReturnType<typeof cube.guard>) => ('ok' in guarded ? guarded.total : guarded);
        expect(verdict(alone.guard({}, k))).toEqual(verdict(cube.guard(chosen, k)));
        expect(alone.question(await topics.countryBirth.build(database.db, narrowed)).distribution({}, k)).toEqual(cubeCountries.distribution(chosen, k));
        expect(alone.question(await topics.languages.build(database.db, narrowed)).distribution({}, k)).toEqual(cubeLanguages.distribution(chosen, k));
        const byGender = { ...narrowed, by: ['gender'] as const };
        const genders = protectPopulation({ dimensions: dimensions.filter((dimension) => dimension.name === 'gender'), groups: await populationGroups(database.db, byGender) });
        expect(genders.question(await topics.states.build(database.db, byGender)).byDimension({}, 'gender', k)).toEqual(cubeStates.byDimension(chosen, 'gender', k));
        const pyramid = { ...narrowed, by: ['gender', 'age-range'] as const };
        const table = protectPopulation({
          dimensions: dimensions.filter((dimension) => dimension.name === 'gender' || dimension.name === 'age-range'),
          groups: await populationGroups(database.db, pyramid),
        });
        expect(table.crossTable({}, 'gender', 'age-range', k)).toEqual(cube.crossTable(chosen, 'gender', 'age-range', k));
      }),
      { numRuns: 40 },
    );
  }, 180_000);

  it('counts the population in the GROUP BY of a single-answer question', async () => {
    const narrowed: StatsContext = { ...context, selection: { 'age-range': ['25-29', '30-34', '35-39'] }, by: ['gender'] };
    const question = await topics.worldviews.build(database.db, narrowed);
    const counted = await populationGroups(database.db, narrowed);
    const sorted = (groups: readonly { values: Readonly<Record<string, string>>; count: number; key: number }[]) =>
      [...groups].map(({ values, count, key }) => ({ values, count, key })).sort((a, b) => (a.values.gender! < b.values.gender! ? -1 : 1));
    expect(question.respondents).toBeDefined();
    expect(sorted(question.respondents!)).toEqual(sorted(counted));
  });
});
