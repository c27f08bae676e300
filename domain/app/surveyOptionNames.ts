import * as t from 'io-ts';
import { message } from '../kernel/message';

/**
 * The names of the options a respondent picked from a searched list (languages, cultural
 * heritages). Those lists are too long to load whole, so an answer's principleId could not be
 * shown again after a reload without the name it was picked under. Lookup names are public
 * data, never an answer, and are forgotten with the answers once the survey is sent.
 */
export const surveyOptionsNamed = message('survey/optionsNamed', { names: t.record(t.string, t.string) });
export type SurveyOptionsNamed = t.TypeOf<typeof surveyOptionsNamed>;

/** principleId (as text) to its name. */
export type SurveyOptionNames = Readonly<Record<string, string>>;

export const surveyOptionNamesReducer = (state: SurveyOptionNames = {}, event: { type: string }): SurveyOptionNames => {
  switch (event.type) {
    case 'survey/optionsNamed': {
      const { names } = event as SurveyOptionsNamed;
      return Object.entries(names).every(([id, name]) => state[id] === name) ? state : { ...state, ...names };
    }
    case 'survey/submitSucceeded':
      return Object.keys(state).length === 0 ? state : {};
    default:
      return state;
  }
};
