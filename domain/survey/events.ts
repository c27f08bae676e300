import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';
import { DraftAnswerValue, LanguageRowDraft, QuestionDefinition, SurveyAnswers } from '../contracts/survey';
import { SurveyValidation } from './validation';
import { ExtraAnswers, LinkQuestion } from '../contracts/extraAnswers';

/** What a set-answer carries: a whole answer ('' clears it), or one row of a list question. */
export const CommandValue = t.union([t.string, t.number, LanguageRowDraft]);
export type CommandValue = t.TypeOf<typeof CommandValue>;

const FieldErrors = t.record(t.string, t.array(t.string));

/**
 * The respondent's intents (SPEC section 4, survey answers). `row` addresses a row of a list
 * question (null appends); other questions take `row: null`.
 */
export const surveyCommands = {
  setAnswer: message('survey/setAnswer', { questionId: t.number, row: t.union([t.number, t.null]), value: CommandValue }),
  removeRow: message('survey/removeRow', { questionId: t.number, row: t.number }),
  /** Tick "Prefer not to answer": `value` is that option's principleId in the question's lookup. */
  disable: message('survey/disable', { questionId: t.number, value: t.number }),
  /** Untick it: the answer is deleted and the input is free again. */
  reEnable: message('survey/reEnable', { questionId: t.number }),
  submit: emptyMessage('survey/submit'),
  /** Answer an extra question with the option keys chosen ([]: no answer). */
  setExtraAnswer: message('survey/setExtraAnswer', { questionId: t.string, keys: t.array(t.string) }),
  /** The address for the links to change or erase the answers ('' for none). */
  setEmail: message('survey/setEmail', { email: t.string }),
  /** Someone else on a shared device: the form opens although this browser answered the link before. */
  startAnew: emptyMessage('survey/startAnew'),
};
export const SurveyCommand = t.union([
  surveyCommands.setAnswer,
  surveyCommands.removeRow,
  surveyCommands.disable,
  surveyCommands.reEnable,
  surveyCommands.submit,
  surveyCommands.setExtraAnswer,
  surveyCommands.setEmail,
  surveyCommands.startAnew,
]);
export type SurveyCommand = t.TypeOf<typeof SurveyCommand>;

/** Facts, each carrying what the reducer needs (keys, resolved rows, validations). */
export const surveyEvents = {
  /** The link was checked: its survey, whether it enforces anonymity, whether a group is to be picked. */
  opened: message('survey/opened', {
    token: t.string,
    surveyId: t.number,
    anonymityEnforced: t.boolean,
    askGroup: t.boolean,
    logo: t.union([t.string, t.null]),
  }),
  /** An emailed edit link was checked: the response's link and choices, and its stored answers. */
  editOpened: message('survey/editOpened', {
    token: t.string,
    editToken: t.string,
    surveyId: t.number,
    anonymityEnforced: t.boolean,
    askGroup: t.boolean,
    answers: SurveyAnswers,
  }),
  questionsLoaded: message('survey/questionsLoaded', { surveyId: t.number, questions: t.array(QuestionDefinition) }),
  /** A draft kept for this link was read back (after a reload or a lost connection). */
  draftRestored: message('survey/draftRestored', { token: t.string, answers: SurveyAnswers }),
  /** A dependent question's lookup was loaded for its parent's answer (a country's states). */
  childOptionsLoaded: message('survey/childOptionsLoaded', { questionId: t.number, parentValue: t.number, hasOptions: t.boolean }),
  /** `row`: the row replaced or appended (list questions), null for a whole answer. */
  answerSet: message('survey/answerSet', { questionId: t.number, row: t.union([t.number, t.null]), value: CommandValue, key: t.string }),
  /** An emptied list loses its answer. */
  rowRemoved: message('survey/rowRemoved', { questionId: t.number, row: t.number }),
  /** Cleared by the respondent, or a dependant whose parent changed. */
  answerRemoved: message('survey/answerRemoved', { questionId: t.number }),
  answerDisabled: message('survey/answerDisabled', { questionId: t.number, value: DraftAnswerValue, key: t.string }),
  answerReEnabled: message('survey/answerReEnabled', { questionId: t.number }),
  validationFailed: message('survey/validationFailed', { validations: SurveyValidation }),
  /** The answers are valid and go to POST /diversity-survey. */
  submitRequested: emptyMessage('survey/submitRequested'),
  submitSucceeded: emptyMessage('survey/submitSucceeded'),
  /** SPEC section 8: the response's message (empty if none) and its field errors. */
  submitFailed: message('survey/submitFailed', { message: t.string, errors: FieldErrors }),
  /** The link's extra questions were read (GET /extra-survey/link-questions). */
  extraQuestionsLoaded: message('survey/extraQuestionsLoaded', { token: t.string, questions: t.array(LinkQuestion) }),
  extraAnswerSet: message('survey/extraAnswerSet', { questionId: t.string, keys: t.array(t.string) }),
  /** An edit link's stored extra answers. */
  extraAnswersRestored: message('survey/extraAnswersRestored', { answers: ExtraAnswers }),
  emailSet: message('survey/emailSet', { email: t.string }),
  /** Follows submitSucceeded when the server mailed the links to change or erase the answers. */
  editLinkSent: emptyMessage('survey/editLinkSent'),
  /** The link just opened was answered from this browser before (a mark on the device, nothing more). */
  answeredHere: message('survey/answeredHere', { token: t.string }),
  startedAnew: emptyMessage('survey/startedAnew'),
};
export const SurveyEvent = t.union([
  surveyEvents.opened,
  surveyEvents.editOpened,
  surveyEvents.questionsLoaded,
  surveyEvents.draftRestored,
  surveyEvents.childOptionsLoaded,
  surveyEvents.answerSet,
  surveyEvents.rowRemoved,
  surveyEvents.answerRemoved,
  surveyEvents.answerDisabled,
  surveyEvents.answerReEnabled,
  surveyEvents.validationFailed,
  surveyEvents.submitRequested,
  surveyEvents.submitSucceeded,
  surveyEvents.submitFailed,
  surveyEvents.extraQuestionsLoaded,
  surveyEvents.extraAnswerSet,
  surveyEvents.extraAnswersRestored,
  surveyEvents.emailSet,
  surveyEvents.editLinkSent,
  surveyEvents.answeredHere,
  surveyEvents.startedAnew,
]);
export type SurveyEvent = t.TypeOf<typeof SurveyEvent>;

/**
 * The names of the options a respondent picked from a searched list (languages, cultural
 * heritages). Those lists are too long to load whole, so an answer's principleId could not be
 * shown again after a reload without the name it was picked under. Lookup names are public
 * data, never an answer, and are forgotten with the answers once the survey is sent.
 */
export const surveyOptionsNamed = message('survey/optionsNamed', { names: t.record(t.string, t.string) });
export type SurveyOptionsNamed = t.TypeOf<typeof surveyOptionsNamed>;
