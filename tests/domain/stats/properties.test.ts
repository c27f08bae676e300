import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSuppressed } from '../../../domain/contracts/stats';
import { ALL_SELECTIONS, endpoint, inSelection, organisationArb, personArb, releasedData, type Person } from './support/population';

/** The properties of issue 5, through the same in-memory endpoint as the attacks. */

const kArb = fc.constantFrom(3, 4, 5, 6);

describe('disclosure control properties', () => {
  it('never releases a figure of 1 to k-1 people', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 40 }), kArb, fc.boolean(), fc.constantFrom(2, 3), (people, k, multiple, maxFilters) => {
        const ask = endpoint(people, 'a', multiple, { maxFilters });
        for (const selection of ALL_SELECTIONS) {
          const data = releasedData(ask(selection, k));
          if (!data) continue;
          expect(data.total).toBeGreaterThanOrEqual(k);
          expect(data.total).toBe(people.filter((p) => inSelection(p, selection)).length);
          for (const cell of data.cells) {
            if (isSuppressed(cell)) {
              expect(cell.threshold).toBe(k);
              continue;
            }
            expect(cell.count === 0 || cell.count >= k, `${JSON.stringify(selection)} ${cell.key}=${cell.count}`).toBe(true);
            const truth = people.filter((p) => inSelection(p, selection) && p.answers.includes(cell.key)).length;
            expect(cell.count).toBe(truth);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('no two released selections differ by 1 to k-1 people', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 40 }), kArb, fc.constantFrom(2, 3), (people, k, maxFilters) => {
        const ask = endpoint(people, 'a', false, { maxFilters });
        const members = ALL_SELECTIONS.filter((selection) => releasedData(ask(selection, k)) !== null).map(
          (selection) => new Set(people.map((p, i) => (inSelection(p, selection) ? i : -1)).filter((i) => i >= 0)),
        );
        for (const small of members) {
          for (const large of members) {
            if (large.size <= small.size || ![...small].every((i) => large.has(i))) continue;
            const difference = large.size - small.size;
            expect(difference >= k, `differ by ${difference}`).toBe(true);
          }
        }
      }),
      // A list near a box inside it is rare in these organisations: about one in 10,000 runs
      // found it before the rule covered it (remainder.ts), so this property runs longer.
      { numRuns: 600 },
    );
  });

  it('raising k never reveals more', () => {
    fc.assert(
      fc.property(
        organisationArb('a', { max: 40 }),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        fc.constantFrom(2, 3),
        (people, low, step, multiple, maxFilters) => {
          const high = Math.min(10, low + step);
          const ask = endpoint(people, 'a', multiple, { maxFilters });
          for (const selection of ALL_SELECTIONS) {
            const strict = releasedData(ask(selection, high));
            if (!strict) continue;
            const lenient = releasedData(ask(selection, low));
            expect(lenient, JSON.stringify(selection)).not.toBeNull();
            strict.cells.forEach((cell, i) => {
              if (!isSuppressed(cell)) expect(lenient!.cells[i]).toEqual(cell);
            });
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('results for organisation A are the same before and after responses arrive for organisation B', () => {
    fc.assert(
      fc.property(
        organisationArb('a', { max: 30 }),
        organisationArb('b', { max: 20 }),
        fc.array(personArb('b'), { minLength: 1, maxLength: 20 }),
        kArb,
        (a, b, more, k) => {
          const before = endpoint([...a, ...b], 'a');
          const after = endpoint([...b, ...more, ...a], 'a');
          for (const selection of ALL_SELECTIONS) expect(after(selection, k)).toEqual(before(selection, k));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives the same answer to the same question, whatever was asked before', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 30 }), kArb, fc.shuffledSubarray(ALL_SELECTIONS), (people, k, order) => {
        const fresh = endpoint(people, 'a');
        const reused = endpoint(people, 'a');
        for (const selection of order) reused(selection, k);
        for (const selection of ALL_SELECTIONS) expect(reused(selection, k)).toEqual(fresh(selection, k));
      }),
      { numRuns: 30 },
    );
  });
});

describe('disclosure control worked examples', () => {
  const team = (spec: [gender: string, generation: string, level: string, answer: string, n: number][]): Person[] =>
    spec.flatMap(([gender, generation, level, answer, n]) =>
      Array.from({ length: n }, (): Person => ({ org: 'a', gender, generation, level, answers: [answer] })),
    );

  it('answers a selection below k with "It needs at least k answers."', () => {
    const ask = endpoint(team([['F', 'Y', 'staff', 'A', 12], ['M', 'Y', 'staff', 'B', 10], ['X', 'Z', 'lead', 'A', 3]]), 'a');
    expect(ask({ gender: ['X'] }, 5)).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    expect(ask({}, 30)).toEqual({ status: 204, message: 'It needs at least 30 answers.' });
  });

  it('refuses a selection that differs from a coarser one by a few people', () => {
    // Everyone but the 3 people of gender X: comparing with the whole organisation would describe them.
    const ask = endpoint(team([['F', 'Y', 'staff', 'A', 12], ['M', 'Y', 'staff', 'B', 10], ['X', 'Y', 'staff', 'A', 3]]), 'a');
    expect(ask({ gender: ['F', 'M'] }, 5)).toEqual({ status: 204, message: 'Not enough data to show.' });
    // Each single gender is fine: their complements hold 13 and 15 people...
    expect(releasedData(ask({ gender: ['F'] }, 5))).not.toBeNull();
  });

  it('refuses a list that comes near a released selection inside it, and keeps the single values', () => {
    // Every generation Y respondent is a woman or non-binary: "F or X" is only 2 more people than
    // "generation Y", and both are released at k = 3 when the list is not checked against the box.
    const ask = endpoint(
      team([['X', 'Y', 'staff', 'A', 2], ['F', 'Y', 'staff', 'A', 2], ['F', 'Z', 'staff', 'A', 1], ['X', 'Z', 'staff', 'A', 1], ['M', 'Z', 'staff', 'A', 2], ['M', 'Z', 'staff', 'P', 1]]),
      'a',
    );
    expect(releasedData(ask({ generation: ['Y'] }, 3))?.total).toBe(4);
    expect(ask({ gender: ['F', 'X'] }, 3)).toEqual({ status: 204, message: 'Not enough data to show.' });
  });

  it('refuses more filters than the protection covers, whatever their size', () => {
    const ask = endpoint(team([['F', 'Y', 'staff', 'A', 12], ['F', 'Y', 'staff', 'B', 10]]), 'a');
    expect(ask({ gender: ['F'], generation: ['Y'], level: ['staff'] }, 5)).toEqual({ status: 204, message: 'Not enough data to show.' });
    expect(releasedData(endpoint(team([['F', 'Y', 'staff', 'A', 12], ['F', 'Y', 'staff', 'B', 10]]), 'a', false, { maxFilters: 3 })({ gender: ['F'], generation: ['Y'], level: ['staff'] }, 5))).not.toBeNull();
  });

  it('hides a small answer and one more, so the total does not give it away', () => {
    const ask = endpoint(team([['F', 'Y', 'staff', 'A', 12], ['F', 'Y', 'staff', 'B', 7], ['F', 'Y', 'staff', 'C', 2], ['M', 'Y', 'staff', 'A', 9]]), 'a');
    const data = releasedData(ask({}, 5))!;
    expect(data.total).toBe(30);
    expect(data.cells.map((cell) => (isSuppressed(cell) ? `${cell.key}:<${cell.threshold}` : `${cell.key}:${cell.count}:${cell.percent}`))).toEqual([
      'A:21:70',
      'B:<5',
      'C:<5',
    ]);
  });
});
