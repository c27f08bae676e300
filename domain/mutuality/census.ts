/**
 * Census datasets shipped with the product for Compare → External (docs/dashboards.md),
 * transcribed from ../shared/data/census-external-compare.json and mapped onto the product's
 * lookup lists:
 * - country of birth: ISO 3166-1 alpha-2 codes (the `countries` list);
 * - language at home: ISO 639-3 codes (the `languages` list);
 * - worldview: ASCRG 2024 broad groups (the `worldviews` list);
 * - ancestry or ethnicity: ASCCEG 2019 cultural heritages ('ascceg:2101', the `ethnicities`
 *   list) or, for the broad categories of a census (NZ "Asian", US "Black alone"), the
 *   ASCCEG cultural families a heritage belongs to ('ascceg:5' matches every heritage whose
 *   family is under the South-East Asian broad group).
 * The file gives no gender or age figures for any of the five censuses, so none are shipped.
 *
 * Shares are percents of the whole population as the source gives them. Where the file says a
 * figure is quoted by a secondary source rather than taken from the statistics office itself,
 * the pillar or the category says so in `quoted`, and every screen and spreadsheet shows it.
 * Where a share was computed from counts in the file, `computed` says how.
 */

export type MutualityPillarName = 'country' | 'language' | 'worldview' | 'heritage';
export const MUTUALITY_PILLARS: readonly MutualityPillarName[] = ['heritage', 'country', 'language', 'worldview'];

export interface CensusCategory {
  /** Stable key within the pillar. */
  readonly key: string;
  /** The category as the source names it. */
  readonly label: string;
  /** Percent of the whole population (not stated included). */
  readonly share: number;
  /** Lookup codes the category covers. */
  readonly codes?: readonly string[];
  /** Heritage cultural-family code prefixes the category covers ('ascceg:2' covers 'ascceg:21'). */
  readonly families?: readonly string[];
  /** Who quoted this figure, where it is not from the statistics office itself. */
  readonly quoted?: string;
  /** How the share was computed from the file's counts. */
  readonly computed?: string;
}

export interface CensusSource {
  /** The publisher whose census it is. */
  readonly publisher: string;
  readonly urls: readonly string[];
  /** Set when the pillar's figures are quoted by a secondary source (who, and what). */
  readonly quoted?: string;
}

export interface CensusPillar {
  readonly pillar: MutualityPillarName;
  /** What the census measured. */
  readonly measure: string;
  /** A person may be counted under several categories (shares can add up past 100). */
  readonly multiple: boolean;
  /**
   * 'other': the categories and a residual "other" (100 − listed − not stated) cover everyone,
   * so values outside the classification are grouped as other on both sides. 'none': only the
   * listed categories are known (a top ten of a multi-response question); the comparison is
   * over them alone and the organisation's answers outside them are reported as not classified.
   */
  readonly rest: 'other' | 'none';
  /** Percent who did not answer (left out like Prefer not to answer); null when the source gives none. */
  readonly notStated: number | null;
  readonly categories: readonly CensusCategory[];
  readonly source: CensusSource;
  readonly note?: string;
}

export interface Licence {
  readonly name: string;
  readonly url: string;
}

export interface CensusDataset {
  readonly id: string;
  /** ISO 3166-1 alpha-2 code of the country the dataset is shown for. */
  readonly country: string;
  /** The dataset's own name (England and Wales is shown for the United Kingdom). */
  readonly name: string;
  readonly year: number;
  readonly publisher: string;
  readonly licence: Licence;
  readonly pillars: readonly CensusPillar[];
  readonly note?: string;
}

