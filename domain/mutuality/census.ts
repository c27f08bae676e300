/**
 * Census datasets for Compare → External (docs/dashboards.md), taken only from the statistical
 * offices' own tables and pages (../shared/data/census/README.md records where each figure was
 * read). Figures quoted by other websites are not used. Every pillar names the office, the
 * table and where the figures were read; the year is the dataset's.
 *
 * The categories are mapped onto the product's lookup lists:
 * - country of birth: ISO 3166-1 alpha-2 codes (the `countries` list);
 * - language: ISO 639-3 codes (the `languages` list);
 * - worldview: ASCRG 2024 broad groups (the `worldviews` list);
 * - ancestry or ethnicity: ASCCEG 2019 cultural heritages ('ascceg:2101', the `ethnicities`
 *   list) or, for a census's broad groups (E&W "White"), the ASCCEG cultural families a heritage
 *   belongs to ('ascceg:5' matches every heritage whose family is under South-East Asian).
 *
 * The short lists here (Australia, England and Wales, Canada) are what the offices print on their
 * own pages; New Zealand's full tables are read from Stats NZ's files by the server
 * (server/services/mutuality/officeTables.ts). A topic without an official figure is listed in
 * `missing`, so the page can say there is none rather than fill it from elsewhere.
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
  /** How the share was computed from the office's figures (a count over the population, a sum of its categories). */
  readonly computed?: string;
}

export interface CensusSource {
  /** The statistical office whose census it is (or, for an estimate, who publishes it). */
  readonly publisher: string;
  /** The office's own pages or files. */
  readonly urls: readonly string[];
  /** The office's table the figures are from: its id and title. */
  readonly table: string;
  /** Where the figures were actually read: the office's page or file, or a faithful copy of its file. */
  readonly readFrom: string;
}

/** Why a pillar has no census figures: the census does not ask, or no official table could be read yet. */
export type MissingReason = 'not-collected' | 'not-found';

export interface MissingPillar {
  readonly pillar: MutualityPillarName;
  readonly reason: MissingReason;
  /** The office's table that would give it. */
  readonly table: string | null;
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
  /** Pillars this census has no official figures for, and why. */
  readonly missing: readonly MissingPillar[];
  readonly note?: string;
}

