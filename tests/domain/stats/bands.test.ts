import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_MIN_ORGANIZATIONS, bandOf, placeOf, pooledBandOf, quantileSorted, rankOf } from '../../../domain/stats';

const values = fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), { minLength: 2, maxLength: 60 });

describe('benchmark bands (domain/stats/bands.ts)', () => {
  it('known values: 1..10 has P10 1.9, median 5.5, P90 9.1; an odd list has its middle as median', () => {
    expect(bandOf([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual({ n: 10, p10: 1.9, median: 5.5, p90: 9.1 });
    expect(bandOf([3, 1, 2])).toEqual({ n: 3, p10: 1.2, median: 2, p90: 2.8 });
    expect(bandOf([4, null, 8])).toEqual({ n: 2, p10: 4.4, median: 6, p90: 7.6 });
    expect(bandOf([5])).toBeNull();
    expect(bandOf([null, null])).toBeNull();
    expect(quantileSorted([], 0.5)).toBeNaN();
  });

  it('P10 ≤ median ≤ P90, all within the smallest and largest value', () => {
    fc.assert(
      fc.property(values, (list) => {
        const band = bandOf(list)!;
        const eps = 1e-3;
        expect(band.p10).toBeLessThanOrEqual(band.median + eps);
        expect(band.median).toBeLessThanOrEqual(band.p90 + eps);
        expect(band.p10).toBeGreaterThanOrEqual(Math.min(...list) - eps);
        expect(band.p90).toBeLessThanOrEqual(Math.max(...list) + eps);
        expect(band.n).toBe(list.length);
      }),
    );
  });

  it('does not depend on the order of the groups', () => {
    fc.assert(fc.property(values, fc.func(fc.integer()), (list, key) => {
      const shuffled = [...list].sort((x, y) => key(x) - key(y));
      expect(bandOf(shuffled)).toEqual(bandOf(list));
    }));
  });

  it('moves with a shift and scales with a positive factor', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: -100, max: 100 }), fc.integer({ min: 1, max: 10 }), (list, shift, factor) => {
        const band = bandOf(list)!;
        const moved = bandOf(list.map((value) => value * factor + shift))!;
        expect(moved.median).toBeCloseTo(band.median * factor + shift, 1);
        expect(moved.p10).toBeCloseTo(band.p10 * factor + shift, 1);
        expect(moved.p90).toBeCloseTo(band.p90 * factor + shift, 1);
      }),
    );
  });

  it('the median halves the list: at most half the values lie strictly on either side', () => {
    fc.assert(
      fc.property(values, (list) => {
        const median = quantileSorted([...list].sort((x, y) => x - y), 0.5);
        expect(list.filter((value) => value < median).length).toBeLessThanOrEqual(list.length / 2);
        expect(list.filter((value) => value > median).length).toBeLessThanOrEqual(list.length / 2);
      }),
    );
  });

  it('ranks: 1 for the highest, ties share the better rank, a null has none', () => {
    expect([5, 9, 9, 1].map((value) => rankOf([5, 9, 9, 1, null], value))).toEqual([3, 1, 1, 4]);
    expect(rankOf([1, 2], null)).toBeNull();
    fc.assert(
      fc.property(values, fc.nat(), (list, pick) => {
        const value = list[pick % list.length]!;
        const rank = rankOf(list, value)!;
        expect(rank).toBeGreaterThanOrEqual(1);
        expect(rank).toBeLessThanOrEqual(list.length);
        expect(rank === 1).toBe(value === Math.max(...list));
      }),
    );
  });

  it('places a value below, within or above its band', () => {
    const band = bandOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])!;
    expect([1, 5, 10].map((value) => placeOf(band, value))).toEqual(['below', 'within', 'above']);
  });

  it('a pooled band needs 10 organisations of at least k respondents each, and never shows one alone', () => {
    const k = 5;
    const nine = Array.from({ length: 9 }, (_, i) => ({ respondents: 20, value: i }));
    expect(pooledBandOf(nine, k)).toBeNull();
    expect(pooledBandOf([...nine, { respondents: 4, value: 100 }], k)).toBeNull();
    expect(pooledBandOf([...nine, { respondents: 30, value: null }], k)).toBeNull();
    expect(pooledBandOf([...nine, { respondents: 5, value: 9 }], k)).toEqual({ n: 10, p10: 0.9, median: 4.5, p90: 8.1 });
    fc.assert(
      fc.property(fc.array(fc.record({ respondents: fc.integer({ min: 0, max: 40 }), value: fc.option(fc.double({ min: 0, max: 100, noNaN: true })) })), fc.integer({ min: 5, max: 10 }), (list, kk) => {
        const counted = list.filter((item) => item.respondents >= kk && item.value !== null);
        const band = pooledBandOf(list, kk);
        expect(band === null).toBe(counted.length < POOL_MIN_ORGANIZATIONS);
      }),
    );
  });
});
