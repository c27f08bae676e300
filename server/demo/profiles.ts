/**
 * The demo population's assumptions: what the census file does not say, written down so that
 * the synthetic answers hang together (a person born in Lebanon speaks Arabic at home more
 * often than one born in England, and has parents born in Lebanon). These are the project's
 * judgement and rounded public figures, not statistics to quote: the product's external
 * comparison uses server/demo/census.ts's figures only through the data, never these.
 *
 * Codes: countries ISO 3166-1 alpha-2, languages ISO 639-3, heritages the ethnicities list's
 * codes (ASCCEG 2019 'ascceg:NNNN' or a national heritage 'iso3166:XX'), religions ASCRG 2016
 * religious group codes (the denominations list; its branch and worldview follow from it).
 */

/** Denominations by name, for reading the tables below. */
export const FAITH = {
  catholic: '2071',
  maronite: '2072',
  melkite: '2073',
  chaldean: '2075',
  syroMalabar: '2076',
  anglican: '2012',
  uniting: '2331',
  greekOrthodox: '2233',
  serbianOrthodox: '2237',
  macedonianOrthodox: '2234',
  russianOrthodox: '2236',
  antiochian: '2232',
  ukrainianOrthodox: '2238',
  coptic: '2214',
  ethiopianOrthodox: '2216',
  assyrian: '2221',
  presbyterian: '2251',
  reformed: '2252',
  baptist: '2031',
  pentecostal: '2402',
  lutheran: '2171',
  jehovah: '2131',
  lds: '2151',
  adventist: '2311',
  salvation: '2271',
  bornAgain: '2802',
  otherChristian: '2999',
  buddhism: '1011',
  hinduism: '3011',
  sunni: '4512-nfd',
  shia: '4511-nfd',
  judaism: '5011',
  sikhism: '6151',
  taoism: '6053',
  bahai: '6031',
  noReligion: '7101',
  atheism: '7202',
  agnosticism: '7201',
  spiritual: '7303',
} as const;
const F = FAITH;

/** Which pool the names of named respondents and demo accounts come from. */
export type NamePool = 'anglo' | 'chinese' | 'indian' | 'vietnamese' | 'filipino' | 'arabic' | 'greek' | 'italian' | 'korean' | 'japanese' | 'latin' | 'slavic' | 'african' | 'pacific' | 'european';

export type Weights = ReadonlyArray<readonly [string, number]>;

/** One cultural background among the people born in an origin country. */
export interface Profile {
  /** Share of the country's migrants with this background (relative within the country). */
  readonly share: number;
  /** The language kept at home (ISO 639-3); absent: English. */
  readonly language?: string;
  /** Share of the first generation with that language as their main language (default 0.85). */
  readonly homeRate?: number;
  /** Other languages some of them know, with the share who do. */
  readonly also?: Weights;
  /** Heritages with the probability a person reports each; the first is the background's own (probability 1). */
  readonly heritages: Weights;
  /** Denomination code: weight, among those who state a religion. */
  readonly religion: Readonly<Record<string, number>>;
  /** States or provinces of birth (ISO 3166-2) and their weights; absent: any of the country's. */
  readonly states?: Weights;
  readonly names: NamePool;
}

export interface Origin {
  readonly country: string;
  /**
   * Persons born there, in thousands (rounded ABS 2021 figures), for the countries after the
   * census file's five largest; scaled to fill the file's born-overseas total.
   */
  readonly thousands?: number;
  /** Australian-born children and grandchildren, per person born there (the older the migration, the more). */
  readonly secondGeneration: number;
  readonly thirdGeneration: number;
  readonly profiles: readonly Profile[];
}

const secularEuropean = (christian: Readonly<Record<string, number>>) => ({ ...christian, [F.noReligion]: 0.45, [F.atheism]: 0.03 });

