import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultBenchmarkGroup, defaultCompareGroups, largestGroups, wholePeople } from '../../../domain/dashboard/defaults';

const WHOLE = 'all';
const group = (id: string, members: number, name = id) => ({ id, name, member_count: members });
const measured = (id: string, respondents: number | null, parentId: string | null = null) => ({ id, parentId, values: { respondents } });

describe('wholePeople', () => {
  it('writes a median or percentile of respondents as a whole number', () => {
    expect(wholePeople(27.7)).toBe(28);
    expect(wholePeople(27.5)).toBe(28);
    expect(wholePeople(12)).toBe(12);
  });
  it('is always an integer within half a person of the value', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (value) => {
      const whole = wholePeople(value);
      expect(Number.isInteger(whole)).toBe(true);
      expect(Math.abs(whole - value)).toBeLessThanOrEqual(0.5);
    }));
  });
});

describe('Compare → Internal defaults', () => {
  it('sets the organisation against its two largest groups', () => {
    const groups = [group('a', 10), group('b', 400), group('c', 90), group('d', 250)];
    expect(defaultCompareGroups(WHOLE, groups, new Set(['a', 'b', 'c', 'd']))).toEqual([WHOLE, 'b', 'd']);
  });
  it('only offers groups the caller may choose, and none without members', () => {
    const groups = [group('a', 10), group('b', 400), group('c', 0)];
    expect(defaultCompareGroups(WHOLE, groups, new Set(['a', 'c']))).toEqual([WHOLE, 'a']);
  });
  it('falls back to the organisation twice when there is no group (the form needs two rows)', () => {
    expect(defaultCompareGroups(WHOLE, [], new Set())).toEqual([WHOLE, WHOLE]);
  });
  it('breaks ties by name, so the choice does not depend on the order the groups arrive in', () => {
    fc.assert(fc.property(fc.shuffledSubarray([group('x', 5, 'Xylo'), group('y', 5, 'Alpha'), group('z', 5, 'Mid')], { minLength: 3 }), (shuffled) => {
      expect(largestGroups(shuffled)).toEqual(['y', 'z']);
    }));
  });
  it('never lists more than two groups, always the organisation first', () => {
    fc.assert(fc.property(fc.array(fc.record({ id: fc.uuid(), name: fc.string(), member_count: fc.nat(1000) })), (groups) => {
      const picked = defaultCompareGroups(WHOLE, groups, new Set(groups.map((g) => g.id)));
      expect(picked[0]).toBe(WHOLE);
      expect(picked.length).toBeGreaterThanOrEqual(2);
      expect(picked.length).toBeLessThanOrEqual(3);
    }));
  });
});

describe('Benchmark → Internal default', () => {
  it('starts with the group with the most respondents, never a sub-group when a group is listed', () => {
    const groups = [measured('sub', 900, 'g1'), measured('g1', 300), measured('g2', 500)];
    expect(defaultBenchmarkGroup(groups)?.id).toBe('g2');
  });
  it('treats a withheld count as smaller than any released one', () => {
    expect(defaultBenchmarkGroup([measured('g1', null), measured('g2', 12)])?.id).toBe('g2');
  });
  it('takes the largest sub-group when only sub-groups are visible, and nothing from nothing', () => {
    expect(defaultBenchmarkGroup([measured('s1', 20, 'p'), measured('s2', 40, 'p')])?.id).toBe('s2');
    expect(defaultBenchmarkGroup([])).toBeUndefined();
  });
});
