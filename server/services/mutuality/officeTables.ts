import type { CensusCategory, CensusDataset, CensusPillar, MutualityPillarName } from '../../../domain/mutuality/census';
import { STATS_NZ } from '../../../domain/mutuality/census';
import { normaliseSearch } from '../lookups/normalise';
import { lookupSources } from '../lookups/sources';
import { ASCCEG_GROUPS } from '../lookups/standards/ascceg2019';
import { ASCRG_2024_BROAD } from '../lookups/standards/ascrg';
// A module import rather than a path read at run time: it is found wherever the server's modules are, bundled or not.
import nzTables from './tables/NZ-2018.json';

/**
 * A statistical office's published table mapped onto the product's lookup lists, with a report of
 * what did not map (docs/dashboards.md, "Census data"). The table is read as the office publishes
 * it (a category code, its name as printed, a count); each category is resolved to one lookup code
 * (a country's ISO 3166 code, a language's ISO 639-3 code, an ASCRG broad group, an ASCCEG
 * heritage), categories resolving to the same code are added up, and "not stated" categories are
 * kept apart. Nothing is guessed: a category without a match is reported and left out, so the
 * census side holds only what the office's table says about our categories.
 */

export interface OfficeRow {
  readonly code: string;
  readonly name: string;
  readonly count: number;
}

/** A row's place in our list: a lookup code, 'not-stated' (left out like Prefer not to answer), or null (did not map). */
export type Resolution = string | 'not-stated' | null;

export interface MappingReport {
  readonly list: string;
  readonly rows: number;
  readonly mapped: number;
  readonly notStated: readonly OfficeRow[];
  readonly unmapped: readonly OfficeRow[];
}

export interface MappedTable {
  readonly categories: readonly CensusCategory[];
  /** Percent of the population the not-stated rows hold. */
  readonly notStated: number;
  readonly report: MappingReport;
}

const percent = (count: number, population: number): number => Math.round((count / population) * 10_000) / 100;

/** Maps rows with `resolve`, adding up rows of one code (named by `nameOf`, the lookup's English name). */
export const mapOfficeRows = (
  list: string,
  rows: readonly OfficeRow[],
  resolve: (row: OfficeRow) => Resolution,
  population: number,
  nameOf: (code: string) => string | undefined,
): MappedTable => {
  const byCode = new Map<string, OfficeRow[]>();
  const notStated: OfficeRow[] = [];
  const unmapped: OfficeRow[] = [];
  for (const row of rows) {
    const resolution = resolve(row);
    if (resolution === 'not-stated') notStated.push(row);
    else if (resolution === null) unmapped.push(row);
    else byCode.set(resolution, [...(byCode.get(resolution) ?? []), row]);
  }
  const categories: CensusCategory[] = [...byCode.entries()]
    .map(([code, members]) => {
      const count = members.reduce((sum, row) => sum + row.count, 0);
      const single = members.length === 1;
      return {
        key: code,
        label: single ? members[0]!.name : (nameOf(code) ?? members[0]!.name),
        share: percent(count, population),
        codes: [code],
        computed: single
          ? `${count.toLocaleString('en')} of ${population.toLocaleString('en')}`
          : `${members.map((row) => `${row.name} ${row.count.toLocaleString('en')}`).join(' + ')}, of ${population.toLocaleString('en')}`,
      };
    })
    .filter((category) => category.share > 0)
    .sort((a, b) => b.share - a.share);
  return {
    categories,
    notStated: percent(
      notStated.reduce((sum, row) => sum + row.count, 0),
      population,
    ),
    report: { list, rows: rows.length, mapped: rows.length - notStated.length - unmapped.length, notStated, unmapped },
  };
};

/** A name in the form names are matched in: "Korea, Republic of" and "Republic of Korea" alike, "St" as "Saint". */
const key = (name: string): string => {
  const plain = name.replace(/\s*\((?:not further defined|nfd|special administrative region)\)\s*$/i, '').replace(/\s+(?:nfd|not further defined)$/i, '');
  const reversed = /^([^,]+),\s*(.+)$/.exec(plain);
  const ordered = reversed === null ? plain : `${reversed[2]} ${reversed[1]}`;
  return normaliseSearch(ordered.replace(/^St\.? /i, 'Saint ').replace(/\bSt\.? /g, 'Saint ').replace(/&/g, 'and'))
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
};

