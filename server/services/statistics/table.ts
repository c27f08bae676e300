import { type StatisticsEndpoint, statisticEndpoint } from '../../../domain/contracts/statistics';
import { STATISTIC_IDS, STATISTICS_ON_PAGES, type StatisticData, type StatisticId } from '../../../domain/stats/catalogue';
import { type Release, SPECIAL_CATEGORY_MIN_GROUP_SIZE } from '../../../domain/stats';
import { type StatisticsFigures, type StatsRequest, renameItems } from './figures';
import * as topics from './topics';

/** A statistics endpoint and how its figure is computed (server/services/statistics/figures.ts). */
export interface StatisticsRoute {
  readonly id: StatisticId;
  readonly endpoint: StatisticsEndpoint;
  readonly compute: (req: StatsRequest) => Promise<Release<unknown>>;
}

/**
 * How each statistic of the catalogue (domain/stats/catalogue.ts) is computed, by id: the type asks
 * for every id, each with a figure of its data codec's type, so a statistic added to the catalogue
 * without its compute (or with a figure of the wrong shape) does not typecheck.
 */
export type StatisticsComputes = { readonly [Id in StatisticId]: (req: StatsRequest) => Promise<Release<StatisticData<Id>>> };

/** Every statistic's compute (the figures of ./figures.ts). */
export const statisticsComputes = (f: StatisticsFigures): StatisticsComputes => {
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
  return {
    // home/
    'home.totalRegistered': count,
    'home.totalBirthCountry': distinct(topics.countryBirth),
    'home.totalWorldview': distinct(topics.worldviews),
    'home.totalEthnicity': distinct(topics.ethnicities),
    'home.totalLanguage': distinct(topics.languages),
    'home.totalGroupSubgroup': async (req) => ({ status: 200, data: { count: await f.groupCount(req) } }),
    // overview/
    'overview.rowOne': headline(respondents),
    'overview.rowTwo': headline(['countries', topics.countryBirth], ['languages', topics.languages]),
    'overview.rowThree': headline(['worldviews', topics.worldviews], ['heritages', topics.ethnicities]),
    'overview.totalRegistered': count,
    'overview.tertiaryEducation': distribution(topics.tertiaryEducation),
    'overview.countryBirth': distribution(topics.countryBirth),
    'overview.bornCountryRegistration': distribution(topics.bornCountryRegistration),
    'overview.genderAgeRange': (req) => f.pyramid(req),
    'overview.peopleLtc': ltc,
    // country/
    'country.countries': distribution(topics.countryBirth),
    'country.tree': tree(topics.countryTree),
    'country.rowOne': headline(respondents, ['countries', topics.countryBirth]),
    'country.rowTwo': headline(['continents', topics.birthContinent], ['regions', topics.birthRegion]),
    'country.rowThree': (req) => f.cellHeadline(req, topics.bornCountryRegistration, ['same', 'other']).then(renameItems({ same: 'born_here', other: 'born_abroad' })),
    'country.parentGrandparent': distribution(topics.migrationGeneration),
    // language/
    'language.languages': distribution(topics.languages),
    'language.zones': distribution(topics.languageZones),
    'language.tree': tree(topics.languageTree),
    'language.native': distribution(topics.nativeLanguages),
    'language.monolingual': distribution(topics.languageCount),
    'language.multilingual': distribution(topics.languageCount),
    'language.rowOne': headline(respondents, ['languages', topics.languages]),
    'language.rowTwo': cells(topics.languageCount, 'monolingual', 'multilingual'),
    'language.rowThree': headline(['zones', topics.languageZones], ['native_languages', topics.nativeLanguages]),
    'language.mostCommon': mostCommon(topics.languages),
    'language.totalKnown': distribution(topics.languagesKnown),
    'language.mostCommonZone': mostCommon(topics.languageZones),
    'language.mostCommonMacrozone': mostCommon(topics.languageMacrozones),
    'language.treeParticipant': tree(topics.languageParticipantTree),
    'language.listGender': byGender(topics.languages),
    'language.listZoneGender': byGender(topics.languageZones),
    'language.listLevel': distribution(topics.languageLevels),
    'language.listMacrozoneGender': byGender(topics.languageMacrozones),
    'language.microZones': distribution(topics.languageMicrozones),
    // worldview/
    'worldview.worldviews': distribution(topics.worldviews),
    'worldview.tree': tree(topics.worldviewTree),
    'worldview.rowOne': headline(respondents, ['worldviews', topics.worldviews]),
    'worldview.rowTwo': headline(['branches', topics.branches], ['denominations', topics.denominations]),
    'worldview.rowThree': cells(topics.religiousAffiliation, 'religious', 'secular'),
    'branch.branches': distribution(topics.branches),
    'denomination.denominations': distribution(topics.denominations),
    // ethnicity/
    'ethnicity.ethnicities': distribution(topics.ethnicities),
    'ethnicity.culturalFamilies': distribution(topics.culturalFamilies),
    'ethnicity.ethnicRegions': distribution(topics.ethnicRegions),
    'ethnicity.tree': tree(topics.ethnicityTree),
    'ethnicity.rowOne': headline(respondents, ['heritages', topics.ethnicities]),
    'ethnicity.rowTwo': headline(['cultural_families', topics.culturalFamilies], ['regions', topics.ethnicRegions]),
    'ethnicity.rowThree': cells(topics.heritageCount, 'one_heritage', 'several_heritages'),
    'ethnicity.cultureBelong': distribution(topics.cultureBelong),
    'ethnicity.cultureIdentity': distribution(topics.cultureIdentity),
    'cultureBelong.tree': tree(topics.cultureBelongTree),
    'cultureIdentity.tree': tree(topics.cultureIdentityTree),
    'appearance.appearances': distribution(topics.appearances),
    'appearance.tree': tree(topics.appearanceTree),
    // demographic/
    'demographic.birthContinent': distribution(topics.birthContinent),
    'demographic.highschoolCompletion': distribution(topics.highschoolCompletion),
    'demographic.peopleLtc': ltc,
    'demographic.rowOne': distribution(topics.gender),
    'demographic.rowTwo': distribution(topics.generation),
    'demographic.rowThree': distribution(topics.positionLevel),
    'demographic.rowFour': distribution(topics.education),
    'demographic.rowFive': distribution(topics.disability),
    'demographic.lgbtiq': (req) => f.distributionOf(special(req), topics.sexualOrientation),
    'demographic.womanManager': (req) => f.womanManager(req),
    'demographic.statePerGender': byGender(topics.states),
    // general/
    'general.mutualityIndex': (req) => f.mutualityIndex(req),
    'general.badges': (req) => f.badges(req),
    'general.waiting': (req) => f.waiting(req),
  };
};

/** Every statistics endpoint of SPEC section 7 but the key facts, with its figure, in the catalogue's order. */
export const statisticsTable = (f: StatisticsFigures): StatisticsRoute[] => {
  const computes = statisticsComputes(f);
  return STATISTIC_IDS.map((id) => ({ id, endpoint: statisticEndpoint(id), compute: computes[id] }));
};

/** The home page's statistics (the figures warmed after a start: ./warmUp.ts): its cards, its index and its badges. */
const HOME_STATISTICS: readonly StatisticId[] = [...STATISTICS_ON_PAGES.home, 'general.badges', 'general.mutualityIndex'];

export const HOME_ENDPOINTS: readonly StatisticsEndpoint[] = HOME_STATISTICS.map((id) => statisticEndpoint(id));

/** The computes of the home page's cards, for warming the cache. */
export const homePageComputes = (f: StatisticsFigures): ((req: StatsRequest) => Promise<unknown>)[] => {
  const computes = statisticsComputes(f);
  return HOME_STATISTICS.map((id) => computes[id]);
};
