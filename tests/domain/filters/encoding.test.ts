import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeQuery, encodeQuery, toSearchParams, type QueryParams, type QueryValue } from '../../../domain/filters/encoding';
import { FILTER_KEYS } from '../../../domain/filters/model';

const FILTER_KEY_SET = new Set<string>(FILTER_KEYS);

// Plain keys that cannot be mistaken for a filter or an indexed name when read back.
const plainKey = fc.stringMatching(/^[a-z][a-z_-]{0,10}$/).filter((key) => !FILTER_KEY_SET.has(key));
const scalar: fc.Arbitrary<QueryValue> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const list: fc.Arbitrary<QueryValue> = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.integer()), { maxLength: 12 });
const value = fc.oneof(scalar, list);

const params: fc.Arbitrary<QueryParams> = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FILTER_KEYS), value, { maxKeys: FILTER_KEYS.length }),
    fc.dictionary(plainKey, value, { maxKeys: 5 }),
  )
  .map(([filters, plain]) => ({ ...plain, ...filters }));

const isEmpty = (v: QueryValue) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** What a reader of the query gets back: empty values gone, everything as text. */
const expected = (p: QueryParams): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => !isEmpty(v))
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );

describe('filter query encoding (SPEC section 7)', () => {
  it('reads back what it wrote, without empty values and as text', () => {
    fc.assert(
      fc.property(params, (p) => {
        expect(decodeQuery(encodeQuery(p))).toEqual(expected(p));
      }),
    );
  });

  it('survives the trip through a URL', () => {
    fc.assert(
      fc.property(params, (p) => {
        expect(decodeQuery(new URLSearchParams(toSearchParams(p)))).toEqual(expected(p));
      }),
    );
  });

  it('names listed keys filter[name], arrays filter[name][i], other keys plainly', () => {
    fc.assert(
      fc.property(params, (p) => {
        for (const [name] of encodeQuery(p)) {
          const key = /^filter\[([^\]]+)\]/.exec(name)?.[1];
          if (key !== undefined) expect(FILTER_KEY_SET.has(key)).toBe(true);
          else expect(FILTER_KEY_SET.has(name)).toBe(false);
        }
      }),
    );
  });

  it('writes the examples of the SPEC', () => {
    expect(
      encodeQuery({
        gender: ['F', 'M'],
        'date-tag': '2024',
        page: 'home',
        'age-range': '',
        disability: null,
        generation: [],
        search: undefined,
        limit: 3,
      }),
    ).toEqual([
      ['filter[gender][0]', 'F'],
      ['filter[gender][1]', 'M'],
      ['filter[date-tag]', '2024'],
      ['page', 'home'],
      ['limit', '3'],
    ]);
    expect(toSearchParams({ 'position-level': ['Senior manager'], prompt: 'a&b' })).toBe(
      'filter%5Bposition-level%5D%5B0%5D=Senior+manager&prompt=a%26b',
    );
  });

  it('leaves out every empty value', () => {
    expect(encodeQuery({ gender: [], 'date-tag': '', lgbtiq: null, page: undefined })).toEqual([]);
    expect(toSearchParams({})).toBe('');
  });
});
