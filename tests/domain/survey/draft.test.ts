import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftOf, parseDraft, serialiseDraft, SURVEY_DRAFT_VERSION, surveyDraftKey } from '../../../domain/survey/draft';
import { initialSurvey } from '../../../domain/survey/state';
import { fold, openedEvent, openedState, reachedState, run } from './support';

const savedAt = '2025-01-02T03:04:05.000Z';

describe('the survey draft kept in localStorage (version 1)', () => {
  it('is keyed by the link token', () => {
    expect(surveyDraftKey('abc')).toBe('survey-draft:abc');
  });

  it('saving then reading back gives the same answers, and restoring them rebuilds the state', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        const draft = draftOf(state, savedAt)!;
        expect(draft).toMatchObject({ version: SURVEY_DRAFT_VERSION, token: 'link-token', surveyId: 1, savedAt });
        const read = parseDraft(serialiseDraft(draft), 'link-token');
        expect(read).toEqual(draft);
        // A reload: the link is opened again, then the draft is read back.
        const reloaded = fold(initialSurvey, [
          ...openedEvent({ anonymityEnforced: state.anonymityEnforced, askGroup: state.askGroup }),
          { type: 'survey/draftRestored', token: 'link-token', answers: read!.answers },
        ]);
        expect(reloaded.answers).toEqual(state.answers);
      }),
    );
  });

  it('restores nothing for another link, another version or a damaged entry', () => {
    const state = run(openedState(), [{ type: 'survey/setAnswer', questionId: 17, row: null, value: 2 }]).state;
    const text = serialiseDraft(draftOf(state, savedAt)!);
    expect(parseDraft(text, 'other-token')).toBeNull();
    expect(parseDraft(null, 'link-token')).toBeNull();
    expect(parseDraft('{not json', 'link-token')).toBeNull();
    expect(parseDraft(JSON.stringify({ ...JSON.parse(text), version: 2 }), 'link-token')).toBeNull();
    expect(parseDraft(JSON.stringify({ ...JSON.parse(text), answers: { '17': { answer: { bad: true }, key: 'gender', disabled: false } } }), 'link-token')).toBeNull();
    const restoredElsewhere = fold(openedState({ token: 'another' }), [{ type: 'survey/draftRestored', token: 'link-token', answers: state.answers }]);
    expect(restoredElsewhere.answers['17']).toBeUndefined();
  });

  it('keeps the link\'s anonymity when restoring: names are dropped and question 33 is 1', () => {
    const named = run(openedState(), [
      { type: 'survey/setAnswer', questionId: 33, row: null, value: 0 },
      { type: 'survey/setAnswer', questionId: 1, row: null, value: 'Ana' },
    ]).state;
    const enforced = fold(openedState({ anonymityEnforced: true }), [{ type: 'survey/draftRestored', token: 'link-token', answers: named.answers }]);
    expect(enforced.answers['1']).toBeUndefined();
    expect(enforced.answers['33']?.answer).toBe(1);
  });

  it('keeps the extra questions’ answers too, and a draft saved before they existed still reads', () => {
    const state = { ...run(openedState(), [{ type: 'survey/setAnswer', questionId: 17, row: null, value: 2 }]).state, extraAnswers: { q1: ['often'], q2: ['a', 'b'] } };
    const read = parseDraft(serialiseDraft(draftOf(state, savedAt)!), 'link-token');
    expect(read?.extraAnswers).toEqual({ q1: ['often'], q2: ['a', 'b'] });
    const restored = fold(openedState(), [{ type: 'survey/extraAnswersRestored', answers: read!.extraAnswers! }]);
    expect(restored.extraAnswers).toEqual({ q1: ['often'], q2: ['a', 'b'] });
    const older = JSON.parse(serialiseDraft(draftOf(state, savedAt)!)) as Record<string, unknown>;
    delete older.extraAnswers;
    expect(parseDraft(JSON.stringify(older), 'link-token')?.answers).toEqual(state.answers);
    expect(draftOf({ ...state, extraAnswers: {} }, savedAt)).not.toHaveProperty('extraAnswers');
  });

  it('is not written without a link or once the answers are sent', () => {
    expect(draftOf(initialSurvey, savedAt)).toBeNull();
    const sent = fold(openedState(), [{ type: 'survey/submitRequested' }, { type: 'survey/submitSucceeded' }]);
    expect(draftOf(sent, savedAt)).toBeNull();
  });
});
