import * as t from 'io-ts';
import { Messages } from '../contracts/envelope';
import {
  ANONYMITY_QUESTION,
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  STAY_ANONYMOUS,
  SurveyMessages,
  type LanguageRowDraft,
  type QuestionDefinition,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveySubmission,
} from '../contracts/survey';
import { fitsShape, isAsked, isBlank, rowsOf, type RowValue, type SurveyContext } from './answers';
import { OWN_FIELD_QUESTIONS } from './questions';

/**
 * SPEC section 3: validations per question, per row for expandable questions. `messages`
 * concern the question as a whole; `rows` are keyed by row index.
 */
export const QuestionValidation = t.strict({ messages: t.array(t.string), rows: t.record(t.string, t.array(t.string)) });
export type QuestionValidation = t.TypeOf<typeof QuestionValidation>;

/** Problems keyed by question id; a question without problems has no entry. */
export const SurveyValidation = t.record(t.string, QuestionValidation);
export type SurveyValidation = t.TypeOf<typeof SurveyValidation>;

export type FieldErrors = Record<string, string[]>;

const problems = (messages: string[], rows: Record<string, string[]> = {}): QuestionValidation | null =>
  messages.length === 0 && Object.keys(rows).length === 0 ? null : { messages, rows };

const requiredMessage = (definition: QuestionDefinition): string => definition.requiredMessage ?? Messages.fieldRequired(definition.key);

const rowProblems = (definition: QuestionDefinition, rows: readonly RowValue[]): Record<string, string[]> => {
  const result: Record<string, string[]> = {};
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const messages: string[] = [];
    const principleId = typeof row === 'number' ? row : (row as LanguageRowDraft).principleId;
    if (definition.shape === 'language-list') {
      const language = row as LanguageRowDraft;
      if (language.principleId === null) messages.push(definition.requiredMessage ?? SurveyMessages.languageRequired);
      if (language.level === null) messages.push(SurveyMessages.languageLevelRequired);
    }
    if (principleId !== null) {
      // The first mention stands; later ones are the duplicates.
      if (seen.has(principleId)) messages.push(SurveyMessages.duplicateRow);
      seen.add(principleId);
    }
    if (messages.length > 0) result[String(index)] = messages;
  });
  return result;
};

/** The problems of one question's answer, assuming the question is asked. */
export const validateQuestion = (definition: QuestionDefinition, answer: SurveyAnswer | undefined): QuestionValidation | null => {
  if (answer !== undefined && answer.disabled) return fitsShape(definition, answer.answer) ? null : problems([SurveyMessages.wrongForm]);
  if (answer === undefined || isBlank(answer.answer)) return definition.required ? problems([requiredMessage(definition)]) : null;
  const value = answer.answer;
  if (!fitsShape(definition, value)) return problems([SurveyMessages.wrongForm]);
  switch (definition.shape) {
    case 'text': {
      const length = [...(value as string).trim()].length;
      return definition.maxLength !== null && length > definition.maxLength ? problems([SurveyMessages.nameTooLong(definition.maxLength)]) : null;
    }
    case 'choice':
      if (definition.choices.includes(value as number)) return null;
      // A consent left unticked reads as "not agreed", whose message SPEC gives.
      return problems([definition.required ? requiredMessage(definition) : SurveyMessages.notAChoice]);
    case 'principle':
      return null;
    case 'principle-list':
    case 'language-list': {
      const rows = rowsOf(answer);
      const messages = definition.maxRows !== null && rows.length > definition.maxRows ? [SurveyMessages.tooManyRows(definition.maxRows)] : [];
      return problems(messages, rowProblems(definition, rows));
    }
  }
};

/**
 * The problems of a survey's answers: every asked question is checked; questions not asked
 * (names of an anonymous respondent, the group on a group's own link, a dependant whose
 * parent is unanswered) are not.
 */
export const validateSurvey = (
  definitions: readonly QuestionDefinition[],
  answers: SurveyAnswers,
  context: SurveyContext,
): SurveyValidation => {
  const result: SurveyValidation = {};
  for (const definition of definitions) {
    if (!isAsked(definitions, definition, answers, context)) continue;
    const found = validateQuestion(definition, answers[String(definition.id)]);
    if (found !== null) result[String(definition.id)] = found;
  }
  return result;
};

