import * as t from 'io-ts';
import { endpoint } from './endpoint';

/**
 * The lookup lists a survey answer and an organisation's details are chosen from (SPEC
 * section 3: "each item has value and principleId, which becomes the option value").
 *
 * A principleId is stable for ever: survey responses store it, so the server keeps one id per
 * natural key (ISO code, ABS code or a slug) across rebuilds and package upgrades. `code` is
 * that natural key; 'prefer_not' marks the "Prefer not to answer" item of a list.
 */

/** The lists, by the name their endpoint uses. */
export const LookupList = t.keyof({
  countries: null,
  states: null,
  genders: null,
  disabilities: null,
  educations: null,
  'position-levels': null,
  'position-types': null,
  ethnicities: null,
  appearances: null,
  'sexual-orientations': null,
  languages: null,
  worldviews: null,
  branches: null,
  denominations: null,
  ages: null,
  industries: null,
});
export type LookupList = t.TypeOf<typeof LookupList>;

/**
 * Per list: searchable lists answer up to 500 items and accept a search (principle search
 * included); the others answer up to 300. preferNot: the list has a "Prefer not to answer"
 * item. parent: the list whose item a child list hangs under (its path parameter).
 */
export const LOOKUP_LISTS: Readonly<Record<LookupList, { readonly searchable: boolean; readonly preferNot: boolean; readonly parent?: LookupList }>> = {
  countries: { searchable: true, preferNot: true },
  states: { searchable: true, preferNot: true, parent: 'countries' },
  genders: { searchable: false, preferNot: true },
  disabilities: { searchable: false, preferNot: true },
  educations: { searchable: false, preferNot: true },
  'position-levels': { searchable: false, preferNot: true },
  'position-types': { searchable: false, preferNot: true, parent: 'position-levels' },
  ethnicities: { searchable: true, preferNot: true },
  appearances: { searchable: false, preferNot: true },
  'sexual-orientations': { searchable: false, preferNot: true },
  languages: { searchable: true, preferNot: true },
  worldviews: { searchable: false, preferNot: true },
  branches: { searchable: false, preferNot: true, parent: 'worldviews' },
  denominations: { searchable: false, preferNot: true, parent: 'branches' },
  ages: { searchable: false, preferNot: true },
  // The organisation's industry, asked at registration: not a personal question.
  industries: { searchable: false, preferNot: false },
};

/** SPEC section 9: lookup list cap 300 items; searchable lists 500; minimum search 3 characters. */
export const LOOKUP_LIST_CAP = 300;
export const LOOKUP_SEARCH_CAP = 500;
export const LOOKUP_SEARCH_MIN = 3;

/** The `code` of every list's "Prefer not to answer" item. */
export const PREFER_NOT_CODE = 'prefer_not';

export const LookupMessages = {
  searchTooShort: 'You must type at least 3 characters',
  principleNotExist: 'The selected option does not exist.',
  countryNotExist: 'The selected country does not exist.',
  stateNotExist: 'The selected state or province does not exist.',
  genderNotExist: 'The selected gender does not exist.',
  disabilityNotExist: 'The selected disability does not exist.',
  educationNotExist: 'The selected education does not exist.',
  positionLevelNotExist: 'The selected position level does not exist.',
  positionTypeNotExist: 'The selected position type does not exist.',
  ethnicityNotExist: 'The selected cultural heritage does not exist.',
  appearanceNotExist: 'The selected appearance does not exist.',
  sexualOrientationNotExist: 'The selected sexual orientation does not exist.',
  languageNotExist: 'The selected language does not exist.',
  worldviewNotExist: 'The selected worldview does not exist.',
  branchNotExist: 'The selected branch does not exist.',
  denominationNotExist: 'The selected denomination does not exist.',
  ageNotExist: 'The selected birth year does not exist.',
  industryNotExist: 'The selected industry does not exist.',
  questionNotExist: 'The selected question does not exist.',
  listNotSearchable: 'This list cannot be searched.',
} as const;