export const ORIGINS: readonly Origin[] = [
  {
    // The census file's England figure stands for the whole United Kingdom (one ISO 3166 code).
    country: 'GB',
    secondGeneration: 1.2,
    thirdGeneration: 0.4,
    profiles: [
      { share: 0.86, heritages: [['ascceg:2101', 1], ['ascceg:2102', 0.1], ['ascceg:2201', 0.08], ['ascceg:2103', 0.03]], religion: { [F.anglican]: 0.22, [F.catholic]: 0.1, [F.noReligion]: 0.52, [F.uniting]: 0.02, [F.otherChristian]: 0.06, [F.atheism]: 0.04, [F.baptist]: 0.02 }, states: [['GB-ENG', 1]], names: 'anglo' },
      { share: 0.11, heritages: [['ascceg:2102', 1], ['ascceg:2101', 0.2]], religion: { [F.presbyterian]: 0.2, [F.catholic]: 0.12, [F.noReligion]: 0.58, [F.anglican]: 0.05, [F.atheism]: 0.05 }, states: [['GB-SCT', 1]], names: 'anglo' },
      { share: 0.03, heritages: [['ascceg:2103', 1], ['ascceg:2101', 0.3]], religion: { [F.anglican]: 0.15, [F.noReligion]: 0.6, [F.uniting]: 0.1, [F.catholic]: 0.1 }, states: [['GB-WLS', 1]], names: 'anglo' },
    ],
  },
  {
    country: 'IN',
    secondGeneration: 0.35,
    thirdGeneration: 0.03,
    profiles: [
      { share: 0.26, language: 'hin', heritages: [['ascceg:7106', 1]], religion: { [F.hinduism]: 0.8, [F.sunni]: 0.04, [F.catholic]: 0.03, [F.sikhism]: 0.02, [F.noReligion]: 0.11 }, states: [['IN-DL', 3], ['IN-UP', 3], ['IN-HR', 1], ['IN-RJ', 1], ['IN-MP', 1]], names: 'indian' },
      { share: 0.26, language: 'pan', also: [['hin', 0.6]], heritages: [['ascceg:7113', 1], ['ascceg:7106', 0.45], ['ascceg:7114', 0.15]], religion: { [F.sikhism]: 0.78, [F.hinduism]: 0.18, [F.noReligion]: 0.04 }, states: [['IN-PB', 5], ['IN-HR', 1], ['IN-CH', 1]], names: 'indian' },
      { share: 0.07, language: 'guj', also: [['hin', 0.5]], heritages: [['ascceg:7104', 1], ['ascceg:7106', 0.55]], religion: { [F.hinduism]: 0.9, [F.sunni]: 0.05, [F.noReligion]: 0.05 }, states: [['IN-GJ', 1]], names: 'indian' },
      { share: 0.06, language: 'tam', heritages: [['ascceg:7106', 1], ['ascceg:7128', 0.35]], religion: { [F.hinduism]: 0.78, [F.catholic]: 0.12, [F.otherChristian]: 0.05, [F.noReligion]: 0.05 }, states: [['IN-TN', 1]], names: 'indian' },
      { share: 0.07, language: 'tel', heritages: [['ascceg:7132', 1], ['ascceg:7106', 0.55]], religion: { [F.hinduism]: 0.9, [F.otherChristian]: 0.05, [F.noReligion]: 0.05 }, states: [['IN-TS', 1], ['IN-AP', 1]], names: 'indian' },
      { share: 0.08, language: 'mal', heritages: [['ascceg:7107', 1], ['ascceg:7106', 0.55]], religion: { [F.syroMalabar]: 0.3, [F.catholic]: 0.1, [F.hinduism]: 0.35, [F.otherChristian]: 0.12, [F.sunni]: 0.08, [F.noReligion]: 0.05 }, states: [['IN-KL', 1]], names: 'indian' },
      { share: 0.05, language: 'mar', also: [['hin', 0.6]], heritages: [['ascceg:7106', 1]], religion: { [F.hinduism]: 0.9, [F.buddhism]: 0.04, [F.noReligion]: 0.06 }, states: [['IN-MH', 1]], names: 'indian' },
      { share: 0.05, language: 'ben', heritages: [['ascceg:7106', 1], ['ascceg:7102', 0.3]], religion: { [F.hinduism]: 0.88, [F.sunni]: 0.06, [F.noReligion]: 0.06 }, states: [['IN-WB', 1]], names: 'indian' },
      { share: 0.1, heritages: [['ascceg:7106', 1], ['ascceg:7101', 0.15]], also: [['hin', 0.5]], religion: { [F.catholic]: 0.3, [F.hinduism]: 0.35, [F.anglican]: 0.08, [F.noReligion]: 0.17, [F.otherChristian]: 0.1 }, states: [['IN-MH', 2], ['IN-KA', 2], ['IN-GA', 1], ['IN-DL', 1]], names: 'indian' },
    ],
  },
  {
    country: 'CN',
    secondGeneration: 0.4,
    thirdGeneration: 0.1,
    profiles: [
      { share: 0.82, language: 'cmn', heritages: [['ascceg:6101', 1]], religion: { [F.noReligion]: 0.71, [F.buddhism]: 0.1, [F.taoism]: 0.03, [F.otherChristian]: 0.07, [F.catholic]: 0.04, [F.bornAgain]: 0.02, [F.atheism]: 0.03 }, states: [['CN-BJ', 2], ['CN-SH', 2], ['CN-JS', 1], ['CN-ZJ', 1], ['CN-SD', 1], ['CN-LN', 1], ['CN-SC', 1], ['CN-HB', 1]], names: 'chinese' },
      { share: 0.18, language: 'yue', also: [['cmn', 0.6]], heritages: [['ascceg:6101', 1]], religion: { [F.noReligion]: 0.65, [F.buddhism]: 0.15, [F.taoism]: 0.05, [F.otherChristian]: 0.08, [F.catholic]: 0.07 }, states: [['CN-GD', 1]], names: 'chinese' },
    ],
  },
  {
    country: 'NZ',
    secondGeneration: 0.5,
    thirdGeneration: 0.15,
    profiles: [
      { share: 0.78, heritages: [['ascceg:1202', 1], ['ascceg:2101', 0.35], ['ascceg:2102', 0.1], ['ascceg:2201', 0.07]], religion: { [F.noReligion]: 0.56, [F.catholic]: 0.12, [F.anglican]: 0.1, [F.presbyterian]: 0.07, [F.otherChristian]: 0.06, [F.pentecostal]: 0.04, [F.lds]: 0.02, [F.atheism]: 0.03 }, names: 'anglo' },
      { share: 0.14, language: 'mri', homeRate: 0.1, heritages: [['ascceg:1201', 1], ['ascceg:1202', 0.4]], religion: { [F.noReligion]: 0.45, [F.lds]: 0.12, [F.otherChristian]: 0.15, [F.catholic]: 0.1, [F.anglican]: 0.08, [F.pentecostal]: 0.1 }, names: 'pacific' },
      { share: 0.08, language: 'smo', homeRate: 0.5, heritages: [['ascceg:1504', 1], ['ascceg:1202', 0.35]], religion: { [F.otherChristian]: 0.25, [F.lds]: 0.2, [F.catholic]: 0.2, [F.uniting]: 0.1, [F.pentecostal]: 0.12, [F.adventist]: 0.05, [F.noReligion]: 0.08 }, names: 'pacific' },
    ],
  },
  {
    country: 'PH',
    secondGeneration: 0.4,
    thirdGeneration: 0.05,
    profiles: [
      { share: 1, language: 'tgl', homeRate: 0.6, heritages: [['ascceg:5201', 1]], religion: { [F.catholic]: 0.78, [F.otherChristian]: 0.07, [F.pentecostal]: 0.05, [F.bornAgain]: 0.03, [F.noReligion]: 0.05, [F.sunni]: 0.02 }, states: [['PH-00', 3], ['PH-07', 1], ['PH-03', 1], ['PH-40', 1], ['PH-06', 1]], names: 'filipino' },
    ],
  },
  { country: 'VN', thousands: 268, secondGeneration: 0.7, thirdGeneration: 0.05, profiles: [{ share: 1, language: 'vie', homeRate: 0.9, heritages: [['ascceg:5107', 1], ['ascceg:6101', 0.1]], religion: { [F.buddhism]: 0.38, [F.catholic]: 0.26, [F.noReligion]: 0.34, [F.otherChristian]: 0.02 }, names: 'vietnamese' }] },
  {
    country: 'ZA',
    thousands: 190,
    secondGeneration: 0.35,
    thirdGeneration: 0.05,
    profiles: [
      { share: 0.8, heritages: [['ascceg:9215', 1], ['ascceg:2101', 0.3], ['ascceg:4201', 0.05]], religion: { [F.anglican]: 0.12, [F.catholic]: 0.12, [F.noReligion]: 0.33, [F.otherChristian]: 0.13, [F.pentecostal]: 0.07, [F.uniting]: 0.05, [F.judaism]: 0.05, [F.presbyterian]: 0.04, [F.hinduism]: 0.04, [F.baptist]: 0.05 }, names: 'anglo' },
      { share: 0.2, language: 'afr', homeRate: 0.6, heritages: [['ascceg:9201', 1], ['ascceg:9215', 0.5]], religion: { [F.reformed]: 0.45, [F.otherChristian]: 0.2, [F.noReligion]: 0.25, [F.pentecostal]: 0.1 }, names: 'european' },
    ],
  },
  {
    country: 'MY',
    thousands: 172,
    secondGeneration: 0.35,
    thirdGeneration: 0.05,
    profiles: [
      { share: 0.3, language: 'cmn', homeRate: 0.6, also: [['zsm', 0.6], ['yue', 0.3]], heritages: [['ascceg:6101', 1], ['iso3166:MY', 0.3]], religion: { [F.buddhism]: 0.35, [F.noReligion]: 0.3, [F.otherChristian]: 0.15, [F.catholic]: 0.1, [F.taoism]: 0.1 }, names: 'chinese' },
      { share: 0.2, language: 'yue', homeRate: 0.6, also: [['zsm', 0.6], ['cmn', 0.5]], heritages: [['ascceg:6101', 1], ['iso3166:MY', 0.3]], religion: { [F.buddhism]: 0.35, [F.noReligion]: 0.3, [F.otherChristian]: 0.15, [F.catholic]: 0.1, [F.taoism]: 0.1 }, names: 'chinese' },
      { share: 0.2, language: 'zsm', homeRate: 0.8, heritages: [['ascceg:5205', 1], ['iso3166:MY', 0.3]], religion: { [F.sunni]: 0.95, [F.noReligion]: 0.05 }, names: 'arabic' },
      { share: 0.3, also: [['zsm', 0.6], ['cmn', 0.3]], heritages: [['iso3166:MY', 1], ['ascceg:6101', 0.5], ['ascceg:7106', 0.15]], religion: { [F.buddhism]: 0.2, [F.noReligion]: 0.35, [F.otherChristian]: 0.2, [F.catholic]: 0.15, [F.hinduism]: 0.1 }, names: 'chinese' },
    ],
  },
  { country: 'IT', thousands: 163, secondGeneration: 1.4, thirdGeneration: 3, profiles: [{ share: 1, language: 'ita', homeRate: 0.75, heritages: [['ascceg:3103', 1]], religion: { [F.catholic]: 0.8, [F.noReligion]: 0.16, [F.otherChristian]: 0.04 }, states: [['IT-82', 2], ['IT-78', 2], ['IT-72', 2], ['IT-25', 1], ['IT-62', 1], ['IT-21', 1], ['IT-34', 1]], names: 'italian' }] },
  {
    country: 'LK',
    thousands: 147,
    secondGeneration: 0.4,
    thirdGeneration: 0.03,
    profiles: [
      { share: 0.6, language: 'sin', heritages: [['ascceg:7115', 1], ['ascceg:7126', 0.4]], religion: { [F.buddhism]: 0.75, [F.catholic]: 0.12, [F.otherChristian]: 0.05, [F.noReligion]: 0.08 }, names: 'indian' },
      { share: 0.3, language: 'tam', heritages: [['ascceg:7127', 1], ['ascceg:7126', 0.3]], religion: { [F.hinduism]: 0.7, [F.catholic]: 0.15, [F.otherChristian]: 0.1, [F.noReligion]: 0.05 }, names: 'indian' },
      { share: 0.1, heritages: [['ascceg:7126', 1], ['ascceg:7103', 0.5]], religion: { [F.catholic]: 0.5, [F.anglican]: 0.2, [F.noReligion]: 0.2, [F.otherChristian]: 0.1 }, names: 'anglo' },
    ],
  },
  { country: 'NP', thousands: 123, secondGeneration: 0.15, thirdGeneration: 0, profiles: [{ share: 1, language: 'nep', homeRate: 0.9, heritages: [['ascceg:7111', 1]], religion: { [F.hinduism]: 0.8, [F.buddhism]: 0.12, [F.noReligion]: 0.05, [F.otherChristian]: 0.03 }, names: 'indian' }] },
  { country: 'KR', thousands: 111, secondGeneration: 0.3, thirdGeneration: 0.02, profiles: [{ share: 1, language: 'kor', homeRate: 0.9, heritages: [['ascceg:6902', 1]], religion: { [F.otherChristian]: 0.18, [F.presbyterian]: 0.15, [F.catholic]: 0.12, [F.noReligion]: 0.45, [F.buddhism]: 0.08, [F.pentecostal]: 0.02 }, names: 'korean' }] },
  { country: 'DE', thousands: 101, secondGeneration: 1.2, thirdGeneration: 2.5, profiles: [{ share: 1, language: 'deu', homeRate: 0.45, heritages: [['ascceg:2306', 1]], religion: secularEuropean({ [F.lutheran]: 0.2, [F.catholic]: 0.25 }), names: 'european' }] },
  { country: 'US', thousands: 109, secondGeneration: 0.4, thirdGeneration: 0.1, profiles: [{ share: 1, heritages: [['ascceg:8102', 1], ['ascceg:2101', 0.15], ['ascceg:2201', 0.12], ['ascceg:2306', 0.08]], religion: { [F.noReligion]: 0.4, [F.catholic]: 0.15, [F.otherChristian]: 0.18, [F.baptist]: 0.05, [F.lds]: 0.04, [F.judaism]: 0.04, [F.pentecostal]: 0.04, [F.atheism]: 0.05, [F.agnosticism]: 0.05 }, names: 'anglo' }] },
  { country: 'HK', thousands: 101, secondGeneration: 0.6, thirdGeneration: 0.1, profiles: [{ share: 1, language: 'yue', homeRate: 0.75, also: [['cmn', 0.4]], heritages: [['ascceg:6101', 1], ['iso3166:HK', 0.2]], religion: { [F.noReligion]: 0.54, [F.otherChristian]: 0.14, [F.catholic]: 0.1, [F.buddhism]: 0.12, [F.taoism]: 0.04, [F.anglican]: 0.03, [F.baptist]: 0.03 }, names: 'chinese' }] },
  { country: 'GR', thousands: 93, secondGeneration: 1.8, thirdGeneration: 2, profiles: [{ share: 1, language: 'ell', homeRate: 0.85, heritages: [['ascceg:3205', 1]], religion: { [F.greekOrthodox]: 0.9, [F.noReligion]: 0.08, [F.catholic]: 0.02 }, names: 'greek' }] },
  { country: 'IE', thousands: 83, secondGeneration: 0.8, thirdGeneration: 0.4, profiles: [{ share: 1, heritages: [['ascceg:2201', 1]], religion: { [F.catholic]: 0.58, [F.noReligion]: 0.36, [F.anglican]: 0.03, [F.atheism]: 0.03 }, names: 'anglo' }] },
  { country: 'PK', thousands: 90, secondGeneration: 0.3, thirdGeneration: 0, profiles: [{ share: 1, language: 'urd', also: [['pan', 0.3]], heritages: [['ascceg:7112', 1]], religion: { [F.sunni]: 0.85, [F.shia]: 0.1, [F.otherChristian]: 0.03, [F.noReligion]: 0.02 }, names: 'arabic' }] },
  {
    country: 'LB',
    thousands: 87,
    secondGeneration: 2.2,
    thirdGeneration: 0.6,
    profiles: [{ share: 1, language: 'ara', homeRate: 0.85, heritages: [['ascceg:4106', 1]], religion: { [F.maronite]: 0.33, [F.sunni]: 0.22, [F.shia]: 0.13, [F.antiochian]: 0.15, [F.melkite]: 0.06, [F.noReligion]: 0.06, [F.otherChristian]: 0.05 }, names: 'arabic' }],
  },
  {
    country: 'IQ',
    thousands: 88,
    secondGeneration: 0.6,
    thirdGeneration: 0,
    profiles: [
      { share: 0.55, language: 'ara', heritages: [['ascceg:4103', 1]], religion: { [F.shia]: 0.5, [F.sunni]: 0.2, [F.chaldean]: 0.15, [F.noReligion]: 0.1, [F.otherChristian]: 0.05 }, names: 'arabic' },
      { share: 0.3, language: 'aii', also: [['ara', 0.7]], heritages: [['ascceg:4908', 1], ['ascceg:4911', 0.2]], religion: { [F.assyrian]: 0.55, [F.chaldean]: 0.35, [F.noReligion]: 0.05, [F.otherChristian]: 0.05 }, names: 'arabic' },
      { share: 0.15, language: 'ckb', also: [['ara', 0.6]], heritages: [['ascceg:4905', 1]], religion: { [F.sunni]: 0.85, [F.noReligion]: 0.15 }, names: 'arabic' },
    ],
  },
  {
    country: 'FJ',
    thousands: 70,
    secondGeneration: 0.6,
    thirdGeneration: 0.05,
    profiles: [
      { share: 0.6, language: 'hif', homeRate: 0.7, also: [['hin', 0.5]], heritages: [['ascceg:7122', 1], ['ascceg:7106', 0.3]], religion: { [F.hinduism]: 0.7, [F.sunni]: 0.15, [F.otherChristian]: 0.1, [F.noReligion]: 0.05 }, names: 'indian' },
      { share: 0.4, language: 'fij', homeRate: 0.6, heritages: [['ascceg:1502', 1]], religion: { [F.uniting]: 0.35, [F.otherChristian]: 0.2, [F.catholic]: 0.15, [F.adventist]: 0.1, [F.pentecostal]: 0.15, [F.noReligion]: 0.05 }, names: 'pacific' },
    ],
  },
  { country: 'ID', thousands: 87, secondGeneration: 0.3, thirdGeneration: 0.02, profiles: [{ share: 1, language: 'ind', homeRate: 0.75, heritages: [['ascceg:5202', 1], ['ascceg:6101', 0.2]], religion: { [F.sunni]: 0.5, [F.otherChristian]: 0.15, [F.catholic]: 0.12, [F.buddhism]: 0.08, [F.noReligion]: 0.12, [F.pentecostal]: 0.03 }, names: 'european' }] },
  {
    country: 'SG',
    thousands: 64,
    secondGeneration: 0.3,
    thirdGeneration: 0.02,
    profiles: [
      { share: 0.5, language: 'cmn', homeRate: 0.5, heritages: [['ascceg:6101', 1], ['ascceg:5214', 0.4]], religion: { [F.buddhism]: 0.3, [F.noReligion]: 0.35, [F.otherChristian]: 0.2, [F.catholic]: 0.1, [F.taoism]: 0.05 }, names: 'chinese' },
      { share: 0.5, also: [['cmn', 0.4], ['zsm', 0.3]], heritages: [['ascceg:5214', 1], ['ascceg:6101', 0.5]], religion: { [F.buddhism]: 0.2, [F.noReligion]: 0.4, [F.otherChristian]: 0.2, [F.catholic]: 0.1, [F.hinduism]: 0.05, [F.sunni]: 0.05 }, names: 'chinese' },
    ],
  },
  { country: 'NL', thousands: 70, secondGeneration: 1.2, thirdGeneration: 2, profiles: [{ share: 1, language: 'nld', homeRate: 0.35, heritages: [['ascceg:2303', 1]], religion: secularEuropean({ [F.catholic]: 0.22, [F.reformed]: 0.2 }), names: 'european' }] },
  { country: 'TW', thousands: 57, secondGeneration: 0.3, thirdGeneration: 0.02, profiles: [{ share: 1, language: 'cmn', homeRate: 0.85, heritages: [['ascceg:6102', 1], ['ascceg:6101', 0.5]], religion: { [F.noReligion]: 0.5, [F.buddhism]: 0.23, [F.taoism]: 0.1, [F.otherChristian]: 0.12, [F.catholic]: 0.05 }, names: 'chinese' }] },
  { country: 'JP', thousands: 50, secondGeneration: 0.4, thirdGeneration: 0.05, profiles: [{ share: 1, language: 'jpn', homeRate: 0.8, heritages: [['ascceg:6901', 1]], religion: { [F.noReligion]: 0.75, [F.buddhism]: 0.13, [F.otherChristian]: 0.07, [F.catholic]: 0.05 }, names: 'japanese' }] },
  { country: 'IR', thousands: 67, secondGeneration: 0.3, thirdGeneration: 0, profiles: [{ share: 1, language: 'fas', homeRate: 0.85, heritages: [['ascceg:4904', 1]], religion: { [F.shia]: 0.5, [F.noReligion]: 0.25, [F.bahai]: 0.1, [F.otherChristian]: 0.1, [F.atheism]: 0.05 }, names: 'arabic' }] },
  {
    country: 'AF',
    thousands: 59,
    secondGeneration: 0.3,
    thirdGeneration: 0,
    profiles: [
      { share: 0.65, language: 'prs', heritages: [['ascceg:7208', 1], ['ascceg:7201', 0.4]], religion: { [F.shia]: 0.8, [F.sunni]: 0.15, [F.noReligion]: 0.05 }, names: 'arabic' },
      { share: 0.35, language: 'pus', also: [['prs', 0.6]], heritages: [['ascceg:7201', 1], ['ascceg:7205', 0.4]], religion: { [F.sunni]: 0.95, [F.noReligion]: 0.05 }, names: 'arabic' },
    ],
  },
  { country: 'BD', thousands: 52, secondGeneration: 0.3, thirdGeneration: 0, profiles: [{ share: 1, language: 'ben', homeRate: 0.9, heritages: [['ascceg:7118', 1], ['ascceg:7102', 0.4]], religion: { [F.sunni]: 0.9, [F.hinduism]: 0.07, [F.noReligion]: 0.03 }, names: 'indian' }] },
  { country: 'TH', thousands: 77, secondGeneration: 0.3, thirdGeneration: 0.02, profiles: [{ share: 1, language: 'tha', homeRate: 0.75, heritages: [['ascceg:5106', 1]], religion: { [F.buddhism]: 0.78, [F.noReligion]: 0.17, [F.otherChristian]: 0.05 }, names: 'european' }] },
  {
    country: 'EG',
    thousands: 40,
    secondGeneration: 0.8,
    thirdGeneration: 0.2,
    profiles: [
      { share: 0.55, language: 'ara', heritages: [['ascceg:4903', 1], ['ascceg:4102', 0.6]], religion: { [F.coptic]: 0.9, [F.noReligion]: 0.05, [F.otherChristian]: 0.05 }, names: 'arabic' },
      { share: 0.45, language: 'ara', heritages: [['ascceg:4102', 1]], religion: { [F.sunni]: 0.85, [F.noReligion]: 0.1, [F.otherChristian]: 0.05 }, names: 'arabic' },
    ],
  },
  { country: 'BR', thousands: 46, secondGeneration: 0.2, thirdGeneration: 0, profiles: [{ share: 1, language: 'por', homeRate: 0.75, heritages: [['ascceg:8203', 1], ['ascceg:3103', 0.1]], religion: { [F.catholic]: 0.55, [F.noReligion]: 0.28, [F.pentecostal]: 0.12, [F.spiritual]: 0.05 }, names: 'latin' }] },
  { country: 'CO', thousands: 35, secondGeneration: 0.15, thirdGeneration: 0, profiles: [{ share: 1, language: 'spa', heritages: [['ascceg:8205', 1]], religion: { [F.catholic]: 0.65, [F.noReligion]: 0.27, [F.pentecostal]: 0.08 }, names: 'latin' }] },
  { country: 'CL', thousands: 27, secondGeneration: 0.8, thirdGeneration: 0.2, profiles: [{ share: 1, language: 'spa', homeRate: 0.75, heritages: [['ascceg:8204', 1], ['ascceg:3106', 0.15]], religion: { [F.catholic]: 0.55, [F.noReligion]: 0.35, [F.pentecostal]: 0.1 }, names: 'latin' }] },
  { country: 'AR', thousands: 14, secondGeneration: 0.6, thirdGeneration: 0.1, profiles: [{ share: 1, language: 'spa', homeRate: 0.7, heritages: [['ascceg:8201', 1], ['ascceg:3103', 0.2], ['ascceg:3106', 0.15]], religion: { [F.catholic]: 0.6, [F.noReligion]: 0.35, [F.judaism]: 0.05 }, names: 'latin' }] },
  { country: 'PE', thousands: 12, secondGeneration: 0.4, thirdGeneration: 0, profiles: [{ share: 1, language: 'spa', heritages: [['ascceg:8208', 1]], religion: { [F.catholic]: 0.75, [F.noReligion]: 0.15, [F.pentecostal]: 0.1 }, names: 'latin' }] },
  { country: 'ES', thousands: 22, secondGeneration: 1, thirdGeneration: 0.8, profiles: [{ share: 1, language: 'spa', homeRate: 0.6, heritages: [['ascceg:3106', 1]], religion: secularEuropean({ [F.catholic]: 0.5 }), names: 'latin' }] },
  { country: 'CA', thousands: 50, secondGeneration: 0.4, thirdGeneration: 0.05, profiles: [{ share: 1, heritages: [['ascceg:8103', 1], ['ascceg:2101', 0.25], ['ascceg:2102', 0.12], ['ascceg:2201', 0.1]], religion: { [F.noReligion]: 0.48, [F.catholic]: 0.2, [F.otherChristian]: 0.14, [F.anglican]: 0.06, [F.uniting]: 0.06, [F.atheism]: 0.06 }, names: 'anglo' }] },
  { country: 'MT', thousands: 35, secondGeneration: 1.5, thirdGeneration: 1.5, profiles: [{ share: 1, language: 'mlt', homeRate: 0.6, heritages: [['ascceg:3104', 1]], religion: { [F.catholic]: 0.88, [F.noReligion]: 0.12 }, names: 'italian' }] },
  { country: 'HR', thousands: 40, secondGeneration: 1.2, thirdGeneration: 0.8, profiles: [{ share: 1, language: 'hrv', homeRate: 0.7, heritages: [['ascceg:3204', 1]], religion: { [F.catholic]: 0.85, [F.noReligion]: 0.15 }, names: 'slavic' }] },
  { country: 'MK', thousands: 40, secondGeneration: 1.2, thirdGeneration: 0.6, profiles: [{ share: 1, language: 'mkd', homeRate: 0.8, heritages: [['ascceg:3206', 1]], religion: { [F.macedonianOrthodox]: 0.85, [F.sunni]: 0.05, [F.noReligion]: 0.1 }, names: 'slavic' }] },
  { country: 'RS', thousands: 26, secondGeneration: 1.2, thirdGeneration: 0.4, profiles: [{ share: 1, language: 'srp', homeRate: 0.75, heritages: [['ascceg:3213', 1]], religion: { [F.serbianOrthodox]: 0.85, [F.noReligion]: 0.15 }, names: 'slavic' }] },
  { country: 'TR', thousands: 36, secondGeneration: 1, thirdGeneration: 0.2, profiles: [{ share: 1, language: 'tur', homeRate: 0.8, heritages: [['ascceg:4907', 1]], religion: { [F.sunni]: 0.8, [F.noReligion]: 0.15, [F.shia]: 0.05 }, names: 'arabic' }] },
  { country: 'PL', thousands: 40, secondGeneration: 1, thirdGeneration: 0.8, profiles: [{ share: 1, language: 'pol', homeRate: 0.6, heritages: [['ascceg:3307', 1]], religion: { [F.catholic]: 0.8, [F.noReligion]: 0.2 }, names: 'slavic' }] },
  { country: 'RU', thousands: 20, secondGeneration: 0.6, thirdGeneration: 0.2, profiles: [{ share: 1, language: 'rus', homeRate: 0.75, heritages: [['ascceg:3308', 1], ['ascceg:4201', 0.05]], religion: { [F.russianOrthodox]: 0.45, [F.noReligion]: 0.45, [F.judaism]: 0.05, [F.atheism]: 0.05 }, names: 'slavic' }] },
  { country: 'UA', thousands: 14, secondGeneration: 1, thirdGeneration: 0.5, profiles: [{ share: 1, language: 'ukr', homeRate: 0.6, also: [['rus', 0.6]], heritages: [['ascceg:3312', 1]], religion: { [F.ukrainianOrthodox]: 0.45, [F.catholic]: 0.15, [F.noReligion]: 0.4 }, names: 'slavic' }] },
  { country: 'FR', thousands: 34, secondGeneration: 0.4, thirdGeneration: 0.1, profiles: [{ share: 1, language: 'fra', homeRate: 0.6, heritages: [['ascceg:2305', 1]], religion: secularEuropean({ [F.catholic]: 0.35 }), names: 'european' }] },
  { country: 'KH', thousands: 33, secondGeneration: 0.8, thirdGeneration: 0.02, profiles: [{ share: 1, language: 'khm', homeRate: 0.85, heritages: [['ascceg:5104', 1], ['ascceg:6101', 0.15]], religion: { [F.buddhism]: 0.85, [F.catholic]: 0.05, [F.noReligion]: 0.1 }, names: 'vietnamese' }] },
  { country: 'MM', thousands: 35, secondGeneration: 0.4, thirdGeneration: 0, profiles: [{ share: 1, language: 'mya', homeRate: 0.8, heritages: [['ascceg:5102', 1]], religion: { [F.buddhism]: 0.6, [F.baptist]: 0.25, [F.otherChristian]: 0.1, [F.noReligion]: 0.05 }, names: 'vietnamese' }] },
  { country: 'MU', thousands: 30, secondGeneration: 0.7, thirdGeneration: 0.1, profiles: [{ share: 1, language: 'mfe', homeRate: 0.4, also: [['fra', 0.8]], heritages: [['ascceg:9207', 1]], religion: { [F.catholic]: 0.5, [F.hinduism]: 0.35, [F.sunni]: 0.1, [F.noReligion]: 0.05 }, names: 'european' }] },
  { country: 'SY', thousands: 30, secondGeneration: 0.6, thirdGeneration: 0.05, profiles: [{ share: 1, language: 'ara', heritages: [['ascceg:4113', 1], ['ascceg:4908', 0.1]], religion: { [F.sunni]: 0.4, [F.antiochian]: 0.2, [F.melkite]: 0.1, [F.assyrian]: 0.1, [F.noReligion]: 0.1, [F.shia]: 0.1 }, names: 'arabic' }] },
  { country: 'PG', thousands: 29, secondGeneration: 0.5, thirdGeneration: 0.1, profiles: [{ share: 1, language: 'tpi', homeRate: 0.3, heritages: [['ascceg:1303', 1], ['ascceg:1101', 0.2]], religion: { [F.otherChristian]: 0.35, [F.catholic]: 0.28, [F.lutheran]: 0.15, [F.adventist]: 0.1, [F.noReligion]: 0.12 }, names: 'pacific' }] },
  { country: 'KE', thousands: 20, secondGeneration: 0.4, thirdGeneration: 0, profiles: [{ share: 1, language: 'swh', homeRate: 0.3, heritages: [['ascceg:9205', 1]], religion: { [F.otherChristian]: 0.35, [F.catholic]: 0.2, [F.anglican]: 0.15, [F.pentecostal]: 0.2, [F.noReligion]: 0.1 }, names: 'african' }] },
  { country: 'ZW', thousands: 42, secondGeneration: 0.3, thirdGeneration: 0, profiles: [{ share: 1, language: 'sna', homeRate: 0.3, heritages: [['ascceg:9221', 1], ['ascceg:2101', 0.15]], religion: { [F.otherChristian]: 0.3, [F.anglican]: 0.15, [F.catholic]: 0.15, [F.pentecostal]: 0.18, [F.noReligion]: 0.22 }, names: 'african' }] },
  { country: 'ET', thousands: 12, secondGeneration: 0.5, thirdGeneration: 0, profiles: [{ share: 1, language: 'amh', heritages: [['ascceg:9204', 1]], religion: { [F.ethiopianOrthodox]: 0.6, [F.sunni]: 0.25, [F.pentecostal]: 0.1, [F.noReligion]: 0.05 }, names: 'african' }] },
  { country: 'SS', thousands: 13, secondGeneration: 0.8, thirdGeneration: 0, profiles: [{ share: 1, language: 'din', homeRate: 0.7, heritages: [['ascceg:4305', 1], ['ascceg:4303', 0.5]], religion: { [F.catholic]: 0.45, [F.anglican]: 0.25, [F.otherChristian]: 0.2, [F.pentecostal]: 0.1 }, names: 'african' }] },
  { country: 'WS', thousands: 27, secondGeneration: 1, thirdGeneration: 0.2, profiles: [{ share: 1, language: 'smo', homeRate: 0.75, heritages: [['ascceg:1504', 1]], religion: { [F.otherChristian]: 0.3, [F.lds]: 0.2, [F.catholic]: 0.2, [F.uniting]: 0.1, [F.adventist]: 0.1, [F.pentecostal]: 0.1 }, names: 'pacific' }] },
  { country: 'TO', thousands: 12, secondGeneration: 1, thirdGeneration: 0.2, profiles: [{ share: 1, language: 'ton', homeRate: 0.75, heritages: [['ascceg:1505', 1]], religion: { [F.otherChristian]: 0.35, [F.lds]: 0.2, [F.uniting]: 0.25, [F.catholic]: 0.15, [F.noReligion]: 0.05 }, names: 'pacific' }] },
  { country: 'IL', thousands: 10, secondGeneration: 0.6, thirdGeneration: 0.3, profiles: [{ share: 1, language: 'heb', homeRate: 0.6, heritages: [['ascceg:4201', 1]], religion: { [F.judaism]: 0.85, [F.noReligion]: 0.15 }, names: 'european' }] },
];

