import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type CrossTable, type Distribution, type ReleasedCell, type StatCell, type StatTree, type TreeCell, isSuppressed } from '../../../domain/contracts/stats';
import { keyFactsOf } from '../../../domain/keyfacts/facts';
import {
  RECORD_KEY_RANGE,
  type Dimension,
  type Selection,
  type StatsPopulation,
  type StatsQuestion,
  largestRemainderShares,
  percentOf,
  protectPopulation,
} from '../../../domain/stats';

/**
 * Released figures agree with one another (issue 32): a total is never shown smaller than what
 * it holds, a child never larger than its parent, and a single answer's shares add up to 100.0
 * with what its shown values leave of the total.
 */

/** A question with a tree of answers: worldviews, their branches and a denomination. */
const ANSWERS: Dimension = {
  name: 'worldview',
  values: [
    { key: 'W1' },
    { key: 'W1a', parent: 'W1' },
    { key: 'W1ax', parent: 'W1a' },
    { key: 'W1ay', parent: 'W1a' },
    { key: 'W1b', parent: 'W1' },
    { key: 'W2' },
    { key: 'W2a', parent: 'W2' },
    { key: 'W3' },
    { key: 'P', preferNot: true },
  ],
};
const parentOf = new Map(ANSWERS.values.map((value) => [value.key, value.parent]));
const withAncestors = (key: string): string[] => {
  const out = [key];
  for (let up = parentOf.get(key); up !== undefined; up = parentOf.get(up)) out.push(up);
  return out;
};

const FILTERS = { gender: ['F', 'M', 'X'], level: ['staff', 'lead'] } as const;

interface Person {
  readonly gender: string;
  readonly level: string;
  /** One answer (or none) for a single-answer question, any number for a multi-answer one. */
  readonly answers: readonly string[];
  readonly key: number;
}

const keyArb = fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 });
// Skewed, so that some values hold most people (their figures add up past a total) and others few.
const answerArb = fc.constantFrom('W1ax', 'W1ax', 'W1ax', 'W1ay', 'W1a', 'W1b', 'W1', 'W2a', 'W2a', 'W2', 'W3', 'P');
const personArb = (multiple: boolean): fc.Arbitrary<Person> =>
  fc.record({
    gender: fc.constantFrom('F', 'F', 'F', 'M', 'X'),
    level: fc.constantFrom('staff', 'staff', 'lead'),
    answers: multiple ? fc.uniqueArray(answerArb, { maxLength: 3 }) : fc.oneof({ weight: 9, arbitrary: answerArb.map((answer) => [answer]) }, { weight: 1, arbitrary: fc.constant([]) }),
    key: keyArb,
  });
const peopleArb = (multiple: boolean) => fc.array(personArb(multiple), { minLength: 1, maxLength: 90 });

const addKey = (a: number, b: number) => (a + b) % RECORD_KEY_RANGE;

/** What the server's GROUP BY gives disclosure control: per group, counts and key sums. */
const aggregate = (people: readonly Person[], multiple: boolean): { population: StatsPopulation; question: StatsQuestion } => {
  const groups = new Map<string, { values: Record<string, string>; count: number; key: number }>();
  const rows = new Map<string, { values: Record<string, string>; answer: string; count: number; key: number }>();
  for (const p of people) {
    const values = { gender: p.gender, level: p.level };
    const at = `${p.gender}|${p.level}`;
    const group = groups.get(at) ?? { values, count: 0, key: 0 };
    groups.set(at, { ...group, count: group.count + 1, key: addKey(group.key, p.key) });
    // A single answer counts under its value (disclosure control adds it to the ancestors); a
    // multi-answer person once under every value whose subtree they named, with that row's key.
    const answers = multiple ? [...new Set(p.answers.flatMap(withAncestors))] : p.answers;
    answers.forEach((answer, i) => {
      const row = rows.get(`${at}#${answer}`) ?? { values, answer, count: 0, key: 0 };
      rows.set(`${at}#${answer}`, { ...row, count: row.count + 1, key: addKey(row.key, multiple ? (p.key * (i + 3)) % RECORD_KEY_RANGE : p.key) });
    });
  }
  return {
    population: { dimensions: Object.entries(FILTERS).map(([name, list]) => ({ name, values: list.map((key) => ({ key })) })), groups: [...groups.values()] },
    question: { dimension: ANSWERS, multiple, counts: [...rows.values()] },
  };
};