/** Country names as the offices print them that differ from CLDR's and the ISO names (and the UK's four nations). */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'united kingdom': 'GB',
  'people s republic of china': 'CN',
  'peoples republic of china': 'CN',
  'republic of korea': 'KR',
  'democratic people s republic of korea': 'KP',
  'democratic peoples republic of korea': 'KP',
  'united states of america': 'US',
  'former yugoslav republic of macedonia': 'MK',
  'north macedonia': 'MK',
  'federated states of micronesia': 'FM',
  'gaza strip and west bank': 'PS',
  'bosnia and herzegovina': 'BA',
  'china sar hong kong': 'HK',
  'china sar macau': 'MO',
  'sar of china hong kong': 'HK',
  'sar of china macau': 'MO',
  'democratic republic of the congo': 'CD',
  'democratic republic of congo': 'CD',
  'congo': 'CG',
  'republic of congo': 'CG',
  'cote divoire': 'CI',
  'timorleste': 'TL',
  'timor leste': 'TL',
  'vatican city state': 'VA',
  'holy see': 'VA',
  'myanmar': 'MM',
  'laos': 'LA',
  'syria': 'SY',
  'iran': 'IR',
  'russian federation': 'RU',
  'saint helena': 'SH',
  'kosovo': 'XK',
  'eswatini': 'SZ',
  'czechia': 'CZ',
  'czech republic': 'CZ',
  'viet nam': 'VN',
  'hong kong': 'HK',
  macau: 'MO',
  'gaza strippalestinewest bank': 'PS',
  'faeroe islands': 'FO',
  'pitcairn island': 'PN',
  'united states virgin islands': 'VI',
  'saint maarten dutch part': 'SX',
  'cabo verde': 'CV',
  // The ABS's "China (excludes SARs and Taiwan)", in its DataPack column name too.
  'china excludes sars and taiwan': 'CN',
  'china excl sars taiwan': 'CN',
  'the democratic republic of the congo': 'CD',
};

let countryIndex: Map<string, string> | undefined;
const countryCodeOf = (name: string): string | undefined => {
  if (countryIndex === undefined) {
    countryIndex = new Map();
    const sources = lookupSources();
    for (const [code, names] of Object.entries(sources.countryNames('en') ?? {})) for (const each of names) countryIndex.set(key(each), code);
    for (const [code, each] of Object.entries(sources.territoryNames('en') ?? {})) if (/^[A-Z]{2}$/.test(code)) countryIndex.set(key(each), code);
    for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryIndex.set(alias, code);
  }
  return countryIndex.get(key(name));
};

/** Language names as the offices print them that differ from CLDR's and ISO 639-3's reference names. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  'northern chinese': 'cmn',
  mandarin: 'cmn',
  yue: 'yue',
  cantonese: 'yue',
  'min nan': 'nan',
  hakka: 'hak',
  nepalese: 'npi',
  'tongan': 'ton',
  'cook islands maori': 'rar',
  'new zealand sign language': 'nzs',
  'australian sign language': 'asf',
  'american sign language': 'ase',
  'british sign language': 'bfi',
  filipino: 'fil',
  'punjabi': 'pan',
  persian: 'fas',
  'fijian hindi': 'hif',
  'fiji hindi': 'hif',
  malay: 'msa',
  arabic: 'ara',
  swahili: 'swa',
  'bahasa indonesia': 'ind',
  malaysian: 'zsm',
  tuvaluan: 'tvl',
  kiribati: 'gil',
  slovene: 'slv',
  belorussian: 'bel',
  azeri: 'aze',
  ilokano: 'ilo',
  friesian: 'fry',
  oriya: 'ori',
  romani: 'rom',
  assyrian: 'aii',
  fulani: 'ful',
  wu: 'wuu',
  nauruan: 'nau',
  pukapukan: 'pkp',
  'solomon islands pidgin': 'pis',
  'neo melanesian': 'tpi',
  'mauritian creole': 'mfe',
  // The ABS, ONS and ACS names for English alone and for Welsh.
  'speaks english only': 'eng',
  'speak only english': 'eng',
  'welsh or cymraeg': 'cym',
};

let languageIndex: Map<string, string> | undefined;
const languageCodeOf = (name: string): string | undefined => {
  if (languageIndex === undefined) {
    languageIndex = new Map();
    const sources = lookupSources();
    const iso3 = new Map<string, string>();
    for (const language of sources.languages) {
      iso3.set(language.iso6393, language.iso6393);
      if (language.iso6391 !== undefined) iso3.set(language.iso6391, language.iso6393);
      if (language.type === 'living' && !languageIndex.has(key(language.name))) languageIndex.set(key(language.name), language.iso6393);
    }
    for (const [cldr, each] of Object.entries(sources.languageNames('en') ?? {})) {
      const code = iso3.get(cldr);
      if (code !== undefined) languageIndex.set(key(each), code);
    }
    for (const [alias, code] of Object.entries(LANGUAGE_ALIASES)) languageIndex.set(alias, code);
  }
  return languageIndex.get(key(name));
};

let heritageIndex: Map<string, string> | undefined;
/** Heritage names as Stats NZ prints them that differ from ASCCEG's. */
const HERITAGE_ALIASES: Readonly<Record<string, string>> = {
  'new zealand european': '1202',
  'new zealander': '1202',
  maori: '1201',
  'cook islands maori': '1501',
  'israelijewish': '4303',
  'south african european': '9225',
  slovenian: '3214',
  belorussian: '3301',
  gypsy: '3212',
  kiribati: '1401',
  'ni vanuatu': '1302',
  'pitcairn islander': '1512',
  cambodian: '5104',
  afghani: '7201',
  'iranianpersian': '4904',
  kurd: '4905',
  'anglo indian': '7101',
  'indigenous australian': '1102',
};
const heritageCodeOf = (name: string): string | undefined => {
  if (heritageIndex === undefined) {
    heritageIndex = new Map();
    for (const [code, each] of ASCCEG_GROUPS) heritageIndex.set(key(each), `ascceg:${code}`);
    for (const [alias, code] of Object.entries(HERITAGE_ALIASES)) heritageIndex.set(alias, `ascceg:${code}`);
  }
  return heritageIndex.get(key(name.replace(/\s+nec$/i, '')));
};