/** The 'not exist' message of each list, for path parameters and for answers naming an unknown id. */
export const LOOKUP_NOT_EXIST: Readonly<Record<LookupList, string>> = {
  countries: LookupMessages.countryNotExist,
  states: LookupMessages.stateNotExist,
  genders: LookupMessages.genderNotExist,
  disabilities: LookupMessages.disabilityNotExist,
  educations: LookupMessages.educationNotExist,
  'position-levels': LookupMessages.positionLevelNotExist,
  'position-types': LookupMessages.positionTypeNotExist,
  ethnicities: LookupMessages.ethnicityNotExist,
  appearances: LookupMessages.appearanceNotExist,
  'sexual-orientations': LookupMessages.sexualOrientationNotExist,
  languages: LookupMessages.languageNotExist,
  worldviews: LookupMessages.worldviewNotExist,
  branches: LookupMessages.branchNotExist,
  denominations: LookupMessages.denominationNotExist,
  ages: LookupMessages.ageNotExist,
  industries: LookupMessages.industryNotExist,
};

const Id = t.union([t.number, t.null]);
const Name = t.union([t.string, t.null]);

/**
 * What every item has. `untranslated`: the request's language has no name for the item yet, so
 * `value` is the English one (the page marks it lang="en"; the translator's list is
 * server/services/lookups/translations).
 */
export const LookupItem = t.intersection([
  t.strict({ value: t.string, principleId: t.number, code: t.string }),
  t.exact(t.partial({ untranslated: t.literal(true) })),
]);
export type LookupItem = t.TypeOf<typeof LookupItem>;

/**
 * Where a country or a language belongs (UN M49): micro-zone = M49 sub-region, zone = broad
 * region (Sub-Saharan Africa, Latin America and the Caribbean, Northern Africa, Northern
 * America, Asia, Europe, Oceania), macro-zone = continent. null on "Prefer not to answer".
 */
export const ZoneFields = t.strict({
  microZoneId: Id,
  microZone: Name,
  zoneId: Id,
  zone: Name,
  macroZoneId: Id,
  macroZone: Name,
});

export const CountryItem = t.intersection([LookupItem, ZoneFields]);
export type CountryItem = t.TypeOf<typeof CountryItem>;

export const LanguageItem = t.intersection([LookupItem, ZoneFields]);
export type LanguageItem = t.TypeOf<typeof LanguageItem>;

/** countryId null: the shared "Prefer not to answer" item every country's list ends with. */
export const StateItem = t.intersection([LookupItem, t.strict({ countryId: Id })]);
export type StateItem = t.TypeOf<typeof StateItem>;

/** Cultural family: an ASCCEG narrow group or a language family; ethnic region: an M49 sub-region. */
export const EthnicityItem = t.intersection([
  LookupItem,
  t.strict({ culturalFamilyId: Id, culturalFamily: Name, ethnicRegionId: Id, ethnicRegion: Name }),
]);
export type EthnicityItem = t.TypeOf<typeof EthnicityItem>;

export const BranchItem = t.intersection([LookupItem, t.strict({ worldviewId: Id })]);
export type BranchItem = t.TypeOf<typeof BranchItem>;

export const DenominationItem = t.intersection([LookupItem, t.strict({ branchId: Id, worldviewId: Id })]);
export type DenominationItem = t.TypeOf<typeof DenominationItem>;

export const PositionTypeItem = t.intersection([LookupItem, t.strict({ levelId: Id })]);
export type PositionTypeItem = t.TypeOf<typeof PositionTypeItem>;

/** An item of any list: the principle search answers the shape of the list it searched. */
export const AnyLookupItem = t.intersection([
  LookupItem,
  t.partial({
    microZoneId: Id,
    microZone: Name,
    zoneId: Id,
    zone: Name,
    macroZoneId: Id,
    macroZone: Name,
    countryId: Id,
    culturalFamilyId: Id,
    culturalFamily: Name,
    ethnicRegionId: Id,
    ethnicRegion: Name,
    worldviewId: Id,
    branchId: Id,
    levelId: Id,
  }),
]);
export type AnyLookupItem = t.TypeOf<typeof AnyLookupItem>;

/** Searchable lists take an optional search (at least 3 characters) that narrows them. */
const SearchQuery = t.partial({ search: t.string });