const CC_BY_4 = { name: 'Creative Commons Attribution 4.0 International', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;

const ABS = 'Australian Bureau of Statistics';
const ONS = 'Office for National Statistics';
const STATCAN = 'Statistics Canada';
export const STATS_NZ = 'Stats NZ Tatauranga Aotearoa';

/** Percent of a population, one decimal more than the offices print (so sums stay close). */
const percentOf = (count: number, population: number): number => Math.round((count / population) * 10_000) / 100;

const AU_POPULATION = 25_422_788;
/** An ABS count as a share of the ABS person total, with how it was computed. */
const auCount = (count: number) => ({ share: percentOf(count, AU_POPULATION), computed: `${count.toLocaleString('en')} of ${AU_POPULATION.toLocaleString('en')}` });
const AU_PAGE = 'https://www.abs.gov.au/statistics/people/people-and-communities/cultural-diversity-census/2021';
const AU_READ = "The ABS release page 'Cultural diversity: Census, 2021' (its key statistics and tables)";

const ONS_READ = "The ONS topic page's headline figures";

export const CENSUS_DATASETS: readonly CensusDataset[] = [
  {
    id: 'AU_2021',
    country: 'AU',
    name: 'Australia',
    year: 2021,
    publisher: ABS,
    licence: CC_BY_4,
    missing: [],
    pillars: [
      {
        pillar: 'country',
        measure: 'Country of birth',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [
          { key: 'GB', label: 'England', ...auCount(927_490), codes: ['GB'] },
          { key: 'IN', label: 'India', ...auCount(673_352), codes: ['IN'] },
          { key: 'CN', label: 'China (excludes SARs and Taiwan)', ...auCount(549_618), codes: ['CN'] },
          { key: 'NZ', label: 'New Zealand', ...auCount(530_492), codes: ['NZ'] },
          { key: 'PH', label: 'Philippines', ...auCount(293_892), codes: ['PH'] },
        ],
        source: { publisher: ABS, urls: [AU_PAGE], table: "BPLP Country of birth of person: 'Top 5 countries of birth (excluding Australia), 2021 Census'", readFrom: AU_READ },
        note: 'The ABS page lists the five largest countries of birth after Australia; Australia, the rest of the world and not stated are "other". England is the only part of the United Kingdom listed.',
      },
      {
        pillar: 'language',
        measure: 'Language used at home (other than English)',
        multiple: false,
        rest: 'none',
        notStated: null,
        categories: [
          { key: 'cmn', label: 'Mandarin', share: 2.7, codes: ['cmn'] },
          { key: 'ara', label: 'Arabic', share: 1.4, codes: ['ara', 'arb', 'apc', 'ajp', 'acm', 'arz', 'ayl', 'ary'] },
          { key: 'vie', label: 'Vietnamese', share: 1.3, codes: ['vie'] },
          { key: 'yue', label: 'Cantonese', share: 1.2, codes: ['yue'] },
          { key: 'pan', label: 'Punjabi', share: 0.9, codes: ['pan', 'pnb'] },
        ],
        source: { publisher: ABS, urls: [AU_PAGE], table: "LANP Language used at home: 'Top 5 languages used at home, other than English' (key statistics)", readFrom: AU_READ },
        note: 'Only the five largest languages other than English are published on the page (percent of the population), so the comparison is over these five alone.',
      },
      {
        pillar: 'worldview',
        measure: 'Religious affiliation',
        multiple: false,
        rest: 'other',
        // The 1,848,430 people the page's three rows leave out of its total: not stated or inadequately described.
        notStated: auCount(AU_POPULATION - 11_148_814 - 2_538_587 - 9_886_957).share,
        categories: [
          { key: '25', label: 'Christian', ...auCount(11_148_814), codes: ['25'] },
          { key: '95', label: 'No Religion', ...auCount(9_886_957), codes: ['95'] },
        ],
        source: { publisher: ABS, urls: [AU_PAGE], table: "RELP Religious affiliation: 'Religious affiliation, Count of persons for 1996, 2016 and 2021'", readFrom: AU_READ },
        note: '"Other religions" (Buddhism, Hinduism, Islam, Judaism and others, 2,538,587 people) is "other"; not stated (the total less the three rows) is left out.',
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
        ],
        source: { publisher: ABS, urls: [AU_PAGE], table: "ANCP Ancestry: 'Top 5 ancestries' (key statistics, percent of persons)", readFrom: AU_READ },
        note: 'Multi-response (up to two ancestries), so the shares add up past 100; only the five largest are published on the page.',
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
    missing: [{ pillar: 'language', reason: 'not-found', table: 'TS024 Main language' }],
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
        ],
        source: { publisher: ONS, urls: ['https://www.ons.gov.uk/peoplepopulationandcommunity/culturalidentity/ethnicity/'], table: 'TS021 Ethnic group (headline figures)', readFrom: ONS_READ },
        note: 'Only two groups are published as headlines; every other ethnic group is "other". A heritage is placed by its ASCCEG cultural family.',
      },
      {
        pillar: 'country',
        measure: 'Born in the United Kingdom or outside it',
        multiple: false,
        rest: 'other',
        notStated: null,
        categories: [{ key: 'GB', label: 'United Kingdom', share: 83.2, codes: ['GB'], computed: '100 − 16.8 born outside the UK' }],
        source: {
          publisher: ONS,
          urls: ['https://content.govdelivery.com/accounts/UKONS/bulletins/3450e12'],
          table: 'TS004 Country of birth (headline: 10.0 million, 16.8%, born outside the UK)',
          readFrom: "The ONS e-mail bulletin of 27 January 2023 'The changing picture of long-term international migration, England and Wales: Census 2021'",
        },
        note: 'Born outside the UK is "other".',
      },
      {
        pillar: 'worldview',
        measure: 'Religion (a voluntary question)',
        multiple: false,
        rest: 'other',
        // 94.0% answered the voluntary question.
        notStated: 6.0,
        categories: [
          { key: '25', label: 'Christian', share: 46.2, codes: ['25'] },
          { key: '95', label: 'No religion', share: 37.2, codes: ['95'] },
        ],
        source: { publisher: ONS, urls: ['https://ons.gov.uk/peoplepopulationandcommunity/culturalidentity/religion'], table: 'TS030 Religion (headline figures)', readFrom: ONS_READ },
        note: 'Every other religion is "other"; the 6.0% who did not answer are left out.',
      },
    ],
  },
  {
    id: 'CA_2021',
    country: 'CA',
    name: 'Canada',
    year: 2021,
    publisher: STATCAN,
    licence: { name: 'Statistics Canada Open Licence', url: 'https://www.statcan.gc.ca/en/reference/licence' },
    missing: [
      { pillar: 'country', reason: 'not-found', table: 'Census Profile 98-401-X2021001: place of birth' },
      { pillar: 'language', reason: 'not-found', table: 'Census Profile 98-401-X2021001: language spoken most often at home' },
      { pillar: 'worldview', reason: 'not-found', table: 'Census Profile 98-401-X2021001: religion' },
    ],
    pillars: [
      {
        pillar: 'heritage',
        measure: 'Ethnic or cultural origin (several per person)',
        multiple: true,
        rest: 'none',
        notStated: null,
        categories: [
          { key: 'ascceg:8103', label: 'Canadian', share: 15.6, codes: ['ascceg:8103'] },
          { key: 'ascceg:2101', label: 'English', share: 14.7, codes: ['ascceg:2101'] },
          { key: 'ascceg:2201', label: 'Irish', share: 12.1, codes: ['ascceg:2201'] },
          { key: 'ascceg:2102', label: 'Scottish', share: 12.1, codes: ['ascceg:2102'] },
          { key: 'ascceg:2305', label: 'French', share: 11.0, codes: ['ascceg:2305', 'ascceg:8104'] },
          { key: 'ascceg:2306', label: 'German', share: 8.1, codes: ['ascceg:2306'] },
        ],
        source: {
          publisher: STATCAN,
          urls: ['https://www150.statcan.gc.ca/n1/daily-quotidien/221026/g-b001-eng.htm'],
          table: 'Ethnic or cultural origin, 2021 Census (The Daily infographic, 26 October 2022; full list in 98-401-X2021001)',
          readFrom: 'The Daily infographic of 26 October 2022',
        },
        note: 'Statistics Canada gives each origin as a percent of total responses, and only the six largest, so the comparison is over these six alone. French Canadian heritages count as French.',
      },
    ],
  },
];

