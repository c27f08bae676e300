import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { differenceTooSmall, jointlyWithheld } from '../../../domain/stats';

/**
 * Joint protection of a comparison (domain/stats/joint.ts) on generated populations: people in
 * groups and sub-groups, answering on different days, with a gender; selections are the whole
 * organisation, a group (with its sub-groups) or a sub-group, each within a range of days or
 * not, as Compare → Internal and Benchmark → Internal build them.
 */

interface Person {
  readonly group: number;
  readonly sub: number | null;
  readonly day: number;
  readonly gender: number;
}
interface Selection {
  readonly scope: { kind: 'all' } | { kind: 'group'; group: number } | { kind: 'sub'; group: number; sub: number };
  readonly from: number | null;
  readonly to: number | null;
}

const person: fc.Arbitrary<Person> = fc.record({ group: fc.integer({ min: 0, max: 2 }), sub: fc.option(fc.integer({ min: 0, max: 1 })), day: fc.integer({ min: 0, max: 5 }), gender: fc.integer({ min: 0, max: 2 }) });
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

const comparison = fc.record({
  people: fc.array(person, { minLength: 0, maxLength: 120 }),
  selections: fc.array(selection, { minLength: 2, maxLength: 6 }),
  k: fc.constantFrom(5, 10),
});

const decide = (people: readonly Person[], selections: readonly Selection[], k: number) => {
  const sets = selections.map((s) => members(people, s));
  // As the services do: selections below k are withheld on their own first; the rest are compared.
  const candidates = sets.flatMap((set, index) => (set.size >= k ? [index] : []));
  const withheld = jointlyWithheld(candidates.length, (i, j) => {
    const [a, b] = [sets[candidates[i]!]!, sets[candidates[j]!]!];
    return { a: a.size, b: b.size, both: [...a].filter((x) => b.has(x)).length };
  }, k);
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
          const blocker = released.filter((i) => i < j).find((i) => {
            const both = [...sets[i]!].filter((x) => sets[j]!.has(x)).length;
            return differenceTooSmall({ a: sets[i]!.size, b: sets[j]!.size, both }, k);
          });
          expect(blocker, `selection ${j}`).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('known cases: three people left out by a date range, a group with two people of its own, the same people twice', () => {
    expect(differenceTooSmall({ a: 42, b: 39, both: 39 }, 5)).toBe(true);
    expect(differenceTooSmall({ a: 12, b: 10, both: 10 }, 5)).toBe(true);
    expect(differenceTooSmall({ a: 36, b: 12, both: 12 }, 5)).toBe(false);
    expect(differenceTooSmall({ a: 20, b: 20, both: 20 }, 5)).toBe(false);
    expect(differenceTooSmall({ a: 24, b: 15, both: 0 }, 5)).toBe(false);
    // Two overlapping selections each with 3 people of their own: both sides below k.
    expect(differenceTooSmall({ a: 13, b: 13, both: 10 }, 5)).toBe(true);
    expect([...jointlyWithheld(3, (i, j) => [{ a: 42, b: 39, both: 39 }, { a: 42, b: 20, both: 20 }, { a: 39, b: 20, both: 20 }][i + j - 1]!, 5)]).toEqual([1]);
  });
});
