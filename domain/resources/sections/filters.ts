import { getGenders, getPositionLevels } from '../../contracts/lookups';
import type { SectionEntry } from './entry';

/**
 * The lookup lists the filter panel chooses from. Their own names, apart from the survey's,
 * so that a dashboard page and a survey preview never supersede each other's load.
 */
export const filterSections = {
  filterGenders: { endpoint: getGenders },
  filterPositionLevels: { endpoint: getPositionLevels },
} satisfies Record<string, SectionEntry>;
