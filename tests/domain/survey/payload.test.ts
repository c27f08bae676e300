import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { SurveySubmission } from '../../../domain/contracts/survey';
import { decideSurvey } from '../../../domain/survey/decide';
import { submissionPayload } from '../../../domain/survey/payload';
import { OWN_FIELD_QUESTIONS } from '../../../domain/survey/questions';
import { surveyContext } from '../../../domain/survey/state';
import { validateSubmission } from '../../../domain/survey/validation';
import { commands, definitions, fillCommands, fold, linkOptions, openedState, question, reachedState, run } from './support';

describe('the submission payload (POST /diversity-survey)', () => {
  it('decodes with the contract codec, and encodes back to itself', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const payload = submissionPayload(state.definitions, state);
        const decoded = SurveySubmission.decode(JSON.parse(JSON.stringify(payload)));
        expect(isRight(decoded)).toBe(true);
        if (isRight(decoded)) expect(decoded.right).toEqual(payload);
      }),
    );
  });

  it('holds every question exactly once: 1, 2 and 33 in their own fields, the others under questions', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const payload = submissionPayload(definitions, state);
        const ids = Object.keys(payload.questions).map(Number);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.some((id) => OWN_FIELD_QUESTIONS.includes(id))).toBe(false);
        expect([...ids, ...OWN_FIELD_QUESTIONS].sort((a, b) => a - b)).toEqual(definitions.map((d) => d.id).sort((a, b) => a - b));
        expect(Object.keys(payload).sort()).toEqual(['first-name', 'last-name', 'questions', 'stay-anonymous', 'token']);
      }),
    );
  });

  it('sends unanswered questions empty: [] for list questions, \'\' for the others', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const payload = submissionPayload(definitions, state);
        for (const definition of definitions) {
          if (OWN_FIELD_QUESTIONS.includes(definition.id) || state.answers[String(definition.id)] !== undefined) continue;
          expect(payload.questions[String(definition.id)]).toEqual(definition.isArray ? [] : '');
        }
      }),
    );
  });

  it('sends each list question as a list and each other question as a single value', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const payload = submissionPayload(definitions, state);
        for (const definition of definitions) {
          if (OWN_FIELD_QUESTIONS.includes(definition.id)) continue;
          expect(Array.isArray(payload.questions[String(definition.id)])).toBe(definition.isArray);
        }
      }),
    );
  });

  it('defaults question 33 to 1 when it has no answer, and sends 1 whenever the link enforces anonymity', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const without = { ...state, answers: Object.fromEntries(Object.entries(state.answers).filter(([id]) => id !== '33')) };
        expect(submissionPayload(definitions, without)['stay-anonymous']).toBe(1);
        const payload = submissionPayload(definitions, state);
        if (state.anonymityEnforced) expect(payload['stay-anonymous']).toBe(1);
        else expect(payload['stay-anonymous']).toBe(state.answers['33']?.answer === 0 ? 0 : 1);
      }),
    );
    const cleared = run(openedState(), [
      { type: 'survey/setAnswer', questionId: 33, row: null, value: 0 },
      { type: 'survey/setAnswer', questionId: 33, row: null, value: '' },
    ]).state;
    expect(cleared.answers['33']).toEqual({ answer: 1, key: 'stay-anonymous', disabled: false });
    expect(submissionPayload(definitions, cleared)['stay-anonymous']).toBe(1);
  });

  it('leaves the names out of an anonymous submission', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const payload = submissionPayload(definitions, state);
        if (payload['stay-anonymous'] === 1) {
          expect(payload['first-name']).toBe('');
          expect(payload['last-name']).toBe('');
        } else {
          expect(payload['first-name']).toBe(typeof state.answers['1']?.answer === 'string' ? (state.answers['1'].answer as string).trim() : '');
        }
      }),
    );
  });

  it('sends the group only on a whole-organisation link, and no dependant whose parent is unanswered', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const payload = submissionPayload(definitions, state);
        if (!state.askGroup) expect(payload.questions['3']).toBe('');
        for (const child of definitions.filter((d) => d.parent !== null)) {
          if (state.answers[String(child.parent)] === undefined) expect(payload.questions[String(child.id)]).toEqual(child.isArray ? [] : '');
        }
      }),
    );
  });

  it('leaves incomplete language rows out', () => {
    const state = run(openedState(), [
      { type: 'survey/setAnswer', questionId: 12, row: null, value: { principleId: 1, level: 'native' } },
      { type: 'survey/setAnswer', questionId: 12, row: null, value: { principleId: 2, level: null } },
      { type: 'survey/setAnswer', questionId: 12, row: null, value: { principleId: null, level: 'basic' } },
    ]).state;
    expect(submissionPayload(definitions, state).questions['12']).toEqual([{ principleId: 1, level: 'native' }]);
  });

  it('a survey the form accepts is accepted by the server\'s check of its payload', () => {
    fc.assert(
      fc.property(
        linkOptions.chain((options) => fc.tuple(fc.constant(options), fillCommands(options), commands)),
        ([options, fill, extra]) => {
          const { state } = run(openedState(options), [...fill, ...extra.filter((c) => c.type !== 'survey/submit')]);
          const decided = decideSurvey(state, { type: 'survey/submit' });
          const payload = submissionPayload(definitions, state);
          const serverErrors = validateSubmission(definitions, payload, surveyContext(state));
          if (decided[0]?.type === 'survey/submitRequested') expect(serverErrors).toEqual({});
          else expect(decided[0]?.type).toBe('survey/validationFailed');
        },
      ),
    );
  });

  it('a filled-in survey is sent, and the answers are forgotten once the server took them', () => {
    fc.assert(
      fc.property(linkOptions.chain((options) => fc.tuple(fc.constant(options), fillCommands(options))), ([options, fill]) => {
        const { state } = run(openedState(options), [...fill, { type: 'survey/submit' }]);
        expect(state.status).toBe('submitting');
        const payload = submissionPayload(definitions, state);
        expect(payload.token).toBe('link-token');
        expect(payload.questions['24']).toBe(1);
        expect(payload.questions['3']).toBe(options.askGroup ? state.answers['3']!.answer : '');
        const done = fold(state, [{ type: 'survey/submitSucceeded' }]);
        expect(done.status).toBe('submitted');
        expect(Object.keys(done.answers)).toEqual(['33']);
      }),
    );
    expect(question(24).requiredMessage).toBe('You must agree before you continue.');
  });
});
