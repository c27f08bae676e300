import { ANONYMITY_QUESTION, FIRST_NAME_QUESTION, LAST_NAME_QUESTION, STAY_ANONYMOUS, SurveyMessages, type QuestionDefinition, type SurveyAnswer } from '../contracts/survey';
import { fitsShape, isPrincipleId, rowFits, rowsOf, sameRow, sameValue, staysAnonymous } from './answers';
import { AuthMessages } from '../contracts/auth';
import { RESPONSE_EMAIL_MAX } from '../contracts/responses';
import { isValidEmail } from '../session/email';
import type { SurveyCommand, SurveyEvent } from './events';
import { dependantsOf, questionById } from './questions';
import { EMAIL_FIELD, surveyContext, type SurveyState } from './state';
import type { SurveyValidation } from './validation';
import { isValid, validateSurvey } from './validation';
import { extraKeysProblem } from './extra';

/** The shape of the application's `bus/commandRejected`, kept here so the slice stands alone. */
export interface SurveyRejection {
  readonly type: 'bus/commandRejected';
  readonly command: string;
  readonly reason: string;
}

export type SurveyDecision = SurveyEvent | SurveyRejection;

const reject = (command: SurveyCommand, reason: string): SurveyDecision[] => [{ type: 'bus/commandRejected', command: command.type, reason }];

/** Why the form cannot be changed now, if it cannot. */
const closedReason = (state: SurveyState): string | null => {
  if (state.token === null) return SurveyMessages.noLink;
  if (state.status === 'submitting') return SurveyMessages.sending;
  if (state.status === 'submitted') return SurveyMessages.alreadySent;
  return null;
};

const findQuestion = (state: SurveyState, id: number): QuestionDefinition | string => {
  const definition = questionById(state.definitions, id);
  if (definition !== undefined) return definition;
  return state.definitions.length === 0 ? SurveyMessages.questionsNotLoaded : SurveyMessages.unknownQuestion;
};

/** Answers that depended on a changed one no longer fit it (a state of another country). */
const dropDependants = (state: SurveyState, id: number): SurveyEvent[] =>
  dependantsOf(state.definitions, id)
    .filter((dependant) => state.answers[String(dependant.id)] !== undefined)
    .map((dependant) => ({ type: 'survey/answerRemoved', questionId: dependant.id }));

const setListRow = (
  state: SurveyState,
  command: Extract<SurveyCommand, { type: 'survey/setAnswer' }>,
  definition: QuestionDefinition,
  current: SurveyAnswer | undefined,
): SurveyDecision[] => {
  if (!rowFits(definition, command.value)) return reject(command, SurveyMessages.wrongForm);
  const rows = rowsOf(current);
  const row = command.row ?? rows.length;
  if (!Number.isSafeInteger(row) || row < 0 || row > rows.length) return reject(command, SurveyMessages.rowOutOfRange);
  if (definition.maxRows !== null && row >= definition.maxRows) return reject(command, SurveyMessages.tooManyRows(definition.maxRows));
  if (row < rows.length && sameRow(rows[row]!, command.value)) return [];
  return [{ type: 'survey/answerSet', questionId: definition.id, row, value: command.value, key: definition.key }, ...dropDependants(state, definition.id)];
};

const setWhole = (
  state: SurveyState,
  command: Extract<SurveyCommand, { type: 'survey/setAnswer' }>,
  definition: QuestionDefinition,
  current: SurveyAnswer | undefined,
): SurveyDecision[] => {
  if (command.row !== null) return reject(command, SurveyMessages.notAList);
  // '' clears a question; one with a default (question 33) goes back to it.
  const value = command.value === '' && definition.defaultAnswer !== null ? definition.defaultAnswer : command.value;
  if (value === '') return current === undefined ? [] : [{ type: 'survey/answerRemoved', questionId: definition.id }, ...dropDependants(state, definition.id)];
  if (typeof value === 'object' || !fitsShape(definition, value)) return reject(command, SurveyMessages.wrongForm);
  if (definition.shape === 'choice' && !definition.choices.includes(value as number)) return reject(command, SurveyMessages.notAChoice);
  if (definition.id === ANONYMITY_QUESTION && state.anonymityEnforced && value !== STAY_ANONYMOUS) return reject(command, SurveyMessages.anonymityEnforced);
  if (current !== undefined && sameValue(current.answer, value)) return [];
  return [{ type: 'survey/answerSet', questionId: definition.id, row: null, value, key: definition.key }, ...dropDependants(state, definition.id)];
};

