import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SurveyAnswers } from '../../../domain/contracts/survey';
import { submissionPayload } from '../../../domain/survey/payload';
import { surveyReducer } from '../../../domain/survey/reducer';
import { answersOfSubmission } from '../../../domain/survey/stored';
import type { SurveyEvent } from '../../../domain/survey/events';
import { definitions, reachedState } from './support';

/** The form an emailed edit link opens on: the answers read back from what was sent. */
const editedState = (state: Parameters<typeof submissionPayload>[1], answers: SurveyAnswers) =>
  surveyReducer({ ...state, definitions }, editOpened(state, answers));

const editOpened = (state: Parameters<typeof submissionPayload>[1], answers: SurveyAnswers): SurveyEvent => ({
  type: 'survey/editOpened',
  token: state.token ?? 'link',
  editToken: 'edit-token',
  surveyId: state.surveyId,
  anonymityEnforced: state.anonymityEnforced,
  askGroup: state.askGroup,
  answers,
});

describe('answers read back from a stored response (the emailed edit link)', () => {
  it('send the same payload again: reading back is the inverse of sending', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const sent = submissionPayload(definitions, state);
        const answers = answersOfSubmission(definitions, sent, new Set());
        const reopened = editedState(state, answers);
        expect(submissionPayload(definitions, { ...reopened, definitions })).toEqual(sent);
      }),
    );
  });

  it('leave unanswered questions out and keep each answer under its question key', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const sent = submissionPayload(definitions, state);
        const answers = answersOfSubmission(definitions, sent, new Set());
        for (const [id, answer] of Object.entries(answers)) {
          const definition = definitions.find((d) => String(d.id) === id)!;
          expect(answer.key).toBe(definition.key);
          expect(answer.answer === '' || (Array.isArray(answer.answer) && answer.answer.length === 0)).toBe(false);
        }
      }),
    );
  });

  it('tick "Prefer not to answer" again where the question has its own tick, and nowhere else', () => {
    const ticked = definitions.filter((d) => d.isCheck && d.preferNotAllowed && (d.shape === 'principle' || d.shape === 'principle-list'));
    expect(ticked.length).toBeGreaterThan(0);
    const preferNot = 999_001;
    const questions = Object.fromEntries(ticked.map((d) => [String(d.id), d.isArray ? [preferNot] : preferNot]));
    const answers = answersOfSubmission(definitions, { token: 't', 'first-name': '', 'last-name': '', 'stay-anonymous': 1, questions }, new Set([preferNot]));
    for (const definition of ticked) expect(answers[String(definition.id)]).toMatchObject({ disabled: true });
    const plain = answersOfSubmission(definitions, { token: 't', 'first-name': '', 'last-name': '', 'stay-anonymous': 1, questions }, new Set());
    for (const definition of ticked) expect(plain[String(definition.id)]).toMatchObject({ disabled: false });
  });

  it('open the form with the edit token, which a new link opening clears', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const reopened = editedState(state, {});
    const another: SurveyEvent = { type: 'survey/opened', token: 'another', surveyId: 1, anonymityEnforced: false, askGroup: false, logo: null };
        expect(reopened.editToken).toBe('edit-token');
        expect(reopened.status).toBe('editing');
        const other = surveyReducer(reopened, another);
        expect(other.editToken).toBeNull();
      }),
    );
  });
});
