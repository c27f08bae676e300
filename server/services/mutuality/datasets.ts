import { createRequire } from 'node:module';
import { CENSUS_DATASETS, CLDR_LICENCE, CLDR_SOURCE, type CensusCategory, type CensusPillar, type MutualityPillarName } from '../../../domain/mutuality/census';
import type { MutualitySource } from '../../../domain/contracts/mutuality';
import { lookupSources } from '../../lookups/sources';

/**
 * Every country the mutuality comparison has a dataset for (docs/dashboards.md): the census
 * datasets of domain/mutuality/census.ts, and for every territory a language pillar made from
 * CLDR's territoryInfo (the share of the population speaking each language), unless its census
 * gives languages itself. Built once, from the package data the lookup lists are built from.
 */

export interface PillarDataset {
  readonly pillar: CensusPillar;
  readonly source: MutualitySource;
}

export interface CountryDataset {
  readonly code: string;
  /** The census dataset's name with its year, or CLDR's. */
  readonly name: string;
  readonly year: number | null;
  readonly pillars: readonly PillarDataset[];
}

const require = createRequire(import.meta.url);
const CLDR_VERSION = (require('cldr-core/package.json') as { version: string }).version.split('.')[0]!;
const CLDR_NAME = `Unicode CLDR ${CLDR_VERSION} territory information`;

const censusSource = (dataset: (typeof CENSUS_DATASETS)[number], pillar: CensusPillar): MutualitySource => ({
  name: `${dataset.name} ${dataset.year} census`,
  publisher: pillar.source.publisher,
  year: dataset.year,
  licence: dataset.licence,
  urls: [...pillar.source.urls],
  measure: pillar.measure,
  quoted: pillar.source.quoted ?? null,
  note: [dataset.note, pillar.note].filter((line) => line !== undefined).join(' ') || null,
});

/**
 * A territory's languages as a pillar: each CLDR language under its ISO 639-3 code (scripts of
 * one language summed), with the languages a macrolanguage encompasses counted under it unless
 * CLDR lists them for the territory themselves. Shares are of people speaking the language, so
 * a multilingual territory adds up past 100; what is short of 100 is "other".
 */
export const cldrLanguagePillar = (territory: string): CensusPillar | null => {
  const sources = lookupSources();
  const info = sources.territoryInfo[territory];
  if (info === undefined) return null;
  const isoOf = new Map<string, string>();
  for (const language of sources.languages) isoOf.set(language.iso6391 ?? language.iso6393, language.iso6393);
  const members = new Map<string, string[]>();
  for (const [member, macro] of Object.entries(sources.macrolanguageOf)) members.set(macro, [...(members.get(macro) ?? []), member]);
  const english = sources.languageNames('en') ?? {};
  const isoName = new Map(sources.languages.map((language) => [language.iso6393, language.name]));

  const shares = new Map<string, { cldr: string; share: number }>();
  for (const [code, share] of Object.entries(info.languages)) {
    const cldr = code.split('_')[0]!;
    const iso = isoOf.get(cldr) ?? cldr;
    const entry = shares.get(iso) ?? { cldr, share: 0 };
    shares.set(iso, { cldr: entry.cldr, share: entry.share + share });
  }
  const listed = new Set(shares.keys());
  const categories: CensusCategory[] = [...shares.entries()]
    .filter(([, entry]) => entry.share > 0)
    .sort((a, b) => b[1].share - a[1].share)
    .map(([iso, entry]) => {
      const encompassed = (members.get(entry.cldr) ?? []).map((member) => isoOf.get(member) ?? member).filter((member) => !listed.has(member));
      return { key: iso, label: english[entry.cldr] ?? isoName.get(iso) ?? iso, share: Math.min(100, Math.round(entry.share * 100) / 100), codes: [iso, ...encompassed] };
    });
  if (categories.length === 0) return null;
  return {
    pillar: 'language',
    measure: 'Population speaking the language',
    multiple: true,
    rest: 'other',
    notStated: null,
    categories,
    source: CLDR_SOURCE,
    note: 'Shares of the population speaking each language, first or second; a multilingual territory adds up past 100.',
  };
};

const cldrSource = (pillar: CensusPillar): MutualitySource => ({
  name: CLDR_NAME,
  publisher: CLDR_SOURCE.publisher,
  year: null,
  licence: CLDR_LICENCE,
  urls: [...CLDR_SOURCE.urls],
  measure: pillar.measure,
  quoted: null,
  note: pillar.note ?? null,
});

let built: ReadonlyMap<string, CountryDataset> | undefined;

/** Datasets by ISO 3166-1 alpha-2 code. */
export const countryDatasets = (): ReadonlyMap<string, CountryDataset> => {
  if (built !== undefined) return built;
  const result = new Map<string, CountryDataset>();
  const territories = Object.keys(lookupSources().territoryInfo).filter((code) => /^[A-Z]{2}$/.test(code));
  const codes = new Set([...territories, ...CENSUS_DATASETS.map((dataset) => dataset.country)]);
  for (const code of codes) {
    const census = CENSUS_DATASETS.find((dataset) => dataset.country === code);
    const pillars: PillarDataset[] = census === undefined ? [] : census.pillars.map((pillar) => ({ pillar, source: censusSource(census, pillar) }));
    if (!pillars.some((entry) => entry.pillar.pillar === 'language')) {
      const languages = cldrLanguagePillar(code);
      if (languages !== null) pillars.push({ pillar: languages, source: cldrSource(languages) });
    }
    if (pillars.length === 0) continue;
    const order: readonly MutualityPillarName[] = ['heritage', 'country', 'language', 'worldview'];
    pillars.sort((a, b) => order.indexOf(a.pillar.pillar) - order.indexOf(b.pillar.pillar));
    result.set(code, { code, name: census === undefined ? CLDR_NAME : `${census.name} ${census.year} census`, year: census?.year ?? null, pillars });
  }
  built = result;
  return result;
};
