import { createRequire } from 'node:module';
import { CENSUS_DATASETS, CENSUSES_WITHOUT_FIGURES, CLDR_LICENCE, CLDR_SOURCE, type CensusCategory, type CensusDataset, type CensusPillar, type MutualityPillarName } from '../../../domain/mutuality/census';
import type { MutualityMissing, MutualitySource } from '../../../domain/contracts/mutuality';
import { lookupSources } from '../lookups/sources';
import { newZealand2018 } from './officeTables';

/**
 * Every country the mutuality comparison has a dataset for (docs/dashboards.md): the census
 * datasets taken from the statistical offices (the short lists of domain/mutuality/census.ts and
 * the full tables read by ./officeTables.ts), and for every territory a language pillar made from
 * CLDR's territoryInfo, unless its census gives languages itself. CLDR's shares are estimates,
 * not a census, and are marked `kind: 'estimate'` everywhere they are shown. Built once.
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
  /** Pillars the census has no official figures for. */
  readonly missing: readonly MutualityMissing[];
}

const require = createRequire(import.meta.url);
const CLDR_VERSION = (require('cldr-core/package.json') as { version: string }).version.split('.')[0]!;
const CLDR_NAME = `Unicode CLDR ${CLDR_VERSION} language estimates`;

const censusName = (dataset: Pick<CensusDataset, 'name' | 'year'>): string => `${dataset.name} ${dataset.year} census`;

const censusSource = (dataset: CensusDataset, pillar: CensusPillar): MutualitySource => ({
  name: censusName(dataset),
  publisher: pillar.source.publisher,
  year: dataset.year,
  licence: dataset.licence,
  urls: [...pillar.source.urls],
  measure: pillar.measure,
  kind: 'census',
  table: pillar.source.table,
  readFrom: pillar.source.readFrom,
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
  kind: 'estimate',
  table: CLDR_SOURCE.table,
  readFrom: CLDR_SOURCE.readFrom,
  note: pillar.note ?? null,
});

let built: ReadonlyMap<string, CountryDataset> | undefined;

/** Datasets by ISO 3166-1 alpha-2 code. */
export const countryDatasets = (): ReadonlyMap<string, CountryDataset> => {
  if (built !== undefined) return built;
  const result = new Map<string, CountryDataset>();
  const territories = Object.keys(lookupSources().territoryInfo).filter((code) => /^[A-Z]{2}$/.test(code));
  const censuses: readonly CensusDataset[] = [...CENSUS_DATASETS, newZealand2018().dataset];
  const codes = new Set([...territories, ...censuses.map((dataset) => dataset.country)]);
  for (const code of codes) {
    const census = censuses.find((dataset) => dataset.country === code);
    const without = CENSUSES_WITHOUT_FIGURES.find((dataset) => dataset.country === code);
    const missing: MutualityMissing[] = [census, without].flatMap((dataset) =>
      dataset === undefined ? [] : dataset.missing.map((gap) => ({ pillar: gap.pillar, reason: gap.reason, table: gap.table, census: censusName(dataset) })),
    );
    const pillars: PillarDataset[] = census === undefined ? [] : census.pillars.map((pillar) => ({ pillar, source: censusSource(census, pillar) }));
    if (!pillars.some((entry) => entry.pillar.pillar === 'language')) {
      const languages = cldrLanguagePillar(code);
      if (languages !== null) pillars.push({ pillar: languages, source: cldrSource(languages) });
    }
    if (pillars.length === 0) continue;
    const order: readonly MutualityPillarName[] = ['heritage', 'country', 'language', 'worldview'];
    pillars.sort((a, b) => order.indexOf(a.pillar.pillar) - order.indexOf(b.pillar.pillar));
    result.set(code, { code, name: census === undefined ? CLDR_NAME : censusName(census), year: census?.year ?? null, pillars, missing });
  }
  built = result;
  return result;
};

/** A census table loaded from an office's file (./stored.ts), as the comparison shows it. */
export interface LoadedPillar {
  readonly country: string;
  /** The census's name without the year ("Australia"). */
  readonly censusName: string;
  readonly year: number;
  readonly licence: { readonly name: string; readonly url: string };
  readonly pillar: CensusPillar;
}

/**
 * The datasets with loaded tables in place of the shipped figures for their pillars (and of
 * CLDR's language estimate): a pillar loaded is no longer listed as missing.
 */
export const withLoadedPillars = (base: ReadonlyMap<string, CountryDataset>, loaded: readonly LoadedPillar[]): ReadonlyMap<string, CountryDataset> => {
  if (loaded.length === 0) return base;
  const result = new Map(base);
  const order: readonly MutualityPillarName[] = ['heritage', 'country', 'language', 'worldview'];
  for (const table of loaded) {
    const before = result.get(table.country);
    const dataset: CensusDataset = {
      id: `${table.country}_${table.year}_loaded`,
      country: table.country,
      name: table.censusName,
      year: table.year,
      publisher: table.pillar.source.publisher,
      licence: table.licence,
      pillars: [table.pillar],
      missing: [],
    };
    const pillars = [...(before?.pillars ?? []).filter((entry) => entry.pillar.pillar !== table.pillar.pillar), { pillar: table.pillar, source: censusSource(dataset, table.pillar) }];
    pillars.sort((a, b) => order.indexOf(a.pillar.pillar) - order.indexOf(b.pillar.pillar));
    result.set(table.country, {
      code: table.country,
      name: before === undefined || before.year === null ? censusName(dataset) : before.name,
      year: before?.year ?? table.year,
      pillars,
      missing: (before?.missing ?? []).filter((gap) => gap.pillar !== table.pillar.pillar),
    });
  }
  return result;
};