const CC_BY_4 = { name: 'Creative Commons Attribution 4.0 International', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;

const ABS = 'Australian Bureau of Statistics';
const STATS_NZ = 'Stats NZ';
const ONS = 'Office for National Statistics';
const STATCAN = 'Statistics Canada';
const US_CENSUS = 'United States Census Bureau';

/** Percent of a population, one decimal more than the sources print (so sums stay close). */
const percentOf = (count: number, population: number): number => Math.round((count / population) * 10_000) / 100;

const AU_POPULATION = 25_422_788;
const auCount = (count: number) => percentOf(count, AU_POPULATION);
const AU_COMPUTED = `count in the file divided by the total population ${AU_POPULATION.toLocaleString('en')}`;

const CA_POPULATION = 36_991_981;
const caMillions = (millions: number) => percentOf(millions * 1_000_000, CA_POPULATION);
const CA_COMPUTED = `millions in the file divided by the population ${CA_POPULATION.toLocaleString('en')} (the population as quoted by theworlddata.com)`;

export const CENSUS_DATASETS: readonly CensusDataset[] = [
  {
    id: 'AU_2021',
    country: 'AU',
    name: 'Australia',
    year: 2021,
    publisher: ABS,
    licence: CC_BY_4,
    pillars: [
      {
        pillar: 'country',
        measure: 'Country of birth',
        multiple: false,
        rest: 'other',
        // 100 − 66.9 born in Australia − 27.6 born overseas.
        notStated: 5.5,
        categories: [
          { key: 'AU', label: 'Australia', share: 66.9, codes: ['AU'], quoted: 'ABS QuickStats figure, not re-verified' },
          { key: 'GB', label: 'England', share: auCount(927_490), codes: ['GB'], computed: AU_COMPUTED },
          { key: 'IN', label: 'India', share: auCount(673_352), codes: ['IN'], computed: AU_COMPUTED },
          { key: 'CN', label: 'China (excl. SARs and Taiwan)', share: auCount(549_618), codes: ['CN'], computed: AU_COMPUTED },
          { key: 'NZ', label: 'New Zealand', share: auCount(530_492), codes: ['NZ'], computed: AU_COMPUTED },
          { key: 'PH', label: 'Philippines', share: auCount(293_892), codes: ['PH'], computed: AU_COMPUTED },
        ],
        source: {
          publisher: ABS,
          urls: ['https://www.abs.gov.au/statistics/people/people-and-communities/cultural-diversity-census/latest-release'],
          quoted: 'Born overseas 27.6% as quoted by nriaffairs.com from the ABS; not stated is 100 − 66.9 − 27.6',
        },
        note: 'England is the only part of the United Kingdom the file lists: people born in Scotland, Wales or Northern Ireland are in "other".',
      },
      {
        pillar: 'language',
        measure: 'Language used at home',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [
          { key: 'eng', label: 'English only', share: 72.0, codes: ['eng'] },
          { key: 'cmn', label: 'Mandarin', share: auCount(685_274), codes: ['cmn'], computed: AU_COMPUTED },
          { key: 'ara', label: 'Arabic', share: auCount(367_159), codes: ['ara', 'arb', 'apc', 'ajp', 'acm', 'arz', 'ayl', 'ary'], computed: AU_COMPUTED },
          { key: 'vie', label: 'Vietnamese', share: auCount(320_758), codes: ['vie'], computed: AU_COMPUTED },
          { key: 'yue', label: 'Cantonese', share: auCount(295_281), codes: ['yue'], computed: AU_COMPUTED },
          { key: 'pan', label: 'Punjabi', share: auCount(239_033), codes: ['pan', 'pnb'], computed: AU_COMPUTED },
          { key: 'ell', label: 'Greek', share: auCount(229_643), codes: ['ell'], computed: AU_COMPUTED },
          { key: 'ita', label: 'Italian', share: auCount(228_042), codes: ['ita'], computed: AU_COMPUTED },
          { key: 'tgl', label: 'Filipino/Tagalog', share: auCount(222_048), codes: ['tgl', 'fil'], computed: AU_COMPUTED },
          { key: 'hin', label: 'Hindi', share: auCount(197_132), codes: ['hin'], computed: AU_COMPUTED },
          { key: 'spa', label: 'Spanish', share: auCount(171_370), codes: ['spa'], computed: AU_COMPUTED },
        ],
        source: {
          publisher: ABS,
          urls: ['https://www.ethnolink.com.au/blog/top-10-languages-spoken-in-australia', 'https://lexigo.com/most-common-languages-spoken-in-australia/'],
          quoted: 'Counts quoted by ethnolink.com.au and lexigo.com, not taken from the ABS itself',
        },
        note: 'The census records one language other than English used at home; not stated is not separated from other languages in the file.',
      },
      {
        pillar: 'worldview',
        measure: 'Religious affiliation',
        multiple: false,
        rest: 'other',
        notStated: 7.3,
        categories: [
          { key: '25', label: 'Christianity', share: 43.9, codes: ['25'] },
          { key: '95', label: 'No religion (secular/other spiritual/no religious affiliation)', share: 38.9, codes: ['95'] },
          { key: '45', label: 'Islam', share: 3.2, codes: ['45'] },
          { key: '35', label: 'Hinduism', share: 2.7, codes: ['35'] },
          { key: '15', label: 'Buddhism', share: 2.4, codes: ['15'], quoted: 'worldfactbook.co (a mirror of the CIA World Factbook quoting the ABS)' },
        ],
        source: {
          publisher: ABS,
          urls: ['https://www.abs.gov.au/statistics/people/people-and-communities/cultural-diversity-census/latest-release', 'https://www.abs.gov.au/articles/religious-affiliation-australia'],
          quoted: 'Buddhism and not stated (7.3%) as quoted by worldfactbook.co',
        },
      },
      {
        pillar: 'heritage',
        measure: 'Ancestry (up to two per person)',
        multiple: true,
        rest: 'none',
        notStated: null,
        categories: [
          { key: 'ascceg:2101', label: 'English', share: 33.0, codes: ['ascceg:2101'] },
          { key: 'ascceg:1101', label: 'Australian', share: 29.9, codes: ['ascceg:1101'] },
          { key: 'ascceg:2201', label: 'Irish', share: 9.5, codes: ['ascceg:2201'] },
          { key: 'ascceg:2102', label: 'Scottish', share: 8.6, codes: ['ascceg:2102'] },
          { key: 'ascceg:6101', label: 'Chinese', share: 5.5, codes: ['ascceg:6101'] },
          { key: 'ascceg:3103', label: 'Italian', share: 4.4, codes: ['ascceg:3103'] },
          { key: 'ascceg:2306', label: 'German', share: 4.0, codes: ['ascceg:2306'] },
          { key: 'ascceg:7106', label: 'Indian', share: 3.1, codes: ['ascceg:7106'] },
          { key: 'ascceg:1102', label: 'Australian Aboriginal', share: 2.9, codes: ['ascceg:1102'] },
          { key: 'ascceg:3205', label: 'Greek', share: 1.7, codes: ['ascceg:3205'] },
        ],
        source: {
          publisher: ABS,
          urls: ['https://mmvisa.com.au/blog/EB/P1073-the-2021-australian-census.html', 'https://www.worldfactbook.co/affiliates/worldreligion/country.php?slug=australia'],
          quoted: 'Top ten ancestries as quoted by mmvisa.com.au and worldfactbook.co, not taken from the ABS itself',
        },
        note: 'Multi-response (up to two ancestries), so the shares add up past 100; only the top ten are known.',
      },
    ],
  },
  {
    id: 'NZ_2018',
    country: 'NZ',
    name: 'New Zealand',
    year: 2018,
    publisher: STATS_NZ,
    licence: CC_BY_4,
    pillars: [
      {
        pillar: 'heritage',
        measure: 'Ethnic group (total response)',
        multiple: true,
        rest: 'none',
        notStated: null,
        categories: [
          { key: 'european', label: 'European', share: 70.2, families: ['ascceg:2', 'ascceg:3'], codes: ['ascceg:1202'] },
          { key: 'maori', label: 'Māori', share: 16.5, codes: ['ascceg:1201'] },
          { key: 'asian', label: 'Asian', share: 15.1, families: ['ascceg:5', 'ascceg:6', 'ascceg:7'] },
          { key: 'pacific', label: 'Pacific peoples', share: 8.1, families: ['ascceg:13', 'ascceg:14', 'ascceg:15'] },
          { key: 'melaa', label: 'Middle Eastern, Latin American and African', share: 1.5, families: ['ascceg:4', 'ascceg:82', 'ascceg:83', 'ascceg:84', 'ascceg:9'] },
        ],
        source: { publisher: STATS_NZ, urls: ['https://ehinz.ac.nz/indicators/population-vulnerability/ethnic-profile/'], quoted: 'As quoted by Environmental Health Intelligence NZ (ehinz.ac.nz), not taken from Stats NZ itself' },
        note: 'Total response: a person is counted in each group they name. Heritages are placed in these groups by their ASCCEG cultural family, "New Zealander" with European.',
      },
      {
        pillar: 'country',
        measure: 'Born in New Zealand or overseas',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [{ key: 'NZ', label: 'New Zealand', share: 72.6, codes: ['NZ'], computed: '100 − 27.4 born overseas' }],
        source: { publisher: STATS_NZ, urls: ['https://ehinz.ac.nz/indicators/population-vulnerability/ethnic-profile/'], quoted: 'Born overseas 27.4% as quoted by ehinz.ac.nz' },
        note: 'Born overseas is the "other" category.',
      },
    ],
  },
  {
    id: 'EW_2021',
    country: 'GB',
    name: 'England and Wales',
    year: 2021,
    publisher: ONS,
    licence: { name: 'Open Government Licence v3.0', url: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/' },
    note: 'The census of England and Wales, shown for the United Kingdom.',
    pillars: [
      {
        pillar: 'heritage',
        measure: 'Ethnic group',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [
          { key: 'white', label: 'White', share: 81.7, families: ['ascceg:2', 'ascceg:3'] },
          { key: 'asian', label: 'Asian, Asian British or Asian Welsh', share: 9.3, families: ['ascceg:5', 'ascceg:6', 'ascceg:7'] },
          { key: 'black', label: 'Black, Black British, Black Welsh, Caribbean or African', share: 4.0, families: ['ascceg:9', 'ascceg:84'] },
        ],
        source: {
          publisher: ONS,
          urls: ['https://www.independent.co.uk/news/uk/home-news/white-population-census-data-b2235100.html'],
          quoted: 'As quoted by The Independent, not taken from the ONS itself',
        },
        note: 'Mixed or Multiple (2.9%) and other ethnic groups are "other"; a heritage is placed by its ASCCEG cultural family.',
      },
      {
        pillar: 'worldview',
        measure: 'Religion',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [
          { key: '25', label: 'Christian', share: 46.2, codes: ['25'] },
          { key: '95', label: 'No religion', share: 37.2, codes: ['95'] },
          { key: '45', label: 'Muslim', share: 6.5, codes: ['45'] },
          { key: '35', label: 'Hindu', share: 1.7, codes: ['35'] },
          { key: '65', label: 'Sikh', share: 0.9, codes: ['65'] },
          { key: '55', label: 'Jewish', share: 0.5, codes: ['55'] },
        ],
        source: {
          publisher: ONS,
          urls: ['https://dev-v4.freemalaysiatoday.com/category/world/2022/11/29/england-and-wales-more-ethnically-mixed-less-religious'],
          quoted: 'As reported by Reuters (via Free Malaysia Today), not taken from the ONS itself',
        },
        note: 'The file gives no not-stated share: "other" holds other religions and those who did not answer.',
      },
    ],
  },
  {
    id: 'CA_2021',
    country: 'CA',
    name: 'Canada',
    year: 2021,
    publisher: STATCAN,
    licence: { name: 'Statistics Canada Open Licence', url: 'https://www.statcan.gc.ca/en/terms-conditions/open-licence' },
    pillars: [
      {
        pillar: 'worldview',
        measure: 'Religion',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [
          { key: '25', label: 'Christian', share: 53.3, codes: ['25'] },
          { key: '95', label: 'No religious affiliation', share: 34.6, codes: ['95'] },
          { key: '45', label: 'Muslim', share: 4.9, codes: ['45'] },
          { key: '35', label: 'Hindu', share: 2.3, codes: ['35'] },
          { key: '65', label: 'Sikh', share: 2.1, codes: ['65'] },
        ],
        source: {
          publisher: STATCAN,
          urls: ['https://statcan.gc.ca/en/census/census-engagement/community-supporter/ethnocultural-and-religious-diversity', 'https://www150.statcan.gc.ca/n1/daily-quotidien/221026/dq221026b-eng.htm'],
        },
      },
      {
        pillar: 'heritage',
        measure: 'Ethnic or cultural origin (several per person)',
        multiple: true,
        rest: 'none',
        notStated: null,
        categories: [
          { key: 'ascceg:8103', label: 'Canadian', share: caMillions(5.7), codes: ['ascceg:8103'], computed: CA_COMPUTED },
          { key: 'ascceg:2101', label: 'English', share: caMillions(5.3), codes: ['ascceg:2101'], computed: CA_COMPUTED },
          { key: 'ascceg:2201', label: 'Irish', share: caMillions(4.4), codes: ['ascceg:2201'], computed: CA_COMPUTED },
          { key: 'ascceg:2102', label: 'Scottish', share: caMillions(4.4), codes: ['ascceg:2102'], computed: CA_COMPUTED },
          { key: 'ascceg:2305', label: 'French', share: caMillions(4.0), codes: ['ascceg:2305', 'ascceg:8104'], computed: CA_COMPUTED },
        ],
        source: {
          publisher: STATCAN,
          urls: ['https://www150.statcan.gc.ca/n1/daily-quotidien/221026/dq221026b-eng.htm', 'https://theworlddata.com/canada-demographic-by-race'],
          quoted: 'The population the shares are of is quoted by theworlddata.com',
        },
        note: 'Multi-response: only the five largest origins are known. French Canadian heritages count as French.',
      },
    ],
  },
  {
    id: 'US_2020',
    country: 'US',
    name: 'United States',
    year: 2020,
    publisher: US_CENSUS,
    licence: { name: 'Public domain (work of the United States Government)', url: 'https://www.census.gov/about/policies/open-gov/open-data.html' },
    note: '2020 decennial census (the file has no American Community Survey figures).',
    pillars: [
      {
        pillar: 'heritage',
        measure: 'Race (one race alone)',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [
          { key: 'white', label: 'White alone', share: 61.6, families: ['ascceg:2', 'ascceg:3'] },
          { key: 'black', label: 'Black alone', share: 12.4, families: ['ascceg:9', 'ascceg:84'] },
          { key: 'asian', label: 'Asian alone', share: 6.0, families: ['ascceg:5', 'ascceg:6', 'ascceg:7'] },
        ],
        source: {
          publisher: US_CENSUS,
          urls: [
            'https://www.census.gov/library/stories/2021/08/improved-race-ethnicity-measures-reveal-united-states-population-much-more-multiracial.html',
            'https://jbhe.com/2021/08/2020-census-data-on-race-and-ethnicity-of-the-population-of-the-united-states',
            'https://receivinghelpdesk.com/ask/us-population-breakdown-by-race',
          ],
          quoted: 'Shares as quoted by jbhe.com and receivinghelpdesk.com',
        },
        note: 'Two or more races, other races and the rest are "other". Hispanic or Latino (18.7%, any race) is an origin asked apart, so it is not a category here.',
      },
    ],
  },
];

export const CLDR_LICENCE: Licence = { name: 'Unicode License v3', url: 'https://www.unicode.org/license.txt' };
export const CLDR_SOURCE: CensusSource = {
  publisher: 'Unicode CLDR',
  urls: ['https://github.com/unicode-org/cldr-json/blob/main/cldr-json/cldr-core/supplemental/territoryInfo.json'],
};
