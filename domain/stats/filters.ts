import type { Filters } from '../filters/model';
import type { Selection } from './release';

const BAND = /^(\d{1,3})\s*(?:-\s*(\d{1,3})|\+)$/;

const bounds = (key: string): [number, number] | null => {
  const match = BAND.exec(key.trim());
  if (!match) return null;
  return [Number(match[1]), match[2] === undefined ? Infinity : Number(match[2])];
};

/** An age range reaching this high has no upper limit (so it covers a band such as '65+'). */
const OPEN_ENDED = 120;

/**
 * The age bands (named 'low-high' or 'low+', e.g. '25-29', '65+') that lie wholly inside an
 * 'age-range' filter ('25-34'). A band cut by the range is left out rather than counted whole,
 * so the selection never holds people outside the range the user asked for.
 */
export const ageBandsWithin = (range: string, bands: readonly string[]): string[] => {
  const wanted = bounds(range);
  if (!wanted) return [];
  if (wanted[1] >= OPEN_ENDED) wanted[1] = Infinity;
  return bands.filter((band) => {
    const b = bounds(band);
    return b !== null && b[0] >= wanted[0] && b[1] <= wanted[1];
  });
};

/** Selects nobody: no dimension has this value. */
const NOBODY = ['\u0000'];

/**
 * The selection for the dashboard filters (SPEC section 3), with the population's dimensions
 * named like the filter keys. 'age-range' becomes the age bands it covers; 'date-tag' chooses
 * the population itself (the respondents of that date range), so it is not part of the
 * selection.
 */
export const selectionFromFilters = (filters: Filters, ageBands: readonly string[] = []): Selection => {
  const selection: Record<string, readonly string[]> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'date-tag' || value === undefined || value === null || value === '') continue;
    if (key === 'age-range') {
      const bands = ageBandsWithin(value as string, ageBands);
      selection[key] = bands.length > 0 ? bands : NOBODY;
      continue;
    }
    const list = Array.isArray(value) ? value : [value as string];
    if (list.length > 0) selection[key] = list;
  }
  return selection;
};
