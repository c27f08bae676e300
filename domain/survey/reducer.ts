import { produce, type Draft } from 'immer';
import {
  ANONYMITY_QUESTION,
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  STAY_ANONYMOUS,
  STAY_ANONYMOUS_KEY,
  type DraftAnswerValue,
  type SurveyAnswers,
} from '../contracts/survey';
import type { RowValue } from './answers';
import type { AppEvent } from '../app/events';
import { inOrder } from './questions';
import { EMAIL_FIELD, initialAnswers, initialSurvey, type SurveyOptionNames, type SurveyState } from './state';
import { validationFromErrors } from './validation';

/**
 * What a link allows: question 33 keeps its default when absent; on a link that enforces
 * anonymity it is 1 and the names are not kept at all.
 */
const withinLink = (answers: SurveyAnswers, anonymityEnforced: boolean): SurveyAnswers => {
  const next: SurveyAnswers = { ...answers };
  if (anonymityEnforced) {
    delete next[String(FIRST_NAME_QUESTION)];
    delete next[String(LAST_NAME_QUESTION)];
    next[String(ANONYMITY_QUESTION)] = { answer: STAY_ANONYMOUS, key: STAY_ANONYMOUS_KEY, disabled: false };
  } else if (next[String(ANONYMITY_QUESTION)] === undefined) {
    next[String(ANONYMITY_QUESTION)] = initialAnswers[String(ANONYMITY_QUESTION)]!;
  }
  return next;
};

const copyRow = (row: RowValue): RowValue => (typeof row === 'number' ? row : { ...row });

/** Rows of one kind only: a row of another kind than the list's replaces the whole list. */
const sameKind = (a: RowValue, b: RowValue): boolean => typeof a === typeof b;

/** Deletes an answer; question 33 goes back to its default rather than to nothing. */
const forget = (d: Draft<SurveyState>, questionId: number): void => {
  if (questionId === ANONYMITY_QUESTION) d.answers[String(questionId)] = initialAnswers[String(ANONYMITY_QUESTION)]!;
  else delete d.answers[String(questionId)];
  delete d.validations[String(questionId)];
};

