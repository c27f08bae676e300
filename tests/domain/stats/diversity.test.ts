import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { DiversityIndex, PillarIndex, type Distribution } from '../../../domain/contracts/stats';
import {
  DEFAULT_WEIGHTS,
  effectiveNumber,
  fractionalCounts,
  giniSimpson,
  normaliseWeights,
  overallIndex,
  pillarFromReleased,
  releaseDiversity,
  releasePillar,
  weightsProblem,
} from '../../../domain/stats';

const countsArb = fc.array(fc.nat({ max: 60 }), { minLength: 1, maxLength: 12 });
const fractionalArb = fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { minLength: 1, maxLength: 12 });

describe('Gini–Simpson index', () => {
  it('matches 1 - sum n(n-1) / (N(N-1)) on whole counts (worked numbers)', () => {
    expect(giniSimpson([5, 5])).toBeCloseTo(1 - 40 / 90, 12); // 0.5556
    expect(giniSimpson([3, 2, 1])).toBeCloseTo(1 - 8 / 30, 12); // 0.7333
    expect(giniSimpson([1, 1, 1, 1])).toBe(1);
    expect(giniSimpson([12])).toBe(0);
    expect(giniSimpson([1])).toBe(0);
    expect(giniSimpson([])).toBe(0);
  });

  it('equals the textbook formula for every whole-count population', () => {
    fc.assert(
      fc.property(countsArb, (counts) => {
        const n = counts.reduce((a, b) => a + b, 0);
        fc.pre(n >= 2);
        const textbook = 1 - counts.reduce((sum, c) => sum + c * (c - 1), 0) / (n * (n - 1));
        expect(giniSimpson(counts)).toBeCloseTo(textbook, 10);
      }),
    );
  });

  it('stays within 0..1, also with fractional counts (clamped)', () => {
    expect(giniSimpson([0.5, 0.5, 0.5, 0.5])).toBe(1); // N/(N-1) (1 - 1/4) = 1.5 before clamping
    fc.assert(
      fc.property(fc.oneof(countsArb, fractionalArb), (counts) => {
        const value = giniSimpson(counts);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('is zero for one group', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.nat(5), (n, zeros) => {
        expect(giniSimpson([n, ...new Array<number>(zeros).fill(0)])).toBe(0);
      }),
    );
  });

  it('is maximal for an even spread over the same groups and people', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }), (counts) => {
        const n = counts.reduce((a, b) => a + b, 0);
        const g = counts.length;
        const even = Array.from({ length: g }, (_, i) => Math.floor(n / g) + (i < n % g ? 1 : 0));
        expect(giniSimpson(counts)).toBeLessThanOrEqual(giniSimpson(even) + 1e-12);
        expect(effectiveNumber(counts)).toBeLessThanOrEqual(effectiveNumber(even) + 1e-9);
      }),
    );
    expect(effectiveNumber([7, 7, 7])).toBeCloseTo(3, 12);
  });

  it('does not depend on how groups are labelled or ordered', () => {
    fc.assert(
      fc.property(fc.oneof(countsArb, fractionalArb).chain((counts) => fc.tuple(fc.constant(counts), fc.shuffledSubarray(counts, { minLength: counts.length }))), ([counts, shuffled]) => {
        expect(giniSimpson(shuffled)).toBeCloseTo(giniSimpson(counts), 12);
        expect(effectiveNumber(shuffled)).toBeCloseTo(effectiveNumber(counts), 9);
      }),
    );
  });
});

