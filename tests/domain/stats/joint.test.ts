import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type KeyedCount, MAX_ADJUSTMENT, RECORD_KEY_RANGE, addCounts, differenceTooSmall, emptyCount, jointMargin, jointlyWithheld, perturb } from '../../../domain/stats';

/**
 * Joint protection of a comparison (domain/stats/joint.ts) on generated populations: people in
 * groups and sub-groups, answering on different days, with a gender; selections are the whole
 * organisation, a group (with its sub-groups) or a sub-group, each within a range of days or
 * not, as Compare → Internal and Benchmark → Internal build them. Each person carries a record
 * key, as each response does.
 */

interface Person {
  readonly group: number;
  readonly sub: number | null;
  readonly day: number;
  readonly gender: number;
  readonly recordKey: number;
}
interface Selection {
  readonly scope: { kind: 'all' } | { kind: 'group'; group: number } | { kind: 'sub'; group: number; sub: number };
  readonly from: number | null;
  readonly to: number | null;
}

const person: fc.Arbitrary<Person> = fc.record({ group: fc.integer({ min: 0, max: 2 }), sub: fc.option(fc.integer({ min: 0, max: 1 })), day: fc.integer({ min: 0, max: 5 }), gender: fc.integer({ min: 0, max: 2 }), recordKey: fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 }) });
const selection: fc.Arbitrary<Selection> = fc.record({
  scope: fc.oneof(
    fc.constant({ kind: 'all' as const }),
    fc.record({ kind: fc.constant('group' as const), group: fc.integer({ min: 0, max: 2 }) }),
    fc.record({ kind: fc.constant('sub' as const), group: fc.integer({ min: 0, max: 2 }), sub: fc.integer({ min: 0, max: 1 }) }),
  ),
  from: fc.option(fc.integer({ min: 0, max: 5 })),
  to: fc.option(fc.integer({ min: 0, max: 5 })),
});

const inSelection = (s: Selection, p: Person): boolean => {
  if (s.scope.kind === 'group' && p.group !== s.scope.group) return false;
  if (s.scope.kind === 'sub' && (p.group !== s.scope.group || p.sub !== s.scope.sub)) return false;
  return (s.from === null || p.day >= s.from) && (s.to === null || p.day <= s.to);
};

const members = (people: readonly Person[], s: Selection): Set<number> => new Set(people.flatMap((p, i) => (inSelection(s, p) ? [i] : [])));
const minus = (x: Set<number>, y: Set<number>) => [...x].filter((i) => !y.has(i));
const keyed = (people: readonly Person[], indices: Iterable<number>): KeyedCount => {
  let total = emptyCount;
  for (const i of indices) total = addCounts(total, { count: 1, key: people[i]!.recordKey });
  return total;
};
const overlapOf = (people: readonly Person[], a: Set<number>, b: Set<number>) => ({ a: keyed(people, a), b: keyed(people, b), both: keyed(people, [...a].filter((x) => b.has(x))) });

const comparison = fc.record({
  people: fc.array(person, { minLength: 0, maxLength: 120 }),
  selections: fc.array(selection, { minLength: 2, maxLength: 6 }),
  k: fc.constantFrom(5, 10),
});

const decide = (people: readonly Person[], selections: readonly Selection[], k: number) => {
  const sets = selections.map((s) => members(people, s));
  // As the services do: selections below k are withheld on their own first; the rest are compared.
  const candidates = sets.flatMap((set, index) => (set.size >= k ? [index] : []));
  const withheld = jointlyWithheld(candidates.length, (i, j) => overlapOf(people, sets[candidates[i]!]!, sets[candidates[j]!]!), k);
  const released = candidates.filter((_, i) => !withheld.has(i));
  return { sets, candidates, released };
};

