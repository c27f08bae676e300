import type * as t from 'io-ts';
import type { ExportPage } from '../contracts/exports';
import { CrossTable, DiversityIndex, Distribution, StatTree } from '../contracts/stats';
import { Badges, Count, Headline, Waiting } from '../contracts/statisticsData';
import type { MessageKey } from '../i18n/en';

/**
 * The statistics endpoints of SPEC section 7 (GET, below /api).
 *
 * Every endpoint reads the dashboard filters as `filter[name]` query parameters (SPEC section 3,
 * domain/filters/encoding.ts): position-level and gender are lists of principle ids,
 * age-range 'low-high' (whole 5-year bands inside it), disability and lgbtiq 'yes' or 'no',
 * generation a list of 'Gen X' | 'Gen Y' | 'Gen Z', date-tag the id of one of the
 * organisation's date ranges (the population is then the responses submitted in it). The
 * caller's group scope (view-as included) always applies.
 *
 * The `data` codec below is what a released section holds. When disclosure control withholds
 * the whole section, the reply is the envelope `{ status: 204, message }` with no data
 * ('It needs at least 5 answers.', 10 with a disability or lgbtiq filter, or
 * 'Not enough data to show.'); a small category inside a released section is a suppressed cell,
 * never a zero.
 *
 * Meanings the SPEC leaves open (decided here, kept consistent by the server):
 * - A `Count` is the number of respondents of the selection (released only at k or more).
 * - A `Headline` row lists named figures: `respondents`, and `countries`, `languages`,
 *   `worldviews`, `heritages`: how many distinct values have a released count in the selection.
 * - home/total-group-subgroup counts the groups and sub-groups the caller may see (structure,
 *   not answers).
 * - overview/row-one: respondents; row-two: countries and languages; row-three: worldviews and
 *   heritages.
 * - overview/tertiary-education: 'tertiary' (ASCED levels 1 to 4: doctoral, master's, graduate
 *   diploma, bachelor's, advanced diploma) vs 'other'; Prefer not to answer apart.
 * - overview/born-country-registration: born in the organisation's country ('same') or not
 *   ('other').
 * - overview/people-ltc and demographic/people-ltc: respondents with a long-term condition
 *   (any disability answer other than 'No disability'), as a Count (k at least 10).
 * - overview/gender-age-range: CrossTable, rows gender (principle id keys), columns 5-year age
 *   bands ('25-29', '65+', 'unknown').
 * - lgbtiq 'yes': a sexual orientation other than straight, "don't know" or prefer not, or the
 *   gender Non-binary.
 * - A Headline item taken from a released distribution's cell (`born_here`, `born_abroad`,
 *   `monolingual`, `multilingual`, `religious`, `secular`, `one_heritage`,
 *   `several_heritages`) is left out of the row when that cell is suppressed.
 * - country/row-one: respondents and countries; row-two: `continents` and `regions` (distinct
 *   continents and geographic regions of birth); row-three: `born_here` and `born_abroad`
 *   (the two released counts of overview/born-country-registration).
 * - country/parent-grandparent: Distribution of the family's migration generation, "here" being
 *   the organisation's country: 'first' (the respondent was born abroad), 'second' (born here,
 *   a parent born abroad), 'third' (respondent and parents born here or not answered, a
 *   grandparent born abroad), 'local' (no answered relative born abroad). Questions 6 to 11;
 *   a relative's Prefer not to answer counts as no answer. The respondent's Prefer not apart.
 * - language/row-one: respondents and languages; row-two: `monolingual` and `multilingual`;
 *   row-three: `zones` (language zones) and `native_languages` (distinct native languages).
 * - language/most-common, most-common-zone, most-common-macrozone: the released values of
 *   languages, zones and continents (macro-zones) of the languages spoken, largest first, at
 *   most ten; suppressed values are left out, so these are lists, not whole distributions.
 * - language/total-known: how many languages a person speaks: '1', '2', '3', '4+'.
 * - language/tree-participant: continent -> zone -> language of the languages spoken; a
 *   person counts once under each node they mention.
 * - language/list-level: Multiple: people speaking at least one language at each level
 *   ('native', 'fluent', 'intermediate', 'basic').
 * - language/list-gender, list-zone-gender, list-macrozone-gender: CrossTables, rows gender,
 *   columns languages, language zones, language continents (multiple: a person counts once
 *   per column they mention).
 * - language/micro-zones: Multiple: geographic regions of the languages spoken.
 * - worldview/row-one: respondents and worldviews; row-two: `branches` and `denominations`;
 *   row-three: `religious` (a religion) and `secular` (ASCRG 95: secular beliefs, other
 *   spiritual beliefs, no religious affiliation).
 * - ethnicity/row-one: respondents and heritages; row-two: `cultural_families` and `regions`
 *   (broad cultural families and regions of the heritages named); row-three: `one_heritage`
 *   and `several_heritages`.
 * - ethnicity/culture-belong (Multiple, question 25) and culture-identity (question 26): the
 *   cultures people feel they belong to, and the one they identify with most (ethnicities
 *   list); culture-belong/tree and culture-identity/tree: broad cultural family -> culture.
 * - appearance/appearances: how people say others see them (question 27, appearances list);
 *   appearance/tree: appearance -> continent of birth (a person counts under their
 *   appearance and under its branch for their continent; no continent when the country of
 *   birth is not answered or Prefer not).
 */

