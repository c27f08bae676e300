import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSuppressed } from '../../../domain/contracts/stats';
import {
  CELL_KEY_RANGE,
  MAX_ADJUSTMENT,
  P_TABLE,
  adjustment,
  cellKeyOf,
  perturb,
  rowMoments,
  shownShare,
} from '../../../domain/stats';
import { ALL_SELECTIONS, aggregate, endpoints, inSelection, organisationArb, type Person } from './support/population';

const truthOf = (people: readonly Person[], selection: Record<string, string[]>) => people.filter((p) => inSelection(p as never, selection));

describe('the p-table', () => {
  it('covers every cell key once per row, moves no count by more than d nor below 0, and keeps 0 at 0', () => {
    for (const row of Object.values(P_TABLE)) expect(row.adjustments.reduce((sum, entry) => sum + entry.keys, 0)).toBe(CELL_KEY_RANGE);
    for (let count = 0; count <= 12; count++) {
      for (let key = 0; key < CELL_KEY_RANGE; key++) {
        const a = adjustment(count, key);
        expect(Math.abs(a)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
        expect(count + a).toBeGreaterThanOrEqual(0);
        if (count === 0) expect(a).toBe(0);
      }
    }
  });

  it('is unbiased, with the variances the README gives', () => {
    const [one, two, many] = [P_TABLE.one, P_TABLE.two, P_TABLE.many].map(rowMoments);
    for (const row of [one, two, many]) expect(row.mean).toBeCloseTo(0, 10);
    expect(one.variance).toBeCloseTo(0.875, 3);
    expect(two.variance).toBeCloseTo(1.102, 3);
    expect(many.variance).toBeCloseTo(1.117, 3);
  });

  it('gives each adjustment to about its share of random key sums, also at a mixed level', () => {
    const seen = new Map<string, number>();
    // fast-check leans to small and edge integers: uniform key sums come from a plain generator.
    let state = 1301;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state >>> 1;
    };
    for (let i = 0; i < 40_000; i++) {
      const sum = next();
      for (const level of [0, 1]) {
        const key = `${level}:${adjustment(7, cellKeyOf(sum, level))}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    for (const level of [0, 1]) {
      const total = [...seen].filter(([key]) => key.startsWith(`${level}:`)).reduce((sum, [, n]) => sum + n, 0);
      for (const { adjustment: a, keys } of P_TABLE.many.adjustments) {
        expect(Math.abs((seen.get(`${level}:${a}`) ?? 0) / total - keys / CELL_KEY_RANGE)).toBeLessThan(0.02);
      }
    }
  });

  it('never shows a true count of 1 to k-1 as itself: it is shown only as k or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(5, 10), (count, sum, k) => {
        if (count >= k) return;
        const value = perturb(count, sum);
        if (value >= k) expect(value).not.toBe(count);
      }),
    );
  });
  it('gives the share of keys under which a count is shown: none far below k, all from k + d, the keys that keep it at k or more between', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 2, max: 20 }), (count, k) => {
        const share = shownShare(count, k);
        let shownKeys = 0;
        for (let key = 0; key < CELL_KEY_RANGE; key++) if (count > 0 && count + adjustment(count, key) >= k) shownKeys++;
        expect(share).toBe(shownKeys / CELL_KEY_RANGE);
        if (count < k - MAX_ADJUSTMENT || count === 0) expect(share).toBe(0);
        if (count >= k + MAX_ADJUSTMENT) expect(share).toBe(1);
        expect(shownShare(count + 1, k)).toBeGreaterThanOrEqual(share);
      }),
    );
    // A true k is hidden by the keys of -1, -2 and -3 (93 of 256).
    expect(shownShare(5, 5)).toBe(163 / 256);
  });
});

describe('releases by the cell key method', () => {
  it('same records give the same figure, whatever was asked before and however the selection is named', () => {
    fc.assert(
      fc.property(organisationArb('a', { min: 10, max: 50 }), fc.constantFrom(5, 10), (people, k) => {
        const first = endpoints(people);
        const second = endpoints([...people].reverse());
        for (const selection of ALL_SELECTIONS.slice(0, 40)) {
          expect(second.distribution(selection, k)).toEqual(first.distribution(selection, k));
          expect(first.distribution(selection, k)).toEqual(first.distribution(selection, k));
        }
        // Two names of the same people (a list of every value, or no filter) give the same figure.
        expect(first.count({ gender: ['F', 'M', 'X'] }, k)).toBe(first.count({}, k));
      }),
      { numRuns: 60 },
    );
  });

  it('every shown figure is within d of the truth, never negative, and at least k', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 60 }), fc.boolean(), fc.constantFrom(5, 10), (people, multiple, k) => {
        const { distribution } = endpoints(people, 'a', multiple);
        for (const selection of ALL_SELECTIONS.filter((_, i) => i % 7 === 0)) {
          const selected = truthOf(people, selection);
          const result = distribution(selection, k);
          if (result.status !== 200) continue;
          // The total is the selection's figure, or more when its shown cells hold more (they add up for a single answer).
          const shown = result.data.cells.flatMap((cell) => (isSuppressed(cell) ? [] : [cell.count]));
          const held = multiple ? Math.max(0, ...shown) : shown.reduce((sum, count) => sum + count, 0);
          expect(result.data.total).toBeGreaterThanOrEqual(selected.length - MAX_ADJUSTMENT);
          if (result.data.total !== held) expect(result.data.total).toBeLessThanOrEqual(selected.length + MAX_ADJUSTMENT);
          for (const cell of result.data.cells) {
            if (isSuppressed(cell)) continue;
            const truth = selected.filter((p) => p.answers.includes(cell.key)).length;
            expect(cell.count).toBeGreaterThanOrEqual(k);
            expect(Math.abs(cell.count - truth)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
            expect(cell.percent).toBeGreaterThanOrEqual(0);
            expect(cell.percent).toBeLessThanOrEqual(100);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('refuses on perturbed values only: the refusal is the one a figure below k would give', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 40 }), fc.constantFrom(5, 10), (people, k) => {
        const { distribution, population } = endpoints(people);
        for (const selection of ALL_SELECTIONS.filter((_, i) => i % 5 === 0)) {
          const total = population.guard(selection, 1);
          const perturbed = 'ok' in total ? total.total.value : 0;
          const result = distribution(selection, k);
          // The decision is a function of the perturbed total alone.
          expect(result.status === 200).toBe(perturbed >= k);
          if (result.status !== 200) expect(result).toEqual({ status: 204, message: `It needs at least ${k} answers.` });
        }
      }),
      { numRuns: 80 },
    );
  });

  it('raising k never reveals more', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 60 }), fc.boolean(), (people, multiple) => {
        const { distribution } = endpoints(people, 'a', multiple);
        for (const selection of ALL_SELECTIONS.filter((_, i) => i % 9 === 0)) {
          const shown = (k: number) => {
            const result = distribution(selection, k);
            return result.status === 200 ? new Map(result.data.cells.filter((c) => !isSuppressed(c)).map((c) => [c.key, (c as { count: number }).count])) : new Map();
          };
          const low = shown(5);
          const high = shown(10);
          for (const [key, count] of high) expect(low.get(key)).toBe(count);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('organisation A’s figures do not move when organisation B’s responses arrive', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 40 }), organisationArb('b', { max: 40 }), (a, b) => {
        const before = endpoints(a);
        const after = endpoints([...a, ...b]);
        for (const selection of ALL_SELECTIONS.slice(0, 30)) expect(after.distribution(selection, 5)).toEqual(before.distribution(selection, 5));
      }),
      { numRuns: 40 },
    );
  });

  it('lists only values with a shown count: nothing of a value below k, not even its name', () => {
    fc.assert(
      fc.property(organisationArb('a', { max: 60 }), (people) => {
        const { distribution } = endpoints(people);
        const result = distribution({}, 5);
        if (result.status !== 200) return;
        for (const cell of result.data.cells) expect(isSuppressed(cell)).toBe(false);
      }),
    );
  });

  it('a value everyone of the selection gave is not shown as everyone more often than chance (the Kerala case)', () => {
    // 7 people all answering A, against 7 of whom 6 answer A: how often is the A cell shown equal to the total?
    // A total holds its cells, so that is whenever A's figure reaches the selection's: when the
    // share read 100% before totals held their cells. Holding reads released figures only.
    const equalShare = (answers: (i: number) => string) => {
      let equal = 0;
      let shown = 0;
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 7, maxLength: 7 }), (keys) => {
          const people: Person[] = keys.map((key, i) => ({ org: 'a', gender: 'F', generation: 'Y', level: 'staff', answers: [answers(i)], key, answerKeys: [key, key, key] }));
          const result = endpoints(people).distribution({}, 5);
          if (result.status !== 200) return;
          const a = result.data.cells.find((cell) => cell.key === 'A');
          if (a === undefined || isSuppressed(a)) return;
          shown++;
          if (a.count === result.data.total) equal++;
        }),
        { numRuns: 3000, seed: 77 },
      );
      return equal / shown;
    };
    const everyone = equalShare(() => 'A');
    const allButOne = equalShare((i) => (i === 0 ? 'B' : 'A'));
    // Without the rule the first share would be 1 (and the ratio about 2.7).
    expect(everyone).toBeLessThan(0.7);
    expect(allButOne).toBeGreaterThan(0.25);
    expect(everyone / allButOne).toBeLessThan(2);
  });

  it('aggregates what the SQL would: a shown total is the perturbed count of the selection', () => {
    fc.assert(
      fc.property(organisationArb('a', { min: 5, max: 30 }), (people) => {
        const { population } = aggregate(people, 'a');
        expect(population.groups.reduce((sum, group) => sum + group.count, 0)).toBe(people.length);
      }),
    );
  });
});