export const surveyReducer = (state: SurveyState = initialSurvey, e: AppEvent): SurveyState => {
  switch (e.type) {
    case 'survey/opened': {
      // The same link opened again (a new token check) keeps what was answered.
      const answers = state.token === e.token ? state.answers : initialAnswers;
      return {
        ...(state.token === e.token ? state : initialSurvey),
        definitions: state.surveyId === e.surveyId ? state.definitions : [],
        childOptions: state.childOptions,
        token: e.token,
        editToken: null,
        surveyId: e.surveyId,
        anonymityEnforced: e.anonymityEnforced,
        askGroup: e.askGroup,
        logo: e.logo,
        answers: withinLink(answers, e.anonymityEnforced),
        status: state.token === e.token && state.status !== 'submitted' ? state.status : 'editing',
      };
    }
    case 'survey/editOpened':
      // The stored answers replace whatever the form held: this is another response's form.
      return {
        ...initialSurvey,
        definitions: state.surveyId === e.surveyId ? state.definitions : [],
        childOptions: state.childOptions,
        token: e.token,
        editToken: e.editToken,
        surveyId: e.surveyId,
        anonymityEnforced: e.anonymityEnforced,
        askGroup: e.askGroup,
        answers: withinLink({ ...initialAnswers, ...e.answers }, e.anonymityEnforced),
      };
    case 'survey/extraQuestionsLoaded': {
      if (e.token !== state.token) return state;
      const asked = new Set(e.questions.map((question) => question.id));
      // Answers to questions no longer asked on the link are dropped.
      return { ...state, extraQuestions: e.questions, extraAnswers: Object.fromEntries(Object.entries(state.extraAnswers).filter(([id]) => asked.has(id))) };
    }
    case 'survey/extraAnswerSet':
      return produce(state, (d) => {
        if (e.keys.length === 0) delete d.extraAnswers[e.questionId];
        else d.extraAnswers[e.questionId] = [...e.keys];
        delete d.validations[`extra.${e.questionId}`];
      });
    case 'survey/extraAnswersRestored':
      return { ...state, extraAnswers: Object.fromEntries(Object.entries(e.answers).filter(([, keys]) => keys.length > 0)) };
    case 'survey/questionsLoaded':
      return e.surveyId === state.surveyId ? { ...state, definitions: inOrder(e.questions) } : state;
    case 'survey/draftRestored':
      if (e.token !== state.token || state.status === 'submitting' || state.status === 'submitted') return state;
      return { ...state, answers: withinLink(e.answers, state.anonymityEnforced), validations: {} };
    case 'survey/childOptionsLoaded':
      return produce(state, (d) => {
        (d.childOptions[String(e.questionId)] ??= {})[String(e.parentValue)] = e.hasOptions;
      });
    case 'survey/answerSet':
      return produce(state, (d) => {
        const id = String(e.questionId);
        if (e.row === null) {
          if (typeof e.value === 'object') return;
          d.answers[id] = { answer: e.value, key: e.key, disabled: false };
        } else {
          if (typeof e.value === 'string') return;
          const current = state.answers[id];
          const rows: RowValue[] = current !== undefined && !current.disabled && Array.isArray(current.answer) ? (current.answer as RowValue[]).map(copyRow) : [];
          const list = rows.length > 0 && !sameKind(rows[0]!, e.value) ? [] : rows;
          list[Math.max(0, Math.min(Math.trunc(e.row), list.length))] = copyRow(e.value);
          d.answers[id] = { answer: list as DraftAnswerValue, key: e.key, disabled: false };
        }
        delete d.validations[id];
      });
    case 'survey/rowRemoved':
      return produce(state, (d) => {
        const id = String(e.questionId);
        const current = state.answers[id];
        if (current === undefined || !Array.isArray(current.answer)) return;
        const rows = (current.answer as RowValue[]).filter((_, index) => index !== e.row).map(copyRow);
        // SPEC section 4: an emptied list removes the answer.
        if (rows.length === 0) forget(d, e.questionId);
        else {
          d.answers[id] = { ...current, answer: rows as DraftAnswerValue };
          delete d.validations[id];
        }
      });
    case 'survey/answerRemoved':
      return produce(state, (d) => forget(d, e.questionId));
    case 'survey/answerDisabled':
      return produce(state, (d) => {
        d.answers[String(e.questionId)] = { answer: Array.isArray(e.value) ? (e.value as RowValue[]).map(copyRow) as DraftAnswerValue : e.value, key: e.key, disabled: true };
        delete d.validations[String(e.questionId)];
      });
    case 'survey/answerReEnabled':
      // SPEC section 4: a disabled answer is re-enabled by deleting it.
      return state.answers[String(e.questionId)]?.disabled ? produce(state, (d) => forget(d, e.questionId)) : state;
    case 'survey/validationFailed':
      return { ...state, validations: e.validations, status: 'editing', message: null };
    case 'survey/emailSet': {
      // A change of the address clears its own problem, as an answer's change does.
      const { [EMAIL_FIELD]: _cleared, ...validations } = state.validations;
      return { ...state, email: e.email, validations };
    }
    case 'survey/editLinkSent':
      return state.status === 'submitted' ? { ...state, editLinkSent: true } : state;
    case 'survey/answeredHere':
      return e.token === state.token && state.status !== 'submitted' ? { ...state, answeredHere: true } : state;
    case 'survey/startedAnew':
      return { ...state, answeredHere: false };
    case 'survey/submitRequested':
      return { ...state, status: 'submitting', validations: {}, message: null };
    case 'survey/submitSucceeded':
      // Special-category answers are not kept once the server has them.
      // The address goes with them; whether the links were mailed follows (survey/editLinkSent).
      return {
        ...state,
        answers: withinLink(initialAnswers, state.anonymityEnforced),
        extraAnswers: {},
        validations: {},
        status: 'submitted',
        message: null,
        email: '',
        editLinkSent: false,
        answeredHere: false,
      };
    case 'survey/submitFailed':
      return { ...state, status: 'failed', message: e.message, validations: validationFromErrors(e.errors) };
    default:
      return state;
  }
};

export const surveyOptionNamesReducer = (state: SurveyOptionNames = {}, event: AppEvent): SurveyOptionNames => {
  switch (event.type) {
    case 'survey/optionsNamed': {
      const { names } = event;
      return Object.entries(names).every(([id, name]) => state[id] === name) ? state : { ...state, ...names };
    }
    case 'survey/submitSucceeded':
      return Object.keys(state).length === 0 ? state : {};
    default:
      return state;
  }
};
