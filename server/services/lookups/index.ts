import { buildCountries, buildStates } from './countries';
import { buildCulturalFamilies, buildEthnicities } from './ethnicities';
import { buildLanguages, languageFacts } from './languages';
import { buildRegions } from './regions';
import type { LookupSources } from './sources';
import { typedListNames } from './translations';
import { buildAges, buildPositions, buildTypedLists } from './typed';
import type { LookupBuild, NameLocale } from './types';
import { buildWorldviews } from './worldviews';

export interface BuildInput {
  readonly sources: LookupSources;
  /** The product's locales whose names differ from English (see nameLocales). */
  readonly locales: readonly NameLocale[];
  /** The current year, for the birth years. */
  readonly year: number;
}

/** Every lookup row and localised name, from package data and typed-in standards: pure. */
export const buildLookups = ({ sources, locales, year }: BuildInput): LookupBuild => {
  const regions = buildRegions(sources.territoryNames, locales);
  const countries = buildCountries(sources, locales);
  const data = languageFacts(sources);
  const languages = buildLanguages(data.languages, sources, locales);
  const rows = [
    ...regions.rows,
    ...buildCulturalFamilies(sources),
    ...countries.rows,
    ...buildStates(sources),
    ...languages.rows,
    ...buildEthnicities(data, sources),
    ...buildWorldviews(),
    ...buildPositions(),
    ...buildTypedLists(),
    ...buildAges(year),
  ];
  const fromData = [...regions.names, ...countries.names, ...languages.names];
  // A name CLDR gives wins over ours: one name per item and locale.
  const named = new Set(fromData.map((name) => `${name.list}/${name.code}/${name.locale}`));
  const typed = typedListNames(rows, locales).filter((name) => !named.has(`${name.list}/${name.code}/${name.locale}`));
  return { rows, names: [...fromData, ...typed] };
};

// The product names its Australian English locale 'au' (SPEC: default language 'au').
const CLDR_LOCALE_OF: Readonly<Record<string, string>> = { au: 'en-AU' };

/**
 * The product locales that get names of their own, with the CLDR locale the names come from.
 * English ones are left out: the rows' own names are English.
 */
export const nameLocales = (codes: readonly string[]): NameLocale[] =>
  codes
    .map((code) => ({ code, cldr: CLDR_LOCALE_OF[code] ?? code }))
    .filter((locale) => locale.cldr.split('-')[0] !== 'en');
