import { extraSurveyEndpoints } from '../../contracts/extraSurvey';
import { getDepartments } from '../../contracts/groups';
import type { SectionEntry } from './entry';

/** The extra survey page: the builder's questions and the released results (with the dashboard filters). */
export const extraSurveySections = {
  extraSurveys: { endpoint: extraSurveyEndpoints.surveys },
  extraSurveyDetails: { endpoint: extraSurveyEndpoints.details, filtered: true },
  /** The groups the caller sees: a new question is for one of them (or the whole organisation). */
  extraSurveyGroups: { endpoint: getDepartments },
} satisfies Record<string, SectionEntry>;
