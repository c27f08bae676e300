import { ANONYMITY_QUESTION, STAY_ANONYMOUS, STAY_ANONYMOUS_KEY, type QuestionDefinition, type SurveyAnswers } from '../contracts/survey';
import { DEFAULT_SURVEY_ID } from '../session/state';
import type { DraftAnswerValue } from '../contracts/survey';
import type { LinkQuestion } from '../contracts/extraAnswers';
import type { SurveyContext } from './answers';
import type { SurveyValidation } from './validation';

/**
 * editing: the form is open; submitting: the answers are on their way; submitted: the server
 * took them (the answers are forgotten); failed: the server refused them, the form stays open.
 */
export type SurveyStatus = 'editing' | 'submitting' | 'submitted' | 'failed';

/** SPEC section 3, survey state, plus what the link said about the survey. */
export interface SurveyState {
  /** The survey link's token; the draft is kept under it. */
  readonly token: string | null;
  /** The emailed edit link's token when the answers of an earlier response are being changed. */
  readonly editToken: string | null;
  readonly surveyId: number;
  /** The link's anonymity is 1: names are not asked and question 33 stays 1. */
  readonly anonymityEnforced: boolean;
  /** The link is for the whole organisation: the group question is asked. */
  readonly askGroup: boolean;
  readonly logo: string | null;
  /** In display order. */
  readonly definitions: readonly QuestionDefinition[];
  readonly answers: SurveyAnswers;
  /** The organisation's extra questions on this link, asked as the last step (none: no such step). */
  readonly extraQuestions: readonly LinkQuestion[];
  /** Extra answers by question id: the option keys chosen (absent: not answered; all optional). */
  readonly extraAnswers: Readonly<Record<string, readonly string[]>>;
  /** What the lookups said: question id, then the parent's principleId, then whether it has options. */
  readonly childOptions: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
  /** Shown after a refused submit, ours or the server's; an answer's change clears its own. */
  readonly validations: SurveyValidation;
  readonly status: SurveyStatus;
  /** The server's message when it refused the answers. */
  readonly message: string | null;
  /**
   * Where a named participant without an invitation wants the links to change or erase the
   * answers ('' for none; sent trimmed, only when the answer is not anonymous). Not kept in
   * the draft: the device keeps no address.
   */
  readonly email: string;
  /** The server mailed the links to change or erase the answers just sent. */
  readonly editLinkSent: boolean;
  /**
   * This browser already sent answers through this link (it remembers that much, nothing of
   * the answers or of the person): the page asks before opening the form again.
   */
  readonly answeredHere: boolean;
}

/** The key of the email's problems among the survey's validations (not a question id). */
export const EMAIL_FIELD = 'email';

/** SPEC section 4: question 33 starts as answer 1 with key stay-anonymous. */
export const initialAnswers: SurveyAnswers = {
  [String(ANONYMITY_QUESTION)]: { answer: STAY_ANONYMOUS, key: STAY_ANONYMOUS_KEY, disabled: false },
};

export const initialSurvey: SurveyState = {
  token: null,
  editToken: null,
  surveyId: DEFAULT_SURVEY_ID,
  anonymityEnforced: false,
  askGroup: false,
  logo: null,
  definitions: [],
  answers: initialAnswers,
  extraQuestions: [],
  extraAnswers: {},
  childOptions: {},
  validations: {},
  status: 'editing',
  message: null,
  email: '',
  editLinkSent: false,
  answeredHere: false,
};

/** The asking context the state knows: the link's choices and what the lookups reported. */
export const surveyContext = (state: SurveyState): SurveyContext => ({
  anonymous: state.anonymityEnforced,
  askGroup: state.askGroup,
  hasChildOptions: (question: QuestionDefinition, parentAnswer: DraftAnswerValue) =>
    typeof parentAnswer === 'number' ? (state.childOptions[String(question.id)]?.[String(parentAnswer)] ?? true) : true,
});

/** principleId (as text) to its name. */
export type SurveyOptionNames = Readonly<Record<string, string>>;