describe('effective number of groups', () => {
  it('is 1 / sum p^2 (worked numbers)', () => {
    expect(effectiveNumber([5, 5])).toBe(2);
    expect(effectiveNumber([3, 2, 1])).toBeCloseTo(36 / 14, 12);
    expect(effectiveNumber([9])).toBe(1);
    expect(effectiveNumber([0, 0])).toBe(0);
  });

  it('lies between 1 and the number of non-empty groups', () => {
    fc.assert(
      fc.property(fc.oneof(countsArb, fractionalArb), (counts) => {
        const groups = counts.filter((c) => c > 0).length;
        fc.pre(groups > 0);
        expect(effectiveNumber(counts)).toBeGreaterThanOrEqual(1 - 1e-9);
        expect(effectiveNumber(counts)).toBeLessThanOrEqual(groups + 1e-9);
      }),
    );
  });
});

describe('fractional multi-answers and coverage', () => {
  it('splits a respondent with two heritages half and half, and leaves Prefer not out', () => {
    const result = fractionalCounts([['irish', 'greek'], ['irish'], ['pna'], [], ['greek', 'pna', 'greek']], (key) => key === 'pna');
    expect(Object.fromEntries(result.counts)).toEqual({ irish: 1.5, greek: 1.5 });
    expect(result.answered).toBe(3);
    expect(result.notAnswered).toBe(2);
  });

  it('keeps the number of people: the fractions of everyone who answered sum to the answered count', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'pna'), { maxLength: 4 }), { maxLength: 30 }), (respondents) => {
        const result = fractionalCounts(respondents, (key) => key === 'pna');
        const sum = [...result.counts.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBeCloseTo(result.answered, 9);
        expect(result.answered + result.notAnswered).toBe(respondents.length);
      }),
    );
  });
});

describe('overall index', () => {
  it('weighs the pillars 30/23/23/24 by default', () => {
    expect(normaliseWeights()).toEqual({ heritage: 0.3, country: 0.23, language: 0.23, worldview: 0.24 });
    expect(overallIndex({ heritage: 0.5, country: 0.5, language: 0.5, worldview: 0.5 })).toBeCloseTo(0.5, 12);
    expect(overallIndex({ heritage: 1, country: 0, language: 0, worldview: 0 })).toBeCloseTo(0.3, 12);
    // Worldview withheld: the other three weights are normalised again (30/76, 23/76, 23/76).
    expect(overallIndex({ heritage: 1, country: 0, language: 0 })).toBeCloseTo(30 / 76, 12);
    expect(overallIndex({})).toBeNull();
  });

  it('accepts other weights, refusing negative, unknown or all-zero ones', () => {
    expect(overallIndex({ heritage: 1, country: 0 }, { heritage: 1, country: 1 })).toBeCloseTo(0.5, 12);
    expect(weightsProblem({ heritage: -1, country: 2 })).toBe('Weights must be non-negative numbers.');
    expect(weightsProblem({ heritage: 0, country: 0, language: 0, worldview: 0 })).toBe('At least one weight must be above zero.');
    expect(weightsProblem({ ethnicity: 3 })).toBe('Unknown pillar ethnicity.');
    expect(() => normaliseWeights({ heritage: Number.NaN })).toThrow(RangeError);
    expect(weightsProblem(DEFAULT_WEIGHTS)).toBeNull();
  });

  it('is a weighted mean: between the smallest and largest pillar', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.record({ heritage: unit, country: unit, language: unit, worldview: unit }), fc.record({ heritage: fc.nat(50), country: fc.nat(50), language: fc.nat(50), worldview: fc.integer({ min: 1, max: 50 }) }), (pillars, weights) => {
        const value = overallIndex(pillars, weights)!;
        const values = Object.values(pillars);
        expect(value).toBeGreaterThanOrEqual(Math.min(...values) - 1e-12);
        expect(value).toBeLessThanOrEqual(Math.max(...values) + 1e-12);
      }),
    );
  });
});

