import * as t from 'io-ts';
import { endpoint, type Endpoint } from './endpoint';
import { FilterQuery } from './filterQuery';
import { CrossTable, DiversityIndex, Distribution, StatTree } from './stats';

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

/** Query of every statistics endpoint: filters travel as filter[...] and are read from the raw query. */
/** Every statistics endpoint's query: the dashboard filters (filterQuery.ts). */
export const StatisticsQuery = FilterQuery;

export const Count = t.strict({ count: t.number });
export type Count = t.TypeOf<typeof Count>;

/**
 * Answers received but not yet in the figures (they enter in batches of at least m people):
 * whether there are any, and their number rounded down to a multiple of m, so that one more
 * answer moves it only when a batch could form.
 */
export const Waiting = t.strict({ some: t.boolean, atLeast: t.number, blockSize: t.number });
export type Waiting = t.TypeOf<typeof Waiting>;

export const HeadlineItem = t.strict({ key: t.string, value: t.number });
export const Headline = t.strict({ items: t.array(HeadlineItem) });
export type Headline = t.TypeOf<typeof Headline>;

/** Badge key to the index it reads (a pillar, or the overall index). */
export const BADGES = {
  'diverse-heritage': 'heritage',
  'born-worldwide': 'country',
  multilingual: 'language',
  'many-worldviews': 'worldview',
  'mutuality-leader': 'overall',
} as const;
export const BADGE_THRESHOLD = 0.7;

export const Badge = t.strict({ key: t.string, earned: t.boolean });
export const Badges = t.strict({ badges: t.array(Badge) });
export type Badges = t.TypeOf<typeof Badges>;

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

const stat = <D extends t.Mixed>(path: string, data: D, query: t.Mixed = StatisticsQuery): StatisticsEndpoint<D> =>
  ({ ...endpoint({ method: 'GET', path, query, data }), filtered: true }) as StatisticsEndpoint<D>;

