import { statisticsEndpoints as s } from '../../contracts/statistics';
import { benchmarkProcess } from '../../contracts/benchmark';
import { compareData, compareQueryOf } from '../../contracts/compare';
import { mutualityEndpoints } from '../../contracts/mutuality';
import type { SectionEntry } from './entry';

/**
 * The dashboards' statistics sections. Each card of a dashboard page is its own section so it
 * loads, empties (204) and fails on its own. All of them carry the active filters.
 */
export const statisticsSections = {
  statHomeTotalRegistered: { endpoint: s.home.totalRegistered, filtered: true },
  statGeneralWaiting: { endpoint: s.general.waiting, filtered: true },
  statHomeTotalBirthCountry: { endpoint: s.home.totalBirthCountry, filtered: true },
  statHomeTotalWorldview: { endpoint: s.home.totalWorldview, filtered: true },
  statHomeTotalEthnicity: { endpoint: s.home.totalEthnicity, filtered: true },
  statHomeTotalGroupSubgroup: { endpoint: s.home.totalGroupSubgroup, filtered: true },
  statHomeTotalLanguage: { endpoint: s.home.totalLanguage, filtered: true },

  statOverviewRowOne: { endpoint: s.overview.rowOne, filtered: true },
  statOverviewRowTwo: { endpoint: s.overview.rowTwo, filtered: true },
  statOverviewRowThree: { endpoint: s.overview.rowThree, filtered: true },
  statOverviewTotalRegistered: { endpoint: s.overview.totalRegistered, filtered: true },
  statOverviewTertiaryEducation: { endpoint: s.overview.tertiaryEducation, filtered: true },
  statOverviewCountryBirth: { endpoint: s.overview.countryBirth, filtered: true },
  statOverviewBornCountryRegistration: { endpoint: s.overview.bornCountryRegistration, filtered: true },
  statOverviewGenderAgeRange: { endpoint: s.overview.genderAgeRange, filtered: true },
  statOverviewPeopleLtc: { endpoint: s.overview.peopleLtc, filtered: true },

  statDemographicRowOne: { endpoint: s.demographic.rowOne, filtered: true },
  statDemographicRowTwo: { endpoint: s.demographic.rowTwo, filtered: true },
  statDemographicRowThree: { endpoint: s.demographic.rowThree, filtered: true },
  statDemographicRowFour: { endpoint: s.demographic.rowFour, filtered: true },
  statDemographicRowFive: { endpoint: s.demographic.rowFive, filtered: true },
  statDemographicLgbtiq: { endpoint: s.demographic.lgbtiq, filtered: true },
  statDemographicBirthContinent: { endpoint: s.demographic.birthContinent, filtered: true },
  statDemographicWomanManager: { endpoint: s.demographic.womanManager, filtered: true },
  statDemographicHighschoolCompletion: { endpoint: s.demographic.highschoolCompletion, filtered: true },
  statDemographicPeopleLtc: { endpoint: s.demographic.peopleLtc, filtered: true },
  statDemographicStatePerGender: { endpoint: s.demographic.statePerGender, filtered: true },

  statCountryCountries: { endpoint: s.country.countries, filtered: true },
  statCountryTree: { endpoint: s.country.tree, filtered: true },

  statLanguageLanguages: { endpoint: s.language.languages, filtered: true },
  statLanguageZones: { endpoint: s.language.zones, filtered: true },
  statLanguageTree: { endpoint: s.language.tree, filtered: true },
  statLanguageNative: { endpoint: s.language.native, filtered: true },
  statLanguageMonolingual: { endpoint: s.language.monolingual, filtered: true },
  statLanguageMultilingual: { endpoint: s.language.multilingual, filtered: true },

  statWorldviewWorldviews: { endpoint: s.worldview.worldviews, filtered: true },
  statWorldviewTree: { endpoint: s.worldview.tree, filtered: true },

  statEthnicityEthnicities: { endpoint: s.ethnicity.ethnicities, filtered: true },
  statEthnicityCulturalFamilies: { endpoint: s.ethnicity.culturalFamilies, filtered: true },
  statEthnicityEthnicRegions: { endpoint: s.ethnicity.ethnicRegions, filtered: true },
  statEthnicityTree: { endpoint: s.ethnicity.tree, filtered: true },

  statCountryRowOne: { endpoint: s.country.rowOne, filtered: true },
  statCountryRowTwo: { endpoint: s.country.rowTwo, filtered: true },
  statCountryRowThree: { endpoint: s.country.rowThree, filtered: true },
  statCountryParentGrandparent: { endpoint: s.country.parentGrandparent, filtered: true },
  statLanguageRowOne: { endpoint: s.language.rowOne, filtered: true },
  statLanguageRowTwo: { endpoint: s.language.rowTwo, filtered: true },
  statLanguageRowThree: { endpoint: s.language.rowThree, filtered: true },
  statLanguageMostCommon: { endpoint: s.language.mostCommon, filtered: true },
  statLanguageTotalKnown: { endpoint: s.language.totalKnown, filtered: true },
  statLanguageMostCommonZone: { endpoint: s.language.mostCommonZone, filtered: true },
  statLanguageMostCommonMacrozone: { endpoint: s.language.mostCommonMacrozone, filtered: true },
  statLanguageTreeParticipant: { endpoint: s.language.treeParticipant, filtered: true },
  statLanguageListGender: { endpoint: s.language.listGender, filtered: true },
  statLanguageListZoneGender: { endpoint: s.language.listZoneGender, filtered: true },
  statLanguageListLevel: { endpoint: s.language.listLevel, filtered: true },
  statLanguageListMacrozoneGender: { endpoint: s.language.listMacrozoneGender, filtered: true },
  statLanguageMicroZones: { endpoint: s.language.microZones, filtered: true },
  statWorldviewRowOne: { endpoint: s.worldview.rowOne, filtered: true },
  statWorldviewRowTwo: { endpoint: s.worldview.rowTwo, filtered: true },
  statWorldviewRowThree: { endpoint: s.worldview.rowThree, filtered: true },
  statEthnicityRowOne: { endpoint: s.ethnicity.rowOne, filtered: true },
  statEthnicityRowTwo: { endpoint: s.ethnicity.rowTwo, filtered: true },
  statEthnicityRowThree: { endpoint: s.ethnicity.rowThree, filtered: true },
  statEthnicityCultureBelong: { endpoint: s.ethnicity.cultureBelong, filtered: true },
  statEthnicityCultureIdentity: { endpoint: s.ethnicity.cultureIdentity, filtered: true },
  statCultureBelongTree: { endpoint: s.cultureBelong.tree, filtered: true },
  statCultureIdentityTree: { endpoint: s.cultureIdentity.tree, filtered: true },
  statAppearanceAppearances: { endpoint: s.appearance.appearances, filtered: true },
  statAppearanceTree: { endpoint: s.appearance.tree, filtered: true },
  statGeneralBadges: { endpoint: s.general.badges, filtered: true },
  statGeneralMutualityIndex: { endpoint: s.general.mutualityIndex, filtered: true },

  /** Compare → Internal: args from compareArgs (the selections), with the active filters. */
  compareData: { endpoint: compareData, filtered: true, toQuery: compareQueryOf },

  /** Compare → External: the countries with a dataset, and the comparison (args: country_id, and group for a selection), named in the page's language. */
  mutualityCountries: { endpoint: mutualityEndpoints.countriesList, localised: true },
  mutualityData: { endpoint: mutualityEndpoints.data, filtered: true, localised: true },
  mutualityCompareData: { endpoint: mutualityEndpoints.compareData, filtered: true, localised: true },
  /** Benchmark → Internal: every group measured, with the bands (POST, the filters as its query). */
  benchmarkInternal: { endpoint: benchmarkProcess, filtered: true },
} satisfies Record<string, SectionEntry>;

export type StatisticsSectionName = keyof typeof statisticsSections;
