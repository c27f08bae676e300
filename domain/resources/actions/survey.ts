import { checkRegisterToken } from '../../contracts/tokens';
import { checkEditSurvey, checkUpdateSurvey, deleteSurvey } from '../../contracts/responses';
import type { ActionEntry } from './entry';

/** The link check is an action so that a personal invitation's token stays out of every event. */
export const surveyActions = {
  surveyCheckLink: { endpoint: checkRegisterToken, reloads: [] },
  // The emailed edit and delete links: actions too, their tokens being credentials.
  surveyCheckEditLink: { endpoint: checkUpdateSurvey, reloads: [] },
  surveyEditable: { endpoint: checkEditSurvey, reloads: [] },
  surveyDelete: { endpoint: deleteSurvey, reloads: [] },
} satisfies Record<string, ActionEntry>;
