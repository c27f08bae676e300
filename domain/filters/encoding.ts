import { FILTER_KEYS } from './model';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

const FILTER_KEY_SET: ReadonlySet<string> = new Set(FILTER_KEYS);

const isEmpty = (value: QueryValue): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * SPEC section 7: filter keys go out as filter[name] (arrays as filter[name][index]), other
 * keys plainly, and empty values are left out. Pairs keep the order of the input.
 */
export const encodeQuery = (params: QueryParams): [string, string][] => {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    const name = FILTER_KEY_SET.has(key) ? `filter[${key}]` : key;
    if (Array.isArray(value)) value.forEach((item, index) => pairs.push([`${name}[${index}]`, String(item)]));
    else pairs.push([name, String(value)]);
  }
  return pairs;
};

export const toSearchParams = (params: QueryParams): string => new URLSearchParams(encodeQuery(params)).toString();

const INDEXED = /^(.*)\[(\d+)\]$/;
const FILTER = /^filter\[([^\]]+)\]$/;

/**
 * The inverse of encodeQuery, used by the server to read filter parameters and by the
 * round-trip property. Values come back as strings (arrays as string lists).
 */
export const decodeQuery = (pairs: Iterable<[string, string]>): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  const lists = new Map<string, { index: number; value: string }[]>();
  for (const [rawKey, value] of pairs) {
    const indexed = INDEXED.exec(rawKey);
    const base = indexed ? indexed[1] : rawKey;
    const filter = FILTER.exec(base);
    const key = filter ? filter[1] : base;
    if (indexed) {
      const list = lists.get(key) ?? [];
      list.push({ index: Number(indexed[2]), value });
      lists.set(key, list);
    } else out[key] = value;
  }
  for (const [key, list] of lists) out[key] = list.sort((a, b) => a.index - b.index).map((item) => item.value);
  return out;
};
