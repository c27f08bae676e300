import * as t from 'io-ts';
import type { Filters } from '../filters/model';
import { MUTUALITY_PILLARS, type MutualityPillarName } from '../mutuality/census';
import { WHOLE_ORGANIZATION } from './compare';
import { endpoint } from './endpoint';
import { FilterQuery } from './filterQuery';
import { LookupMessages } from './lookups';
import type { StatisticsEndpoint } from './statistics';

/**
 * Compare → External (SPEC section 7: mutuality/*): the organisation's mix, or a selection's,
 * against a country's census (docs/dashboards.md: mutuality).
 *
 *   GET mutuality/countries-list                      countries with a dataset, and its pillars
 *   GET mutuality/data?country_id=<id>&filter[...]    the caller's organisation (their scope)
 *   GET mutuality/compare-data?country_id=<id>&group=<all|uuid>[&date-tag=<id>]&filter[...]
 *
 * `country_id` is the id of the country in the countries lookup list. A selection's period is
 * `date-tag` (plain or as filter[date-tag]: either is the selection's date range, as in
 * Compare → Internal a selection's own date-tag replaces the filters'). The organisation's side
 * is made from released figures only (perturbed, k-checked distributions).
 */

export const MutualityMessages = {
  countryRequired: 'The country_id field is required',
  countryNotExist: LookupMessages.countryNotExist,
  noDataset: 'There is no census dataset for the selected country.',
  group: 'Choose the whole organisation or a group.',
  dateTag: 'The selected date range does not exist.',
  organizationNotFound: 'The selected organisation does not exist.',
} as const;

export const MutualityPillar = t.keyof(Object.fromEntries(MUTUALITY_PILLARS.map((pillar) => [pillar, null])) as Record<MutualityPillarName, null>);
export type MutualityPillar = t.TypeOf<typeof MutualityPillar>;

const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