describe('joint protection of a comparison', () => {
  it('no two released selections differ by 1 to k-1 people: the same people, or k or more on one side', () => {
    fc.assert(
      fc.property(comparison, ({ people, selections, k }) => {
        const { sets, released } = decide(people, selections, k);
        for (const i of released) {
          for (const j of released) {
            if (i >= j) continue;
            const onlyA = minus(sets[i]!, sets[j]!);
            const onlyB = minus(sets[j]!, sets[i]!);
            const same = onlyA.length === 0 && onlyB.length === 0;
            expect(same || onlyA.length >= k || onlyB.length >= k, `selections ${i} and ${j}: ${onlyA.length} and ${onlyB.length} people apart`).toBe(true);
            // So in every cell (here each gender), a difference of 1 to k-1 people between the two
            // is only ever a part of a difference of k or more people, never a group of its own.
            for (const gender of [0, 1, 2]) {
              const cell = (set: Set<number>) => [...set].filter((x) => people[x]!.gender === gender).length;
              const gap = Math.abs(cell(sets[i]!) - cell(sets[j]!));
              if (gap >= 1 && gap < k) expect(Math.max(onlyA.length, onlyB.length)).toBeGreaterThanOrEqual(k);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('withholds no more than it must: each withheld selection is too close to one released before it', () => {
    fc.assert(
      fc.property(comparison, ({ people, selections, k }) => {
        const { sets, candidates, released } = decide(people, selections, k);
        if (candidates.length > 0) expect(released[0]).toBe(candidates[0]);
        for (const j of candidates.filter((index) => !released.includes(index))) {
          const blocker = released.filter((i) => i < j).find((i) => differenceTooSmall(overlapOf(people, sets[i]!, sets[j]!), k));
          expect(blocker, `selection ${j}`).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  // A selection and another one inside it: `extra` people (with key sum `extraKey`) of the first are not in the second.
  const nested = (inner: number, extra: number, extraKey: number, innerKey = 12345) => ({
    a: addCounts({ count: inner, key: innerKey }, { count: extra, key: extraKey }),
    b: { count: inner, key: innerKey },
    both: { count: inner, key: innerKey },
  });
  const key = fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 });

  it('a refusal depends only on perturbed values: differences perturbed alike are decided alike, whatever their true sizes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), key, fc.integer({ min: 1, max: 20 }), key, fc.integer({ min: 0, max: 60 }), key, fc.constantFrom(5, 10), (extra1, key1, extra2, key2, inner, innerKey, k) => {
        fc.pre(extra1 !== extra2 && perturb(extra1, key1) === perturb(extra2, key2));
        expect(differenceTooSmall(nested(inner, extra1, key1, innerKey), k)).toBe(differenceTooSmall(nested(inner, extra2, key2, innerKey), k));
      }),
      { numRuns: 300 },
    );
  });

  it('a difference of 1 to k-1 people is always withheld, one of k + 2d or more never, and in between the perturbed count decides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), key, fc.integer({ min: 0, max: 60 }), fc.constantFrom(5, 10), (extra, extraKey, inner, k) => {
        const decided = differenceTooSmall(nested(inner, extra, extraKey), k);
        if (extra < k) expect(decided).toBe(true);
        if (extra >= k + 2 * MAX_ADJUSTMENT) expect(decided).toBe(false);
        expect(decided).toBe(perturb(extra, extraKey) < jointMargin(k));
      }),
      { numRuns: 500 },
    );
    // Between k and k + 2d - 1 both answers occur, depending on the difference's cell key.
    const outcomes = new Set(Array.from({ length: 256 }, (_, cellKey) => differenceTooSmall(nested(30, 8, cellKey), 5)));
    expect(outcomes).toEqual(new Set([true, false]));
  });

  it('known cases: three people left out by a date range, a group with two people of its own, the same people twice', () => {
    const of = (count: number, key = count * 7919) => ({ count, key });
    expect(differenceTooSmall({ a: of(42), b: of(39), both: of(39) }, 5)).toBe(true);
    expect(differenceTooSmall({ a: of(12), b: of(10), both: of(10) }, 5)).toBe(true);
    expect(differenceTooSmall({ a: of(36), b: of(12), both: of(12) }, 5)).toBe(false);
    expect(differenceTooSmall({ a: of(20), b: of(20), both: of(20) }, 5)).toBe(false);
    expect(differenceTooSmall({ a: of(24), b: of(15), both: emptyCount }, 5)).toBe(false);
    // Two overlapping selections each with 3 people of their own: both sides below k.
    expect(differenceTooSmall({ a: of(13, 5), b: of(13, 9), both: of(10, 1) }, 5)).toBe(true);
    const cases = [
      { a: of(42), b: of(39), both: of(39) },
      { a: of(42), b: of(20), both: of(20) },
      { a: of(39), b: of(20), both: of(20) },
    ];
    expect([...jointlyWithheld(3, (i, j) => cases[i + j - 1]!, 5)]).toEqual([1]);
  });
});
