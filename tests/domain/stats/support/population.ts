import fc from 'fast-check';
import type { Distribution } from '../../../../domain/contracts/stats';
import { RECORD_KEY_RANGE, protectPopulation, type ProtectedPopulation, type Release, type Selection, type StatsPopulation, type StatsQuestion } from '../../../../domain/stats';

/**
 * Small synthetic organisations and an in-memory endpoint that does what the server's SQL does
 * (GROUP BY over one organisation's respondents, counting and summing record keys) before
 * calling the real release functions.
 */

export const DIMENSIONS = { gender: ['F', 'M', 'X'], generation: ['Y', 'Z'], level: ['staff', 'lead'] } as const;
export type DimensionName = keyof typeof DIMENSIONS;
export const NAMES = Object.keys(DIMENSIONS) as DimensionName[];
export const ANSWERS = ['A', 'B', 'C', 'P'] as const;
export type Org = 'a' | 'b';

export interface Person {
  readonly org: Org;
  readonly gender: string;
  readonly generation: string;
  readonly level: string;
  /** One answer for a single-answer question; several for a multi-answer one. */
  readonly answers: readonly string[];
  /** The response's record key. */
  readonly key: number;
  /** The record keys of the answer rows (multi-answer), one per answer. */
  readonly answerKeys: readonly number[];
}

export const recordKeyArb = fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 });

export const personArb = (org: Org, multiple = false): fc.Arbitrary<Person> =>
  fc.record({
    org: fc.constant(org),
    // Skewed, so that some combinations hold one or two people and others many.
    gender: fc.constantFrom('F', 'F', 'F', 'M', 'M', 'X'),
    generation: fc.constantFrom('Y', 'Y', 'Z'),
    level: fc.constantFrom('staff', 'staff', 'staff', 'lead'),
    answers: multiple
      ? fc.uniqueArray(fc.constantFrom('A', 'A', 'B', 'C', 'P'), { minLength: 0, maxLength: 3 })
      : fc.constantFrom('A', 'A', 'A', 'B', 'B', 'C', 'P').map((answer) => [answer]),
    key: recordKeyArb,
    answerKeys: fc.array(recordKeyArb, { minLength: 3, maxLength: 3 }),
  });

export const organisationArb = (org: Org, options: { min?: number; max?: number; multiple?: boolean } = {}): fc.Arbitrary<Person[]> =>
  fc.array(personArb(org, options.multiple), { minLength: options.min ?? 0, maxLength: options.max ?? 36 });

const keyOf = (p: Person) => NAMES.map((name) => p[name]).join('|');
const valuesOf = (p: Person) => Object.fromEntries(NAMES.map((name) => [name, p[name]]));
const addKey = (a: number, b: number) => (a + b) % RECORD_KEY_RANGE;

/** What the SQL of an endpoint returns for one organisation. */
export const aggregate = (people: readonly Person[], org: Org, multiple = false): { population: StatsPopulation; question: StatsQuestion } => {
  const mine = people.filter((p) => p.org === org);
  const groups = new Map<string, { values: Record<string, string>; count: number; key: number }>();
  const answers = new Map<string, { values: Record<string, string>; answer: string; count: number; key: number }>();
  for (const p of mine) {
    const group = groups.get(keyOf(p)) ?? { values: valuesOf(p), count: 0, key: 0 };
    group.count++;
    group.key = addKey(group.key, p.key);
    groups.set(keyOf(p), group);
    [...new Set(p.answers)].forEach((answer, i) => {
      const key = `${keyOf(p)}#${answer}`;
      const row = answers.get(key) ?? { values: valuesOf(p), answer, count: 0, key: 0 };
      row.count++;
      // A single answer brings the response's key; an answer row its own.
      row.key = addKey(row.key, multiple ? p.answerKeys[i % p.answerKeys.length] : p.key);
      answers.set(key, row);
    });
  }
  return {
    population: {
      dimensions: NAMES.map((name) => ({ name, values: DIMENSIONS[name].map((key) => ({ key })) })),
      groups: [...groups.values()],
    },
    question: {
      dimension: { name: 'worldview', values: ANSWERS.map((key) => (key === 'P' ? { key, preferNot: true } : { key })) },
      multiple,
      counts: [...answers.values()],
    },
  };
};

/** The in-memory endpoints of one snapshot of the data (as the server caches it). */
export const endpoints = (people: readonly Person[], org: Org = 'a', multiple = false) => {
  const { population: counts, question } = aggregate(people, org, multiple);
  const population: ProtectedPopulation = protectPopulation(counts);
  const answers = population.question(question);
  return {
    population,
    answers,
    distribution: (selection: Selection, k: number): Release<Distribution> => answers.distribution(selection, k),
    count: (selection: Selection, k: number) => {
      const guard = population.guard(selection, k);
      return 'ok' in guard ? guard.total.value : null;
    },
  };
};

const subsets = (values: readonly string[]): string[][] =>
  Array.from({ length: (1 << values.length) - 1 }, (_, mask) => values.filter((_, i) => ((mask + 1) >> i) & 1));

/** Every selection the filter panel can express: each dimension unfiltered or any list of values. */
export const ALL_SELECTIONS: Record<string, string[]>[] = (() => {
  let out: Record<string, string[]>[] = [{}];
  for (const name of NAMES) {
    out = out.flatMap((selection) => [selection, ...subsets(DIMENSIONS[name]).map((list) => ({ ...selection, [name]: list }))]);
  }
  return out;
})();

export const inSelection = (who: { readonly [K in DimensionName]: string }, selection: Selection): boolean =>
  NAMES.every((name) => {
    const list = selection[name];
    return list === undefined || list === null || (typeof list === 'string' ? [list] : list).includes(who[name]);
  });

export const releasedData = (result: Release<Distribution>): Distribution | null => (result.status === 200 ? result.data : null);
