import type { Count, Headline } from '../contracts/statistics';
import { type Distribution, type ReleasedCell, isSuppressed } from '../contracts/stats';
import type { StatisticKey } from '../stats/catalogue';

/**
 * Key facts of a dashboard page (issue 16): short sentences made from the figures the page's
 * statistics endpoints released, and nothing else. A fact whose figure is suppressed, withheld
 * or not loaded is not said, and a share is never said as 100% or 0% (`spoken`). A fact is data
 * (a message key and its values), so each reader gets it in their own language.
 */
export type KeyFact =
  | { readonly key: KeyFactCountKey; readonly count: number }
  | { readonly key: KeyFactShareKey; readonly percent: number }
  | { readonly key: KeyFactTopKey; readonly name: string; readonly percent: number }
  | { readonly key: `${KeyFactShareKey}_nearly_all` }
  | { readonly key: `${KeyFactTopKey}_nearly_all`; readonly name: string };

export type KeyFactCountKey = 'fact_respondents' | 'fact_countries' | 'fact_languages' | 'fact_worldviews' | 'fact_heritages' | 'fact_ltc' | 'fact_groups';
export type KeyFactShareKey = 'fact_born_abroad' | 'fact_tertiary' | 'fact_highschool' | 'fact_second_generation' | 'fact_multilingual';
export type KeyFactTopKey =
  | 'fact_top_country'
  | 'fact_top_continent'
  | 'fact_top_language'
  | 'fact_top_worldview'
  | 'fact_top_heritage';

/** The released sections a page's facts read, by the endpoint path (without the leading slash). null: not loaded or withheld. */
export type ReleasedSections = Readonly<Record<string, unknown>>;

/** The sections each dashboard page's facts need, named as the statistics catalogue keys them (domain/stats/catalogue.ts). */
export const KEY_FACT_SECTIONS = {
  home: ['home/total-registered', 'home/total-birth-country', 'home/total-language', 'home/total-worldview', 'home/total-ethnicity'],
  // No dashboard page of its own: GET /key-facts?page=coordinator says home's facts and the groups the caller sees.
  coordinator: [
    'home/total-registered',
    'home/total-birth-country',
    'home/total-language',
    'home/total-worldview',
    'home/total-ethnicity',
    'home/total-group-subgroup',
  ],
  overview: ['overview/row-one', 'overview/born-country-registration', 'overview/tertiary-education'],
  demographics: ['demographic/birth-continent', 'demographic/highschool-completion', 'demographic/people-ltc'],
  'country-birth': ['country/row-one', 'country/countries', 'country/parent-grandparent'],
  languages: ['language/row-one', 'language/languages', 'language/monolingual'],
  worldviews: ['worldview/row-one', 'worldview/worldviews'],
  'cultural-heritage': ['ethnicity/row-one', 'ethnicity/ethnicities'],
} as const satisfies Record<string, readonly StatisticKey[]>;

export type KeyFactPage = keyof typeof KEY_FACT_SECTIONS;
export const isKeyFactPage = (page: string): page is KeyFactPage => Object.hasOwn(KEY_FACT_SECTIONS, page);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const asCount = (value: unknown): Count | undefined => (isObject(value) && typeof value.count === 'number' ? (value as Count) : undefined);
const asHeadline = (value: unknown): Headline | undefined => (isObject(value) && Array.isArray(value.items) ? (value as Headline) : undefined);
const asDistribution = (value: unknown): Distribution | undefined => (isObject(value) && Array.isArray(value.cells) ? (value as Distribution) : undefined);

const released = (distribution: Distribution | undefined): ReleasedCell[] =>
  (distribution?.cells ?? []).filter((cell): cell is ReleasedCell => !isSuppressed(cell));

/** The largest released value that is an answer (Prefer not to answer left out), ties by label. */
export const topCell = (distribution: Distribution | undefined): ReleasedCell | undefined =>
  released(distribution)
    .filter((cell) => cell.preferNot !== true && cell.count > 0)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))[0];

const cellByKey = (distribution: Distribution | undefined, key: string): ReleasedCell | undefined =>
  released(distribution).find((cell) => cell.key === key && cell.count > 0);

