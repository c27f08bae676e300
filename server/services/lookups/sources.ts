import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import countries from 'i18n-iso-countries';
import { iso31661, iso31662 } from 'iso-3166';
import { iso6393 } from 'iso-639-3';
import worldCountries from 'world-countries';

/**
 * The package data the builders read, loaded once. Licences: iso-639-3, iso-3166 and
 * i18n-iso-countries MIT; cldr-core and cldr-localenames-full Unicode-3.0; world-countries
 * ODbL-1.0 (its English demonyms are attributed in docs/languages.md).
 */
export interface LookupSources {
  /** ISO 639-3: code, reference name, type (living, extinct...), scope (individual, macrolanguage), ISO 639-1 code. */
  readonly languages: ReadonlyArray<{ iso6393: string; name: string; type: string; scope: string; iso6391?: string }>;
  /** ISO 3166-1 assigned codes. */
  readonly countryCodes: readonly string[];
  /** ISO 3166-1 alpha-3 by alpha-2. */
  readonly alpha3: Readonly<Record<string, string>>;
  /** ISO 3166-2 subdivisions; parent is a country or another subdivision. */
  readonly subdivisions: ReadonlyArray<{ code: string; name: string; parent: string }>;
  /** Country names by alpha-2 in a locale (first is the usual name, the rest aliases); undefined if the package lacks the locale. */
  countryNames(locale: string): Readonly<Record<string, readonly string[]>> | undefined;
  /** English demonyms (masculine form, which the package also uses as the neutral one) by alpha-2. */
  readonly demonyms: Readonly<Record<string, string>>;
  /** CLDR territoryInfo: per territory, its population and the share speaking each language (CLDR codes). */
  readonly territoryInfo: Readonly<Record<string, { population: number; languages: Readonly<Record<string, number>> }>>;
  /** CLDR likelySubtags: language (CLDR code) to its likely territory. */
  readonly likelyTerritory: Readonly<Record<string, string>>;
  /** CLDR languageGroups: group code to its members (languages or groups, CLDR codes). */
  readonly languageGroups: Readonly<Record<string, readonly string[]>>;
  /** CLDR languageAlias with reason "macrolanguage": an encompassed language to its macrolanguage (CLDR codes). */
  readonly macrolanguageOf: Readonly<Record<string, string>>;
  /** CLDR language names in a locale (CLDR codes), undefined if CLDR lacks the locale. */
  languageNames(locale: string): Readonly<Record<string, string>> | undefined;
  /** CLDR territory and region names in a locale (alpha-2 and M49 codes). */
  territoryNames(locale: string): Readonly<Record<string, string>> | undefined;
}

const require = createRequire(import.meta.url);
const cldrMain = dirname(require.resolve('cldr-localenames-full/package.json'));

const readCldrNames = (locale: string, file: 'languages' | 'territories'): Record<string, string> | undefined => {
  const path = join(cldrMain, 'main', locale, `${file}.json`);
  if (!existsSync(path)) return undefined;
  const json = require(path) as { main: Record<string, { localeDisplayNames: Record<string, Record<string, string>> }> };
  const names = Object.values(json.main)[0]?.localeDisplayNames[file] ?? {};
  // Keys such as 'az-alt-short' or 'en-AU' are variants, not codes.
  return Object.fromEntries(Object.entries(names).filter(([key]) => !key.includes('-')));
};

const loadTerritoryInfo = (): LookupSources['territoryInfo'] => {
  const json = require('cldr-core/supplemental/territoryInfo.json') as {
    supplemental: { territoryInfo: Record<string, { _population: string; languagePopulation?: Record<string, { _populationPercent: string }> }> };
  };
  return Object.fromEntries(
    Object.entries(json.supplemental.territoryInfo).map(([territory, info]) => [
      territory,
      {
        population: Number(info._population),
        languages: Object.fromEntries(Object.entries(info.languagePopulation ?? {}).map(([language, share]) => [language, Number(share._populationPercent)])),
      },
    ]),
  );
};

const loadLikelyTerritory = (): Record<string, string> => {
  const json = require('cldr-core/supplemental/likelySubtags.json') as { supplemental: { likelySubtags: Record<string, string> } };
  const result: Record<string, string> = {};
  for (const [from, to] of Object.entries(json.supplemental.likelySubtags)) {
    if (from.includes('-')) continue;
    const territory = to.split('-').find((part, index) => index > 0 && /^([A-Z]{2}|\d{3})$/.test(part));
    if (territory !== undefined) result[from] = territory;
  }
  return result;
};

const loadLanguageGroups = (): Record<string, string[]> => {
  const json = require('cldr-core/supplemental/languageGroups.json') as { supplemental: { languageGroups: Record<string, string> } };
  return Object.fromEntries(Object.entries(json.supplemental.languageGroups).map(([group, members]) => [group, members.split(/\s+/).filter(Boolean)]));
};

const loadMacrolanguages = (): Record<string, string> => {
  const json = require('cldr-core/supplemental/aliases.json') as {
    supplemental: { metadata: { alias: { languageAlias: Record<string, { _reason: string; _replacement: string }> } } };
  };
  const result: Record<string, string> = {};
  for (const [from, alias] of Object.entries(json.supplemental.metadata.alias.languageAlias)) {
    if (alias._reason === 'macrolanguage') result[from] = alias._replacement;
  }
  return result;
};

const countryNameCache = new Map<string, Record<string, readonly string[]> | undefined>();
const languageNameCache = new Map<string, Record<string, string> | undefined>();
const territoryNameCache = new Map<string, Record<string, string> | undefined>();

const cached = <T>(cache: Map<string, T>, key: string, load: () => T): T => {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as T;
};

let loaded: LookupSources | undefined;

/** The package data, read from node_modules the first time it is asked for. */
export const lookupSources = (): LookupSources =>
  (loaded ??= {
    languages: iso6393,
    countryCodes: iso31661.map((country) => country.alpha2),
    alpha3: Object.fromEntries(iso31661.map((country) => [country.alpha2, country.alpha3])),
    subdivisions: iso31662,
    countryNames: (locale) =>
      cached(countryNameCache, locale, () => {
        if (!countries.langs().includes(locale)) return undefined;
        const all = countries.getNames(locale, { select: 'all' });
        return Object.fromEntries(Object.entries(all).map(([code, names]) => [code, Array.isArray(names) ? names : [names]]));
      }),
    demonyms: Object.fromEntries(
      worldCountries.flatMap((country) => (country.demonyms?.eng?.m ? [[country.cca2, country.demonyms.eng.m] as const] : [])),
    ),
    territoryInfo: loadTerritoryInfo(),
    likelyTerritory: loadLikelyTerritory(),
    languageGroups: loadLanguageGroups(),
    macrolanguageOf: loadMacrolanguages(),
    languageNames: (locale) => cached(languageNameCache, locale, () => readCldrNames(locale, 'languages')),
    territoryNames: (locale) => cached(territoryNameCache, locale, () => readCldrNames(locale, 'territories')),
  });
