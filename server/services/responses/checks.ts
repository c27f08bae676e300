import type { Kysely } from 'kysely';
import { LOOKUP_NOT_EXIST, LookupList } from '../../../domain/contracts/lookups';
import { ResponseMessages } from '../../../domain/contracts/responses';
import {
  type AnswerValue,
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  type QuestionDefinition,
  SurveyMessages,
  type SurveySubmission,
} from '../../../domain/contracts/survey';
import { type SurveyContext, sentAnswers, staysAnonymous } from '../../../domain/survey/answers';
import { questionById } from '../../../domain/survey/questions';
import { answersOfSubmission, type FieldErrors, submissionMessage, validateSubmission } from '../../../domain/survey/validation';
import type { Database } from '../../db/database';
import { conflict, DomainError } from '../errors';
import { TokenMessages } from '../../../domain/contracts/tokens';
import { type AnsweredPrinciple, loadPrinciples, principleFits } from './principles';
import { chosenPlacement, linkPlacement, type Placement, type PlacementResult } from './placement';

/** What the survey link decides about the questions. */
export interface LinkRules {
  readonly organizationId: string;
  /** The link's anonymity is 1: names are refused and the response is anonymous. */
  readonly anonymityEnforced: boolean;
  /** null: a whole-organisation link, the participant chooses a group (question 3). */
  readonly departmentId: string | null;
}

/** A submission that passed every check, in the form it is stored. */
export interface CheckedSubmission {
  readonly anonymous: boolean;
  readonly firstName: string;
  readonly lastName: string;
  /** Every question's sent value (domain/survey sentAnswers): questions not asked are empty. */
  readonly sent: Readonly<Record<string, AnswerValue>>;
  readonly principles: ReadonlyMap<number, AnsweredPrinciple>;
  readonly placement: Placement;
}

/** Rows read from a list answer; more are refused (tooManyRows, below when the survey sets no maximum) and never reach a query. */
const UNBOUNDED_ROWS = 1000;
const rowsRead = (definition: QuestionDefinition): number => definition.maxRows ?? UNBOUNDED_ROWS;

/**
 * The principleIds a body's answers name, for the questions that draw from a lookup list (at
 * most `maxRows` per list, so a hand-made body cannot make the query as large as it likes).
 */
export const principleIdsOf = (definitions: readonly QuestionDefinition[], body: SurveySubmission): number[] => {
  const found: number[] = [];
  for (const definition of definitions) {
    if (!LookupList.is(definition.lookup)) continue;
    const value = Object.prototype.hasOwnProperty.call(body.questions, String(definition.id)) ? body.questions[String(definition.id)] : undefined;
    if (typeof value === 'number') found.push(value);
    else if (Array.isArray(value)) for (const row of value.slice(0, rowsRead(definition))) found.push(typeof row === 'number' ? row : row.principleId);
  }
  return found;
};

const addError = (errors: FieldErrors, field: string, message: string): void => {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
};

/** The 'not exist' errors of answers naming an item that is not in the question's list (or not under its parent's answer). */
const principleErrors = (
  definitions: readonly QuestionDefinition[],
  sent: Readonly<Record<string, AnswerValue>>,
  principles: ReadonlyMap<number, AnsweredPrinciple>,
  errors: FieldErrors,
): void => {
  const flagged = new Set(Object.keys(errors).map((field) => field.split('.')[0]));
  for (const definition of definitions) {
    const list = definition.lookup;
    if (!LookupList.is(list)) continue;
    const id = String(definition.id);
    // A question the survey's rules refused already is not also checked against its list.
    if (flagged.has(id)) continue;
    const value = sent[id];
    const message = LOOKUP_NOT_EXIST[list];
    if (typeof value === 'number') {
      const parentValue = definition.parent === null ? undefined : sent[String(definition.parent)];
      if (!principleFits(principles.get(value), list, typeof parentValue === 'number' ? parentValue : undefined)) addError(errors, id, message);
    } else if (Array.isArray(value)) {
      if (value.length > rowsRead(definition)) addError(errors, id, SurveyMessages.tooManyRows(rowsRead(definition)));
      value.slice(0, rowsRead(definition)).forEach((row, index) => {
        const principleId = typeof row === 'number' ? row : row.principleId;
        if (!principleFits(principles.get(principleId), list)) addError(errors, `${id}.${index}`, message);
      });
    }
  }
};