const SELECTIONS: Selection[] = [{}, { gender: ['F'] }, { gender: ['M', 'X'] }, { level: ['lead'] }, { gender: ['F'], level: ['staff'] }];
const kArb = fc.constantFrom(1, 3, 5);

const shown = (cells: readonly StatCell[]): ReleasedCell[] => cells.filter((cell): cell is ReleasedCell => !isSuppressed(cell));
const sum = (values: readonly number[]) => values.reduce((out, value) => out + value, 0);
/** Shares in tenths of a percent, as whole numbers (so that sums are exact). */
const tenths = (cells: readonly { percent: number }[]) => sum(cells.map((cell) => Math.round(cell.percent * 10)));

const releases = (people: readonly Person[], multiple: boolean) => {
  const { population, question } = aggregate(people, multiple);
  const protectedPopulation = protectPopulation(population);
  const answers = protectedPopulation.question(question);
  return {
    distribution: (selection: Selection, k: number) => answers.distribution(selection, k),
    tree: (selection: Selection, k: number) => answers.tree(selection, k),
    byGender: (selection: Selection, k: number) => answers.byDimension(selection, 'gender', k),
    crossTable: (selection: Selection, k: number) => protectedPopulation.crossTable(selection, 'gender', 'level', k),
  };
};

const checkDistribution = (data: Distribution, multiple: boolean) => {
  const cells = shown(data.cells);
  for (const cell of cells) {
    expect(cell.count).toBeLessThanOrEqual(data.total);
    expect(cell.percent).toBeLessThanOrEqual(100);
    // Each share is its exact value rounded down or up.
    expect(Math.abs(cell.percent - (100 * cell.count) / data.total)).toBeLessThan(0.1 + 1e-9);
  }
  if (multiple) {
    for (const cell of cells) expect(cell.percent).toBe(percentOf(cell.count, data.total));
    return;
  }
  const held = sum(cells.map((cell) => cell.count));
  expect(held).toBeLessThanOrEqual(data.total);
  expect(tenths(cells)).toBeLessThanOrEqual(1000);
  // What the shown values leave of the total, rounded down or up, completes 100.0.
  const rest = 1000 - tenths(cells);
  expect(Math.abs(rest - ((data.total - held) * 1000) / data.total)).toBeLessThan(1);
  if (held === data.total) expect(tenths(cells)).toBe(1000);
};

const checkTree = (data: StatTree, multiple: boolean) => {
  const check = (children: readonly TreeCell[], parent: { count: number; percent: number }) => {
    const listed = children.filter((child): child is ReleasedCell & { children: readonly TreeCell[] } => !isSuppressed(child));
    for (const child of listed) {
      expect(child.count).toBeLessThanOrEqual(parent.count);
      expect(child.percent).toBeLessThanOrEqual(parent.percent);
      check(child.children, child);
    }
    if (!multiple) {
      const held = sum(listed.map((child) => child.count));
      expect(held).toBeLessThanOrEqual(parent.count);
      expect(tenths(listed)).toBeLessThanOrEqual(Math.round(parent.percent * 10));
      if (held === parent.count && listed.length > 0) expect(tenths(listed)).toBe(Math.round(parent.percent * 10));
    }
  };
  check(data.nodes, { count: data.total, percent: 100 });
  checkDistribution({ total: data.total, multiple, cells: data.nodes.map(({ children: _children, ...cell }) => cell as StatCell) }, multiple);
};

const checkTable = (data: CrossTable) => {
  const rowTotals = shown(data.rowTotals);
  const columnTotals = shown(data.columnTotals);
  expect(rowTotals.length).toBe(data.rows.length);
  expect(columnTotals.length).toBe(data.columns.length);
  for (const margin of [...rowTotals, ...columnTotals]) {
    expect(margin.count).toBeLessThanOrEqual(data.total);
    expect(margin.percent).toBeLessThanOrEqual(100);
  }
  data.cells.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (isSuppressed(cell)) return;
      for (const margin of [rowTotals[i]!, columnTotals[j]!]) {
        expect(cell.count).toBeLessThanOrEqual(margin.count);
        expect(cell.percent).toBeLessThanOrEqual(margin.percent);
      }
    }),
  );
};

