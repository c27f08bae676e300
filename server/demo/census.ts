/**
 * Australia, Census of Population and Housing 2021 (Australian Bureau of Statistics, CC BY 4.0):
 * the national figures the demo population is calibrated to, typed in as facts from the
 * project's reference transcription (shared data file census-external-compare.json), with the
 * addresses it cites. Percentages are of all persons, "not stated" included, as published.
 *
 * Each category names the lookup item it stands for by code (the list's natural key); the
 * demo resolves it by that code, else by its name, and folds a category that matches nothing
 * into the rest of its topic with a warning (server/demo/catalogue.ts).
 */

export interface CensusCategory {
  readonly name: string;
  /** The lookup item's code, where the category is one item. */
  readonly code?: string;
  readonly pct: number;
}

export const AU_2021_SOURCES = {
  countryOfBirth: 'https://www.abs.gov.au/statistics/people/people-and-communities/cultural-diversity-census/latest-release',
  religion: [
    'https://www.abs.gov.au/statistics/people/people-and-communities/cultural-diversity-census/latest-release',
    'https://www.abs.gov.au/articles/religious-affiliation-australia',
    // Pages quoting the ABS (marked so in the reference file): the denominations and "not stated".
    'https://amp.9news.com.au/article/f3a7b1e3-f1cc-44dc-9640-20f849258871 (quotes ABS)',
    'https://www.worldfactbook.co/affiliates/worldreligion/country.php?slug=australia (quotes ABS)',
  ],
  language: ['https://www.ethnolink.com.au/blog/top-10-languages-spoken-in-australia (quotes ABS)', 'https://lexigo.com/most-common-languages-spoken-in-australia/ (quotes ABS)'],
  ancestry: [
    'https://mmvisa.com.au/blog/EB/P1073-the-2021-australian-census.html (quotes ABS)',
    'https://www.worldfactbook.co/affiliates/worldreligion/country.php?slug=australia (quotes ABS)',
  ],
  indigenous: 'https://multiculturalhealth.org.au/2021-census-australia-has-doubled-in-size-over-the-last-50-years/ (quotes ABS)',
} as const;

/**
 * Country of birth. Australia-born 66.9% is the QuickStats figure (the reference file notes it
 * was not re-verified); born overseas 27.6%; the rest did not state it. The five largest
 * overseas countries are computed from their counts over 25,422,788 persons. ISO 3166 has no
 * England: it is the United Kingdom's code.
 */
export const AU_2021_COUNTRY_OF_BIRTH = {
  australia: { name: 'Australia', code: 'AU', pct: 66.9 } satisfies CensusCategory,
  bornOverseasPct: 27.6,
  topOverseas: [
    { name: 'England', code: 'GB', pct: 3.65 },
    { name: 'India', code: 'IN', pct: 2.65 },
    { name: 'China (excl. SARs and Taiwan)', code: 'CN', pct: 2.16 },
    { name: 'New Zealand', code: 'NZ', pct: 2.09 },
    { name: 'Philippines', code: 'PH', pct: 1.16 },
  ] satisfies CensusCategory[],
} as const;

/**
 * Religious affiliation by worldview (ASCRG 2024 broad group code) and, for Christianity, the
 * largest branches (narrow group code). "Not stated" becomes "Prefer not to answer".
 */
export const AU_2021_RELIGION = {
  notStatedPct: 7.3,
  worldviews: [
    { name: 'Christianity', code: '25', pct: 43.9 },
    { name: 'No religion (secular/other spiritual/no religious affiliation)', code: '95', pct: 38.9 },
    { name: 'Islam', code: '45', pct: 3.2 },
    { name: 'Hinduism', code: '35', pct: 2.7 },
    { name: 'Buddhism', code: '15', pct: 2.4 },
  ] satisfies CensusCategory[],
  christianBranches: [
    { name: 'Catholic', code: '2515', pct: 20.0 },
    { name: 'Anglican', code: '2511', pct: 9.8 },
    { name: 'Uniting Church', code: '2528', pct: 2.6 },
    { name: 'Eastern Orthodox', code: '2517', pct: 2.1 },
    { name: 'Presbyterian and Reformed', code: '2525', pct: 1.6 },
    { name: 'Baptist', code: '2513', pct: 1.4 },
    { name: 'Pentecostal', code: '2524', pct: 1.0 },
  ] satisfies CensusCategory[],
} as const;

/** Language used at home: English only, and the ten most used other languages (ISO 639-3). */
export const AU_2021_LANGUAGE_AT_HOME = {
  englishOnly: { name: 'English only', code: 'eng', pct: 72.0 } satisfies CensusCategory,
  top: [
    { name: 'Mandarin', code: 'cmn', pct: 2.7 },
    { name: 'Arabic', code: 'ara', pct: 1.4 },
    { name: 'Vietnamese', code: 'vie', pct: 1.3 },
    { name: 'Cantonese', code: 'yue', pct: 1.2 },
    { name: 'Punjabi', code: 'pan', pct: 0.9 },
    { name: 'Greek', code: 'ell', pct: 0.9 },
    { name: 'Italian', code: 'ita', pct: 0.9 },
    { name: 'Filipino/Tagalog', code: 'tgl', pct: 0.9 },
    { name: 'Hindi', code: 'hin', pct: 0.8 },
    { name: 'Spanish', code: 'spa', pct: 0.7 },
  ] satisfies CensusCategory[],
} as const;

/**
 * Ancestry, the ten most reported, in per cent of persons (up to two ancestries each, so the
 * figures sum past 100). Codes are the ethnicities list's (ASCCEG 2019 groups).
 */
export const AU_2021_ANCESTRY: readonly CensusCategory[] = [
  { name: 'English', code: 'ascceg:2101', pct: 33.0 },
  { name: 'Australian', code: 'ascceg:1101', pct: 29.9 },
  { name: 'Irish', code: 'ascceg:2201', pct: 9.5 },
  { name: 'Scottish', code: 'ascceg:2102', pct: 8.6 },
  { name: 'Chinese', code: 'ascceg:6101', pct: 5.5 },
  { name: 'Italian', code: 'ascceg:3103', pct: 4.4 },
  { name: 'German', code: 'ascceg:2306', pct: 4.0 },
  { name: 'Indian', code: 'ascceg:7106', pct: 3.1 },
  { name: 'Australian Aboriginal', code: 'ascceg:1102', pct: 2.9 },
  { name: 'Greek', code: 'ascceg:3205', pct: 1.7 },
];

/** Aboriginal and/or Torres Strait Islander persons. */
export const AU_2021_INDIGENOUS_PCT = 3.2;