/** Australian-born people with no migrant background in the two generations before them. */
export const ANGLO_PROFILE = {
  /**
   * Heritages the census file does not rank, as a probability among these people: the
   * file's five largest (English, Australian, Irish, Scottish, German) are solved so the
   * whole population matches it (server/demo/model.ts).
   */
  extraHeritages: [
    ['ascceg:2103', 0.02],
    ['ascceg:2303', 0.015],
  ] as Weights,
  /** Where a parent or grandparent born overseas came from, by the heritage that explains it. */
  heritageCountry: {
    'ascceg:2101': 'GB',
    'ascceg:2102': 'GB',
    'ascceg:2103': 'GB',
    'ascceg:2201': 'IE',
    'ascceg:2306': 'DE',
    'ascceg:2303': 'NL',
    'ascceg:1101': 'GB',
  } as Readonly<Record<string, string>>,
  names: 'anglo' as NamePool,
};

/** Aboriginal and Torres Strait Islander people: census share; heritages and religion assumed. */
export const INDIGENOUS_PROFILE = {
  heritages: [
    ['ascceg:1102', 0.9],
    ['ascceg:1104', 0.14],
    ['ascceg:1101', 0.45],
    ['ascceg:2101', 0.12],
    ['ascceg:2201', 0.06],
  ] as Weights,
  language: 'rop',
  homeRate: 0.04,
  religion: { [F.noReligion]: 0.45, [F.catholic]: 0.2, [F.anglican]: 0.14, [F.uniting]: 0.06, [F.otherChristian]: 0.1, [F.pentecostal]: 0.05 } as Readonly<Record<string, number>>,
  names: 'anglo' as NamePool,
};

