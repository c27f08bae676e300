import {
  ANONYMITY_QUESTION,
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  type AnswerValue,
  type QuestionDefinition,
  type SurveyAnswers,
  type SurveySubmission,
} from '../contracts/survey';
import { fitsShape, isBlank } from './answers';

/**
 * The form's answers for a response submitted earlier (the emailed edit link): the inverse of
 * the submit payload. Empty values stay unanswered; a "Prefer not to answer" given through a
 * question's own tick (`preferNotIds`: the lookup items whose code is prefer_not) comes back
 * ticked, so the form shows it as it was answered.
 */
export const answersOfSubmission = (
  definitions: readonly QuestionDefinition[],
  submission: SurveySubmission,
  preferNotIds: ReadonlySet<number>,
): SurveyAnswers => {
  const answers: SurveyAnswers = {};
  const valueOf = (definition: QuestionDefinition): AnswerValue | undefined => {
    if (definition.id === FIRST_NAME_QUESTION) return submission['first-name'];
    if (definition.id === LAST_NAME_QUESTION) return submission['last-name'];
    if (definition.id === ANONYMITY_QUESTION) return submission['stay-anonymous'];
    return submission.questions[String(definition.id)];
  };
  for (const definition of definitions) {
    const value = valueOf(definition);
    if (value === undefined || isBlank(value) || !fitsShape(definition, value)) continue;
    const tick = definition.isCheck && definition.preferNotAllowed;
    const ticked =
      tick &&
      ((definition.shape === 'principle' && typeof value === 'number' && preferNotIds.has(value)) ||
        (definition.shape === 'principle-list' && Array.isArray(value) && value.length === 1 && typeof value[0] === 'number' && preferNotIds.has(value[0])));
    answers[String(definition.id)] = { answer: value, key: definition.key, disabled: ticked };
  }
  return answers;
};
