import * as t from 'io-ts';
import type { MessageKey } from '../i18n/en';
import { Generation } from '../filters/model';
import { CompareSelection } from './compare';
import { endpoint } from './endpoint';
import { type StatisticsEndpoint, statisticsEndpoints as s } from './statistics';

/**
 * Spreadsheet exports of the dashboards (issue 16). An export is built only from what the
 * statistics endpoints release to the same caller with the same filters: the server asks its
 * own endpoints and writes their answers, so no figure can leave that the dashboard would hide.
 */

export const EXPORT_PAGES = ['home', 'overview', 'demographics', 'country-birth', 'languages', 'worldviews', 'cultural-heritage'] as const;
export const ExportPage = t.keyof({
  home: null,
  overview: null,
  demographics: null,
  'country-birth': null,
  languages: null,
  worldviews: null,
  'cultural-heritage': null,
});
export type ExportPage = t.TypeOf<typeof ExportPage>;

export const ExportFormat = t.keyof({ xlsx: null, csv: null });
export type ExportFormat = t.TypeOf<typeof ExportFormat>;

/** A string that passes `test` (plain string type, so the client's filters fit without casts). */
const checkedString = (name: string, test: (value: string) => boolean): t.Type<string, string, unknown> =>
  new t.Type<string, string, unknown>(
    name,
    (value): value is string => typeof value === 'string' && test(value),
    (value, context) => (typeof value === 'string' && test(value) ? t.success(value) : t.failure(value, context)),
    t.identity,
  );

/** A lookup principle id as the filter panel sends it: digits only. */
const PrincipleId = checkedString('PrincipleId', (value) => /^\d{1,10}$/.test(value));

/** 'low-high' with low not above high, e.g. '25-34'. */
const AgeRange = checkedString('AgeRange', (value) => {
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(value);
  return match !== null && Number(match[1]) <= Number(match[2]);
});

const YesNo = t.keyof({ yes: null, no: null });

/** The dashboard filters (SPEC section 3) as an export body carries them; the statistics endpoints receive them as filter[...]. */
export const ExportFilters = t.exact(
  t.partial({
    'position-level': t.array(PrincipleId),
    gender: t.array(PrincipleId),
    'age-range': AgeRange,
    disability: YesNo,
    lgbtiq: YesNo,
    generation: t.array(Generation),
    'date-tag': t.string,
  }),
);
export type ExportFilters = t.TypeOf<typeof ExportFilters>;

/**
 * POST /general/export-excel. `page` is a dashboard page (path segment); `filter` the active
 * filters (date range included as date-tag); `format` xlsx (default: the whole page, one sheet
 * per card; `cards` narrows it to those cards, in the page's order) or csv (one card, named by
 * `card`). The view-as scope is the caller's token's.
 */
export const ExportExcelBody = t.intersection([
  t.strict({ page: ExportPage }),
  t.partial({ filter: ExportFilters, format: ExportFormat, card: t.string, cards: t.array(t.string) }),
]);
export type ExportExcelBody = t.TypeOf<typeof ExportExcelBody>;

/**
 * POST /general/export-excel-compare and /general/export-key-facts-compare (SPEC section 7:
 * payload `organizations`). `organizations` are the comparison's selections, as GET
 * /compare/data takes them (2 to 6: `all` or a group id, each with an optional date-tag);
 * `filter` the dashboard filters shared by every selection.
 */
export const ExportCompareBody = t.intersection([t.strict({ organizations: t.array(CompareSelection) }), t.partial({ filter: ExportFilters })]);
export type ExportCompareBody = t.TypeOf<typeof ExportCompareBody>;

export const exportEndpoints = {
  /** Answers the file itself (xlsx or csv) with a Content-Disposition, or the 422 envelope. */
  exportExcel: endpoint({ method: 'POST', path: '/general/export-excel', body: ExportExcelBody, data: t.unknown }),
  /** The comparison as a workbook: cover, side by side, key facts, demographics, top values. */
  exportExcelCompare: endpoint({ method: 'POST', path: '/general/export-excel-compare', body: ExportCompareBody, data: t.unknown }),
  /** The comparison's key facts as a workbook: cover, key facts, side by side. */
  exportKeyFactsCompare: endpoint({ method: 'POST', path: '/general/export-key-facts-compare', body: ExportCompareBody, data: t.unknown }),
} as const;

export const exportMessages = {
  cardRequired: 'The card field is required',
  cardUnknown: 'The selected card is not on this page.',
} as const;

/** One card of a dashboard page: the statistics endpoint it shows and its title. */
export interface ExportCard {
  /** The endpoint's path without the leading slash, e.g. 'overview/row-one': how a CSV request names it. */
  readonly key: string;
  readonly title: MessageKey;
  readonly endpoint: StatisticsEndpoint;
}

const card = (title: MessageKey, endpoint: StatisticsEndpoint): ExportCard => ({ key: endpoint.path.replace(/^\/+/, ''), title, endpoint });

/**
 * The cards of each page, in the order the page shows them (src/features/dashboards): the same
 * figures, each once (tests/domain/exportCards.test.ts reads the pages' StatCards against it).
 */
