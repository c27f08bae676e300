import type { Kysely } from 'kysely';
import { WHOLE_ORGANIZATION } from '../../../domain/contracts/compare';
import {
  type ComparedMutualityPillar,
  type MutualityCompareQuery,
  type MutualityCountryEntry,
  type MutualityData,
  MutualityMessages,
  type MutualityQuery,
} from '../../../domain/contracts/mutuality';
import { type DiversityIndex, type Distribution, isSuppressed } from '../../../domain/contracts/stats';
import type { Filters } from '../../../domain/filters/model';
import type { MutualityPillarName } from '../../../domain/mutuality/census';
import { comparePillar, type OrgValue, overallScore } from '../../../domain/mutuality/score';
import { type Release, refused } from '../../../domain/stats';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { fieldFailure, notFound } from '../errors';
import type { DepartmentScope } from '../organization/scope';
import { departmentScopeOf } from '../organization/scope';
import type { SelectionBudget } from '../statistics/budget';
import { resolve } from '../statistics/compare';
import { type StatisticsFigures, type StatsRequest, statsRequestOf } from '../statistics/figures';
import { type LookupValue, PREFER_NOT_CODE, lookupValues } from '../statistics/population';
import * as topics from '../statistics/topics';
import type { CountryDataset } from './datasets';
import { type CensusNames, censusNamesFor } from './names';
import { censusDatasetsFor } from './stored';

/**
 * Compare → External (docs/dashboards.md). The organisation's side of every pillar is a released
 * distribution of the statistics machinery (perturbed counts of the values shown, Prefer not to
 * answer and suppressed values left out), classified onto the census categories by the values'
 * lookup codes; nothing here counts people.
 */

interface PillarTopic {
  readonly topic: topics.Topic;
  readonly list: string;
}

const PILLAR_TOPICS: Readonly<Record<MutualityPillarName, PillarTopic>> = {
  heritage: { topic: topics.ethnicities, list: 'ethnicities' },
  country: { topic: topics.countryBirth, list: 'countries' },
  language: { topic: topics.languages, list: 'languages' },
  worldview: { topic: topics.worldviews, list: 'worldviews' },
};

/**
 * Countries with a dataset, by their lookup id, named in the request's language (`locale`: its
 * X-Locale), and their pillars; with the census tables loaded for everyone and, given
 * `organizationId`, for that organisation.
 */
export const countriesList = async (db: Kysely<Database>, locale?: string, organizationId: string | null = null): Promise<MutualityCountryEntry[]> => {
  const countries = await lookupValues(db, 'countries');
  const datasets = await censusDatasetsFor(db, organizationId);
  const names = await censusNamesFor(db, locale);
  const entries = countries.flatMap((country) => {
    const dataset = datasets.get(country.code);
    return dataset === undefined ? [] : [{ id: country.id, code: country.code, name: names.country(country.code, country.name), dataset: dataset.name, year: dataset.year, pillars: dataset.pillars.map((entry) => entry.pillar.pillar) }];
  });
  // Alphabetical in the language the names are in, as the countries lookup list is.
  const collator = new Intl.Collator(names.locale ?? 'en', { sensitivity: 'base' });
  return entries.sort((a, b) => collator.compare(a.name, b.name));
};

/** The country of `country_id` and its dataset: 422 for an id that is not a country, 404 for a country without one. */
export const countryOf = async (db: Kysely<Database>, countryId: string | number, organizationId: string | null = null): Promise<{ country: LookupValue; dataset: CountryDataset }> => {
  const id = Number(countryId);
  const country = Number.isSafeInteger(id) ? (await lookupValues(db, 'countries')).find((item) => item.id === id && item.code !== PREFER_NOT_CODE) : undefined;
  if (country === undefined) throw fieldFailure(MutualityMessages.countryNotExist, 'country_id');
  const dataset = (await censusDatasetsFor(db, organizationId)).get(country.code);
  if (dataset === undefined) throw notFound(MutualityMessages.noDataset);
  return { country, dataset };
};

/** The released values of a distribution with their lookup codes (and a heritage's family code). */
const valuesOf = async (db: Kysely<Database>, list: string, distribution: Distribution): Promise<OrgValue[]> => {
  const items = await lookupValues(db, list);
  const byId = new Map(items.map((item) => [String(item.id), item]));
  const families = list === 'ethnicities' ? new Map((await lookupValues(db, 'cultural-families')).map((item) => [item.id, item.code])) : undefined;
  return distribution.cells.flatMap((cell) => {
    if (isSuppressed(cell) || cell.preferNot === true || !(cell.count > 0)) return [];
    const item = byId.get(cell.key);
    if (item === undefined || item.code === PREFER_NOT_CODE) return [];
    const family = families !== undefined && item.familyId !== null ? (families.get(item.familyId) ?? null) : null;
    return [{ code: item.code, family, count: cell.count, label: cell.label }];
  });
};