/**
 * Principle search (SPEC section 7: question_id, search, optional url). The list searched is
 * `list` if given, else the lookup path in `url` ('languages', 'country/{countryId}/states'),
 * else the list of question `question_id`. Ranked: names starting with the search, then a word
 * starting with it, then containing it; accents and case are ignored.
 */
export const getPrinciples = endpoint({
  method: 'GET',
  path: '/principles',
  query: t.partial({ question_id: t.union([t.number, t.string]), search: t.string, url: t.string, list: t.string }),
  data: t.array(AnyLookupItem),
});

export const getCountries = endpoint({ method: 'GET', path: '/countries', query: SearchQuery, data: t.array(CountryItem) });
export const getStates = endpoint({ method: 'GET', path: '/country/{countryId}/states', query: SearchQuery, data: t.array(StateItem) });
export const getGenders = endpoint({ method: 'GET', path: '/genders', data: t.array(LookupItem) });
export const getDisabilities = endpoint({ method: 'GET', path: '/disabilities', data: t.array(LookupItem) });
export const getEducations = endpoint({ method: 'GET', path: '/educations', data: t.array(LookupItem) });
export const getPositionLevels = endpoint({ method: 'GET', path: '/position-levels', data: t.array(LookupItem) });
export const getPositionTypes = endpoint({ method: 'GET', path: '/position-level/{levelId}/position-types', data: t.array(PositionTypeItem) });
export const getEthnicities = endpoint({ method: 'GET', path: '/ethnicities', query: SearchQuery, data: t.array(EthnicityItem) });
export const getAppearances = endpoint({ method: 'GET', path: '/appearances', data: t.array(LookupItem) });
export const getSexualOrientations = endpoint({ method: 'GET', path: '/sexual-orientations', data: t.array(LookupItem) });
export const getLanguages = endpoint({ method: 'GET', path: '/languages', query: SearchQuery, data: t.array(LanguageItem) });
export const getWorldviews = endpoint({ method: 'GET', path: '/worldviews', data: t.array(LookupItem) });
export const getBranches = endpoint({ method: 'GET', path: '/worldview/{worldview}/branches', data: t.array(BranchItem) });
export const getDenominations = endpoint({ method: 'GET', path: '/branch/{branch}/denominations', data: t.array(DenominationItem) });
/** Birth years (SPEC section 3: "birth years"), newest first. */
export const getAges = endpoint({ method: 'GET', path: '/ages', data: t.array(LookupItem) });
export const getIndustries = endpoint({ method: 'GET', path: '/industries', data: t.array(LookupItem) });

/**
 * The lists whose items label the statistics (the dashboards' charts, tables, filters and
 * exports) by principle id, beside countries and languages: small enough to load whole.
 * The heritages themselves are left out (8,000 items, English where untranslated); their
 * cultural families, which the heritage trees group by, are in.
 */
export const LABELLED_LISTS = [
  'genders', 'sexual-orientations', 'educations', 'disabilities', 'appearances', 'industries',
  'position-levels', 'position-types', 'worldviews', 'branches', 'denominations', 'cultural-families',
] as const;

/** One item's name in the request's language, with its list and code (the gender colours are keyed by code). */
export const ItemName = t.intersection([
  t.strict({ principleId: t.number, list: t.string, code: t.string, name: t.string }),
  t.exact(t.partial({ untranslated: t.literal(true) })),
]);
export type ItemName = t.TypeOf<typeof ItemName>;

/**
 * The names of every item of LABELLED_LISTS and every list's "Prefer not to answer", in the
 * request's language (X-Locale). `lang` only tells caches apart; the header decides.
 */
export const getLookupNames = endpoint({ method: 'GET', path: '/lookup-names', query: t.partial({ lang: t.string }), data: t.array(ItemName) });

/** Every endpoint whose names follow the request's language (X-Locale). */
export const LOCALISED_LOOKUP_ENDPOINTS: ReadonlySet<unknown> = new Set([
  getPrinciples, getCountries, getStates, getGenders, getDisabilities, getEducations, getPositionLevels, getPositionTypes,
  getEthnicities, getAppearances, getSexualOrientations, getLanguages, getWorldviews, getBranches, getDenominations,
  getAges, getIndustries, getLookupNames,
]);
