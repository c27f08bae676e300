import { extraSurveyEndpoints } from '../../contracts/extraSurvey';
import type { ActionEntry } from './entry';

/** One change of the extra-survey builder; the list and the results are read again after it. */
export const extraSurveyActions = {
  extraSurveyUpdate: { endpoint: extraSurveyEndpoints.update, reloads: ['extraSurveys', 'extraSurveyDetails'] },
} satisfies Record<string, ActionEntry>;
