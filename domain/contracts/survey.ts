import * as t from 'io-ts';
import { LookupList } from './lookups';
import { AuthMessages } from './auth';
import { endpoint } from './endpoint';

/**
 * The diversity survey's contract (SPEC sections 3, 4, 5 and 7): the question definitions
 * served by GET /survey/survey-questions, the shapes of answers, and the body of
 * POST /diversity-survey. The rules over them live in domain/survey.
 */

/** SPEC section 9: questions 1 and 2 are first and last name, question 33 the anonymity choice. */
export const FIRST_NAME_QUESTION = 1;
export const LAST_NAME_QUESTION = 2;
export const ANONYMITY_QUESTION = 33;
/** Answer of question 33 meaning "stay anonymous"; also its default. */
export const STAY_ANONYMOUS = 1;
/** SPEC section 4: question 33's answer carries this key (also the body's field name). */
export const STAY_ANONYMOUS_KEY = 'stay-anonymous';

/** SPEC section 9: searchable lists ask for at least 3 characters. */
export const SEARCH_MIN = 3;
export const NAME_MAX = 100;

/**
 * How a question is asked:
 * - text: a free text field (names);
 * - select: one option of a lookup list loaded whole;
 * - search-select: one option of a long lookup list, filtered as the person types;
 * - list: expandable rows, each row one option (and a level for languages);
 * - choice: a tick box or a yes/no whose values are `choices`.
 */
export const QuestionKind = t.keyof({ text: null, select: null, 'search-select': null, list: null, choice: null });
export type QuestionKind = t.TypeOf<typeof QuestionKind>;

/**
 * The lookup list a question's options come from (SPEC section 7, lookups; items are
 * `{ value, principleId }`). 'groups' is not a public lookup: it is the link's organisation's
 * groups, offered when the link is for the whole organisation.
 */
export const LookupName = t.union([LookupList, t.literal('groups')]);
export type LookupName = t.TypeOf<typeof LookupName>;

/**
 * The form of an answer once sent:
 * - text: a string (names; the group's id);
 * - principle: one principleId;
 * - principle-list: several principleIds (rows of an expandable list);
 * - language-list: rows of `{ principleId, level }`;
 * - choice: one of the question's `choices`.
 */
export const AnswerShape = t.keyof({ text: null, principle: null, 'principle-list': null, 'language-list': null, choice: null });
export type AnswerShape = t.TypeOf<typeof AnswerShape>;

export const QuestionDefinition = t.strict({
  /** Stable forever: answers are stored under it. */
  id: t.number,
  /** Stable slug; 'first-name', 'last-name' and 'stay-anonymous' are also the body's field names. */
  key: t.string,
  /** Position on the form, ascending. */
  order: t.number,
  kind: QuestionKind,
  shape: AnswerShape,
  /** The answer is a list (expandable rows). */
  isArray: t.boolean,
  /**
   * The question shows a tick box. For a choice question the tick is the answer; for any
   * other, ticking "Prefer not to answer" disables the input and answers with that option.
   */
  isCheck: t.boolean,
  /** Must be answered whenever it is asked. */
  required: t.boolean,
  lookup: t.union([LookupName, t.null]),
  /** The question whose answer selects this one's options (state of a country, branch of a worldview). */
  parent: t.union([t.number, t.null]),
  /** The lookup's 'Prefer not to answer' option is offered. */
  preferNotAllowed: t.boolean,
  /** Shown when a required question is left empty. */
  requiredMessage: t.union([t.string, t.null]),
  /** Characters to type before the server is searched; null: the whole list is loaded. */
  searchMin: t.union([t.number, t.null]),
  /** Rows a list question accepts. */
  maxRows: t.union([t.number, t.null]),
  /** Characters a text answer accepts. */
  maxLength: t.union([t.number, t.null]),
  /** The values a choice question accepts; empty for other kinds. */
  choices: t.array(t.number),
  /** The answer a question starts with (question 33: 1, stay anonymous). */
  defaultAnswer: t.union([t.number, t.null]),
});
export type QuestionDefinition = t.TypeOf<typeof QuestionDefinition>;

/** How well a respondent knows a language (the level of a language row). */
export const LanguageLevel = t.keyof({ native: null, fluent: null, intermediate: null, basic: null });
export type LanguageLevel = t.TypeOf<typeof LanguageLevel>;
export const LANGUAGE_LEVELS: readonly LanguageLevel[] = Object.keys(LanguageLevel.keys) as LanguageLevel[];

/** A language row as sent: both parts chosen. */
export const LanguageRow = t.strict({ principleId: t.number, level: LanguageLevel });
export type LanguageRow = t.TypeOf<typeof LanguageRow>;

/** A language row while the form is filled in: the language or the level may still be missing. */
export const LanguageRowDraft = t.strict({ principleId: t.union([t.number, t.null]), level: t.union([LanguageLevel, t.null]) });
export type LanguageRowDraft = t.TypeOf<typeof LanguageRowDraft>;

/**
 * One answer in the body: '' or [] when unanswered, a string for text, a principleId or a
 * choice, a list of principleIds, or language rows.
 */
export const AnswerValue = t.union([t.string, t.number, t.array(t.number), t.array(LanguageRow)]);
export type AnswerValue = t.TypeOf<typeof AnswerValue>;