/**
 * Stats NZ's religious affiliation classification by its first two digits, as ASCRG 2024 broad
 * groups: Māori religions and other religions are Other Religions; New Age and the secular and
 * philosophical beliefs (Atheism, Agnosticism, Humanism…) are ASCRG's secular and other spiritual
 * beliefs. Sikhism, filed by Stats NZ under other religions, is its own ASCRG group.
 */
const NZ_RELIGION_GROUPS: Readonly<Record<string, string>> = {
  '00': '95',
  '10': '15',
  '20': '25',
  '21': '25',
  '29': '25',
  '30': '35',
  '40': '45',
  '50': '55',
  '60': '85',
  '70': '95',
  '80': '85',
  '81': '95',
};
const NZ_RELIGION_BY_NAME: Readonly<Record<string, string>> = { sikhism: '65', 'cao dai': '85' };

/** The rows of a Stats NZ file that are not answers: don't know, refused, unidentifiable, outside scope, not stated. */
const NZ_RESIDUAL = /^9[4-9]/;

const nzCountry = (row: OfficeRow): Resolution => (row.code === '0000' || row.code === '9999' ? 'not-stated' : (countryCodeOf(row.name) ?? null));
const nzLanguage = (row: OfficeRow): Resolution =>
  NZ_RESIDUAL.test(row.code) || /^(not stated|refused to answer|don'?t know|response unidentifiable|response outside scope|none)\b/i.test(row.name) ? 'not-stated' : (languageCodeOf(row.name) ?? null);
const nzReligion = (row: OfficeRow): Resolution =>
  NZ_RESIDUAL.test(row.code) ? 'not-stated' : (NZ_RELIGION_BY_NAME[key(row.name)] ?? NZ_RELIGION_GROUPS[row.code.slice(0, 2)] ?? null);
const nzHeritage = (row: OfficeRow): Resolution => (NZ_RESIDUAL.test(row.code) ? 'not-stated' : (heritageCodeOf(row.name) ?? null));

/**
 * A religion as the offices name it (with the names of the groups above it, "Christian >
 * Anglican", and the ABS abbreviations "Christnty_…", "SB_OSB_NRA_…") as its ASCRG 2024 broad
 * group. Sikhism is its own group; spiritualism is another religion, "other spiritual beliefs"
 * are with the secular beliefs; the Christian test comes before "other" ("Othr_Christian").
 */
const WORLDVIEW_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/\bsikh/i, '65'],
  [/\bbuddh/i, '15'],
  [/\bchrist|\bcatholic|\banglican|\bbaptist|\blutheran|\bpentecostal|\bpresbyterian|\borthodox|\bjehovah|\blatter.day|\badventist|\buniting church|\bsalvation army|\bbrethren|\bprotestant/i, '25'],
  [/\bhindu/i, '35'],
  [/\bislam|\bmuslim/i, '45'],
  [/\bjuda|\bjewish/i, '55'],
  [/\bno religio|\bsecular|\batheis|\bagnostic|\bhumanis|\bspiritual belief|\bsb osb|\bnra\b/i, '95'],
  [/\bother religio|\bothr rel|\bbaha|\bdruse|\bjain|\bzoroastr|\bshinto|\btao|\bpagan|\bwicca|\bspiritualism|\btraditional|\bindigenous|\baboriginal|\brastafari/i, '85'],
];
const worldviewCodeOf = (text: string): string | undefined => {
  const plain = text.replace(/_/g, ' ');
  return WORLDVIEW_PATTERNS.find(([pattern]) => pattern.test(plain))?.[1];
};