/** What the checks need from the database: the answered lookup items and where the answer is placed. */
export interface SubmissionFacts {
  readonly principles: ReadonlyMap<number, AnsweredPrinciple>;
  /** Where a link for one group places every response; 'full' when its group's capacity is reached. */
  readonly linkPlacement: () => Promise<Placement | 'full'> | Placement | 'full';
  /** The group a participant chose on a whole-organisation link, or why it cannot be. */
  readonly chosenPlacement: (chosen: string) => Promise<PlacementResult> | PlacementResult;
}

/** The facts read with one query each, inside the caller's transaction (a group with a capacity is locked). */
const databaseFacts = async (
  trx: Kysely<Database>,
  definitions: readonly QuestionDefinition[],
  body: SurveySubmission,
  rules: LinkRules,
  exceptResponseId?: string,
): Promise<SubmissionFacts> => ({
  principles: await loadPrinciples(trx, principleIdsOf(definitions, body)),
  linkPlacement: () => linkPlacement(trx, rules.organizationId, rules.departmentId, exceptResponseId),
  chosenPlacement: (chosen) => chosenPlacement(trx, rules.organizationId, chosen, exceptResponseId),
});

/**
 * The server's whole check of a submission against its link, reading what it needs inside
 * the caller's transaction (see judgeSubmission).
 */
export const checkSubmission = async (
  trx: Kysely<Database>,
  definitions: readonly QuestionDefinition[],
  body: SurveySubmission,
  rules: LinkRules,
  exceptResponseId?: string,
): Promise<CheckedSubmission> => judgeSubmission(definitions, body, rules, await databaseFacts(trx, definitions, body, rules, exceptResponseId));

/**
 * The server's whole check of a submission against its link: the survey's rules
 * (validateSubmission), names refused when the response is anonymous, every principleId in
 * its list and under its parent's answer, and the group. Throws 422 with the message of
 * SPEC section 8 ('single/multiple question errors') and the field errors keyed by question
 * id ('{id}.{row}' for list rows); answers the submission in stored form otherwise.
 */
export const judgeSubmission = async (
  definitions: readonly QuestionDefinition[],
  body: SurveySubmission,
  rules: LinkRules,
  facts: SubmissionFacts,
): Promise<CheckedSubmission> => {
  const { principles } = facts;
  const context: SurveyContext = {
    anonymous: rules.anonymityEnforced,
    askGroup: rules.departmentId === null,
    // A dependant is asked when its parent's answer is an item of the parent's list with children.
    hasChildOptions: (question, parentAnswer) => {
      if (typeof parentAnswer !== 'number') return true;
      const parent = question.parent === null ? undefined : questionById(definitions, question.parent);
      const item = principles.get(parentAnswer);
      return item !== undefined && LookupList.is(parent?.lookup) && principleFits(item, parent.lookup) && item.hasChildren;
    },
  };

  const errors = validateSubmission(definitions, body, context);
  const answers = answersOfSubmission(definitions, body);
  const anonymous = staysAnonymous(answers, context);
  if (anonymous) {
    // Names given with an anonymous answer are refused rather than silently dropped.
    const message = rules.anonymityEnforced ? SurveyMessages.anonymityEnforced : ResponseMessages.namesWhenAnonymous;
    if (body['first-name'].trim() !== '') addError(errors, String(FIRST_NAME_QUESTION), message);
    if (body['last-name'].trim() !== '') addError(errors, String(LAST_NAME_QUESTION), message);
  }
  const sent = sentAnswers(definitions, answers, context);
  principleErrors(definitions, sent, principles, errors);

  let placement: Placement | undefined;
  const groupQuestion = definitions.find((definition) => definition.lookup === 'groups');
  if (rules.departmentId !== null || groupQuestion === undefined) {
    const onLink = await facts.linkPlacement();
    // Not an answer to correct: the group of the link has no place left, whatever is answered.
    if (onLink === 'full') throw conflict(TokenMessages.groupLinkFull);
    placement = onLink;
  } else {
    const chosen = sent[String(groupQuestion.id)];
    // Left empty, the survey's own rule has already said "Department is required.".
    if (typeof chosen === 'string' && chosen !== '') {
      const result = await facts.chosenPlacement(chosen);
      if ('error' in result) addError(errors, String(groupQuestion.id), result.error);
      else placement = result.placement;
    } else if (Object.keys(errors).length === 0) {
      addError(errors, String(groupQuestion.id), groupQuestion.requiredMessage ?? SurveyMessages.departmentRequired);
    }
  }

  if (Object.keys(errors).length > 0 || placement === undefined) throw new DomainError('invalid', submissionMessage(errors), errors);
  return {
    anonymous,
    firstName: anonymous ? '' : body['first-name'].trim(),
    lastName: anonymous ? '' : body['last-name'].trim(),
    sent,
    principles,
    placement,
  };
};