/** An answer while the form is filled in (language rows may be incomplete). */
export const DraftAnswerValue = t.union([t.string, t.number, t.array(t.number), t.array(LanguageRowDraft)]);
export type DraftAnswerValue = t.TypeOf<typeof DraftAnswerValue>;

/**
 * SPEC section 3, survey state: answers keyed by question id, each with its answer and key
 * (the question's key). A disabled answer is a ticked "Prefer not to answer": its value is
 * that option, and the input stays disabled until the tick is removed (which deletes it).
 */
export const SurveyAnswer = t.strict({ answer: DraftAnswerValue, key: t.string, disabled: t.boolean });
export type SurveyAnswer = t.TypeOf<typeof SurveyAnswer>;

export const SurveyAnswers = t.record(t.string, SurveyAnswer);
export type SurveyAnswers = t.TypeOf<typeof SurveyAnswers>;

/**
 * Body of POST /diversity-survey (SPEC section 7). Questions 1, 2 and 33 travel in their own
 * fields ('first-name', 'last-name', 'stay-anonymous'); every other question is a key of
 * `questions` (its id), present once, '' or [] when unanswered. Names are '' when anonymous.
 */
export const SurveySubmission = t.strict({
  token: t.string,
  'first-name': t.string,
  'last-name': t.string,
  'stay-anonymous': t.union([t.literal(0), t.literal(1)]),
  questions: t.record(t.string, AnswerValue),
});
export type SurveySubmission = t.TypeOf<typeof SurveySubmission>;

/** A survey id in a query string: digits only, read as a number. */
export const SurveyIdFromString = new t.Type<number, string, unknown>(
  'SurveyIdFromString',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0,
  (u, context) => {
    if (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0) return t.success(u);
    return typeof u === 'string' && /^\d{1,9}$/.test(u) ? t.success(Number(u)) : t.failure(u, context);
  },
  (n) => String(n),
);

/** Public: the survey page asks before anyone signs in. survey_id defaults to 1. */
export const getSurveyQuestions = endpoint({
  method: 'GET',
  path: '/survey/survey-questions',
  query: t.exact(t.partial({ survey_id: SurveyIdFromString })),
  data: t.array(QuestionDefinition),
});

/**
 * A group (parent_id null) or sub-group a participant may answer for. `full`: it has a
 * capacity and as many responses as that capacity (a group counts the responses of its
 * sub-groups too), so choosing it would be refused with 'This group is full. Choose another group'.
 */
export const SurveyGroupOption = t.strict({ id: t.string, name: t.string, parent_id: t.union([t.string, t.null]), full: t.boolean });
export type SurveyGroupOption = t.TypeOf<typeof SurveyGroupOption>;

/**
 * Public, for question 3 (the group) on a survey link: the groups of the link's organisation
 * (on a group's own link, that group and its sub-groups), each group followed by its
 * sub-groups, by name. A link that cannot be answered is refused as /check-register-token
 * refuses it, so the list is only shown to someone holding a working link.
 */
export const getSurveyGroups = endpoint({
  method: 'GET',
  path: '/survey/groups',
  query: t.intersection([t.strict({ token: t.string }), t.partial({ alias: t.string })]),
  data: t.array(SurveyGroupOption),
});

/** SPEC section 5's survey messages (verbatim where SPEC gives the words) and the catalogue's survey entries. */
export const SurveyMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  departmentRequired: 'Department is required.',
  countryOfBirthRequired: 'Country of birth is required.',
  stateRequired: 'State or province is required.',
  languageRequired: 'Language is required.',
  worldviewRequired: 'Worldview is required.',
  genderRequired: 'Gender is required.',
  educationRequired: 'Education is required.',
  mustAgree: AuthMessages.mustAgree,
  groupNotFound: 'Please select an existing group',
  groupFull: 'This group is full. Choose another group',
  searchTooShort: 'You must type at least 3 characters',
  surveyNotFound: 'This survey does not exist.',
  languageLevelRequired: 'Please choose how well you know this language.',
  duplicateRow: 'This answer is already in the list.',
  tooManyRows: (max: number) => `You can give at most ${max} answers to this question.`,
  nameTooLong: (max: number) => `A name can be at most ${max} characters long.`,
  wrongForm: 'This answer does not have the expected form.',
  notAChoice: 'Please choose one of the offered answers.',
  unknownQuestion: 'This question is not part of the survey.',
  answeredTwice: 'This question is answered in its own field, not in the list of questions.',
  anonymityEnforced: 'This survey link keeps every answer anonymous.',
  disabledAnswer: 'Untick "Prefer not to answer" before changing this answer.',
  cannotDisable: 'This question has no "Prefer not to answer" tick.',
  rowOutOfRange: 'There is no such row in this answer.',
  notAList: 'This question has no rows.',
  noLink: 'Open the survey from its link first.',
  questionsNotLoaded: 'The questions are still loading. Please try again in a moment.',
  sending: 'The survey is being sent.',
  alreadySent: 'The survey has already been sent.',
  /** SPEC section 8, "single/multiple question errors": the message of a 422 answer. */
  questionError: 'Please check your answer to one question.',
  questionErrors: (count: number) => `Please check your answers to ${count} questions.`,
} as const;
