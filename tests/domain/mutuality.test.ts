import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CENSUS_DATASETS, CENSUSES_WITHOUT_FIGURES, type CensusPillar } from '../../domain/mutuality/census';
import { OTHER, categoryOf, comparePillar, mutualityScore, overallScore, overallScoreName } from '../../domain/mutuality/score';

/** A mix: positive weights on a few of the classes c0..c7. */
const mixArb = fc.dictionary(
  fc.constantFrom('c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'),
  fc.integer({ min: 1, max: 10_000 }),
  { minKeys: 1 },
);

const close = (a: number | null, b: number | null) => {
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  expect(Math.abs(a! - b!)).toBeLessThan(1e-9);
};

describe('mutuality score: 1 − total variation distance', () => {
  it('is 1 for identical mixes, whatever their sizes', () => {
    fc.assert(
      fc.property(mixArb, fc.integer({ min: 1, max: 50 }), (mix, factor) => {
        const scaled = Object.fromEntries(Object.entries(mix).map(([key, value]) => [key, value * factor]));
        close(mutualityScore(mix, scaled), 1);
      }),
    );
  });

  it('is 0 for disjoint mixes', () => {
    fc.assert(
      fc.property(mixArb, mixArb, (a, b) => {
        const left = Object.fromEntries(Object.entries(a).map(([key, value]) => [`a-${key}`, value]));
        const right = Object.fromEntries(Object.entries(b).map(([key, value]) => [`b-${key}`, value]));
        close(mutualityScore(left, right), 0);
      }),
    );
  });

  it('is symmetric and between 0 and 1', () => {
    fc.assert(
      fc.property(mixArb, mixArb, (a, b) => {
        const ab = mutualityScore(a, b)!;
        close(ab, mutualityScore(b, a));
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('is invariant to relabelling the classes', () => {
    fc.assert(
      fc.property(mixArb, mixArb, fc.shuffledSubarray(['x0', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7'], { minLength: 8, maxLength: 8 }), (a, b, names) => {
        const rename = (mix: Record<string, number>) => Object.fromEntries(Object.entries(mix).map(([key, value]) => [names[Number(key.slice(1))]!, value]));
        close(mutualityScore(rename(a), rename(b)), mutualityScore(a, b));
      }),
    );
  });

  it('is unchanged by splitting a class identically on both sides', () => {
    fc.assert(
      fc.property(mixArb, mixArb, fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.constantFrom('c0', 'c1', 'c2', 'c3'), (a, b, part, key) => {
        const split = (mix: Record<string, number>) => {
          const { [key]: whole = 0, ...rest } = mix;
          return { ...rest, [`${key}-1`]: whole * part, [`${key}-2`]: whole * (1 - part) };
        };
        close(mutualityScore(split(a), split(b)), mutualityScore(a, b));
      }),
    );
  });

  it('has nothing to say about an empty side', () => {
    expect(mutualityScore({}, { a: 1 })).toBeNull();
    expect(mutualityScore({ a: 0 }, { a: 1 })).toBeNull();
  });

  it('is the sum of the smaller shares (worked example)', () => {
    // p = (0.5, 0.5, 0), q = (0.25, 0.25, 0.5): TVD = ½ (0.25 + 0.25 + 0.5) = 0.5.
    expect(mutualityScore({ a: 2, b: 2 }, { a: 1, b: 1, c: 2 })).toBeCloseTo(0.5, 12);
  });
});

const pillar = (rest: 'other' | 'none', notStated: number | null = null): CensusPillar => ({
  pillar: 'worldview',
  measure: 'Religion',
  multiple: false,
  rest,
  notStated,
  categories: [
    { key: 'x', label: 'X', share: 50, codes: ['10'] },
    { key: 'y', label: 'Y', share: 30, families: ['fam:2'] },
  ],
  source: { publisher: 'Office', urls: [], table: 'T1', readFrom: 'The office page' },
});

describe('a pillar against a census classification', () => {
  it('groups values outside the classification as other, and leaves not stated out', () => {
    // Census: X 50, Y 30, not stated 10, other 10 → over 90: X 55.6, Y 33.3, other 11.1.
    // Organisation: X 40, Y (by family) 40, two others 10 + 10 → X 40, Y 40, other 20.
    const compared = comparePillar(pillar('other', 10), [
      { code: '10', count: 40, label: 'Ten' },
      { code: '99', family: 'fam:21', count: 40, label: 'Family two' },
      { code: '11', count: 10, label: 'Eleven' },
      { code: '12', family: 'fam:3', count: 10, label: 'Twelve' },
    ]);
    expect(compared.values.map((value) => [value.key, value.share, value.census, value.gap])).toEqual([
      ['x', 40, 55.6, -15.6],
      ['y', 40, 33.3, 6.7],
      [OTHER, 20, 11.1, 8.9],
    ]);
    // min-sum: 40/100 + 33.3/100 + 11.1/100 = 0.8444...
    expect(compared.score).toBe(0.844);
    expect(compared.classified).toBe(100);
  });

  it('marks a category the organisation’s released figures do not list, which counts as 0', () => {
    const compared = comparePillar(pillar('other', 10), [{ code: '10', count: 40, label: 'Ten' }]);
    expect(compared.values.map((value) => [value.key, value.listed, value.share])).toEqual([
      ['x', true, 100],
      ['y', false, 0],
      [OTHER, false, 0],
    ]);
  });

  it('with only the listed categories known, compares over them and reports what falls outside', () => {
    const compared = comparePillar(pillar('none'), [
      { code: '10', count: 30, label: 'Ten' },
      { code: '11', count: 10, label: 'Eleven' },
    ]);
    expect(compared.values.map((value) => [value.key, value.share, value.census])).toEqual([
      ['x', 100, 62.5],
      ['y', 0, 37.5],
    ]);
    expect(compared.score).toBe(0.625);
    expect(compared.classified).toBe(75);
  });

  it('has no score without any of the organisation’s answers', () => {
    expect(comparePillar(pillar('other'), []).score).toBeNull();
  });

  it('overall is the mean of the pillars that have a score', () => {
    expect(overallScore([0.5, null, 1])).toBe(0.75);
    expect(overallScore([null])).toBeNull();
  });
});

describe('the shipped census datasets', () => {
  it('name source, year and licence, and their shares stay within a population', () => {
    for (const dataset of CENSUS_DATASETS) {
      expect(dataset.licence.name.length).toBeGreaterThan(0);
      expect(dataset.year).toBeGreaterThanOrEqual(2018);
      for (const item of dataset.pillars) {
        expect(item.source.urls.length, `${dataset.id} ${item.pillar}`).toBeGreaterThan(0);
        const listed = item.categories.reduce((sum, category) => sum + category.share, 0) + (item.notStated ?? 0);
        if (!item.multiple) expect(listed, `${dataset.id} ${item.pillar}`).toBeLessThanOrEqual(100.05);
        const keys = item.categories.map((category) => category.key);
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });

  it('take every figure from the statistical office itself: its table and where it was read, on its own site', () => {
    const OFFICES = /^https:\/\/(www\.|www150\.)?(abs\.gov\.au|ons\.gov\.uk|statcan\.gc\.ca|stats\.govt\.nz|content\.govdelivery\.com\/accounts\/UKONS)\//;
    for (const dataset of CENSUS_DATASETS) {
      for (const item of dataset.pillars) {
        expect(item.source.publisher, `${dataset.id} ${item.pillar}`).toBe(dataset.publisher);
        expect(item.source.table.length, `${dataset.id} ${item.pillar}`).toBeGreaterThan(0);
        expect(item.source.readFrom.length, `${dataset.id} ${item.pillar}`).toBeGreaterThan(0);
        for (const url of item.source.urls) expect(url, `${dataset.id} ${item.pillar}`).toMatch(OFFICES);
      }
    }
    // None of the websites that used to be quoted.
    expect(JSON.stringify(CENSUS_DATASETS)).not.toMatch(/mmvisa|worldfactbook|nriaffairs|ethnolink|lexigo|independent\.co\.uk|freemalaysiatoday|theworlddata|receivinghelpdesk|jbhe|ehinz/);
  });

  it('say which topics have no official figures rather than fill them', () => {
    const byCountry = new Map([...CENSUS_DATASETS, ...CENSUSES_WITHOUT_FIGURES].map((dataset) => [dataset.country, dataset]));
    expect(byCountry.get('US')!.missing).toContainEqual({ pillar: 'worldview', reason: 'not-collected', table: null });
    expect(byCountry.get('CA')!.missing.map((gap) => gap.pillar).sort()).toEqual(['country', 'language', 'worldview']);
    expect(byCountry.get('GB')!.missing.map((gap) => gap.pillar)).toEqual(['language']);
    for (const dataset of CENSUS_DATASETS) {
      const present = dataset.pillars.map((item) => item.pillar);
      for (const gap of dataset.missing) expect(present).not.toContain(gap.pillar);
    }
  });

  it('places a heritage by its code first, then by its cultural family', () => {
    const ew = CENSUS_DATASETS.find((dataset) => dataset.id === 'EW_2021')!.pillars.find((item) => item.pillar === 'heritage')!;
    expect(categoryOf(ew.categories, { code: 'ascceg:2101', family: 'ascceg:21' })?.key).toBe('white');
    expect(categoryOf(ew.categories, { code: 'ascceg:6101', family: 'ascceg:61' })?.key).toBe('asian');
    expect(categoryOf(ew.categories, { code: 'iso639-3:eng', family: 'iso639-5:gem' })).toBeUndefined();
  });
});

describe('the overall score’s name', () => {
  const words = { overall: 'Overall mutuality score', only: (pillars: string) => `Mutuality score, ${pillars} only`, estimate: 'Estimate, not a census', pillar: (name: string) => name, separator: ', ' };
  const census = { kind: 'census' as const };
  const estimate = { kind: 'estimate' as const };
  const all = ['heritage', 'country', 'language', 'worldview'];
  it('is "overall" only when every pillar is scored against a census', () => {
    expect(overallScoreName(all.map((pillar) => ({ pillar, status: 200, score: 0.5, source: census })), all, words)).toBe('Overall mutuality score');
  });
  it('names what it covers otherwise, and says when it is an estimate', () => {
    expect(overallScoreName([{ pillar: 'language', status: 200, score: 0.34, source: estimate }], all, words)).toBe('Mutuality score, language only (Estimate, not a census)');
    expect(
      overallScoreName(
        [
          { pillar: 'heritage', status: 200, score: 0.7, source: census },
          { pillar: 'worldview', status: 204, source: census },
        ],
        all,
        words,
      ),
    ).toBe('Mutuality score, heritage only');
  });
});