/**
 * How a share may be said. Every figure carries an adjustment, and a value hidden below k, or
 * people who gave no answer, can sit beside a value whose figure reaches the selection's total
 * (6 people, one of them Buddhist, read "Christianity 100%"): released figures never show that
 * everyone gave a value, so a share that reads 100% is said as "nearly everyone". A shown value
 * that reads 0% is not said at all: it holds at least k people.
 */
const spoken = (percent: number): 'number' | 'nearly all' | 'unsaid' => (percent >= 100 ? 'nearly all' : percent <= 0 ? 'unsaid' : 'number');

const headlineValue = (headline: Headline | undefined, key: string): number | undefined => headline?.items.find((item) => item.key === key)?.value;

/** Builds the facts of a page from its released sections; at most one fact per figure. */
export const keyFactsOf = (page: KeyFactPage, sections: ReleasedSections): KeyFact[] => {
  const facts: KeyFact[] = [];
  const count = (key: KeyFactCountKey, value: number | undefined, least = 1) => {
    if (value !== undefined && value >= least) facts.push({ key, count: value });
  };
  const share = (key: KeyFactShareKey, cell: ReleasedCell | undefined) => {
    if (cell === undefined) return;
    const said = spoken(cell.percent);
    if (said === 'number') facts.push({ key, percent: cell.percent });
    else if (said === 'nearly all') facts.push({ key: `${key}_nearly_all` });
  };
  const top = (key: KeyFactTopKey, distribution: Distribution | undefined) => {
    const cell = topCell(distribution);
    if (cell === undefined) return;
    const said = spoken(cell.percent);
    if (said === 'number') facts.push({ key, name: cell.label, percent: cell.percent });
    else if (said === 'nearly all') facts.push({ key: `${key}_nearly_all`, name: cell.label });
  };
  const section = (path: StatisticKey) => sections[path];
  switch (page) {
    case 'home':
    case 'coordinator':
      count('fact_respondents', asCount(section('home/total-registered'))?.count);
      count('fact_countries', asCount(section('home/total-birth-country'))?.count, 2);
      count('fact_languages', asCount(section('home/total-language'))?.count, 2);
      count('fact_worldviews', asCount(section('home/total-worldview'))?.count, 2);
      count('fact_heritages', asCount(section('home/total-ethnicity'))?.count, 2);
      if (page === 'coordinator') count('fact_groups', asCount(section('home/total-group-subgroup'))?.count);
      break;
    case 'overview':
      count('fact_respondents', headlineValue(asHeadline(section('overview/row-one')), 'respondents'));
      share('fact_born_abroad', cellByKey(asDistribution(section('overview/born-country-registration')), 'other'));
      share('fact_tertiary', cellByKey(asDistribution(section('overview/tertiary-education')), 'tertiary'));
      break;
    case 'demographics':
      top('fact_top_continent', asDistribution(section('demographic/birth-continent')));
      share('fact_highschool', cellByKey(asDistribution(section('demographic/highschool-completion')), 'completed'));
      count('fact_ltc', asCount(section('demographic/people-ltc'))?.count);
      break;
    case 'country-birth':
      top('fact_top_country', asDistribution(section('country/countries')));
      count('fact_countries', headlineValue(asHeadline(section('country/row-one')), 'countries'), 2);
      share('fact_second_generation', cellByKey(asDistribution(section('country/parent-grandparent')), 'second'));
      break;
    case 'languages':
      top('fact_top_language', asDistribution(section('language/languages')));
      count('fact_languages', headlineValue(asHeadline(section('language/row-one')), 'languages'), 2);
      share('fact_multilingual', cellByKey(asDistribution(section('language/monolingual')), 'multilingual'));
      break;
    case 'worldviews':
      top('fact_top_worldview', asDistribution(section('worldview/worldviews')));
      count('fact_worldviews', headlineValue(asHeadline(section('worldview/row-one')), 'worldviews'), 2);
      break;
    case 'cultural-heritage':
      top('fact_top_heritage', asDistribution(section('ethnicity/ethnicities')));
      count('fact_heritages', headlineValue(asHeadline(section('ethnicity/row-one')), 'heritages'), 2);
      break;
  }
  return facts;
};
