import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTRA_PREFER_NOT, ExtraSurveyMessages, type LinkQuestion } from '../../domain/contracts/extraAnswers';
import { decideSurvey } from '../../domain/survey/decide';
import { extraKeysProblem, inLanguage } from '../../domain/survey/extra';
import { submissionPayload } from '../../domain/survey/payload';
import { surveyReducer } from '../../domain/survey/reducer';
import { initialSurvey, type SurveyState } from '../../domain/survey/state';

const single: LinkQuestion = { id: 'q1', kind: 'single', text: 'Included?', translations: { fr: 'Inclus ?' }, options: [{ key: 'o1', label: 'Often', translations: {} }, { key: 'o2', label: 'Rarely', translations: { fr: 'Rarement' } }] };
const many: LinkQuestion = { ...single, id: 'q2', kind: 'multiple' };
const scale: LinkQuestion = { id: 'q3', kind: 'scale', text: 'Agree?', translations: {}, options: [] };

const opened = (): SurveyState => {
  let state = surveyReducer(initialSurvey, { type: 'survey/opened', token: 't', surveyId: 1, anonymityEnforced: true, askGroup: false, logo: null } as never);
  state = surveyReducer(state, { type: 'survey/extraQuestionsLoaded', token: 't', questions: [single, many, scale] } as never);
  return state;
};

describe('extra questions in the survey slice', () => {
  it('accepts the keys the server accepts, and refuses the rest with the same words', () => {
    const keys = fc.array(fc.constantFrom('o1', 'o2', 'o9', '1', '3', '6', EXTRA_PREFER_NOT), { maxLength: 4 });
    fc.assert(
      fc.property(fc.constantFrom(single, many, scale), keys, (question, chosen) => {
        const problem = extraKeysProblem(question, chosen);
        const distinct = [...new Set(chosen)];
        const known = question.kind === 'scale' ? ['1', '3', EXTRA_PREFER_NOT] : ['o1', 'o2', EXTRA_PREFER_NOT];
        if (distinct.some((key) => !known.includes(key))) expect(problem).toBe(ExtraSurveyMessages.optionUnknown);
        else if (question.kind !== 'multiple' && distinct.length > 1) expect(problem).toBe(ExtraSurveyMessages.singleAnswer);
        else if (distinct.length > 1 && distinct.includes(EXTRA_PREFER_NOT)) expect(problem).toBe(ExtraSurveyMessages.multipleAnswer);
        else expect(problem).toBeNull();
      }),
    );
  });

  it('sets, clears and sends the answers; an unknown question is refused', () => {
    let state = opened();
    const [set] = decideSurvey(state, { type: 'survey/setExtraAnswer', questionId: 'q2', keys: ['o1', 'o2'] });
    expect(set).toEqual({ type: 'survey/extraAnswerSet', questionId: 'q2', keys: ['o1', 'o2'] });
    state = surveyReducer(state, set!);
    state = surveyReducer(state, decideSurvey(state, { type: 'survey/setExtraAnswer', questionId: 'q3', keys: ['5'] })[0]!);
    expect(decideSurvey(state, { type: 'survey/setExtraAnswer', questionId: 'q3', keys: ['5'] })).toEqual([]);
    expect(decideSurvey(state, { type: 'survey/setExtraAnswer', questionId: 'zz', keys: [] })[0]).toMatchObject({ type: 'bus/commandRejected' });
    expect(decideSurvey(state, { type: 'survey/setExtraAnswer', questionId: 'q1', keys: ['o1', 'o2'] })[0]).toMatchObject({ reason: ExtraSurveyMessages.singleAnswer });
    expect(submissionPayload([], state).extra).toEqual({ q2: ['o1', 'o2'], q3: ['5'] });
    state = surveyReducer(state, decideSurvey(state, { type: 'survey/setExtraAnswer', questionId: 'q2', keys: [] })[0]!);
    expect(submissionPayload([], state).extra).toEqual({ q3: ['5'] });
    state = surveyReducer(state, { type: 'survey/submitSucceeded' });
    expect(state.extraAnswers).toEqual({});
  });

  it('sends no extra field on a link without extra questions, and reads a translation where there is one', () => {
    const state = surveyReducer(initialSurvey, { type: 'survey/opened', token: 't', surveyId: 1, anonymityEnforced: true, askGroup: false, logo: null } as never);
    expect('extra' in submissionPayload([], state)).toBe(false);
    expect(inLanguage(single, single.text, 'fr')).toBe('Inclus ?');
    expect(inLanguage(single, single.text, 'es')).toBe('Included?');
  });
});