const coverageOf = (index: Release<DiversityIndex>, pillar: MutualityPillarName): number | null =>
  index.status === 200 ? (index.data.pillars.find((entry) => entry.pillar === pillar)?.coverage ?? null) : null;

/** The comparison for one statistics request (a scope, a period and the filters). */
export const compareWithCensus = async (
  db: Kysely<Database>,
  figures: StatisticsFigures,
  req: StatsRequest,
  label: string,
  country: LookupValue,
  dataset: CountryDataset,
  names: CensusNames,
): Promise<Release<MutualityData>> => {
  const total = await figures.countOf(req);
  if (total.status !== 200) return total;
  const index = await figures.mutualityIndex(req);
  const pillars: ComparedMutualityPillar[] = [];
  for (const { pillar, source } of dataset.pillars) {
    const { topic, list } = PILLAR_TOPICS[pillar.pillar];
    const release = await figures.distributionOf(req, topic);
    if (release.status !== 200) {
      pillars.push({ pillar: pillar.pillar, status: 204, source, message: release.message });
      continue;
    }
    const compared = comparePillar(pillar, await valuesOf(db, list, release.data));
    pillars.push({
      pillar: pillar.pillar,
      status: 200,
      source,
      multiple: pillar.multiple,
      rest: pillar.rest,
      values: compared.values.map((value) => names.value(pillar.pillar, { ...value, codes: [...value.codes] })),
      score: compared.score,
      classified: compared.classified,
      coverage: coverageOf(index, pillar.pillar),
    });
  }
  return {
    status: 200,
    data: {
      country: { id: country.id, code: country.code, name: names.country(country.code, country.name) },
      label,
      respondents: total.data.count,
      pillars,
      overall: overallScore(pillars.map((pillar) => (pillar.status === 200 ? pillar.score : null))),
      missing: [...dataset.missing],
    },
  };
};

/** What a caller who sees part of the organisation is shown as: the organisation's name, or their scope's groups. */
const ownLabel = async (db: Kysely<Database>, auth: AuthContext): Promise<string> => {
  const [own] = await resolve(db, auth, { selections: [{ group: WHOLE_ORGANIZATION }] });
  return own?.label ?? auth.organization.name;
};

const admitted = async (budget: SelectionBudget, req: StatsRequest): Promise<Release<never> | null> => ((await budget.allow(req.context)) ? null : refused());

/** `mutuality/data`: everything the caller may see, with the dashboard filters. */
export const mutualityOf = async (
  db: Kysely<Database>,
  figures: StatisticsFigures,
  budget: SelectionBudget,
  auth: AuthContext,
  query: MutualityQuery,
  locale?: string,
): Promise<Release<MutualityData>> => {
  const { country_id: countryId, ...filters } = query;
  const { country, dataset } = await countryOf(db, countryId, auth.organization.id);
  const scope: DepartmentScope = await departmentScopeOf(db, auth);
  const req = await statsRequestOf(db, auth.organization.id, scope, filters as Filters);
  return (await admitted(budget, req)) ?? compareWithCensus(db, figures, req, await ownLabel(db, auth), country, dataset, await censusNamesFor(db, locale));
};

/** `mutuality/compare-data`: one selection (the whole organisation or a group, optionally a date range). */
export const mutualitySelectionOf = async (
  db: Kysely<Database>,
  figures: StatisticsFigures,
  budget: SelectionBudget,
  auth: AuthContext,
  query: MutualityCompareQuery,
  locale?: string,
): Promise<Release<MutualityData>> => {
  const { country_id: countryId, group, 'date-tag': tag, ...filters } = query;
  const { country, dataset } = await countryOf(db, countryId, auth.organization.id);
  const [selection] = await resolve(db, auth, { selections: [{ group, ...(tag === undefined ? {} : { 'date-tag': tag }) }] });
  const req = await statsRequestOf(db, auth.organization.id, selection!.scope, selection!.dateTag === null ? (filters as Filters) : { ...(filters as Filters), 'date-tag': selection!.dateTag });
  return (await admitted(budget, req)) ?? compareWithCensus(db, figures, req, selection!.label, country, dataset, await censusNamesFor(db, locale));
};
