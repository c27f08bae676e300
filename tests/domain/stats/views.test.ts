import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { CrossTable, Distribution, StatCell, StatTree, Withheld, isSuppressed, type TreeCell } from '../../../domain/contracts/stats';
import {
  protectPopulation,
  releaseByDimension,
  releaseCount,
  releaseCrossTable,
  releaseTree,
  type StatsPopulation,
  type StatsQuestion,
} from '../../../domain/stats';
import { ALL_SELECTIONS, DIMENSIONS, aggregate, inSelection, organisationArb, type Person } from './support/population';

/** Every view of the same counts agrees with every other: what one hides, no other shows. */

const value = (cell: StatCell) => (isSuppressed(cell) ? null : cell.count);

describe('views of one population', () => {
  it('a table row or column shows a figure exactly when the matching selection shows it', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 40 }), fc.constantFrom(3, 5), (people, k) => {
        const { population, question } = aggregate(people, 'a');
        const protectedQuestion = protectPopulation(population).question(question);
        for (const selection of ALL_SELECTIONS.filter((s) => s.gender === undefined)) {
          const byGender = protectedQuestion.byDimension(selection, 'gender', k);
          if (byGender.status !== 200) expect(protectedQuestion.distribution(selection, k)).toEqual(byGender);
          else {
            expect(isRight(CrossTable.decode(byGender.data))).toBe(true);
            byGender.data.rows.forEach((row, i) => {
              const narrowed = protectedQuestion.distribution({ ...selection, gender: [row.key] }, k);
              const cells = byGender.data.cells[i];
              // A withheld row shows nothing, unless it is empty (0 everywhere).
              if (narrowed.status !== 200) expect(cells.every(isSuppressed) || value(byGender.data.rowTotals[i]) === 0).toBe(true);
              else narrowed.data.cells.forEach((cell, j) => expect(value(cells[j])).toBe(value(cell)));
            });
            const whole = protectedQuestion.distribution(selection, k);
            expect(whole.status === 200 && whole.data.cells.map(value)).toEqual(byGender.data.columnTotals.map(value));
          }
          const table = releaseCrossTable({ population, selection, rows: 'gender', columns: 'level' }, k);
          expect(table.status).toBe(releaseCount({ population, selection }, k).status);
          if (table.status !== 200) continue;
          table.data.rows.forEach((row, i) =>
            table.data.columns.forEach((column, j) => {
              const count = releaseCount({ population, selection: { ...selection, gender: [row.key], level: [column.key] } }, k);
              const shown = value(table.data.cells[i][j]);
              // An empty cell shows 0 in a table; asked as a selection it is simply too small.
              if (shown === 0) expect(count.status).toBe(204);
              else expect(shown).toBe(count.status === 200 ? count.data.count : null);
            }),
          );
        }
      }),
      { numRuns: 40 },
    );
  });

  it('decodes every answer with the wire codecs', () => {
    const people: Person[] = Array.from({ length: 30 }, (_, i) => ({
      org: 'a',
      gender: ['F', 'M', 'X'][i % 3],
      generation: ['Y', 'Z'][i % 2],
      level: i % 5 === 0 ? 'lead' : 'staff',
      answers: [['A', 'B', 'C', 'P'][i % 4]],
    }));
    const { population, question } = aggregate(people, 'a');
    const distribution = protectPopulation(population).question(question).distribution({}, 5);
    expect(distribution.status === 200 && isRight(Distribution.decode(distribution.data))).toBe(true);
    expect(isRight(Withheld.decode(protectPopulation(population).question(question).distribution({ gender: 'X', level: 'lead' }, 5)))).toBe(true);
  });
});