export const statisticsEndpoints = {
  home: {
    totalRegistered: stat('/home/total-registered', Count),
    totalBirthCountry: stat('/home/total-birth-country', Count),
    totalWorldview: stat('/home/total-worldview', Count),
    totalEthnicity: stat('/home/total-ethnicity', Count),
    totalGroupSubgroup: stat('/home/total-group-subgroup', Count),
    totalLanguage: stat('/home/total-language', Count),
  },
  overview: {
    rowOne: stat('/overview/row-one', Headline),
    rowTwo: stat('/overview/row-two', Headline),
    rowThree: stat('/overview/row-three', Headline),
    totalRegistered: stat('/overview/total-registered', Count),
    tertiaryEducation: stat('/overview/tertiary-education', Distribution),
    countryBirth: stat('/overview/country-birth', Distribution),
    bornCountryRegistration: stat('/overview/born-country-registration', Distribution),
    genderAgeRange: stat('/overview/gender-age-range', CrossTable),
    peopleLtc: stat('/overview/people-ltc', Count),
  },
  country: {
    rowOne: stat('/country/row-one', Headline),
    rowTwo: stat('/country/row-two', Headline),
    rowThree: stat('/country/row-three', Headline),
    countries: stat('/country/countries', Distribution),
    /** continent -> micro-zone -> country of birth */
    tree: stat('/country/tree', StatTree),
    /** 'first' | 'second' | 'third' | 'local' migration generation (questions 4, 6 to 11). */
    parentGrandparent: stat('/country/parent-grandparent', Distribution),
  },
  language: {
    /** Multiple: people speaking each language (any level). */
    languages: stat('/language/languages', Distribution),
    /** Multiple: people speaking a language of each zone. */
    zones: stat('/language/zones', Distribution),
    /** zone -> language */
    tree: stat('/language/tree', StatTree),
    /** Multiple: native languages. */
    native: stat('/language/native', Distribution),
    /** 'monolingual' (one language) vs 'multilingual' (two or more); 'none' for no answer. */
    monolingual: stat('/language/monolingual', Distribution),
    multilingual: stat('/language/multilingual', Distribution),
    rowOne: stat('/language/row-one', Headline),
    rowTwo: stat('/language/row-two', Headline),
    rowThree: stat('/language/row-three', Headline),
    /** The ten most spoken languages, largest first. */
    mostCommon: stat('/language/most-common', Distribution),
    /** Languages known per person: '1', '2', '3', '4+'. */
    totalKnown: stat('/language/total-known', Distribution),
    mostCommonZone: stat('/language/most-common-zone', Distribution),
    mostCommonMacrozone: stat('/language/most-common-macrozone', Distribution),
    /** continent -> zone -> language */
    treeParticipant: stat('/language/tree-participant', StatTree),
    /** rows gender, columns languages */
    listGender: stat('/language/list-gender', CrossTable),
    /** rows gender, columns language zones */
    listZoneGender: stat('/language/list-zone-gender', CrossTable),
    /** Multiple: levels of the languages spoken. */
    listLevel: stat('/language/list-level', Distribution),
    /** rows gender, columns language continents */
    listMacrozoneGender: stat('/language/list-macrozone-gender', CrossTable),
    /** Multiple: regions of the languages spoken. */
    microZones: stat('/language/micro-zones', Distribution),
  },
  worldview: {
    worldviews: stat('/worldview/worldviews', Distribution),
    /** worldview -> branch -> denomination */
    tree: stat('/worldview/tree', StatTree),
    rowOne: stat('/worldview/row-one', Headline),
    rowTwo: stat('/worldview/row-two', Headline),
    rowThree: stat('/worldview/row-three', Headline),
  },
  /** Every branch answered (whatever the worldview). */
  branch: { branches: stat('/branch/branches', Distribution) },
  denomination: { denominations: stat('/denomination/denominations', Distribution) },
  ethnicity: {
    /** Multiple: people naming each cultural heritage. */
    ethnicities: stat('/ethnicity/ethnicities', Distribution),
    culturalFamilies: stat('/ethnicity/cultural-families', Distribution),
    ethnicRegions: stat('/ethnicity/ethnic-regions', Distribution),
    /** cultural family -> heritage */
    tree: stat('/ethnicity/tree', StatTree),
    rowOne: stat('/ethnicity/row-one', Headline),
    rowTwo: stat('/ethnicity/row-two', Headline),
    rowThree: stat('/ethnicity/row-three', Headline),
    /** Multiple: cultures people feel they belong to. */
    cultureBelong: stat('/ethnicity/culture-belong', Distribution),
    /** The culture each person identifies with most. */
    cultureIdentity: stat('/ethnicity/culture-identity', Distribution),
  },
  /** cultural family -> culture */
  cultureBelong: { tree: stat('/culture-belong/tree', StatTree) },
  cultureIdentity: { tree: stat('/culture-identity/tree', StatTree) },
  appearance: {
    appearances: stat('/appearance/appearances', Distribution),
    /** appearance -> continent of birth */
    tree: stat('/appearance/tree', StatTree),
  },
  demographic: {
    /** Gender (principle id keys). */
    rowOne: stat('/demographic/row-one', Distribution),
    /** Generation: 'Gen X', 'Gen Y', 'Gen Z', 'other'. */
    rowTwo: stat('/demographic/row-two', Distribution),
    /** Position level. */
    rowThree: stat('/demographic/row-three', Distribution),
    /** Highest education. */
    rowFour: stat('/demographic/row-four', Distribution),
    /** Disability answers. */
    rowFive: stat('/demographic/row-five', Distribution),
    /** Sexual orientation answers (the LGBTIQ+ chart): a special category, released at k of at least 10. */
    lgbtiq: stat('/demographic/lgbtiq', Distribution),
    birthContinent: stat('/demographic/birth-continent', Distribution),
    /** Gender of the respondents whose position level is Managers. */
    womanManager: stat('/demographic/woman-manager', Distribution),
    /** 'completed' (senior secondary or above) vs 'not_completed'. */
    highschoolCompletion: stat('/demographic/highschool-completion', Distribution),
    peopleLtc: stat('/demographic/people-ltc', Count),
    /** rows gender, columns state of residence. */
    statePerGender: stat('/demographic/state-per-gender', CrossTable),
  },
  general: {
    /** The organisation's diversity index (domain/stats/diversity.ts) within the selection. */
    mutualityIndex: stat('/general/mutuality-index', DiversityIndex),
    /** BADGES, each earned when its released pillar index (or the overall one) reaches BADGE_THRESHOLD. */
    badges: stat('/general/badges', Badges),
    /** The caller's scope's answers not yet in the figures (Waiting). */
    waiting: stat('/general/waiting', Waiting),
  },
  /** Short sentences built from released figures only; 204 without `page` or with nothing to say. */
  keyFacts: stat('/key-facts', KeyFacts, t.intersection([FilterQuery, t.partial({ page: t.string })])),
} as const;
