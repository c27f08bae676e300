import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/lib/Either';
import { describe, expect, it } from 'vitest';
import { FilterMessages, FilterQuery } from '../../../domain/contracts/filterQuery';
import { toSearchParams } from '../../../domain/filters/encoding';
import { type Filters, normaliseFilters } from '../../../domain/filters/model';

/** What a server's query-string parser gives: a repeated parameter becomes a list. */
const parsed = (search: string): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const known = out[key];
    out[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return out;
};

const id = fc.integer({ min: 1, max: 99_999 }).map(String);
const filtersArb: fc.Arbitrary<Filters> = fc.record(
  {
    'position-level': fc.array(id, { maxLength: 4 }),
    gender: fc.array(id, { maxLength: 4 }),
    'age-range': fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 })).map(([a, b]) => `${a}-${a + b}`),
    disability: fc.constantFrom('yes', 'no', ''),
    lgbtiq: fc.constantFrom('yes', 'no'),
    generation: fc.subarray(['Gen X', 'Gen Y', 'Gen Z'] as const),
    'date-tag': fc.uuid(),
  },
  { requiredKeys: [] },
);

const messagesOf = (input: unknown): string[] => {
  const result = FilterQuery.decode(input);
  return isLeft(result) ? result.left.map((error) => `${error.context.at(-1)?.key}: ${error.message}`) : [];
};

describe('the filter query of the statistics endpoints', () => {
  it('reads back what the client writes, whatever the filters', () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        const decoded = FilterQuery.decode(parsed(toSearchParams(FilterQuery.encode(filters))));
        expect(isRight(decoded) && decoded.right).toEqual(normaliseFilters(filters));
      }),
    );
  });

  it('leaves other parameters to other codecs', () => {
    expect(FilterQuery.decode({ page: 'overview', 'filter[gender][0]': '3' })).toEqual({ _tag: 'Right', right: { gender: ['3'] } });
  });

  it('names the parameter and says what is wrong', () => {
    expect(messagesOf({ 'filter[colour]': 'red' })).toEqual([`filter[colour]: ${FilterMessages.unknownFilter}`]);
    expect(messagesOf({ 'filter[age-range]': '40-20' })).toEqual(['filter[age-range]: The age range must start below its end.']);
    expect(messagesOf({ 'filter[age-range]': 'old' })).toEqual(['filter[age-range]: The age range must look like 25-34.']);
    expect(messagesOf({ 'filter[lgbtiq]': 'maybe' })).toEqual([`filter[lgbtiq]: ${FilterMessages.yesOrNo}`]);
    expect(messagesOf({ 'filter[generation][0]': 'Gen Q' })).toEqual([`filter[generation]: ${FilterMessages.invalidFilters}`]);
    expect(messagesOf({ 'filter[gender][0]': { nested: true } })).toEqual([`filter: ${FilterMessages.invalidFilters}`]);
  });
});