describe('trees through a population', () => {
  const regions: StatsQuestion['dimension'] = {
    name: 'birth-place',
    values: [
      { key: 'AU' },
      { key: 'NSW', parent: 'AU' },
      { key: 'VIC', parent: 'AU' },
      { key: 'QLD', parent: 'AU' },
      { key: 'NZ' },
      { key: 'AKL', parent: 'NZ' },
      { key: 'WLG', parent: 'NZ' },
    ],
  };
  const answerArb = fc.constantFrom('NSW', 'NSW', 'NSW', 'VIC', 'VIC', 'QLD', 'AU', 'AKL', 'AKL', 'WLG', 'NZ');

  it('shows no node of 1 to k-1 people, and a shown parent counts its whole subtree', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(organisationArb('a', { max: 1 }), answerArb), { maxLength: 50 }), fc.constantFrom(3, 5), (rows, k) => {
        const people = rows.flatMap(([group, answer]) => group.map((p) => ({ ...p, answers: [answer] })));
        const { population } = aggregate(people, 'a');
        const counts = new Map<string, { values: Record<string, string>; answer: string; count: number }>();
        for (const p of people) {
          const key = `${p.gender}|${p.generation}|${p.level}|${p.answers[0]}`;
          const row = counts.get(key) ?? { values: { gender: p.gender, generation: p.generation, level: p.level }, answer: p.answers[0], count: 0 };
          row.count++;
          counts.set(key, row);
        }
        const question: StatsQuestion = { dimension: regions, counts: [...counts.values()] };
        const under = (key: string): string[] => [key, ...regions.values.filter((v) => v.parent === key).flatMap((v) => under(v.key))];
        for (const selection of ALL_SELECTIONS) {
          const result = releaseTree({ population, question, selection }, k);
          if (result.status !== 200) continue;
          expect(isRight(StatTree.decode(result.data))).toBe(true);
          const visit = (nodes: readonly TreeCell[]) =>
            nodes.forEach((node) => {
              const truth = people.filter((p) => inSelection(p, selection) && under(node.key).includes(p.answers[0])).length;
              const shown = value(node);
              if (shown !== null) {
                expect(shown).toBe(truth);
                expect(shown === 0 || shown >= k).toBe(true);
              }
              visit(node.children);
            });
          visit(result.data.nodes);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('input the server must get right', () => {
  const population: StatsPopulation = {
    dimensions: [{ name: 'gender', values: DIMENSIONS.gender.map((key) => ({ key })) }],
    groups: [
      { values: { gender: 'F' }, count: 12 },
      { values: { gender: 'M' }, count: 9 },
    ],
  };

  it('refuses unknown dimensions and values in counts, and answers beyond the respondents', () => {
    expect(() => protectPopulation({ ...population, groups: [{ values: { gender: 'Q' }, count: 3 }] })).toThrow('unknown value Q');
    expect(() => protectPopulation({ ...population, groups: [{ values: { region: 'x' }, count: 3 }] })).toThrow('unknown dimension region');
    const tooMany: StatsQuestion = { dimension: { name: 'q', values: [{ key: 'a' }] }, counts: [{ values: { gender: 'F' }, answer: 'a', count: 13 }] };
    expect(() => protectPopulation(population).question(tooMany)).toThrow(RangeError);
  });

  it('treats a filter value nobody has as selecting nobody, and a full list as no filter', () => {
    const question: StatsQuestion = {
      dimension: { name: 'q', values: [{ key: 'a' }, { key: 'b' }] },
      counts: [
        { values: { gender: 'F' }, answer: 'a', count: 6 },
        { values: { gender: 'F' }, answer: 'b', count: 6 },
        { values: { gender: 'M' }, answer: 'a', count: 5 },
        { values: { gender: 'M' }, answer: 'b', count: 4 },
      ],
    };
    const ask = protectPopulation(population).question(question);
    expect(ask.distribution({ gender: 'nobody' }, 5)).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    expect(ask.distribution({ gender: ['F', 'M', 'X'] }, 5)).toEqual(ask.distribution({}, 5));
    expect(() => ask.distribution({ region: 'north' }, 5)).toThrow('unknown dimension region');
    expect(releaseByDimension({ population, question, selection: {}, by: 'gender' }, 5).status).toBe(200);
  });
});
