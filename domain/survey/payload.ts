import {
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  type AnswerValue,
  type QuestionDefinition,
  type SurveySubmission,
} from '../contracts/survey';
import type { ExtraAnswers } from '../contracts/extraAnswers';
import { sentAnswers, stayAnonymousValue, staysAnonymous } from './answers';
import { OWN_FIELD_QUESTIONS } from './questions';
import { surveyContext, type SurveyState } from './state';

const text = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : '');

/**
 * The body of POST /diversity-survey (SPEC sections 3 and 7). Every question of the
 * definitions appears exactly once: 1, 2 and 33 in their own fields, all others under
 * `questions` by id. Unanswered and unasked questions are '' ([] for list questions);
 * names are '' for an anonymous respondent, who sends no email either; question 33 defaults to 1; incomplete language
 * rows are left out (validation refuses them before a submit gets here).
 */
export const submissionPayload = (definitions: readonly QuestionDefinition[], state: SurveyState): SurveySubmission & { extra?: ExtraAnswers; email?: string } => {
  const context = surveyContext(state);
  const sent = sentAnswers(definitions, state.answers, context);
  const email = staysAnonymous(state.answers, context) ? '' : state.email.trim();
  const questions: Record<string, AnswerValue> = {};
  for (const definition of definitions) {
    if (!OWN_FIELD_QUESTIONS.includes(definition.id)) questions[String(definition.id)] = sent[String(definition.id)]!;
  }
  return {
    token: state.token ?? '',
    'first-name': text(sent[String(FIRST_NAME_QUESTION)]),
    'last-name': text(sent[String(LAST_NAME_QUESTION)]),
    'stay-anonymous': stayAnonymousValue(state.answers, context),
    questions,
    // The address for the edit links only with a name: an anonymous answer carries none.
    ...(email === '' ? {} : { email }),
    // The link's extra questions, when it has any: the answered ones (an edit replaces them all).
    ...(state.extraQuestions.length > 0 ? { extra: Object.fromEntries(Object.entries(state.extraAnswers).map(([id, keys]) => [id, [...keys]])) } : {}),
  };
};