describe('released diversity index', () => {
  const released = <T>(result: { status: number; data?: T }): T => {
    expect(result.status).toBe(200);
    return result.data as T;
  };
  const cell = (key: string, count: number, total: number, preferNot = false) => ({ key, label: key, count, percent: Math.round((count * 1000) / total) / 10, ...(preferNot ? { preferNot: true as const } : {}) });
  // Worldview of 31 people as released: Christian 21 and Prefer not to answer 5 shown; the rest below k.
  const worldviews: Distribution = { total: 31, multiple: false, cells: [cell('christian', 21, 31), cell('pna', 5, 31, true)] };

  it('computes a pillar from released figures only: what the shown values leave is spread over groups below k', () => {
    // 27 people answered (perturbed): 6 of them are in values not shown, groups of k - 1 = 4 at most.
    const input = pillarFromReleased('worldview', worldviews, 27, 5);
    expect(input).toEqual({ pillar: 'worldview', shown: [21], hiddenGroups: 2, pool: 6, coverage: 87.1 });
    const result = released(releasePillar(input, 5)) as PillarIndex;
    expect(isRight(PillarIndex.decode(result))).toBe(true);
    const counted = [21, 3, 3];
    expect(result).toEqual({
      pillar: 'worldview',
      giniSimpson: Math.round(giniSimpson(counted) * 1000) / 1000,
      effectiveGroups: Math.round(effectiveNumber(counted) * 1000) / 1000,
      answered: 27,
      coverage: 87.1,
    });
  });

  it('gives coverage from the perturbed figures, never above 100%', () => {
    const all: Distribution = { total: 30, multiple: false, cells: [cell('christian', 14, 30), cell('none', 10, 30), cell('pna', 6, 30, true)] };
    const result = released(releasePillar(pillarFromReleased('worldview', all, 24, 5), 5)) as PillarIndex;
    expect(result.coverage).toBe(80);
    expect(result.giniSimpson).toBeCloseTo(1 - (14 * 13 + 10 * 9) / (24 * 23), 3);
    expect(pillarFromReleased('worldview', all, 32, 5).coverage).toBe(100);
  });

  it('depends on released figures only: the same release gives the same index', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 5, max: 40 }), { minLength: 1, maxLength: 6 }), fc.nat(30), (counts, rest) => {
        const total = counts.reduce((a, b) => a + b, 0) + rest;
        const distribution: Distribution = { total, multiple: false, cells: counts.map((count, i) => cell(`g${i}`, count, total)) };
        const once = releasePillar(pillarFromReleased('country', distribution, total, 5), 5);
        expect(releasePillar(pillarFromReleased('country', structuredClone(distribution), total, 5), 5)).toEqual(once);
      }),
    );
  });

  it('multi-answer pillars scale the released mentions to the people who answered', () => {
    const languages: Distribution = { total: 20, multiple: true, cells: [cell('en', 12, 20), cell('fr', 6, 20), cell('pna', 5, 20, true)] };
    const input = pillarFromReleased('language', languages, 15, 5);
    expect(input).toEqual({ pillar: 'language', shown: [10, 5], hiddenGroups: 0, pool: 0, coverage: 75 });
  });

  it('is withheld below k answers, and the overall index leaves withheld pillars out', () => {
    const small = { pillar: 'language' as const, shown: [4], hiddenGroups: 0, pool: 0, coverage: 100 };
    expect(releasePillar(small, 5)).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
    const country = { pillar: 'country' as const, shown: [15, 15], hiddenGroups: 0, pool: 0, coverage: 100 };
    const result = releaseDiversity([pillarFromReleased('worldview', worldviews, 27, 5), country, small], 5);
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(isRight(DiversityIndex.decode(result.data))).toBe(true);
    expect(result.data.pillars.map((pillar) => pillar.pillar)).toEqual(['worldview', 'country']);
    expect(result.data.weights).toEqual({ country: 0.489, worldview: 0.511 });
    const expected = (23 * result.data.pillars[1].giniSimpson + 24 * result.data.pillars[0].giniSimpson) / 47;
    expect(result.data.overall).toBeCloseTo(expected, 2);
    expect(releaseDiversity([small], 5)).toEqual({ status: 204, message: 'It needs at least 5 answers.' });
  });
});
