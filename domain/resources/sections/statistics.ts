import { type StatisticsEndpoint, statisticEndpoint } from '../../contracts/statistics';
import { STATISTIC_IDS, type StatisticCodec, type StatisticId, type StatisticRowOf, statisticRow } from '../../stats/catalogue';
import { benchmarkProcess } from '../../contracts/benchmark';
import { compareData, compareQueryOf } from '../../contracts/compare';
import { mutualityEndpoints } from '../../contracts/mutuality';
import type { SectionEntry } from './entry';

/** A statistic's section name: 'language.rowOne' loads as statLanguageRowOne (a name the client state keeps: never rename). */
export type StatisticSectionName<Id extends StatisticId> = Id extends `${infer G}.${infer N}` ? `stat${Capitalize<G>}${Capitalize<N>}` : never;

export const statisticSectionName = <Id extends StatisticId>(id: Id): StatisticSectionName<Id> => {
  const [group, name] = id.split('.') as [string, string];
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return `stat${capital(group)}${capital(name)}` as StatisticSectionName<Id>;
};

/** The statistics the dashboards load, each its own section (the catalogue's rows with `section: true`). */
type SectionedId = { [Id in StatisticId]: StatisticRowOf<Id>['section'] extends true ? Id : never }[StatisticId];

type CatalogueSections = {
  readonly [Id in SectionedId as StatisticSectionName<Id>]: { readonly endpoint: StatisticsEndpoint<StatisticCodec<Id>>; readonly filtered: true };
};

const sectionsOf = (ids: readonly StatisticId[]): CatalogueSections =>
  Object.fromEntries(
    ids.filter((id) => statisticRow(id).section).map((id) => [statisticSectionName(id), { endpoint: statisticEndpoint(id), filtered: true }]),
  ) as CatalogueSections;
const catalogueSections = /* @__PURE__ */ sectionsOf(STATISTIC_IDS);

/**
 * The dashboards' statistics sections. Each card of a dashboard page is its own section so it
 * loads, empties (204) and fails on its own. All of them carry the active filters.
 */
export const statisticsSections = {
  ...catalogueSections,

  /** Compare → Internal: args from compareArgs (the selections), with the active filters. */
  compareData: { endpoint: compareData, filtered: true, toQuery: compareQueryOf },

  /** Compare → External: the countries with a dataset, and the comparison (args: country_id, and group for a selection), named in the page's language. */
  mutualityCountries: { endpoint: mutualityEndpoints.countriesList, localised: true },
  mutualityData: { endpoint: mutualityEndpoints.data, filtered: true, localised: true },
  mutualityCompareData: { endpoint: mutualityEndpoints.compareData, filtered: true, localised: true },
  /** Benchmark → Internal: every group measured, with the bands (POST, the filters as its query). */
  benchmarkInternal: { endpoint: benchmarkProcess, filtered: true },
} satisfies Record<string, SectionEntry>;

export type StatisticsSectionName = keyof typeof statisticsSections;
