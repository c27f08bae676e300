import type * as t from 'io-ts';
import { type StatisticsEndpoint, statisticsEndpoints as E } from '../../../domain/contracts/statistics';
import { type Release, SPECIAL_CATEGORY_MIN_GROUP_SIZE } from '../../../domain/stats';
import { type StatisticsFigures, type StatsRequest, renameItems } from './figures';
import * as topics from './topics';

/** A statistics endpoint and how its figure is computed (server/services/statistics/figures.ts). */
export interface StatisticsRoute {
  readonly endpoint: StatisticsEndpoint;
  readonly compute: (req: StatsRequest) => Promise<Release<unknown>>;
}

/** Every statistics endpoint of SPEC section 7 but the key facts, with its figure. */
export const statisticsTable = (f: StatisticsFigures): StatisticsRoute[] => {
  // Each pair is checked here: the figure has the endpoint's data type.
  const route = <D extends t.Mixed>(endpoint: StatisticsEndpoint<D>, compute: (req: StatsRequest) => Promise<Release<t.TypeOf<D>>>): StatisticsRoute => ({ endpoint, compute });
  const distribution = (topic: topics.Topic) => (req: StatsRequest) => f.distributionOf(req, topic);
  const tree = (topic: topics.Topic) => (req: StatsRequest) => f.treeOf(req, topic);
  const distinct = (topic: topics.Topic) => (req: StatsRequest) => f.distinctOf(req, topic);
  const headline = (...items: (readonly [string, topics.Topic | null])[]) => (req: StatsRequest) => f.headline(req, items);
  const cells = (topic: topics.Topic, ...keys: string[]) => (req: StatsRequest) => f.cellHeadline(req, topic, keys);
  const mostCommon = (topic: topics.Topic) => (req: StatsRequest) => f.mostCommonOf(req, topic);
  const byGender = (topic: topics.Topic) => (req: StatsRequest) => f.byGender(req, topic);
  const count = (req: StatsRequest) => f.countOf(req);
  const ltc = (req: StatsRequest) => f.ltcOf(req);
  const respondents = ['respondents', null] as const;
  // Sexual orientation is special-category data whatever the filters: its figures need k of at least 10.
  const special = (req: StatsRequest): StatsRequest => ({ ...req, k: Math.max(req.k, SPECIAL_CATEGORY_MIN_GROUP_SIZE) });
  return [
    // home/
    route(E.home.totalRegistered, count),
    route(E.home.totalBirthCountry, distinct(topics.countryBirth)),
    route(E.home.totalWorldview, distinct(topics.worldviews)),
    route(E.home.totalEthnicity, distinct(topics.ethnicities)),
    route(E.home.totalLanguage, distinct(topics.languages)),
    route(E.home.totalGroupSubgroup, async (req) => ({ status: 200, data: { count: await f.groupCount(req) } })),
    // overview/
    route(E.overview.rowOne, headline(respondents)),
    route(E.overview.rowTwo, headline(['countries', topics.countryBirth], ['languages', topics.languages])),
    route(E.overview.rowThree, headline(['worldviews', topics.worldviews], ['heritages', topics.ethnicities])),
    route(E.overview.totalRegistered, count),
    route(E.overview.tertiaryEducation, distribution(topics.tertiaryEducation)),
    route(E.overview.countryBirth, distribution(topics.countryBirth)),
    route(E.overview.bornCountryRegistration, distribution(topics.bornCountryRegistration)),
    route(E.overview.genderAgeRange, (req) => f.pyramid(req)),
    route(E.overview.peopleLtc, ltc),
    // country/
    route(E.country.countries, distribution(topics.countryBirth)),
    route(E.country.tree, tree(topics.countryTree)),
    route(E.country.rowOne, headline(respondents, ['countries', topics.countryBirth])),
    route(E.country.rowTwo, headline(['continents', topics.birthContinent], ['regions', topics.birthRegion])),
    route(E.country.rowThree, (req) => f.cellHeadline(req, topics.bornCountryRegistration, ['same', 'other']).then(renameItems({ same: 'born_here', other: 'born_abroad' }))),
    route(E.country.parentGrandparent, distribution(topics.migrationGeneration)),
    // language/
    route(E.language.languages, distribution(topics.languages)),
    route(E.language.zones, distribution(topics.languageZones)),
    route(E.language.tree, tree(topics.languageTree)),
    route(E.language.native, distribution(topics.nativeLanguages)),
    route(E.language.monolingual, distribution(topics.languageCount)),
    route(E.language.multilingual, distribution(topics.languageCount)),
    route(E.language.rowOne, headline(respondents, ['languages', topics.languages])),
    route(E.language.rowTwo, cells(topics.languageCount, 'monolingual', 'multilingual')),
    route(E.language.rowThree, headline(['zones', topics.languageZones], ['native_languages', topics.nativeLanguages])),
    route(E.language.mostCommon, mostCommon(topics.languages)),
    route(E.language.totalKnown, distribution(topics.languagesKnown)),
    route(E.language.mostCommonZone, mostCommon(topics.languageZones)),
    route(E.language.mostCommonMacrozone, mostCommon(topics.languageMacrozones)),
    route(E.language.treeParticipant, tree(topics.languageParticipantTree)),
    route(E.language.listGender, byGender(topics.languages)),
    route(E.language.listZoneGender, byGender(topics.languageZones)),
    route(E.language.listLevel, distribution(topics.languageLevels)),
    route(E.language.listMacrozoneGender, byGender(topics.languageMacrozones)),
    route(E.language.microZones, distribution(topics.languageMicrozones)),
    // worldview/
    route(E.worldview.worldviews, distribution(topics.worldviews)),
    route(E.worldview.tree, tree(topics.worldviewTree)),
    route(E.worldview.rowOne, headline(respondents, ['worldviews', topics.worldviews])),
    route(E.worldview.rowTwo, headline(['branches', topics.branches], ['denominations', topics.denominations])),
    route(E.worldview.rowThree, cells(topics.religiousAffiliation, 'religious', 'secular')),
    route(E.branch.branches, distribution(topics.branches)),
    route(E.denomination.denominations, distribution(topics.denominations)),
    // ethnicity/
    route(E.ethnicity.ethnicities, distribution(topics.ethnicities)),
    route(E.ethnicity.culturalFamilies, distribution(topics.culturalFamilies)),
    route(E.ethnicity.ethnicRegions, distribution(topics.ethnicRegions)),
    route(E.ethnicity.tree, tree(topics.ethnicityTree)),
    route(E.ethnicity.rowOne, headline(respondents, ['heritages', topics.ethnicities])),
    route(E.ethnicity.rowTwo, headline(['cultural_families', topics.culturalFamilies], ['regions', topics.ethnicRegions])),
    route(E.ethnicity.rowThree, cells(topics.heritageCount, 'one_heritage', 'several_heritages')),
    route(E.ethnicity.cultureBelong, distribution(topics.cultureBelong)),
    route(E.ethnicity.cultureIdentity, distribution(topics.cultureIdentity)),
    route(E.cultureBelong.tree, tree(topics.cultureBelongTree)),
    route(E.cultureIdentity.tree, tree(topics.cultureIdentityTree)),
    route(E.appearance.appearances, distribution(topics.appearances)),
    route(E.appearance.tree, tree(topics.appearanceTree)),
    // demographic/
    route(E.demographic.birthContinent, distribution(topics.birthContinent)),
    route(E.demographic.highschoolCompletion, distribution(topics.highschoolCompletion)),
    route(E.demographic.peopleLtc, ltc),
    route(E.demographic.rowOne, distribution(topics.gender)),
    route(E.demographic.rowTwo, distribution(topics.generation)),
    route(E.demographic.rowThree, distribution(topics.positionLevel)),
    route(E.demographic.rowFour, distribution(topics.education)),
    route(E.demographic.rowFive, distribution(topics.disability)),
    route(E.demographic.lgbtiq, (req) => f.distributionOf(special(req), topics.sexualOrientation)),
    route(E.demographic.womanManager, (req) => f.womanManager(req)),
    route(E.demographic.statePerGender, byGender(topics.states)),
    // general/
    route(E.general.mutualityIndex, (req) => f.mutualityIndex(req)),
    route(E.general.badges, (req) => f.badges(req)),
    route(E.general.waiting, (req) => f.waiting(req)),
  ];
};

/** The home page's cards (the figures warmed after a start: ./warmUp.ts). */
export const HOME_ENDPOINTS: readonly StatisticsEndpoint[] = [...Object.values(E.home), E.general.badges, E.general.mutualityIndex];

/** The computes of the home page's cards, for warming the cache. */
export const homePageComputes = (f: StatisticsFigures): ((req: StatsRequest) => Promise<unknown>)[] =>
  statisticsTable(f)
    .filter((row) => HOME_ENDPOINTS.includes(row.endpoint))
    .map((row) => row.compute);