/** The resolvers a table's categories are mapped with, by the list they map onto. */
export const RESOLVERS = {
  countries: (row: OfficeRow): Resolution => countryCodeOf(row.name) ?? null,
  languages: (row: OfficeRow): Resolution => languageCodeOf(row.name) ?? null,
  ethnicities: (row: OfficeRow): Resolution => heritageCodeOf(row.name) ?? null,
  // The row's code holds its path in the office's tables, so "Anglican" under "Christian" is Christian.
  worldviews: (row: OfficeRow): Resolution => worldviewCodeOf(row.name) ?? worldviewCodeOf(row.code) ?? null,
} as const;

interface NzDatasetFile {
  readonly censusYear: number;
  readonly statisticalOffice: string;
  readonly personTotal: number;
  readonly licence: { readonly name: string; readonly url: string };
  readonly product: { readonly title: string; readonly officialPage: string; readonly officialDownload: readonly string[] };
  readonly datasets: Readonly<
    Record<
      string,
      {
        readonly table: { readonly id: string; readonly title: string; readonly file: string };
        readonly responseType: string;
        readonly categories: readonly OfficeRow[];
        readonly readFrom: { readonly repository: string; readonly path: string; readonly commit: string; readonly sha256: string };
      }
    >
  >;
}

export interface NzTopic {
  readonly pillar: MutualityPillarName;
  readonly dataset: string;
  readonly list: string;
  readonly measure: string;
  readonly resolve: (row: OfficeRow) => Resolution;
  readonly note: string;
}

export const NZ_TOPICS: readonly NzTopic[] = [
  {
    pillar: 'heritage',
    dataset: 'ethnicity',
    list: 'ethnicities',
    measure: 'Ethnic group (total responses, detailed)',
    resolve: nzHeritage,
    note: 'Total responses: a person is counted in each ethnic group they name, so the shares add up past 100. Stats NZ rounds every count randomly to base 3.',
  },
  {
    pillar: 'country',
    dataset: 'countryOfBirth',
    list: 'countries',
    measure: 'Birthplace (country of birth)',
    resolve: nzCountry,
    note: 'England, Scotland, Wales, Northern Ireland and "United Kingdom nfd" are added up as the United Kingdom. Stats NZ rounds every count randomly to base 3.',
  },
  {
    pillar: 'language',
    dataset: 'languageSpoken',
    list: 'languages',
    measure: 'Languages spoken (total responses)',
    resolve: nzLanguage,
    note: 'The languages a person can hold an everyday conversation in, not the language used at home; a person is counted in each, so the shares add up past 100.',
  },
  {
    pillar: 'worldview',
    dataset: 'religion',
    list: 'worldviews',
    measure: 'Religious affiliation (total responses)',
    resolve: nzReligion,
    note: "Stats NZ's 163 affiliations added up to ASCRG broad groups (Māori religions as other religions, New Age and secular beliefs with no religion). A person naming two affiliations is counted in each.",
  },
];

export interface LoadedDataset {
  readonly dataset: CensusDataset;
  readonly reports: readonly MappingReport[];
}

/** A lookup code's English name in its list (the name a category made of several office rows is shown by). */
export const officeEnglishName = (list: string, code: string): string | undefined => {
  const sources = lookupSources();
  if (list === 'countries') return sources.territoryNames('en')?.[code];
  if (list === 'worldviews') return ASCRG_2024_BROAD[code];
  if (list === 'ethnicities') return ASCCEG_GROUPS.find(([each]) => `ascceg:${each}` === code)?.[1];
  const language = sources.languages.find((each) => each.iso6393 === code);
  return language === undefined ? undefined : (sources.languageNames('en')?.[language.iso6391 ?? code] ?? language.name);
};

