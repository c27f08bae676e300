import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_MIN_GROUP_SIZE,
  SPECIAL_CATEGORY_DIMENSIONS,
  defaultDisclosureConfig,
  disclosureConfig,
  isSpecialCategory,
  minGroupSizeProblem,
  ageBandsWithin,
  percentOf,
  selectionFromFilters,
  thresholdFor,
} from '../../../domain/stats';
import { FILTER_KEYS } from '../../../domain/filters/model';

describe('minimum group size', () => {
  it('defaults to 5 and can only be raised', () => {
    expect(defaultDisclosureConfig.minGroupSize).toBe(DEFAULT_MIN_GROUP_SIZE);
    expect(disclosureConfig(12).minGroupSize).toBe(12);
    expect(() => disclosureConfig(4)).toThrow('The minimum group size cannot be below 5.');
    expect(() => disclosureConfig(5.5)).toThrow('whole number');
    expect(minGroupSizeProblem(5)).toBeNull();
  });

  it('is at least 10 when a special-category dimension is filtered', () => {
    expect(thresholdFor({})).toBe(5);
    expect(thresholdFor({ gender: ['female'], 'position-level': ['manager'] })).toBe(5);
    expect(thresholdFor({ disability: 'yes' })).toBe(10);
    expect(thresholdFor({ lgbtiq: 'yes' }, disclosureConfig(7))).toBe(10);
    expect(thresholdFor({ lgbtiq: 'yes' }, disclosureConfig(15))).toBe(15);
    expect(thresholdFor({ disability: '', lgbtiq: [] })).toBe(5);
    expect(thresholdFor({ gender: ['female'] }, defaultDisclosureConfig, ['worldview'])).toBe(10);
  });

  it('knows the special categories among the filters and questions of the SPEC', () => {
    expect(FILTER_KEYS.filter(isSpecialCategory)).toEqual(['disability', 'lgbtiq']);
    for (const name of ['worldview', 'ethnicity', 'cultural-heritage', 'sexual-orientation', 'denomination']) {
      expect(SPECIAL_CATEGORY_DIMENSIONS).toContain(name);
    }
    expect(isSpecialCategory('gender')).toBe(false);
  });

  it('never gives a threshold below the configured one, and 10 or more with a special filter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 40 }),
        fc.dictionary(fc.constantFrom(...FILTER_KEYS), fc.oneof(fc.string({ maxLength: 3 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }))),
        (k, filter) => {
          const threshold = thresholdFor(filter, disclosureConfig(k));
          expect(threshold).toBeGreaterThanOrEqual(k);
          const special = Object.entries(filter).some(([key, value]) => isSpecialCategory(key) && value.length > 0);
          expect(threshold).toBe(special ? Math.max(k, 10) : k);
        },
      ),
    );
  });
});

describe('percentages', () => {
  it('have one decimal, rounded half up', () => {
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(7, 7)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 16)).toBe(6.3);
  });

  it('stay within 0.05 of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100000 }), fc.nat(), (total, raw) => {
        const count = raw % (total + 1);
        const percent = percentOf(count, total);
        expect(Math.abs(percent - (100 * count) / total)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.round(percent * 10)).toBeCloseTo(percent * 10, 9);
      }),
    );
  });
});

describe('selection from the dashboard filters', () => {
  const bands = ['18-24', '25-29', '30-34', '35-44', '45-54', '55-64', '65+'];

  it('keeps lists, wraps single values, turns an age range into the bands inside it and leaves the date tag out', () => {
    expect(
      selectionFromFilters(
        { gender: ['female'], disability: 'yes', 'age-range': '25-44', 'date-tag': '2024', generation: [], lgbtiq: '' },
        bands,
      ),
    ).toEqual({ gender: ['female'], disability: ['yes'], 'age-range': ['25-29', '30-34', '35-44'] });
    expect(ageBandsWithin('60-200', bands)).toEqual(['65+']);
  });

  it('selects nobody when no band fits the range', () => {
    const selection = selectionFromFilters({ 'age-range': '26-28' }, bands);
    expect(selection['age-range']).toHaveLength(1);
    expect(bands).not.toContain((selection['age-range'] as string[])[0]);
  });
});