describe('largest remainder shares', () => {
  it('add up with the rest to the group’s share, each its exact value rounded down or up, larger parts never less', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(400), { maxLength: 12 }), fc.nat(400), (parts, extra) => {
        const whole = sum(parts) + extra;
        fc.pre(whole > 0);
        const shares = largestRemainderShares(parts, whole);
        const given = tenths(shares.map((percent) => ({ percent })));
        expect(given).toBeLessThanOrEqual(1000);
        // The rest's share is what the parts leave of 100.0, and it too is its exact value rounded.
        expect(Math.abs(1000 - given - (extra * 1000) / whole)).toBeLessThan(1);
        parts.forEach((part, i) => {
          expect(Math.abs(shares[i]! * 10 - (part * 1000) / whole)).toBeLessThan(1);
          parts.forEach((other, j) => {
            if (part > other) expect(shares[i]).toBeGreaterThanOrEqual(shares[j]!);
          });
        });
        if (extra === 0) expect(given).toBe(1000);
      }),
      { seed: 3201, numRuns: 500 },
    );
  });

  it('make three thirds 100.0, where rounding each gives 99.9', () => {
    expect(largestRemainderShares([1, 1, 1], 3)).toEqual([33.4, 33.3, 33.3]);
    // The rest (1 of 7) is a part like the others: 28.6 + 28.6 + 28.5 + 14.3.
    expect(largestRemainderShares([2, 2, 2], 7)).toEqual([28.6, 28.6, 28.5]);
    expect(largestRemainderShares([0], 0)).toEqual([0]);
    expect(() => largestRemainderShares([3, 3], 5)).toThrow(RangeError);
  });
});

describe('released figures agree with one another', () => {
  it('a distribution: no shown value larger than the total; a single answer’s values add up to at most the total and their shares to 100.0 with the rest', () => {
    fc.assert(
      fc.property(kArb, fc.boolean().chain((multiple) => fc.tuple(fc.constant(multiple), peopleArb(multiple))), (k, [multiple, people]) => {
        const { distribution } = releases(people, multiple);
        for (const selection of SELECTIONS) {
          const result = distribution(selection, k);
          if (result.status === 200) checkDistribution(result.data, multiple);
        }
      }),
      { seed: 3202, numRuns: 300 },
    );
  });

  it('a tree: no child larger than its parent, in people or share; a single answer’s children add up to at most their parent', () => {
    fc.assert(
      fc.property(kArb, fc.boolean().chain((multiple) => fc.tuple(fc.constant(multiple), peopleArb(multiple))), (k, [multiple, people]) => {
        const { tree } = releases(people, multiple);
        for (const selection of SELECTIONS) {
          const result = tree(selection, k);
          if (result.status === 200) checkTree(result.data, multiple);
        }
      }),
      { seed: 3203, numRuns: 300 },
    );
  });

  it('a cross table: no cell larger than its row or column total, no total larger than the table’s', () => {
    fc.assert(
      fc.property(kArb, fc.boolean().chain((multiple) => fc.tuple(fc.constant(multiple), peopleArb(multiple))), (k, [multiple, people]) => {
        const { byGender, crossTable } = releases(people, multiple);
        for (const selection of SELECTIONS) {
          for (const result of [byGender(selection, k), crossTable(selection, k)]) if (result.status === 200) checkTable(result.data);
        }
      }),
      { seed: 3204, numRuns: 300 },
    );
  });

  it('the same records give the same figures, in whatever order they come', () => {
    fc.assert(
      fc.property(kArb, fc.boolean().chain((multiple) => fc.tuple(fc.constant(multiple), peopleArb(multiple))), (k, [multiple, people]) => {
        const first = releases(people, multiple);
        const second = releases([...people].reverse(), multiple);
        for (const selection of SELECTIONS) {
          expect(second.distribution(selection, k)).toEqual(first.distribution(selection, k));
          expect(second.tree(selection, k)).toEqual(first.tree(selection, k));
          expect(second.byGender(selection, k)).toEqual(first.byGender(selection, k));
        }
      }),
      { seed: 3205, numRuns: 100 },
    );
  });

  it('key facts made from released distributions never say 100% or 0%', () => {
    fc.assert(
      fc.property(kArb, fc.boolean().chain((multiple) => fc.tuple(fc.constant(multiple), peopleArb(multiple))), (k, [multiple, people]) => {
        const { distribution } = releases(people, multiple);
        for (const selection of SELECTIONS) {
          const result = distribution(selection, k);
          if (result.status !== 200) continue;
          for (const fact of keyFactsOf('worldviews', { 'worldview/worldviews': result.data })) {
            if ('percent' in fact) {
              expect(fact.percent).toBeGreaterThan(0);
              expect(fact.percent).toBeLessThan(100);
            }
          }
        }
      }),
      { seed: 3206, numRuns: 200 },
    );
  });
});