/**
 * One row per statistic, the one place a statistic is declared. Its id is `group.name`
 * (e.g. 'language.rowOne'); from the row come:
 * - the endpoint GET /api<path> (domain/contracts/statistics.ts, statisticsEndpoints[group][name]),
 * - the client section `stat<Group><Name>`, e.g. statLanguageRowOne (domain/resources/sections/statistics.ts),
 * - the export card, keyed by the path without its slash ('language/row-one') and titled by `title`,
 *   on the pages that list the id in STATISTICS_ON_PAGES below (domain/contracts/exports.ts),
 * - on the server, the compute of `statisticsComputes` (server/services/statistics/table.ts), whose
 *   type asks for one per id, so a statistic without its figure does not typecheck.
 * The paths, section names and card keys are wire names (saved reports keep card keys): never rename.
 */
export interface StatisticRow<D extends t.Mixed = t.Mixed, P extends string = string> {
  /** Below /api, as SPEC section 7 spells it. */
  readonly path: P;
  /** What a released section holds. */
  readonly data: D;
  /** The card's title on a dashboard page and in an export (none: the statistic is not a card). */
  readonly title?: MessageKey;
  /** Whether the dashboards load it as a section of their own (a figure only the server reads has none). */
  readonly section: boolean;
}

// Pure builders (no side effects): a bundle that imports the catalogue but reads no row can drop it.
/** A statistic the dashboards show as a card under its title (and load as a section). */
const statistic = /* @__NO_SIDE_EFFECTS__ */ <P extends string, D extends t.Mixed>(path: P, data: D, title: MessageKey) => ({ path, data, title, section: true as const });

/** A statistic the dashboards load as a section but draw without a card title of their own (the index, the badges). */
const untitled = /* @__NO_SIDE_EFFECTS__ */ <P extends string, D extends t.Mixed>(path: P, data: D) => ({ path, data, section: true as const });

/** A statistic only the server reads (exports, key facts): an endpoint, no section. */
const serverOnly = /* @__NO_SIDE_EFFECTS__ */ <P extends string, D extends t.Mixed>(path: P, data: D) => ({ path, data, section: false as const });

