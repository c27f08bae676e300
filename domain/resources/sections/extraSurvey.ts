import { extraSurveyEndpoints } from '../../contracts/extraSurvey';
import type { SectionEntry } from './entry';

/** The extra survey page: the builder's questions and the released results (with the dashboard filters). */
export const extraSurveySections = {
  extraSurveys: { endpoint: extraSurveyEndpoints.surveys },
  extraSurveyDetails: { endpoint: extraSurveyEndpoints.details, filtered: true },
} satisfies Record<string, SectionEntry>;