/**
 * Splits of the census religion figures below the level the file gives (assumptions): the
 * Christian branches it does not list, the branches of Islam and of "no religion", and the
 * religions after the five largest. Keys are branch codes (ASCRG 2024 narrow groups).
 */
export const RELIGION_SPLITS = {
  otherChristian: { '2522': 0.12, '2532': 0.38, '2531': 0.08, '2518': 0.06, '2521': 0.05, '2527': 0.05, '2526': 0.03, '2523': 0.05, '2516': 0.04, '2512': 0.02, '2514': 0.02 },
  islam: { '4512': 0.72, '4511': 0.25, '4513': 0.03 },
  noReligion: { '9511': 0.92, '9512': 0.06, '9513': 0.02 },
  hinduism: { '3511': 1 },
  buddhism: { '1511': 1 },
  otherReligions: { '6511': 0.5, '5511': 0.25, '8513': 0.08, '8512': 0.05, '8518': 0.07, '8511': 0.05 },
} as const;

/** The denomination an Australian-born person of no migrant background answers within each branch. */
export const BRANCH_DENOMINATIONS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  '1511': { '1011': 1 },
  '2511': { '2012': 0.97, '2019': 0.03 },
  '2512': { '2221': 1 },
  '2513': { '2031': 1 },
  '2514': { '2051': 1 },
  '2515': { '2071': 1 },
  '2516': { '2111': 0.8, '2112': 0.2 },
  '2517': { '2233': 0.7, '2236': 0.1, '2237': 0.1, '2234': 0.1 },
  '2518': { '2131': 1 },
  '2521': { '2151': 1 },
  '2522': { '2171': 1 },
  '2523': { '2214': 0.6, '2212': 0.4 },
  '2524': { '2402': 0.45, '2404': 0.2, '2499': 0.35 },
  '2525': { '2251': 0.85, '2252': 0.15 },
  '2526': { '2271': 1 },
  '2527': { '2311': 1 },
  '2528': { '2331': 1 },
  '2531': { '2802': 0.4, '2812': 0.2, '2899': 0.4 },
  '2532': { '2999': 0.85, '2902': 0.05, '2912': 0.1 },
  '3511': { '3011': 1 },
  '4511': { '4511-nfd': 1 },
  '4512': { '4512-nfd': 1 },
  '4513': { '4513-nfd': 1 },
  '5511': { '5011': 1 },
  '6511': { '6151': 1 },
  '8511': { '6011': 1 },
  '8512': { '6031': 1 },
  '8513': { '6053': 0.4, '6052': 0.3, '6059': 0.3 },
  '8518': { '6999': 0.6, '6997': 0.2, '6998': 0.2 },
  '9511': { '7101': 1 },
  '9512': { '7202': 0.45, '7201': 0.4, '7203': 0.15 },
  '9513': { '7303': 0.7, '7302': 0.3 },
};

/**
 * States of birth of the Australian-born: rounded 2021 Census counts of persons by state, in
 * thousands (ABS QuickStats; not in the shared census file).
 */
export const AUSTRALIAN_STATES: Weights = [
  ['AU-NSW', 8072],
  ['AU-VIC', 6503],
  ['AU-QLD', 5156],
  ['AU-WA', 2660],
  ['AU-SA', 1782],
  ['AU-TAS', 557],
  ['AU-ACT', 454],
  ['AU-NT', 233],
];

/** Languages learnt at school or later by people whose other languages do not already include them. */
export const LEARNT_LANGUAGES: Weights = [
  ['fra', 0.22],
  ['jpn', 0.16],
  ['ind', 0.12],
  ['deu', 0.1],
  ['spa', 0.14],
  ['ita', 0.1],
  ['cmn', 0.08],
  ['kor', 0.03],
  ['asf', 0.05],
];
