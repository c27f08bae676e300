import type { LookupName } from '../../domain/contracts/survey';
import { getSurveyGroups, getSurveyQuestions } from '../../domain/contracts/survey';
import { checkRegisterToken } from '../../domain/contracts/tokens';
import { checkEditSurvey, checkUpdateSurvey, deleteSurvey } from '../../domain/contracts/responses';
import {
  getAges,
  getAppearances,
  getBranches,
  getCountries,
  getDenominations,
  getDisabilities,
  getEducations,
  getEthnicities,
  getGenders,
  getIndustries,
  getLanguages,
  getPositionLevels,
  getPositionTypes,
  getSexualOrientations,
  getStates,
  getWorldviews,
} from '../../domain/contracts/lookups';
import { catalogOf, type ActionEntry, type SectionEntry } from './entries';

/**
 * The participant's survey: its questions, the link's groups and the lookup lists the answers
 * are picked from. Names start with `survey` so they never meet a dashboard section's.
 */
export const surveySections = {
  surveyDefinitions: { endpoint: getSurveyQuestions },
  surveyGroups: { endpoint: getSurveyGroups },
  surveyCountries: { endpoint: getCountries },
  surveyStates: { endpoint: getStates, pathParams: ['countryId'] },
  surveyGenders: { endpoint: getGenders },
  surveyDisabilities: { endpoint: getDisabilities },
  surveyEducations: { endpoint: getEducations },
  surveyPositionLevels: { endpoint: getPositionLevels },
  surveyPositionTypes: { endpoint: getPositionTypes, pathParams: ['levelId'] },
  surveyEthnicities: { endpoint: getEthnicities },
  /** The "Prefer not to answer" item of the heritages, which the tick beside question 16 answers with. */
  surveyEthnicityPreferNot: { endpoint: getEthnicities },
  surveyAppearances: { endpoint: getAppearances },
  surveySexualOrientations: { endpoint: getSexualOrientations },
  surveyLanguages: { endpoint: getLanguages },
  surveyWorldviews: { endpoint: getWorldviews },
  surveyBranches: { endpoint: getBranches, pathParams: ['worldview'] },
  surveyDenominations: { endpoint: getDenominations, pathParams: ['branch'] },
  surveyAges: { endpoint: getAges },
  surveyIndustries: { endpoint: getIndustries },
} satisfies Record<string, SectionEntry>;

/**
 * The dashboards' charts name countries, languages and their zones in the page's language from
 * these lists (the languages list starts with the most spoken, up to its cap of 500).
 */
export const chartNameSections = {
  chartCountryNames: { endpoint: getCountries },
  chartLanguageNames: { endpoint: getLanguages },
} satisfies Record<string, SectionEntry>;

export type SurveySectionName = keyof typeof surveySections;

/** The link check is an action so that a personal invitation's token stays out of every event. */
export const surveyActions = {
  surveyCheckLink: { endpoint: checkRegisterToken, reloads: [] },
  // The emailed edit and delete links: actions too, their tokens being credentials.
  surveyCheckEditLink: { endpoint: checkUpdateSurvey, reloads: [] },
  surveyEditable: { endpoint: checkEditSurvey, reloads: [] },
  surveyDelete: { endpoint: deleteSurvey, reloads: [] },
} satisfies Record<string, ActionEntry>;

/**
 * Where a question's options come from. `param`: the argument carrying the parent question's
 * answer (a path placeholder), for lists that hang under another list's item. `search`: the
 * list is too long to load whole and is searched as the person types.
 */
export interface SurveyLookup {
  readonly section: SurveySectionName;
  readonly param?: string;
  readonly search?: boolean;
}

export const SURVEY_LOOKUPS: Readonly<Record<LookupName, SurveyLookup>> = {
  countries: { section: 'surveyCountries' },
  states: { section: 'surveyStates', param: 'countryId' },
  genders: { section: 'surveyGenders' },
  disabilities: { section: 'surveyDisabilities' },
  educations: { section: 'surveyEducations' },
  'position-levels': { section: 'surveyPositionLevels' },
  'position-types': { section: 'surveyPositionTypes', param: 'levelId' },
  ethnicities: { section: 'surveyEthnicities', search: true },
  appearances: { section: 'surveyAppearances' },
  'sexual-orientations': { section: 'surveySexualOrientations' },
  languages: { section: 'surveyLanguages', search: true },
  worldviews: { section: 'surveyWorldviews' },
  branches: { section: 'surveyBranches', param: 'worldview' },
  denominations: { section: 'surveyDenominations', param: 'branch' },
  ages: { section: 'surveyAges' },
  industries: { section: 'surveyIndustries' },
  groups: { section: 'surveyGroups' },
};

/** The search that finds the heritages' "Prefer not to answer" item (its code is 'prefer_not'). */
export const PREFER_NOT_SEARCH = 'Prefer not to answer';

/** The participant's page knows these and nothing else. */
export const surveyCatalog = catalogOf(surveySections, surveyActions);