/** New Zealand 2018 from Stats NZ's four national CSV tables (stored as read, with their sha256), every category mapped. */
export const newZealand2018 = (): LoadedDataset => {
  const file = nzTables as unknown as NzDatasetFile;
  const reports: MappingReport[] = [];
  const pillars: CensusPillar[] = NZ_TOPICS.map((topic) => {
    const table = file.datasets[topic.dataset]!;
    const mapped = mapOfficeRows(topic.list, table.categories, topic.resolve, file.personTotal, (code) => officeEnglishName(topic.list, code));
    reports.push(mapped.report);
    const unmappedShare = percent(
      mapped.report.unmapped.reduce((sum, row) => sum + row.count, 0),
      file.personTotal,
    );
    const multiple = table.responseType === 'multiple';
    return {
      pillar: topic.pillar,
      measure: topic.measure,
      multiple,
      // Total-response tables add up past 100, so their residual means nothing: compare over the categories.
      rest: multiple ? 'none' : 'other',
      notStated: mapped.notStated,
      categories: mapped.categories,
      source: {
        publisher: STATS_NZ,
        urls: [file.product.officialPage, ...file.product.officialDownload.slice(0, 1)],
        table: `${table.table.id}: ${table.table.title} (${file.product.title})`,
        readFrom: `Stats NZ's file ${table.table.file}, sha256 ${table.readFrom.sha256}, as kept unmodified in ${table.readFrom.repository}@${table.readFrom.commit.slice(0, 12)}`,
      },
      note: `${topic.note} ${mapped.report.unmapped.length === 0 ? '' : `${mapped.report.unmapped.length} of the office's ${mapped.report.rows} categories (${unmappedShare}% of the population) have no counterpart in the product's list and are left out.`}`.trim(),
    };
  });
  return {
    dataset: {
      id: 'NZ_2018',
      country: 'NZ',
      name: 'New Zealand',
      year: file.censusYear,
      publisher: STATS_NZ,
      licence: { name: file.licence.name, url: file.licence.url },
      pillars,
      missing: [],
    },
    reports,
  };
};

/** Rows that are answers nobody can place: not stated, refused, don't know, unidentifiable, outside scope, inadequately described. */
const NOT_STATED = /^(not stated|refused to answer|object to answering|don'?t know|response unidentifiable|religion unidentifiable|response outside scope|inadequately described|none \(e\.?g\.? too young to talk\))$/i;
/** An office's total rows, which are not categories. */
const TOTAL = /^total\b/i;

/**
 * An office's table file as rows of text (the header first: a code column, a name column, count
 * columns), read into categories: the count from `countColumn` (default: the last column), total
 * rows dropped. A count that is not a whole number (Stats NZ's "..C" for a confidential cell)
 * is left out and reported, never read as 0.
 */
export const officeRowsOf = (table: readonly (readonly string[])[], countColumn?: string): { rows: OfficeRow[]; unreadable: string[] } => {
  const [header = [], ...body] = table;
  const column = countColumn === undefined ? header.length - 1 : header.indexOf(countColumn);
  if (column < 1) throw new Error(`The table has no count column${countColumn === undefined ? '' : ` named ${countColumn}`}: ${header.join(', ')}`);
  const rows: OfficeRow[] = [];
  const unreadable: string[] = [];
  for (const cells of body) {
    const [code = '', name = ''] = cells.map((cell) => String(cell ?? '').trim());
    if (name === '' || TOTAL.test(name) || TOTAL.test(code)) continue;
    const text = String(cells[column] ?? '').trim().replace(/,/g, '');
    if (!/^\d+$/.test(text)) {
      unreadable.push(`${code} ${name}: ${text || '(empty)'}`);
      continue;
    }
    rows.push({ code, name, count: Number(text) });
  }
  return { rows, unreadable };
};

export type LoadableList = keyof typeof RESOLVERS;

/** One office table mapped onto a lookup list: not-stated rows apart, the rest by name, with the report. */
export const mapOfficeTable = (rows: readonly OfficeRow[], list: LoadableList, population: number): MappedTable =>
  mapOfficeRows(list, rows, (row) => (NOT_STATED.test(row.name) ? 'not-stated' : RESOLVERS[list](row)), population, (code) => officeEnglishName(list, code));
