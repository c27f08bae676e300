import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either';
import { describe, expect, it } from 'vitest';
import { COMPARE_MAX, COMPARE_MIN, CompareQuery, compareArgs, compareQueryOf } from '../../../domain/contracts/compare';
import { encodeQuery } from '../../../domain/filters/encoding';

const selection = fc.record(
  { group: fc.oneof(fc.constant('all'), fc.uuid()), 'date-tag': fc.stringMatching(/^[a-z0-9-]{1,12}$/) },
  { requiredKeys: ['group'] },
);
const selections = fc.array(selection, { minLength: COMPARE_MIN, maxLength: COMPARE_MAX });

/** The raw query a server reads: the encoded pairs, a repeated name as a list (none here). */
const wire = (query: CompareQuery): Record<string, string> => Object.fromEntries(encodeQuery(CompareQuery.encode(query) as never));

describe('the compare query', () => {
  it('round-trips through the wire parameters and through a section’s args', () => {
    fc.assert(
      fc.property(selections, fc.constantFrom({}, { gender: ['1', '2'] }, { 'date-tag': 'r1', disability: 'yes' }), (chosen, filters) => {
        const query = { ...filters, selections: chosen } as CompareQuery;
        const decoded = CompareQuery.decode(wire(query));
        expect(isRight(decoded) && decoded.right).toEqual({ ...filters, selections: chosen.map((item) => ({ ...item, group: item.group.toLowerCase() })) });
        expect(compareQueryOf({ ...filters, ...compareArgs(chosen) })).toEqual(query);
      }),
    );
  });

  it('refuses fewer than 2 or more than 6 selections, a gap, a stray parameter and a group that is no id', () => {
    const refused = (raw: Record<string, unknown>) => !isRight(CompareQuery.decode(raw));
    expect(refused({})).toBe(true);
    expect(refused({ 'selection[0][group]': 'all' })).toBe(true);
    expect(refused(Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`selection[${i}][group]`, 'all'])))).toBe(true);
    expect(refused({ 'selection[0][group]': 'all', 'selection[2][group]': 'all' })).toBe(true);
    expect(refused({ 'selection[0][group]': 'all', 'selection[1][group]': 'all', 'selection[1][colour]': 'x' })).toBe(true);
    expect(refused({ 'selection[0][group]': 'all', 'selection[1][group]': 'sales' })).toBe(true);
    expect(refused({ 'selection[0][group]': 'all', 'selection[1][group]': ['all', 'all'] })).toBe(true);
    expect(refused({ 'selection[0][group]': 'all', 'selection[1][group]': 'all' })).toBe(false);
  });
});