export const STATISTICS = {
  home: {
    totalRegistered: statistic('/home/total-registered', Count, 'stat.home.total_registered'),
    totalBirthCountry: statistic('/home/total-birth-country', Count, 'stat.home.total_birth_country'),
    totalWorldview: statistic('/home/total-worldview', Count, 'stat.home.total_worldview'),
    totalEthnicity: statistic('/home/total-ethnicity', Count, 'stat.home.total_ethnicity'),
    totalGroupSubgroup: statistic('/home/total-group-subgroup', Count, 'stat.home.total_group_subgroup'),
    totalLanguage: statistic('/home/total-language', Count, 'stat.home.total_language'),
  },
  overview: {
    rowOne: statistic('/overview/row-one', Headline, 'stat.overview.row_one'),
    rowTwo: statistic('/overview/row-two', Headline, 'stat.overview.row_two'),
    rowThree: statistic('/overview/row-three', Headline, 'stat.overview.row_three'),
    totalRegistered: statistic('/overview/total-registered', Count, 'stat.overview.total_registered'),
    tertiaryEducation: statistic('/overview/tertiary-education', Distribution, 'stat.overview.tertiary_education'),
    countryBirth: statistic('/overview/country-birth', Distribution, 'stat.overview.country_birth'),
    bornCountryRegistration: statistic('/overview/born-country-registration', Distribution, 'stat.overview.born_country_registration'),
    genderAgeRange: statistic('/overview/gender-age-range', CrossTable, 'stat.overview.gender_age_range'),
    peopleLtc: statistic('/overview/people-ltc', Count, 'stat.people_ltc'),
  },
  country: {
    rowOne: statistic('/country/row-one', Headline, 'stat.country.row_one'),
    rowTwo: statistic('/country/row-two', Headline, 'stat.country.row_two'),
    rowThree: statistic('/country/row-three', Headline, 'stat.country.row_three'),
    countries: statistic('/country/countries', Distribution, 'stat.country.countries'),
    /** continent -> micro-zone -> country of birth */
    tree: statistic('/country/tree', StatTree, 'stat.country.tree'),
    /** 'first' | 'second' | 'third' | 'local' migration generation (questions 4, 6 to 11). */
    parentGrandparent: statistic('/country/parent-grandparent', Distribution, 'stat.country.parent_grandparent'),
  },
  language: {
    /** Multiple: people speaking each language (any level). */
    languages: statistic('/language/languages', Distribution, 'stat.language.languages'),
    /** Multiple: people speaking a language of each zone. */
    zones: statistic('/language/zones', Distribution, 'stat.language.zones'),
    /** zone -> language */
    tree: statistic('/language/tree', StatTree, 'stat.language.tree'),
    /** Multiple: native languages. */
    native: statistic('/language/native', Distribution, 'stat.language.native'),
    /** 'monolingual' (one language) vs 'multilingual' (two or more); 'none' for no answer. */
    monolingual: statistic('/language/monolingual', Distribution, 'stat.language.monolingual'),
    multilingual: statistic('/language/multilingual', Distribution, 'stat.language.multilingual'),
    rowOne: statistic('/language/row-one', Headline, 'stat.language.row_one'),
    rowTwo: statistic('/language/row-two', Headline, 'stat.language.row_two'),
    rowThree: statistic('/language/row-three', Headline, 'stat.language.row_three'),
    /** The ten most spoken languages, largest first. */
    mostCommon: statistic('/language/most-common', Distribution, 'stat.language.most_common'),
    /** Languages known per person: '1', '2', '3', '4+'. */
    totalKnown: statistic('/language/total-known', Distribution, 'stat.language.total_known'),
    mostCommonZone: statistic('/language/most-common-zone', Distribution, 'stat.language.most_common_zone'),
    mostCommonMacrozone: statistic('/language/most-common-macrozone', Distribution, 'stat.language.most_common_macrozone'),
    /** continent -> zone -> language */
    treeParticipant: statistic('/language/tree-participant', StatTree, 'stat.language.tree_participant'),
    /** rows gender, columns languages */
    listGender: statistic('/language/list-gender', CrossTable, 'stat.language.list_gender'),
    /** rows gender, columns language zones */
    listZoneGender: statistic('/language/list-zone-gender', CrossTable, 'stat.language.list_zone_gender'),
    /** Multiple: levels of the languages spoken. */
    listLevel: statistic('/language/list-level', Distribution, 'stat.language.list_level'),
    /** rows gender, columns language continents */
    listMacrozoneGender: statistic('/language/list-macrozone-gender', CrossTable, 'stat.language.list_macrozone_gender'),
    /** Multiple: regions of the languages spoken. */
    microZones: statistic('/language/micro-zones', Distribution, 'stat.language.micro_zones'),
  },
  worldview: {
    worldviews: statistic('/worldview/worldviews', Distribution, 'stat.worldview.worldviews'),
    /** worldview -> branch -> denomination */
    tree: statistic('/worldview/tree', StatTree, 'stat.worldview.tree'),
    rowOne: statistic('/worldview/row-one', Headline, 'stat.worldview.row_one'),
    rowTwo: statistic('/worldview/row-two', Headline, 'stat.worldview.row_two'),
    rowThree: statistic('/worldview/row-three', Headline, 'stat.worldview.row_three'),
  },
  /** Every branch answered (whatever the worldview). */
  branch: { branches: serverOnly('/branch/branches', Distribution) },
  denomination: { denominations: serverOnly('/denomination/denominations', Distribution) },
  ethnicity: {
    /** Multiple: people naming each cultural heritage. */
    ethnicities: statistic('/ethnicity/ethnicities', Distribution, 'stat.ethnicity.ethnicities'),
    culturalFamilies: statistic('/ethnicity/cultural-families', Distribution, 'stat.ethnicity.cultural_families'),
    ethnicRegions: statistic('/ethnicity/ethnic-regions', Distribution, 'stat.ethnicity.ethnic_regions'),
    /** cultural family -> heritage */
    tree: statistic('/ethnicity/tree', StatTree, 'stat.ethnicity.tree'),
    rowOne: statistic('/ethnicity/row-one', Headline, 'stat.ethnicity.row_one'),
    rowTwo: statistic('/ethnicity/row-two', Headline, 'stat.ethnicity.row_two'),
    rowThree: statistic('/ethnicity/row-three', Headline, 'stat.ethnicity.row_three'),
    /** Multiple: cultures people feel they belong to. */
    cultureBelong: statistic('/ethnicity/culture-belong', Distribution, 'stat.ethnicity.culture_belong'),
    /** The culture each person identifies with most. */
    cultureIdentity: statistic('/ethnicity/culture-identity', Distribution, 'stat.ethnicity.culture_identity'),
  },
  /** cultural family -> culture */
  cultureBelong: { tree: statistic('/culture-belong/tree', StatTree, 'stat.culture_belong.tree') },
  cultureIdentity: { tree: statistic('/culture-identity/tree', StatTree, 'stat.culture_identity.tree') },
  appearance: {
    appearances: statistic('/appearance/appearances', Distribution, 'stat.appearance.appearances'),
    /** appearance -> continent of birth */
    tree: statistic('/appearance/tree', StatTree, 'stat.appearance.tree'),
  },
  demographic: {
    /** Gender (principle id keys). */
    rowOne: statistic('/demographic/row-one', Distribution, 'stat.demographic.row_one'),
    /** Generation: 'Gen X', 'Gen Y', 'Gen Z', 'other'. */
    rowTwo: statistic('/demographic/row-two', Distribution, 'stat.demographic.row_two'),
    /** Position level. */
    rowThree: statistic('/demographic/row-three', Distribution, 'stat.demographic.row_three'),
    /** Highest education. */
    rowFour: statistic('/demographic/row-four', Distribution, 'stat.demographic.row_four'),
    /** Disability answers. */
    rowFive: statistic('/demographic/row-five', Distribution, 'stat.demographic.row_five'),
    /** Sexual orientation answers (the LGBTIQ+ chart): a special category, released at k of at least 10. */
    lgbtiq: statistic('/demographic/lgbtiq', Distribution, 'stat.demographic.lgbtiq'),
    birthContinent: statistic('/demographic/birth-continent', Distribution, 'stat.demographic.birth_continent'),
    /** Gender of the respondents whose position level is Managers. */
    womanManager: statistic('/demographic/woman-manager', Distribution, 'stat.demographic.woman_manager'),
    /** 'completed' (senior secondary or above) vs 'not_completed'. */
    highschoolCompletion: statistic('/demographic/highschool-completion', Distribution, 'stat.demographic.highschool_completion'),
    peopleLtc: statistic('/demographic/people-ltc', Count, 'stat.people_ltc'),
    /** rows gender, columns state of residence. */
    statePerGender: statistic('/demographic/state-per-gender', CrossTable, 'stat.demographic.state_per_gender'),
  },
  general: {
    /** The organisation's diversity index (domain/stats/diversity.ts) within the selection. */
    mutualityIndex: untitled('/general/mutuality-index', DiversityIndex),
    /** BADGES, each earned when its released pillar index (or the overall one) reaches BADGE_THRESHOLD. */
    badges: untitled('/general/badges', Badges),
    /** The caller's scope's answers not yet in the figures (Waiting). */
    waiting: untitled('/general/waiting', Waiting),
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, StatisticRow>>>>;

type Catalogue = typeof STATISTICS;
export type StatisticsCatalogue = Catalogue;
export type StatisticGroup = keyof Catalogue;

/** 'language.rowOne': a statistic's id. */
export type StatisticId = { [G in StatisticGroup]: `${G}.${keyof Catalogue[G] & string}` }[StatisticGroup];

/** The row of an id, with its data codec's type kept. */
export type StatisticRowOf<Id extends StatisticId> = Id extends `${infer G extends StatisticGroup}.${infer N}`
  ? N extends keyof Catalogue[G]
    ? Catalogue[G][N]
    : never
  : never;
/** The statistics that are cards: they have a title. */
export type CardStatisticId = { [Id in StatisticId]: StatisticRowOf<Id> extends { readonly title: MessageKey } ? Id : never }[StatisticId];
export type StatisticCodec<Id extends StatisticId> = StatisticRowOf<Id> extends StatisticRow<infer D> ? D : never;
/** A statistic's path without its slash ('language/row-one'): how export cards, key facts and CSV requests name it. */
export type StatisticKey = { [Id in StatisticId]: StatisticRowOf<Id>['path'] extends `/${infer K}` ? K : never }[StatisticId];
export type StatisticData<Id extends StatisticId> = t.TypeOf<StatisticCodec<Id>>;

/** Every statistic's id, in the catalogue's order. */
const idsOf = (catalogue: Catalogue): StatisticId[] =>
  Object.entries(catalogue).flatMap(([group, rows]) => Object.keys(rows).map((name) => `${group}.${name}` as StatisticId));
export const STATISTIC_IDS: readonly StatisticId[] = /* @__PURE__ */ idsOf(STATISTICS);

export const statisticRow = <Id extends StatisticId>(id: Id): StatisticRowOf<Id> & StatisticRow => {
  const [group, name] = id.split('.') as [StatisticGroup, string];
  return (STATISTICS[group] as Record<string, StatisticRow>)[name] as StatisticRowOf<Id> & StatisticRow;
};

/**
 * The statistics each dashboard page shows as cards, in the page's order (its figures first): its
 * export cards, and the cards src/features/dashboards/<Page>Page.tsx draws from this list through
 * PageCards (tests/domain/exportCards.test.ts and tests/src/pageCards.test.tsx check each page).
 * A statistic may sit on several pages under the same title.
 */
export const STATISTICS_ON_PAGES = {
  home: ['home.totalRegistered', 'home.totalGroupSubgroup', 'home.totalBirthCountry', 'home.totalLanguage', 'home.totalWorldview', 'home.totalEthnicity'],
  overview: [
    'overview.rowOne',
    'overview.rowTwo',
    'overview.rowThree',
    'overview.totalRegistered',
    'overview.peopleLtc',
    'overview.genderAgeRange',
    'overview.countryBirth',
    'overview.bornCountryRegistration',
    'overview.tertiaryEducation',
  ],
  demographics: [
    'demographic.peopleLtc',
    'demographic.rowOne',
    'overview.genderAgeRange',
    'demographic.rowTwo',
    'demographic.rowThree',
    'demographic.rowFour',
    'demographic.rowFive',
    'demographic.lgbtiq',
    'demographic.birthContinent',
    'demographic.womanManager',
    'demographic.highschoolCompletion',
    'demographic.statePerGender',
  ],
  'country-birth': ['country.rowOne', 'country.rowTwo', 'country.rowThree', 'country.countries', 'country.tree', 'country.parentGrandparent'],
  languages: [
    'language.rowOne',
    'language.rowTwo',
    'language.rowThree',
    'language.languages',
    'language.native',
    'language.zones',
    'language.totalKnown',
    'language.listLevel',
    'language.microZones',
    'language.listGender',
    'language.listZoneGender',
    'language.listMacrozoneGender',
    'language.treeParticipant',
  ],
  worldviews: ['worldview.rowOne', 'worldview.rowTwo', 'worldview.rowThree', 'worldview.worldviews', 'worldview.tree'],
  'cultural-heritage': [
    'ethnicity.rowOne',
    'ethnicity.rowTwo',
    'ethnicity.rowThree',
    'ethnicity.ethnicities',
    'ethnicity.culturalFamilies',
    'ethnicity.ethnicRegions',
    'ethnicity.tree',
    'ethnicity.cultureBelong',
    'ethnicity.cultureIdentity',
    'cultureBelong.tree',
    'cultureIdentity.tree',
    'appearance.appearances',
    'appearance.tree',
  ],
} as const satisfies Record<ExportPage, readonly CardStatisticId[]>;

/**
 * Statistics no page draws any more, each with the one that now shows its figure: a saved report
 * or a request that names the old card reads the new one (their endpoints still answer).
 */
export const RETIRED_STATISTICS = {
  'language.mostCommon': 'language.languages',
  'language.mostCommonZone': 'language.zones',
  'language.mostCommonMacrozone': 'language.treeParticipant',
  'language.monolingual': 'language.rowTwo',
  'language.multilingual': 'language.rowTwo',
  'language.tree': 'language.treeParticipant',
} as const satisfies Partial<Record<CardStatisticId, CardStatisticId>>;
