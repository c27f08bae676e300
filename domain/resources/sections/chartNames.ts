import { getCountries, getLanguages, getLookupNames } from '../../contracts/lookups';
import type { SectionEntry } from './entry';

/**
 * The dashboards' charts name countries, languages and their zones in the page's language from
 * these lists (the languages list starts with the most spoken, up to its cap of 500), and the
 * typed-in lists' items (genders, worldviews, educations...) from chartLabelNames, whose codes
 * also key the gender colours.
 */
export const chartNameSections = {
  chartCountryNames: { endpoint: getCountries },
  chartLanguageNames: { endpoint: getLanguages },
  chartLabelNames: { endpoint: getLookupNames },
} satisfies Record<string, SectionEntry>;
