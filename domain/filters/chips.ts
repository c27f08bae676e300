import { FILTER_KEYS, type FilterKey, type Filters, normaliseFilters } from './model';

/**
 * One active filter as a chip the person can remove by itself: a list filter (position level,
 * gender, generation) gives a chip per chosen value, any other filter one chip.
 */
export interface FilterChip {
  readonly key: FilterKey;
  readonly value: string;
}

const LIST_KEYS: ReadonlySet<FilterKey> = new Set(['position-level', 'gender', 'generation']);

/** The chips of a selection, in the filter panel's order. */
export const filterChips = (filters: Filters): FilterChip[] => {
  const active = normaliseFilters(filters) as Readonly<Record<FilterKey, string | readonly string[] | undefined>>;
  return FILTER_KEYS.flatMap((key) => {
    const value = active[key];
    if (value === undefined) return [];
    return typeof value === 'string' ? [{ key, value }] : value.map((item) => ({ key, value: item }));
  });
};

/** The selection without one chip; the others stay as they were. */
export const withoutChip = (filters: Filters, chip: FilterChip): Filters => {
  const next: Record<string, unknown> = { ...filters };
  const current = next[chip.key];
  if (LIST_KEYS.has(chip.key) && Array.isArray(current)) next[chip.key] = current.filter((item) => item !== chip.value);
  else delete next[chip.key];
  return normaliseFilters(next as Filters);
};