export const EXPORT_CARDS: Readonly<Record<ExportPage, readonly ExportCard[]>> = {
  home: [
    card('stat.home.total_registered', s.home.totalRegistered),
    card('stat.home.total_group_subgroup', s.home.totalGroupSubgroup),
    card('stat.home.total_birth_country', s.home.totalBirthCountry),
    card('stat.home.total_language', s.home.totalLanguage),
    card('stat.home.total_worldview', s.home.totalWorldview),
    card('stat.home.total_ethnicity', s.home.totalEthnicity),
  ],
  overview: [
    card('stat.overview.row_one', s.overview.rowOne),
    card('stat.overview.row_two', s.overview.rowTwo),
    card('stat.overview.row_three', s.overview.rowThree),
    card('stat.overview.total_registered', s.overview.totalRegistered),
    card('stat.people_ltc', s.overview.peopleLtc),
    card('stat.overview.gender_age_range', s.overview.genderAgeRange),
    card('stat.overview.country_birth', s.overview.countryBirth),
    card('stat.overview.born_country_registration', s.overview.bornCountryRegistration),
    card('stat.overview.tertiary_education', s.overview.tertiaryEducation),
  ],
  demographics: [
    card('stat.people_ltc', s.demographic.peopleLtc),
    card('stat.demographic.row_one', s.demographic.rowOne),
    card('stat.overview.gender_age_range', s.overview.genderAgeRange),
    card('stat.demographic.row_two', s.demographic.rowTwo),
    card('stat.demographic.row_three', s.demographic.rowThree),
    card('stat.demographic.row_four', s.demographic.rowFour),
    card('stat.demographic.row_five', s.demographic.rowFive),
    card('stat.demographic.lgbtiq', s.demographic.lgbtiq),
    card('stat.demographic.birth_continent', s.demographic.birthContinent),
    card('stat.demographic.woman_manager', s.demographic.womanManager),
    card('stat.demographic.highschool_completion', s.demographic.highschoolCompletion),
    card('stat.demographic.state_per_gender', s.demographic.statePerGender),
  ],
  'country-birth': [
    card('stat.country.row_one', s.country.rowOne),
    card('stat.country.row_two', s.country.rowTwo),
    card('stat.country.row_three', s.country.rowThree),
    card('stat.country.countries', s.country.countries),
    card('stat.country.tree', s.country.tree),
    card('stat.country.parent_grandparent', s.country.parentGrandparent),
  ],
  languages: [
    card('stat.language.row_one', s.language.rowOne),
    card('stat.language.row_two', s.language.rowTwo),
    card('stat.language.row_three', s.language.rowThree),
    card('stat.language.languages', s.language.languages),
    card('stat.language.native', s.language.native),
    card('stat.language.zones', s.language.zones),
    card('stat.language.total_known', s.language.totalKnown),
    card('stat.language.list_level', s.language.listLevel),
    card('stat.language.micro_zones', s.language.microZones),
    card('stat.language.list_gender', s.language.listGender),
    card('stat.language.list_zone_gender', s.language.listZoneGender),
    card('stat.language.list_macrozone_gender', s.language.listMacrozoneGender),
    card('stat.language.tree_participant', s.language.treeParticipant),
  ],
  worldviews: [
    card('stat.worldview.row_one', s.worldview.rowOne),
    card('stat.worldview.row_two', s.worldview.rowTwo),
    card('stat.worldview.row_three', s.worldview.rowThree),
    card('stat.worldview.worldviews', s.worldview.worldviews),
    card('stat.worldview.tree', s.worldview.tree),
  ],
  'cultural-heritage': [
    card('stat.ethnicity.row_one', s.ethnicity.rowOne),
    card('stat.ethnicity.row_two', s.ethnicity.rowTwo),
    card('stat.ethnicity.row_three', s.ethnicity.rowThree),
    card('stat.ethnicity.ethnicities', s.ethnicity.ethnicities),
    card('stat.ethnicity.cultural_families', s.ethnicity.culturalFamilies),
    card('stat.ethnicity.ethnic_regions', s.ethnicity.ethnicRegions),
    card('stat.ethnicity.tree', s.ethnicity.tree),
    card('stat.ethnicity.culture_belong', s.ethnicity.cultureBelong),
    card('stat.ethnicity.culture_identity', s.ethnicity.cultureIdentity),
    card('stat.culture_belong.tree', s.cultureBelong.tree),
    card('stat.culture_identity.tree', s.cultureIdentity.tree),
    card('stat.appearance.appearances', s.appearance.appearances),
    card('stat.appearance.tree', s.appearance.tree),
  ],
};

/**
 * Cards the Languages page no longer draws (each of its figures is drawn once), with their
 * titles, and the card that now shows the same figure: a saved report that picked an old card,
 * or a request in the old card's words, reads the new one.
 */
export const RETIRED_CARDS: readonly { readonly key: string; readonly title: MessageKey; readonly now: string }[] = [
  { key: 'language/most-common', title: 'stat.language.most_common', now: 'language/languages' },
  { key: 'language/most-common-zone', title: 'stat.language.most_common_zone', now: 'language/zones' },
  { key: 'language/most-common-macrozone', title: 'stat.language.most_common_macrozone', now: 'language/tree-participant' },
  { key: 'language/monolingual', title: 'stat.language.monolingual', now: 'language/row-two' },
  { key: 'language/multilingual', title: 'stat.language.multilingual', now: 'language/row-two' },
  { key: 'language/tree', title: 'stat.language.tree', now: 'language/tree-participant' },
];

/** A card key as the catalogue knows it today (a retired key becomes the card that replaced it). */
export const currentCardKey = (key: string): string => RETIRED_CARDS.find((card) => card.key === key)?.now ?? key;

/** The file name of an export, e.g. 'languages-2026-11-25.xlsx' or 'languages-language-zones-2026-11-25.csv'. */
export const exportFileName = (page: ExportPage, format: ExportFormat, day: string, cardKey?: string): string =>
  `${[page, ...(cardKey === undefined ? [] : [cardKey.replace(/[^a-z0-9]+/gi, '-')]), day].join('-')}.${format}`;