export const isValid = (validation: SurveyValidation): boolean => Object.keys(validation).length === 0;

/** Field errors as the server answers them: `{id}` for a question, `{id}.{row}` for a row. */
export const validationErrors = (validation: SurveyValidation): FieldErrors => {
  const errors: FieldErrors = {};
  for (const [id, found] of Object.entries(validation)) {
    if (found.messages.length > 0) errors[id] = [...found.messages];
    for (const [row, messages] of Object.entries(found.rows)) errors[`${id}.${row}`] = [...messages];
  }
  return errors;
};

/**
 * The other way: a server's field errors read back into validations. `questions.{id}...`
 * (the body decoder's names) counts as `{id}`; fields that are no question are left out.
 */
export const validationFromErrors = (errors: Readonly<Record<string, readonly string[]>>): SurveyValidation => {
  const result: Record<string, { messages: string[]; rows: Record<string, string[]> }> = {};
  const own: Record<string, number> = { 'first-name': FIRST_NAME_QUESTION, 'last-name': LAST_NAME_QUESTION, 'stay-anonymous': ANONYMITY_QUESTION };
  for (const [field, messages] of Object.entries(errors)) {
    const ownId = own[field];
    const match = ownId === undefined ? /^(?:questions\.)?(\d+)(?:\.(\d+))?(?:\..*)?$/.exec(field) : null;
    const id = ownId !== undefined ? String(ownId) : match?.[1];
    if (id === undefined || messages.length === 0) continue;
    const entry = (result[id] ??= { messages: [], rows: {} });
    const row = match?.[2];
    const target = row === undefined ? entry.messages : (entry.rows[row] ??= []);
    for (const message of messages) if (!target.includes(message)) target.push(message);
  }
  return result;
};

/** SPEC section 8, "single/multiple question errors": the message a refused submission carries. */
export const submissionMessage = (errors: FieldErrors): string => {
  const questions = new Set(Object.keys(errors).map((field) => field.split('.')[0]));
  return questions.size === 1 ? SurveyMessages.questionError : SurveyMessages.questionErrors(questions.size);
};

/** The answers a submission body carries, in the form the rules read (empty ones left out). */
export const answersOfSubmission = (definitions: readonly QuestionDefinition[], body: SurveySubmission): SurveyAnswers => {
  const answers: SurveyAnswers = {};
  for (const definition of definitions) {
    const id = String(definition.id);
    const value =
      definition.id === FIRST_NAME_QUESTION
        ? body['first-name']
        : definition.id === LAST_NAME_QUESTION
          ? body['last-name']
          : definition.id === ANONYMITY_QUESTION
            ? body['stay-anonymous']
            : Object.prototype.hasOwnProperty.call(body.questions, id)
              ? body.questions[id]
              : undefined;
    if (value !== undefined && !isBlank(value)) answers[id] = { answer: value, key: definition.key, disabled: false };
  }
  return answers;
};

/**
 * The server's check of a POST /diversity-survey body, after the contract codec decoded it:
 * the same rules as the form, plus what only a hand-made body can get wrong (a question
 * that is not in the survey or answered twice, a named answer on an anonymous link). Field
 * errors are keyed by question id (`{id}.{row}` for rows); none means valid. A question
 * missing from the body counts as unanswered.
 */
export const validateSubmission = (
  definitions: readonly QuestionDefinition[],
  body: SurveySubmission,
  context: SurveyContext = { anonymous: false },
): FieldErrors => {
  const errors: FieldErrors = {};
  const known = new Set(definitions.map((definition) => String(definition.id)));
  for (const field of Object.keys(body.questions)) {
    if (OWN_FIELD_QUESTIONS.some((id) => String(id) === field)) errors[field] = [SurveyMessages.answeredTwice];
    else if (!known.has(field)) errors[field] = [SurveyMessages.unknownQuestion];
  }
  if (context.anonymous && body['stay-anonymous'] !== STAY_ANONYMOUS) errors[String(ANONYMITY_QUESTION)] = [SurveyMessages.anonymityEnforced];
  const found = validationErrors(validateSurvey(definitions, answersOfSubmission(definitions, body), context));
  for (const [field, messages] of Object.entries(found)) errors[field] = [...(errors[field] ?? []), ...messages];
  return errors;
};