/**
 * The address for the edit links, checked as the server checks it (SPEC section 5's pattern):
 * only when it will be sent, that is given and the answer is not anonymous.
 */
export const emailProblems = (state: SurveyState): SurveyValidation => {
  const email = state.email.trim();
  if (email === '' || staysAnonymous(state.answers, surveyContext(state))) return {};
  return email.length <= RESPONSE_EMAIL_MAX && isValidEmail(email) ? {} : { [EMAIL_FIELD]: { messages: [AuthMessages.invalidEmail], rows: {} } };
};

/**
 * The pure part of the survey's commands (SPEC section 4, survey answers): the events a
 * command yields, a rejection with the reason, or nothing when it changes nothing. Sending
 * the answers is an effect's work once `survey/submitRequested` is folded.
 */
export const decideSurvey = (state: SurveyState, command: SurveyCommand): SurveyDecision[] => {
  // Asked before the form opens, whatever its state: the browser answered this link before.
  if (command.type === 'survey/startAnew') return state.answeredHere ? [{ type: 'survey/startedAnew' }] : [];
  const closed = closedReason(state);
  if (command.type === 'survey/submit') {
    if (state.status === 'submitting') return []; // a double click sends once
    if (closed !== null) return reject(command, closed);
    if (state.definitions.length === 0) return reject(command, SurveyMessages.questionsNotLoaded);
    const validations = { ...validateSurvey(state.definitions, state.answers, surveyContext(state)), ...emailProblems(state) };
    return isValid(validations) ? [{ type: 'survey/submitRequested' }] : [{ type: 'survey/validationFailed', validations }];
  }
  if (closed !== null) return reject(command, closed);
  if (command.type === 'survey/setEmail') {
    if (state.anonymityEnforced) return reject(command, SurveyMessages.anonymityEnforced);
    return command.email === state.email ? [] : [{ type: 'survey/emailSet', email: command.email }];
  }
  if (command.type === 'survey/setExtraAnswer') {
    const question = state.extraQuestions.find((candidate) => candidate.id === command.questionId);
    if (question === undefined) return reject(command, SurveyMessages.unknownQuestion);
    const problem = extraKeysProblem(question, command.keys);
    if (problem !== null) return reject(command, problem);
    const before = state.extraAnswers[question.id] ?? [];
    const same = before.length === command.keys.length && before.every((key) => command.keys.includes(key));
    return same ? [] : [{ type: 'survey/extraAnswerSet', questionId: question.id, keys: [...new Set(command.keys)] }];
  }
  const definition = findQuestion(state, command.questionId);
  if (typeof definition === 'string') return reject(command, definition);
  const current = state.answers[String(definition.id)];

  switch (command.type) {
    case 'survey/setAnswer':
      if (current?.disabled) return reject(command, SurveyMessages.disabledAnswer);
      if (state.anonymityEnforced && (definition.id === FIRST_NAME_QUESTION || definition.id === LAST_NAME_QUESTION)) {
        return reject(command, SurveyMessages.anonymityEnforced);
      }
      return definition.isArray ? setListRow(state, command, definition, current) : setWhole(state, command, definition, current);
    case 'survey/removeRow': {
      if (!definition.isArray) return reject(command, SurveyMessages.notAList);
      if (current?.disabled) return reject(command, SurveyMessages.disabledAnswer);
      const rows = rowsOf(current);
      if (!Number.isSafeInteger(command.row) || command.row < 0 || command.row >= rows.length) return reject(command, SurveyMessages.rowOutOfRange);
      return [{ type: 'survey/rowRemoved', questionId: definition.id, row: command.row }];
    }
    case 'survey/disable': {
      const canDisable =
        definition.isCheck && definition.preferNotAllowed && (definition.shape === 'principle' || definition.shape === 'principle-list');
      if (!canDisable) return reject(command, SurveyMessages.cannotDisable);
      if (!isPrincipleId(command.value)) return reject(command, SurveyMessages.wrongForm);
      const value = definition.isArray ? [command.value] : command.value;
      if (current?.disabled && sameValue(current.answer, value)) return [];
      return [{ type: 'survey/answerDisabled', questionId: definition.id, value, key: definition.key }, ...dropDependants(state, definition.id)];
    }
    case 'survey/reEnable':
      return current?.disabled ? [{ type: 'survey/answerReEnabled', questionId: definition.id }] : [];
  }
};
