import type { Kysely } from 'kysely';
import { isSuppressed, type StatCell } from '../domain/contracts/stats';
import { MAX_ADJUSTMENT, selectionFromFilters, type Selection } from '../domain/stats';
import type { Database } from '../server/db/database';
import type { PopulationCache } from '../server/services/statistics/cache';
import { AGE_BANDS, type StatsContext, lookupValues } from '../server/services/statistics/population';
import * as topics from '../server/services/statistics/topics';

/**
 * What the cell key method leaves of the figures (issue 13's goals), on the bench organisation:
 * the share of true counts of k or more that are shown, the largest distance of a shown count
 * from the truth, the gender-by-age pyramid for women and men, and the 25-34 without a
 * disability selection's countries and languages.
 */
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
  let large = 0;
  let shown = 0;
  let worst = 0;
  let cells = 0;
  for (const topic of questions) {
    const { population, question } = await cache.question(context, topic.name, () => topic.build(db, context));
    const answers = population.question(question);
    for (const [, selection, k] of selections) {
      const release = answers.distribution(selection, k);
      const resolved = population.resolve(selection);
      const byKey = new Map(release.status === 200 ? release.data.cells.filter((cell) => !isSuppressed(cell)).map((cell) => [cell.key, cell as Extract<StatCell, { count: number }>]) : []);
      answers.answer.children[0].forEach((node) => {
        const truth = answers.truthOf(resolved, node).count;
        const cell = byKey.get(answers.answer.keys[node]);
        if (truth >= k) {
          large++;
          if (cell) shown++;
        }
        if (cell) {
          cells++;
          worst = Math.max(worst, Math.abs(cell.count - truth));
        }
      });
    }
  }
  console.log(`  utility: ${shown} of ${large} true counts of k or more shown (${((100 * shown) / Math.max(1, large)).toFixed(1)}%); ${cells} shown counts, largest distance from the truth ${worst} (p-table bound ${MAX_ADJUSTMENT})`);

  const population = await cache.population(context);
  const pyramid = population.crossTable({}, 'gender', 'age-range', K);
  const genders = await lookupValues(db, 'genders');
  for (const code of ['female', 'male']) {
    const id = String(genders.find((item) => item.code === code)?.id);
    if (pyramid.status !== 200) break;
    const row = pyramid.data.rows.findIndex((header) => header.key === id);
    const bands = pyramid.data.columns.length;
    const drawn = row < 0 ? 0 : pyramid.data.cells[row].filter((cell) => !isSuppressed(cell)).length;
    const withPeople = pyramid.data.columns.filter((band) => population.truthOf(population.resolve({ gender: [id], 'age-range': [band.key] })).count > 0).length;
    console.log(`  pyramid, ${code}: ${drawn} of the ${bands} age columns drawn (${withPeople} of them hold a ${code === 'female' ? 'woman' : 'man'}; no birth year counts as a column)`);
  }
  const { population: p2, question: countries } = await cache.question(context, topics.countryBirth.name, () => topics.countryBirth.build(db, context));
  const { question: languages } = await cache.question(context, topics.languages.name, () => topics.languages.build(db, context));
  const total = p2.truthOf(p2.resolve(filtered)).count;
  const listed = (release: ReturnType<ReturnType<typeof p2.question>['distribution']>) => (release.status === 200 ? release.data.cells.filter((cell) => !isSuppressed(cell) && cell.preferNot !== true).length : 0);
  console.log(
    `  25-34 without a disability (${total} people, k = 10): ${listed(p2.question(countries).distribution(filtered, 10))} countries of birth and ${listed(p2.question(languages).distribution(filtered, 10))} languages shown`,
  );
};
