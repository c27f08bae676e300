import * as t from 'io-ts';
import { STATISTICS, type StatisticCodec, type StatisticId, type StatisticsCatalogue, statisticRow } from '../stats/catalogue';
import { endpoint, type Endpoint } from './endpoint';
import { FilterQuery } from './filterQuery';

export { BADGE_THRESHOLD, BADGES, Badge, Badges, Count, Headline, HeadlineItem, Waiting } from './statisticsData';

/**
 * The statistics endpoints of SPEC section 7 (GET, below /api), derived from the statistics
 * catalogue (domain/stats/catalogue.ts: what each statistic is and means), plus the key facts.
 *
 * Every endpoint reads the dashboard filters as `filter[name]` query parameters (SPEC section 3,
 * domain/filters/encoding.ts); the caller's group scope (view-as included) always applies.
 */

/** Every statistics endpoint's query: the dashboard filters (filterQuery.ts). */
export const StatisticsQuery = FilterQuery;

export const KEY_FACT_PAGES = ['overview', 'languages', 'worldviews', 'coordinator', 'demographics', 'country', 'ethnicity'] as const;
export const KeyFactPage = t.keyof({ overview: null, languages: null, worldviews: null, coordinator: null, demographics: null, country: null, ethnicity: null });
export const KeyFacts = t.strict({ facts: t.array(t.string) });

export const statisticsMessages = {
  keyFactsPage: 'Choose a page for the key facts.',
} as const;
export type KeyFacts = t.TypeOf<typeof KeyFacts>;

export interface StatisticsEndpoint<D extends t.Mixed = t.Mixed> extends Endpoint<t.Mixed, t.Mixed, D> {
  /** The endpoint reads the dashboard filters (filter[...]). */
  readonly filtered: true;
}

const stat = /* @__NO_SIDE_EFFECTS__ */ <D extends t.Mixed>(path: string, data: D, query: t.Mixed = StatisticsQuery): StatisticsEndpoint<D> =>
  ({ ...endpoint({ method: 'GET', path, query, data }), filtered: true }) as StatisticsEndpoint<D>;

/** The catalogue's shape, each row an endpoint typed by its data codec. */
export type CatalogueEndpoints = {
  readonly [G in keyof StatisticsCatalogue]: { readonly [N in keyof StatisticsCatalogue[G]]: StatisticsEndpoint<StatisticCodec<`${G}.${N & string}` & StatisticId>> };
};

const endpointsOf = (catalogue: StatisticsCatalogue): CatalogueEndpoints =>
  Object.fromEntries(
    Object.entries(catalogue).map(([group, rows]) => [group, Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, stat(row.path, row.data)]))]),
  ) as CatalogueEndpoints;
const catalogueEndpoints = /* @__PURE__ */ endpointsOf(STATISTICS);

export const statisticsEndpoints = {
  ...catalogueEndpoints,
  /** Short sentences built from released figures only; 204 without `page` or with nothing to say. */
  keyFacts: stat('/key-facts', KeyFacts, t.intersection([FilterQuery, t.partial({ page: t.string })])),
} as const;

/** A statistic's endpoint (the same object wherever it is asked for: sections and export cards compare them). */
export const statisticEndpoint = <Id extends StatisticId>(id: Id): StatisticsEndpoint<StatisticCodec<Id>> => {
  const [group, name] = id.split('.') as [keyof CatalogueEndpoints, string];
  return (catalogueEndpoints[group] as Record<string, StatisticsEndpoint>)[name] as StatisticsEndpoint<StatisticCodec<Id>>;
};

/** The path of a statistic, as its export card is keyed ('language/row-one'). */
export const statisticCardKey = (id: StatisticId): string => statisticRow(id).path.replace(/^\/+/, '');