/**
 * Censuses the product knows of without any official figure it could use (the offices' tables are
 * still to be loaded): the page says so instead of comparing.
 */
export const CENSUSES_WITHOUT_FIGURES: readonly Pick<CensusDataset, 'country' | 'name' | 'year' | 'publisher' | 'missing'>[] = [
  {
    country: 'US',
    name: 'United States',
    year: 2020,
    publisher: 'United States Census Bureau',
    missing: [
      { pillar: 'heritage', reason: 'not-found', table: 'ACS 5-year B04006 People reporting ancestry' },
      { pillar: 'country', reason: 'not-found', table: 'ACS 5-year B05006 Place of birth for the foreign-born population' },
      { pillar: 'language', reason: 'not-found', table: 'ACS 5-year C16001 Language spoken at home' },
      { pillar: 'worldview', reason: 'not-collected', table: null },
    ],
  },
];

export const CLDR_LICENCE: Licence = { name: 'Unicode License v3', url: 'https://www.unicode.org/license.txt' };
/** CLDR's language figures are estimates gathered from many sources, not a census: shown as such. */
export const CLDR_SOURCE: CensusSource = {
  publisher: 'Unicode CLDR',
  urls: ['https://github.com/unicode-org/cldr-json/blob/main/cldr-json/cldr-core/supplemental/territoryInfo.json'],
  table: 'territoryInfo: languagePopulation (estimated share of the population speaking each language)',
  readFrom: 'The cldr-core package the product ships',
};
