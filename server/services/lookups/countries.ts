import { PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { microZoneOfTerritory } from './regions';
import type { LookupSources } from './sources';
import type { LocalName, LookupRow, NameLocale } from './types';
import { LAST } from './types';

export const PREFER_NOT_NAME = 'Prefer not to answer';

const byName = (locale: string) => {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
};

type CountrySources = Pick<LookupSources, 'countryCodes' | 'alpha3' | 'countryNames' | 'territoryNames' | 'subdivisions'>;

/**
 * Countries: ISO 3166-1 (the codes of i18n-iso-countries, which adds Kosovo, XK), code =
 * alpha-2. The shown name is CLDR's (short and current: 'China', 'Czechia'); the package's
 * official and usual names are search aliases, with the alpha-3 code. Each country sits in
 * its M49 micro-zone. Names per product locale where CLDR or the package has them.
 */
export const buildCountries = (sources: CountrySources, locales: readonly NameLocale[]) => {
  const english = sources.countryNames('en') ?? {};
  const cldrEnglish = sources.territoryNames('en') ?? {};
  const codes = [...new Set([...Object.keys(english), ...sources.countryCodes])];
  const entries = codes.map((code) => {
    const aliases = [...(english[code] ?? []), ...(sources.alpha3[code] ? [sources.alpha3[code]!] : [])];
    return { code, name: cldrEnglish[code] ?? aliases[0] ?? code, aliases };
  });
  entries.sort(byName('en'));
  const rows: LookupRow[] = entries.map((entry, sort) => ({
    list: 'countries',
    code: entry.code,
    name: entry.name,
    sort,
    aliases: entry.aliases,
    region: microZoneOfTerritory(entry.code),
  }));
  rows.push({ list: 'countries', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });

  const names: LocalName[] = [];
  for (const locale of locales) {
    const packageNames = sources.countryNames(locale.cldr.split('-')[0]!) ?? {};
    const cldrNames = sources.territoryNames(locale.cldr) ?? {};
    const local = entries
      .map((entry) => ({ code: entry.code, name: cldrNames[entry.code] ?? packageNames[entry.code]?.[0], aliases: packageNames[entry.code] ?? [] }))
      .filter((entry): entry is { code: string; name: string; aliases: readonly string[] } => entry.name !== undefined);
    local.sort(byName(locale.cldr));
    local.forEach((entry, sort) => names.push({ list: 'countries', code: entry.code, locale: locale.code, name: entry.name, aliases: entry.aliases, sort }));
  }
  return { rows, names };
};

/**
 * States and provinces: the ISO 3166-2 subdivisions (iso-3166) whose parent is the country
 * itself, code = the ISO 3166-2 code. Second-level subdivisions (French departments under
 * regions, for instance) are left out: the survey asks for the first level. One shared
 * "Prefer not to answer" item (no parent) ends every country's list.
 */
export const buildStates = (sources: CountrySources) => {
  const subdivisions = sources.subdivisions.filter((subdivision) => /^[A-Z]{2}$/.test(subdivision.parent));
  const sorted = [...subdivisions].sort(byName('en'));
  const rows: LookupRow[] = sorted.map((subdivision, sort) => ({
    list: 'states',
    code: subdivision.code,
    name: subdivision.name,
    sort,
    parent: { list: 'countries', code: subdivision.parent },
  }));
  rows.push({ list: 'states', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });
  return rows;
};
