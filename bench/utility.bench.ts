import { type Kysely, sql } from 'kysely';
import { isSuppressed, type StatCell } from '../domain/contracts/stats';
import { MAX_ADJUSTMENT, protectPopulation, selectionFromFilters, shownShare, type Selection } from '../domain/stats';
import type { Database } from '../server/db/database';
import type { PopulationCache } from '../server/services/statistics/cache';
import { DIMENSION_NAMES } from '../server/services/statistics/dimensions';
import { AGE_BANDS, type StatsContext, lookupValues, populationDimensions, populationGroups } from '../server/services/statistics/population';
import * as topics from '../server/services/statistics/topics';

/**
 * What the cell key method leaves of the figures (issue 13's goals), on the bench organisation:
 * the share of true counts of k or more that are shown, the largest distance of a shown count
 * from the truth, the gender-by-age pyramid for women and men, and the 25-34 without a
 * disability selection's countries and languages. The true counts come from the breakdown of
 * everyone by every filter dimension (the truth stays in the server: it is printed as shares and
 * distances only); the released figures from the statistics cache, as the endpoints release them.
 */
class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

/** Runs `read` with every released response of the organisation in a block of its own, then undoes that. */
const withEveryoneAlone = async <T>(db: Kysely<Database>, organizationId: string, read: (trx: Kysely<Database>) => Promise<T>): Promise<T> => {
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create temporary table alone on commit drop as
        select r.id as response, nextval(pg_get_serial_sequence('release_blocks', 'id'))::int as block
        from responses r where r.organization_id = ${organizationId} and r.release_block is not null`.execute(trx);
      await sql`insert into release_blocks (id, organization_id, size) select block, ${organizationId}, 1 from alone`.execute(trx);
      await sql`update responses r set release_block = alone.block from alone where r.id = alone.response`.execute(trx);
      await sql`delete from release_block_atoms where organization_id = ${organizationId}`.execute(trx);
      await sql`insert into release_block_atoms (block_id, organization_id, submitted_median, department_id, gender_id, birth_year, position_level_id, count)
        select r.release_block, r.organization_id, r.submitted_at, r.department_id, r.gender_id, r.birth_year, r.position_level_id, 1
        from responses r join alone on alone.response = r.id`.execute(trx);
      throw new RolledBack(await read(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
};

export const printUtility = async (db: Kysely<Database>, cache: PopulationCache, organizationId: string): Promise<void> => {
  const K = 5;
  const context: StatsContext = { organizationId, scope: { kind: 'organization' }, period: { from: null, to: null }, year: new Date().getUTCFullYear() };
  const filtered = selectionFromFilters({ 'age-range': '25-34', disability: 'no' }, AGE_BANDS);
  const selections: [string, Selection, number][] = [
    ['everyone', {}, K],
    ['women', { gender: (await lookupValues(db, 'genders')).filter((item) => item.code === 'female').map((item) => String(item.id)) }, K],
    ['25-34, no disability', filtered, 10],
  ];
  const questions = [topics.countryBirth, topics.languages, topics.worldviews, topics.ethnicities, topics.education, topics.positionLevel, topics.states, topics.gender];
  const whole: StatsContext = { ...context, by: DIMENSION_NAMES };
  // The truth: every respondent made a block of their own, so the weighted figures are the true
  // counts, in a transaction rolled back before anything is released.
  const { truth, truthQuestions } = await withEveryoneAlone(db, organizationId, async (trx) => ({
    truth: protectPopulation({ dimensions: await populationDimensions(trx), groups: await populationGroups(trx, whole) }),
    truthQuestions: await Promise.all(questions.map((topic) => topic.build(trx, whole))),
  }));
  const releasedOf = async (topic: topics.Topic, selection: Selection, k: number) => {
    const selected = { ...context, selection };
    const { population, question } = await cache.question(selected, topic.name, (given) => topic.build(db, given), topic.countsPopulation === true);
    return population.question(question).distribution({}, k);
  };
  let large = 0;
  let shown = 0;
  let expected = 0;
  let worst = 0;
  let cells = 0;
  for (const [index, topic] of questions.entries()) {
    const answers = truth.question(truthQuestions[index]!);
    for (const [, selection, k] of selections) {
      const release = await releasedOf(topic, selection, k);
      const resolved = truth.resolve(selection);
      const byKey = new Map(release.status === 200 ? release.data.cells.filter((cell) => !isSuppressed(cell)).map((cell) => [cell.key, cell as Extract<StatCell, { count: number }>]) : []);
      answers.answer.children[0].forEach((node) => {
        const truth = answers.truthOf(resolved, node).count;
        const cell = byKey.get(answers.answer.keys[node]);
        if (truth >= k) {
          large++;
          expected += shownShare(truth, k);
          if (cell) shown++;
        }
        if (cell) {
          cells++;
          worst = Math.max(worst, Math.abs(cell.count - truth));
        }
      });
    }
  }
  const share = (part: number) => `${((100 * part) / Math.max(1, large)).toFixed(1)}%`;
  console.log(`  utility: ${shown} of ${large} true counts of k or more shown (${share(shown)}; over random record keys ${share(expected)} expected); ${cells} shown counts, largest distance from the truth ${worst} (p-table bound ${MAX_ADJUSTMENT})`);

  const pyramid = (await cache.population({ ...context, by: ['gender', 'age-range'] })).crossTable({}, 'gender', 'age-range', K);
  const genders = await lookupValues(db, 'genders');
  for (const code of ['female', 'male']) {
    const id = String(genders.find((item) => item.code === code)?.id);
    if (pyramid.status !== 200) break;
    const row = pyramid.data.rows.findIndex((header) => header.key === id);
    const bands = pyramid.data.columns.length;
    const drawn = row < 0 ? 0 : pyramid.data.cells[row].filter((cell) => !isSuppressed(cell)).length;
    const withPeople = pyramid.data.columns.filter((band) => truth.truthOf(truth.resolve({ gender: [id], 'age-range': [band.key] })).count > 0).length;
    console.log(`  pyramid, ${code}: ${drawn} of the ${bands} age columns drawn (${withPeople} of them hold a ${code === 'female' ? 'woman' : 'man'}; no birth year counts as a column)`);
  }
  const total = truth.truthOf(truth.resolve(filtered)).count;
  const listed = (release: Awaited<ReturnType<typeof releasedOf>>) => (release.status === 200 ? release.data.cells.filter((cell) => !isSuppressed(cell) && cell.preferNot !== true).length : 0);
  console.log(
    `  25-34 without a disability (${total} people, k = 10): ${listed(await releasedOf(topics.countryBirth, filtered, 10))} countries of birth and ${listed(await releasedOf(topics.languages, filtered, 10))} languages shown`,
  );
};
