import { getSurveyGroups, getSurveyQuestions } from '../../contracts/survey';
import { linkQuestions } from '../../contracts/extraAnswers';
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
} from '../../contracts/lookups';
import type { SectionEntry } from './entry';

/**
 * The participant's survey: its questions, the link's groups and the lookup lists the answers
 * are picked from. Names start with `survey` so they never meet a dashboard section's.
 */
export const surveySections = {
  surveyDefinitions: { endpoint: getSurveyQuestions },
  surveyGroups: { endpoint: getSurveyGroups },
  /** The organisation's extra questions on the link (its token), asked as the last step. */
  surveyExtraQuestions: { endpoint: linkQuestions },
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

export type SurveySectionName = keyof typeof surveySections;
