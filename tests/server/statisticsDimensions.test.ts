import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGE_BANDS, UNKNOWN, ageBandOf, dimensionKeysOf, generationOf } from '../../server/services/statistics/dimensions';

describe('filter dimensions of a respondent', () => {
  it('puts every age in the one band that holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2030 }), fc.integer({ min: 2000, max: 2040 }), (birthYear, year) => {
        const band = ageBandOf(birthYear, year);
        expect(AGE_BANDS).toContain(band);
        const age = year - birthYear;
        if (band === '65+') expect(age).toBeGreaterThanOrEqual(65);
        else if (band === '0-14') expect(age).toBeLessThan(15);
        else {
          const [low, high] = band.split('-').map(Number) as [number, number];
          expect(age).toBeGreaterThanOrEqual(low);
          expect(age).toBeLessThanOrEqual(high);
        }
      }),
    );
    expect(ageBandOf(null, 2026)).toBe(UNKNOWN);
  });

  it('names generations by their birth years, boundaries included', () => {
    expect([1964, 1965, 1980, 1981, 1996, 1997, 2012, 2013].map(generationOf)).toEqual(['other', 'Gen X', 'Gen X', 'Gen Y', 'Gen Y', 'Gen Z', 'Gen Z', 'other']);
    expect(generationOf(null)).toBe(UNKNOWN);
  });

  it('reads disability and LGBTIQ+ from the codes of the answers', () => {
    const codes = new Map([
      [1, 'none'],
      [2, 'vision'],
      [3, 'prefer_not'],
      [10, 'straight'],
      [11, 'bisexual'],
      [12, 'prefer_not'],
      [20, 'woman'],
      [21, 'non_binary'],
    ]);
    const keys = (disability_id: number | null, sexual_orientation_id: number | null, gender_id: number | null) =>
      dimensionKeysOf({ gender_id, position_level_id: null, birth_year: 1990, disability_id, sexual_orientation_id }, 2026, (id) => codes.get(id));
    expect(keys(1, 10, 20)).toEqual({ gender: '20', 'position-level': UNKNOWN, 'age-range': '35-39', generation: 'Gen Y', disability: 'no', lgbtiq: 'no' });
    expect(keys(2, 11, 20)).toMatchObject({ disability: 'yes', lgbtiq: 'yes' });
    expect(keys(3, 12, 20)).toMatchObject({ disability: UNKNOWN, lgbtiq: UNKNOWN });
    expect(keys(null, null, null)).toMatchObject({ gender: UNKNOWN, disability: UNKNOWN, lgbtiq: UNKNOWN });
    expect(keys(null, 10, 21)).toMatchObject({ lgbtiq: 'yes' });
    expect(keys(null, 12, 21)).toMatchObject({ lgbtiq: 'yes' });
  });
});
