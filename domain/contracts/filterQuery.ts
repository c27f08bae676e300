import * as t from 'io-ts';
import { decodeQuery } from '../filters/encoding';
import { FILTER_KEYS, type FilterKey, Filters, filterProblem, normaliseFilters } from '../filters/model';

/**
 * The dashboard filters as the query of every statistics endpoint (SPEC section 3 and 7).
 *
 * On the wire they are `filter[name]` parameters, lists as `filter[name][index]`
 * (domain/filters/encoding.ts); a server reads them from the parsed query string, in which a
 * repeated parameter is a list. Decoding checks them the way the filter panel does, and each
 * failure names its parameter with the sentence to show. Encoding gives the filters by name,
 * which the client's query encoding writes out as `filter[...]` parameters. Other parameters
 * (a key-facts page) are another codec's: they are left alone.
 */

export const FilterMessages = {
  unknownFilter: 'This filter does not exist.',
  invalidFilters: 'The filters are invalid.',
  yesOrNo: 'Use yes or no.',
} as const;

const LISTS: readonly FilterKey[] = ['position-level', 'gender', 'generation'];
const YES_NO: readonly FilterKey[] = ['disability', 'lgbtiq'];
const FILTER_PARAMETER = /^filter\[/;

const isFilterKey = (key: string): key is FilterKey => (FILTER_KEYS as readonly string[]).includes(key);

/** The query's filter parameters as name/value pairs (a list value gives one pair per item). */
const filterPairs = (input: Readonly<Record<string, unknown>>): [string, string][] | null => {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (!FILTER_PARAMETER.test(key)) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== 'string') return null;
      pairs.push([key, item]);
    }
  }
  return pairs;
};

const failAt = (input: unknown, context: t.Context, parameter: string, message: string): t.Validation<Filters> =>
  t.failure<Filters>(input, [...context, { key: parameter, type: t.string, actual: input }], message);

export const FilterQuery = new t.Type<Filters, Filters, unknown>(
  'FilterQuery',
  (value): value is Filters => Filters.is(value),
  (input, context) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return t.failure<Filters>(input, context, FilterMessages.invalidFilters);
    const pairs = filterPairs(input as Record<string, unknown>);
    if (pairs === null) return failAt(input, context, 'filter', FilterMessages.invalidFilters);
    const raw = decodeQuery(pairs);
    const picked: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (!isFilterKey(key)) return failAt(input, context, `filter[${key}]`, FilterMessages.unknownFilter);
      picked[key] = LISTS.includes(key) ? (Array.isArray(value) ? value : [value]) : Array.isArray(value) ? value[0] : value;
    }
    const decoded = Filters.decode(picked);
    if (decoded._tag === 'Left') {
      const parameter = decoded.left[0]?.context.find((entry) => isFilterKey(entry.key))?.key;
      return failAt(input, context, parameter === undefined ? 'filter' : `filter[${parameter}]`, FilterMessages.invalidFilters);
    }
    const filters = decoded.right;
    const problem = filterProblem(filters);
    if (problem !== null) return failAt(input, context, 'filter[age-range]', problem);
    for (const key of YES_NO) {
      const value = filters[key];
      if (value !== undefined && value !== '' && value !== 'yes' && value !== 'no') return failAt(input, context, `filter[${key}]`, FilterMessages.yesOrNo);
    }
    return t.success(normaliseFilters(filters));
  },
  (filters) => normaliseFilters(filters),
);
export type FilterQuery = t.TypeOf<typeof FilterQuery>;
