import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterChips, withoutChip } from '../../domain/filters/chips';
import { countActiveFilters, type Filters, GENERATIONS, normaliseFilters } from '../../domain/filters/model';

const filters: fc.Arbitrary<Filters> = fc.record(
  {
    'position-level': fc.uniqueArray(fc.constantFrom('1', '2', '3', '4'), { maxLength: 4 }),
    gender: fc.uniqueArray(fc.constantFrom('10', '11', '12'), { maxLength: 3 }),
    'age-range': fc.constantFrom('', '25-34', '18-24'),
    disability: fc.constantFrom('', 'yes', 'no'),
    lgbtiq: fc.constantFrom('', 'yes', 'no'),
    generation: fc.uniqueArray(fc.constantFrom(...GENERATIONS), { maxLength: 3 }),
    'date-tag': fc.constantFrom('', 'range-1'),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Filters>;

describe('filter chips', () => {
  it('give one chip per chosen value, in the panel order', () => {
    expect(filterChips({ gender: ['11', '10'], disability: 'yes', 'date-tag': 'r1', lgbtiq: '' })).toEqual([
      { key: 'gender', value: '11' },
      { key: 'gender', value: '10' },
      { key: 'disability', value: 'yes' },
      { key: 'date-tag', value: 'r1' },
    ]);
    expect(filterChips({})).toEqual([]);
  });

  it('removing a chip takes away that value only, and removing them all leaves no filter', () => {
    fc.assert(fc.property(filters, (selection) => {
      const chips = filterChips(selection);
      expect(chips.length).toBeGreaterThanOrEqual(countActiveFilters(selection));
      for (const chip of chips) {
        const rest = filterChips(withoutChip(selection, chip));
        expect(rest).toEqual(chips.filter((other) => other !== chip));
      }
      const emptied = chips.reduce((current, chip) => withoutChip(current, chip), selection);
      expect(normaliseFilters(emptied)).toEqual({});
      expect(countActiveFilters(emptied)).toBe(0);
    }));
  });
});
