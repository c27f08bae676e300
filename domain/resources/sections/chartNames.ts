import { getCountries, getLanguages } from '../../contracts/lookups';
import type { SectionEntry } from './entry';

/**
 * The dashboards' charts name countries, languages and their zones in the page's language from
 * these lists (the languages list starts with the most spoken, up to its cap of 500).
 */
export const chartNameSections = {
  chartCountryNames: { endpoint: getCountries },
  chartLanguageNames: { endpoint: getLanguages },
} satisfies Record<string, SectionEntry>;