const COUNTRY_ID = /^\d{1,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TAG_MAX = 100;

export type MutualityQuery = Filters & { readonly country_id: string };
export type MutualityCompareQuery = MutualityQuery & { readonly group: string; readonly 'date-tag'?: string };

const failAt = <A>(input: unknown, context: t.Context, parameter: string, message: string): t.Validation<A> =>
  t.failure<A>(input, [...context, { key: parameter, type: t.string, actual: input }], message);

const countryOf = (input: unknown, context: t.Context): t.Validation<string> => {
  const value = (input as Record<string, unknown>).country_id;
  if (value === undefined || value === '') return failAt(input, context, 'country_id', MutualityMessages.countryRequired);
  if (typeof value !== 'string' || !COUNTRY_ID.test(value)) return failAt(input, context, 'country_id', MutualityMessages.countryNotExist);
  return t.success(String(Number(value)));
};

export const MutualityQuery = new t.Type<MutualityQuery, Record<string, unknown>, unknown>(
  'MutualityQuery',
  (value): value is MutualityQuery => typeof value === 'object' && value !== null && typeof (value as { country_id?: unknown }).country_id === 'string',
  (input, context) => {
    const filters = FilterQuery.validate(input, context);
    if (filters._tag === 'Left') return filters;
    const country = countryOf(input, context);
    if (country._tag === 'Left') return country;
    return t.success({ ...filters.right, country_id: country.right });
  },
  ({ country_id, ...filters }) => ({ ...FilterQuery.encode(filters as Filters), country_id }),
);

export const MutualityCompareQuery = new t.Type<MutualityCompareQuery, Record<string, unknown>, unknown>(
  'MutualityCompareQuery',
  (value): value is MutualityCompareQuery => MutualityQuery.is(value) && typeof (value as { group?: unknown }).group === 'string',
  (input, context) => {
    const base = MutualityQuery.validate(input, context);
    if (base._tag === 'Left') return base;
    const { group, 'date-tag': tag } = input as Record<string, unknown>;
    if (typeof group !== 'string' || (group !== WHOLE_ORGANIZATION && !UUID.test(group))) return failAt(input, context, 'group', MutualityMessages.group);
    if (tag !== undefined && (typeof tag !== 'string' || tag.length > DATE_TAG_MAX)) return failAt(input, context, 'date-tag', MutualityMessages.dateTag);
    return t.success({ ...base.right, group: group.toLowerCase(), ...(typeof tag === 'string' && tag !== '' ? { 'date-tag': tag } : {}) });
  },
  ({ group, 'date-tag': tag, ...rest }) => ({ ...MutualityQuery.encode(rest), group, ...(tag === undefined ? {} : { 'date-tag': tag }) }),
);

export const Licence = t.strict({ name: t.string, url: t.string });

/** Where a pillar's figures come from: shown beside every chart and on the spreadsheet. */
export const MutualitySource = t.strict({
  /** The dataset's name and year ("Australia 2021 census", "Unicode CLDR 48 territory information"). */
  name: t.string,
  publisher: t.string,
  year: Nullable(t.number),
  licence: Licence,
  urls: t.array(t.string),
  /** What the source measured ("Religious affiliation"). */
  measure: t.string,
  /** 'census': a statistical office's own figures; 'estimate': a reference that is not a census (CLDR's language estimates). */
  kind: t.keyof({ census: null, estimate: null }),
  /** The office's table the figures are from (id and title). */
  table: t.string,
  /** Where the figures were read: the office's page or file, or a faithful copy of its file. */
  readFrom: t.string,
  note: Nullable(t.string),
});
export type MutualitySource = t.TypeOf<typeof MutualitySource>;

export const MutualityValue = t.exact(
  t.intersection([
    t.type({
      key: t.string,
      label: t.string,
      /** The organisation's share over the classification, percent, one decimal. */
      share: t.number,
      /** The census share over the same classification. */
      census: t.number,
      /** The census share as published (of the whole population); null for a residual the source does not give. */
      published: Nullable(t.number),
      /** The organisation's released figures list it; when not, `share` is 0 for the maths only. */
      listed: t.boolean,
      /** share − census in points. */
      gap: t.number,
      /** share / census; null when the census share is 0. */
      ratio: Nullable(t.number),
      /** Lookup codes of the category (country alpha-2 codes for the map). */
      codes: t.array(t.string),
      /** How the census share was computed from the office's figures. */
      computed: Nullable(t.string),
    }),
    /** The request's language has no name for the category yet: `label` is the census's English (shown with lang="en"). */
    t.partial({ untranslated: t.literal(true) }),
  ]),
);
export type MutualityValue = t.TypeOf<typeof MutualityValue>;

export const ComparedMutualityPillar = t.union([
  t.strict({
    pillar: MutualityPillar,
    status: t.literal(200),
    source: MutualitySource,
    multiple: t.boolean,
    rest: t.keyof({ other: null, none: null }),
    values: t.array(MutualityValue),
    /** 1 − total variation distance, 3 decimals; null when nothing of the organisation falls in the classification. */
    score: Nullable(t.number),
    /** Percent of the organisation's answers the classification covers. */
    classified: Nullable(t.number),
    /** Percent of the respondents who answered the pillar (Prefer not to answer left out); null when withheld. */
    coverage: Nullable(t.number),
  }),
  t.strict({ pillar: MutualityPillar, status: t.literal(204), source: MutualitySource, message: t.string }),
]);
export type ComparedMutualityPillar = t.TypeOf<typeof ComparedMutualityPillar>;

export const MutualityMissing = t.strict({
  pillar: MutualityPillar,
  /** 'not-collected': the census does not ask; 'not-found': no official table has been loaded yet. */
  reason: t.keyof({ 'not-collected': null, 'not-found': null }),
  /** The office's table that would give it. */
  table: Nullable(t.string),
  /** The census it is about ("United States 2020 census"). */
  census: t.string,
});
export type MutualityMissing = t.TypeOf<typeof MutualityMissing>;

export const MutualityCountry = t.strict({ id: t.number, code: t.string, name: t.string });

export const MutualityData = t.strict({
  country: MutualityCountry,
  /** The organisation's name (its scope for a partial view) or the selection's, with the date range after a middle dot. */
  label: t.string,
  respondents: t.number,
  pillars: t.array(ComparedMutualityPillar),
  /** Mean of the pillars' scores; null when no pillar has one. */
  overall: Nullable(t.number),
  /** Pillars the country's census gives no official figures for, and why (the page says so rather than compare). */
  missing: t.array(MutualityMissing),
});
export type MutualityData = t.TypeOf<typeof MutualityData>;

export const MutualityCountryEntry = t.strict({
  id: t.number,
  code: t.string,
  name: t.string,
  /** The census dataset's name, or CLDR's for a language-only country. */
  dataset: t.string,
  year: Nullable(t.number),
  pillars: t.array(MutualityPillar),
});
export type MutualityCountryEntry = t.TypeOf<typeof MutualityCountryEntry>;

export const ExportMutualityBody = t.strict({ organization_id: t.string, country_id: t.union([t.string, t.number]) });
export type ExportMutualityBody = t.TypeOf<typeof ExportMutualityBody>;

const filtered = <E extends ReturnType<typeof endpoint>>(e: E) => ({ ...e, filtered: true }) as unknown as StatisticsEndpoint<E['data']>;

export const mutualityEndpoints = {
  countriesList: endpoint({ method: 'GET', path: '/mutuality/countries-list', data: t.array(MutualityCountryEntry) }),
  data: filtered(endpoint({ method: 'GET', path: '/mutuality/data', query: MutualityQuery, data: MutualityData })) as StatisticsEndpoint<typeof MutualityData>,
  compareData: filtered(endpoint({ method: 'GET', path: '/mutuality/compare-data', query: MutualityCompareQuery, data: MutualityData })) as StatisticsEndpoint<typeof MutualityData>,
  exportExcel: endpoint({ method: 'POST', path: '/general/export-excel-mutuality', body: ExportMutualityBody, data: t.unknown }),
};

export const mutualityFileName = (countryCode: string, day: string): string => `mutuality-${countryCode.toLowerCase()}-${day}.xlsx`;

/**
 * A census table loaded from a statistical office's own file (docs/dashboards.md, "Loading an
 * office's table"). Administrator only. Sent as multipart/form-data:
 * - `office` (text): abs | ons | statcan | acs | statsnz, whose published layout the file is in;
 * - `table` (text, optional): the table or topic when the file does not say (a Statistics Canada
 *   profile holds every topic: place-of-birth, language-home, religion, ethnic-origin);
 * - `year` (text, optional): the census year when the file name does not say;
 * - `population` (text, optional): the people to divide by, for a table of responses or of part
 *   of the population (ABS G08, ACS B05006);
 * - `file` (one or more CSV files, the parts of one table, e.g. ABS G09A to G09H), each at most
 *   CENSUS_FILE_MAX_BYTES.
 * The table replaces the organisation's earlier one for the same country and pillar. Answers
 * what was stored and the report of what did not map.
 */
export const CENSUS_OFFICES = ['abs', 'ons', 'statcan', 'acs', 'statsnz'] as const;
export const CensusOffice = t.keyof({ abs: null, ons: null, statcan: null, acs: null, statsnz: null });
export type CensusOffice = t.TypeOf<typeof CensusOffice>;
export const CENSUS_FILE_FIELD = 'file';
export const CENSUS_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const CENSUS_FILES_MAX = 8;

export const CensusUploadMessages = {
  officeRequired: 'Choose the statistical office whose table this is.',
  fileRequired: 'Choose the table file to load.',
  tooLarge: `The file is too large: each file may be at most ${CENSUS_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyFiles: `Send at most ${CENSUS_FILES_MAX} files, the parts of one table, in the file field.`,
  tooManyFields: 'The form has too many fields.',
  yearInvalid: 'The census year must be a year such as 2021.',
  populationInvalid: 'The population must be a whole number of people.',
  emptyFile: (name: string) => `The file ${name} is empty.`,
  notCsv: (name: string) => `The file ${name} cannot be read as a CSV table. Send the office's table as the CSV file it publishes.`,
  noRows: (name: string) => `The file ${name} has no rows of figures.`,
  notLayout: (office: string, name: string) => `The file ${name} is not in the layout of the ${office} table files this loader reads. Check the office chosen and the file.`,
  whichTable: (tables: string) => `Say which table or topic this file is: ${tables}.`,
  mixedTables: 'The files are parts of different tables: send the parts of one table together.',
  populationNeeded: 'This table counts responses, or only part of the population: give the number of people its shares are of.',
  nothingMapped: "None of the table's categories matches the product's lists, so nothing was loaded.",
} as const;

export const CensusUploadBody = t.intersection([
  t.type({ office: CensusOffice }),
  t.partial({ table: t.string, year: t.string, population: t.string }),
]);
export type CensusUploadBody = t.TypeOf<typeof CensusUploadBody>;

export const CensusReportRow = t.strict({ code: t.string, name: t.string, count: t.number });

/** What a loaded table holds and what did not map: shown on the page after the upload. */
export const CensusTableLoaded = t.strict({
  country: t.string,
  pillar: MutualityPillar,
  office: CensusOffice,
  publisher: t.string,
  table: t.string,
  title: t.string,
  year: t.number,
  licence: Licence,
  files: t.array(t.strict({ name: t.string, sha256: t.string })),
  /** Categories in the office's file (subtotals left out). */
  rows: t.number,
  /** Categories placed in the product's list, and the items they make. */
  mapped: t.number,
  items: t.number,
  notStated: t.array(CensusReportRow),
  unmapped: t.array(CensusReportRow),
  /** Categories whose count could not be read (a confidential cell), with what the file says. */
  unreadable: t.array(t.string),
});
export type CensusTableLoaded = t.TypeOf<typeof CensusTableLoaded>;

export const uploadCensusTable = endpoint({ method: 'POST', path: '/mutuality/census-upload', body: CensusUploadBody, data: CensusTableLoaded });
