import {
  ANONYMITY_QUESTION,
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  LanguageLevel,
  STAY_ANONYMOUS,
  type AnswerValue,
  type DraftAnswerValue,
  type LanguageRow,
  type LanguageRowDraft,
  type QuestionDefinition,
  type SurveyAnswer,
  type SurveyAnswers,
} from '../contracts/survey';
import { questionById } from './questions';

/** One row of a list question: a principleId, or a language with its level. */
export type RowValue = number | LanguageRowDraft;

/** principleIds are non-negative whole numbers. */
export const isPrincipleId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const isLanguageRowDraft = (value: unknown): value is LanguageRowDraft => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const row = value as Record<string, unknown>;
  return (
    Object.keys(row).every((key) => key === 'principleId' || key === 'level') &&
    (row.principleId === null || isPrincipleId(row.principleId)) &&
    (row.level === null || LanguageLevel.is(row.level))
  );
};

/** The empty answer a question is sent with when unanswered or not asked. */
export const emptyValue = (definition: QuestionDefinition): AnswerValue => (definition.isArray ? [] : '');

/** Nothing given: no answer, '', only spaces, or an empty list. */
export const isBlank = (value: DraftAnswerValue | undefined): boolean =>
  value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Whether one row has the form the list question expects. */
export const rowFits = (definition: QuestionDefinition, row: unknown): row is RowValue => {
  switch (definition.shape) {
    case 'principle-list':
      return isPrincipleId(row);
    case 'language-list':
      return isLanguageRowDraft(row);
    default:
      return false;
  }
};

/** Whether a (non-blank) value has the form the question expects while the form is filled in. */
export const fitsShape = (definition: QuestionDefinition, value: unknown): value is DraftAnswerValue => {
  switch (definition.shape) {
    case 'text':
      return typeof value === 'string';
    case 'principle':
      return isPrincipleId(value);
    case 'choice':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'principle-list':
    case 'language-list':
      return Array.isArray(value) && value.every((row) => rowFits(definition, row));
  }
};

/** The rows of a list answer (none when absent or not a list). */
export const rowsOf = (answer: SurveyAnswer | undefined): readonly RowValue[] =>
  answer !== undefined && Array.isArray(answer.answer) ? (answer.answer as readonly RowValue[]) : [];

export const sameRow = (a: RowValue, b: RowValue): boolean =>
  typeof a === 'number' || typeof b === 'number' ? a === b : a.principleId === b.principleId && a.level === b.level;

export const sameValue = (a: DraftAnswerValue, b: DraftAnswerValue): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && (a as RowValue[]).every((row, index) => sameRow(row, (b as RowValue[])[index]!));
  }
  return a === b;
};

/**
 * What the survey link and the lookups say about which questions are asked. The respondent's
 * own anonymity choice (question 33) is read from the answers.
 */
export interface SurveyContext {
  /** The link enforces anonymity (its anonymity is 1): names are not asked and question 33 is 1. */
  readonly anonymous: boolean;
  /** The link is for the whole organisation, so the respondent picks a group. Default: no. */
  readonly askGroup?: boolean;
  /**
   * Whether a dependent question has options for its parent's answer (a country with states).
   * Default: yes, so a required dependant is required whenever its parent is answered; give
   * the lookups' answer where it is known so a country without states does not block.
   */
  readonly hasChildOptions?: (question: QuestionDefinition, parentAnswer: DraftAnswerValue) => boolean;
}

/** Whether the respondent stays anonymous: enforced by the link, or question 33 is not 0 (default 1). */
export const staysAnonymous = (answers: SurveyAnswers, context: SurveyContext): boolean =>
  context.anonymous || answers[String(ANONYMITY_QUESTION)]?.answer !== 0;

/** The value question 33 is sent with. */
export const stayAnonymousValue = (answers: SurveyAnswers, context: SurveyContext): 0 | 1 => (staysAnonymous(answers, context) ? STAY_ANONYMOUS : 0);

const isName = (id: number): boolean => id === FIRST_NAME_QUESTION || id === LAST_NAME_QUESTION;

/**
 * Whether a question is put to the respondent: names only when not anonymous, question 33
 * only when the link leaves the choice, the group only on a whole-organisation link, and a
 * dependant only when its parent is asked and answered with an option that has children.
 * Questions not asked are neither validated nor sent with a value.
 */
export const isAsked = (
  definitions: readonly QuestionDefinition[],
  definition: QuestionDefinition,
  answers: SurveyAnswers,
  context: SurveyContext,
  depth = 0,
): boolean => {
  if (isName(definition.id)) return !staysAnonymous(answers, context);
  if (definition.id === ANONYMITY_QUESTION) return !context.anonymous;
  if (definition.lookup === 'groups') return context.askGroup === true;
  if (definition.parent === null) return true;
  const parent = questionById(definitions, definition.parent);
  // A parent missing from the set sets no condition; the depth guard stops a cycle of parents.
  if (parent === undefined || depth > definitions.length) return true;
  const parentAnswer = answers[String(parent.id)];
  if (parentAnswer === undefined || parentAnswer.disabled || isBlank(parentAnswer.answer) || !fitsShape(parent, parentAnswer.answer)) return false;
  if (!isAsked(definitions, parent, answers, context, depth + 1)) return false;
  return context.hasChildOptions?.(definition, parentAnswer.answer) ?? true;
};

/**
 * The value one question is sent with: '' or [] when not answered or of the wrong form,
 * text trimmed, and only complete language rows.
 */
export const sentValue = (definition: QuestionDefinition, answer: SurveyAnswer | undefined): AnswerValue => {
  if (answer === undefined || isBlank(answer.answer) || !fitsShape(definition, answer.answer)) return emptyValue(definition);
  const value = answer.answer;
  switch (definition.shape) {
    case 'text':
      return (value as string).trim();
    case 'principle':
    case 'choice':
      return value as number;
    case 'principle-list':
      return [...(value as number[])];
    case 'language-list':
      return (value as LanguageRowDraft[]).filter((row): row is LanguageRow => row.principleId !== null && row.level !== null).map((row) => ({ ...row }));
  }
};

/**
 * Every question of the definitions with the value it is sent with (questions not asked are
 * empty); question 33 defaults to 1 and is 1 whenever the link enforces anonymity.
 */
export const sentAnswers = (
  definitions: readonly QuestionDefinition[],
  answers: SurveyAnswers,
  context: SurveyContext,
): Record<string, AnswerValue> => {
  const sent: Record<string, AnswerValue> = {};
  for (const definition of definitions) {
    const id = String(definition.id);
    if (definition.id === ANONYMITY_QUESTION) sent[id] = stayAnonymousValue(answers, context);
    else sent[id] = isAsked(definitions, definition, answers, context) ? sentValue(definition, answers[id]) : emptyValue(definition);
  }
  return sent;
};
