import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { STAY_ANONYMOUS_KEY, SurveyMessages } from '../../../domain/contracts/survey';
import { rowsOf, type RowValue } from '../../../domain/survey/answers';
import { decideSurvey } from '../../../domain/survey/decide';
import { SurveyEvent } from '../../../domain/survey/events';
import { initialSurvey } from '../../../domain/survey/state';
import {
  checkQuestions,
  command,
  commands,
  definitions,
  fittingValue,
  fold,
  isEvent,
  linkOptions,
  listQuestions,
  openedEvent,
  openedState,
  reachedState,
  run,
} from './support';

describe('setting a value for a list question (SPEC section 4)', () => {
  it('replaces the entry at that row and leaves the other rows alone', () => {
    fc.assert(
      fc.property(
        reachedState,
        fc.constantFrom(...listQuestions).chain((q) => fc.tuple(fc.constant(q), fittingValue(q), fc.nat({ max: 9 }))),
        (state, [q, value, n]) => {
          const current = state.answers[String(q.id)];
          const before = rowsOf(current);
          fc.pre(!current?.disabled && before.length > 0);
          const row = n % before.length;
          const after = rowsOf(run(state, [{ type: 'survey/setAnswer', questionId: q.id, row, value }]).state.answers[String(q.id)]);
          expect(after).toHaveLength(before.length);
          expect(after[row]).toEqual(value);
          before.forEach((entry, index) => {
            if (index !== row) expect(after[index]).toEqual(entry);
          });
        },
      ),
    );
  });

  it('appends at the end when the row is the next one or not given', () => {
    fc.assert(
      fc.property(
        reachedState,
        fc.constantFrom(...listQuestions).chain((q) => fc.tuple(fc.constant(q), fittingValue(q), fc.boolean())),
        (state, [q, value, explicit]) => {
          const current = state.answers[String(q.id)];
          const before = rowsOf(current);
          fc.pre(!current?.disabled && before.length < (q.maxRows ?? Infinity));
          const row = explicit ? before.length : null;
          const after = rowsOf(run(state, [{ type: 'survey/setAnswer', questionId: q.id, row, value }]).state.answers[String(q.id)]);
          expect(after).toEqual([...before, value]);
        },
      ),
    );
  });

  it('refuses a row past the end, and a row past the question\'s limit', () => {
    const q = listQuestions[0]!;
    const state = openedState();
    const [rejection] = decideSurvey(state, { type: 'survey/setAnswer', questionId: q.id, row: 1, value: { principleId: 1, level: 'fluent' } });
    expect(rejection).toEqual({ type: 'bus/commandRejected', command: 'survey/setAnswer', reason: SurveyMessages.rowOutOfRange });
    const full = run(
      state,
      Array.from({ length: q.maxRows! }, (_, i) => ({ type: 'survey/setAnswer' as const, questionId: q.id, row: null, value: { principleId: i, level: 'basic' as const } })),
    ).state;
    expect(rowsOf(full.answers[String(q.id)])).toHaveLength(q.maxRows!);
    expect(decideSurvey(full, { type: 'survey/setAnswer', questionId: q.id, row: null, value: { principleId: 99, level: 'basic' } })).toEqual([
      { type: 'bus/commandRejected', command: 'survey/setAnswer', reason: SurveyMessages.tooManyRows(q.maxRows!) },
    ]);
  });
});

describe('an emptied list removes the answer (SPEC section 4)', () => {
  it('removing every row, in any order, leaves no answer at all', () => {
    fc.assert(
      fc.property(reachedState, fc.constantFrom(...listQuestions), fc.array(fc.nat(), { maxLength: 12 }), (state, q, picks) => {
        const current = state.answers[String(q.id)];
        fc.pre(current !== undefined && !current.disabled);
        let next = state;
        for (let left = rowsOf(current).length, i = 0; left > 0; left -= 1, i += 1) {
          next = run(next, [{ type: 'survey/removeRow', questionId: q.id, row: (picks[i] ?? 0) % left }]).state;
          if (left > 1) expect(rowsOf(next.answers[String(q.id)])).toHaveLength(left - 1);
        }
        expect(next.answers[String(q.id)]).toBeUndefined();
      }),
    );
  });

  it('no reachable state holds an empty list or an empty text as an answer', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        for (const answer of Object.values(state.answers)) {
          expect(answer.answer).not.toEqual([]);
          expect(answer.answer).not.toBe('');
        }
      }),
    );
  });
});

describe('disabling and re-enabling (SPEC section 4)', () => {
  it('a disabled answer holds the chosen option, refuses changes, and is deleted on re-enabling', () => {
    fc.assert(
      fc.property(reachedState, fc.constantFrom(...checkQuestions), fc.nat({ max: 50 }), (state, q, preferNot) => {
        const disabled = run(state, [{ type: 'survey/disable', questionId: q.id, value: preferNot }]).state;
        const answer = disabled.answers[String(q.id)]!;
        expect(answer).toEqual({ answer: q.isArray ? [preferNot] : preferNot, key: q.key, disabled: true });
        const change = decideSurvey(disabled, { type: 'survey/setAnswer', questionId: q.id, row: null, value: 3 });
        expect(change).toEqual([{ type: 'bus/commandRejected', command: 'survey/setAnswer', reason: SurveyMessages.disabledAnswer }]);
        const enabled = run(disabled, [{ type: 'survey/reEnable', questionId: q.id }]).state;
        expect(enabled.answers[String(q.id)]).toBeUndefined();
        expect(Object.keys(enabled.answers).sort()).toEqual(Object.keys(disabled.answers).filter((id) => id !== String(q.id)).sort());
      }),
    );
  });

  it('re-enabling an answer that is not disabled changes nothing', () => {
    fc.assert(
      fc.property(reachedState, fc.constantFrom(...definitions), (state, q) => {
        fc.pre(!state.answers[String(q.id)]?.disabled);
        expect(decideSurvey(state, { type: 'survey/reEnable', questionId: q.id })).toEqual([]);
      }),
    );
  });

  it('only questions with a "Prefer not to answer" tick can be disabled', () => {
    const state = openedState();
    for (const q of definitions.filter((d) => !checkQuestions.includes(d))) {
      expect(decideSurvey(state, { type: 'survey/disable', questionId: q.id, value: 1 })).toEqual([
        { type: 'bus/commandRejected', command: 'survey/disable', reason: SurveyMessages.cannotDisable },
      ]);
    }
  });
});

describe('question 33, the anonymity choice', () => {
  it('starts as answer 1 with key stay-anonymous', () => {
    expect(initialSurvey.answers['33']).toEqual({ answer: 1, key: STAY_ANONYMOUS_KEY, disabled: false });
    expect(openedState().answers['33']).toEqual({ answer: 1, key: STAY_ANONYMOUS_KEY, disabled: false });
  });

  it('is always present in the answers, whatever is done', () => {
    fc.assert(
      fc.property(reachedState, (state) => {
        expect([0, 1]).toContain(state.answers['33']?.answer);
        expect(state.answers['33']?.key).toBe(STAY_ANONYMOUS_KEY);
      }),
    );
  });

  it('stays 1 on a link that enforces anonymity, whatever is tried', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const { state } = run(openedState({ anonymityEnforced: true }), list);
        expect(state.answers['33']?.answer).toBe(1);
        expect(state.answers['1']).toBeUndefined();
        expect(state.answers['2']).toBeUndefined();
      }),
    );
  });
});

describe('dependent questions', () => {
  it('changing a parent\'s answer removes the answers that depended on it', () => {
    const start = run(openedState(), [
      { type: 'survey/setAnswer', questionId: 13, row: null, value: 4 },
      { type: 'survey/setAnswer', questionId: 14, row: null, value: 7 },
      { type: 'survey/setAnswer', questionId: 15, row: null, value: 9 },
    ]).state;
    expect(start.answers['15']?.answer).toBe(9);
    const { state, events } = run(start, [{ type: 'survey/setAnswer', questionId: 13, row: null, value: 5 }]);
    expect(events.map((e) => e.type)).toEqual(['survey/answerSet', 'survey/answerRemoved', 'survey/answerRemoved']);
    expect(state.answers['14']).toBeUndefined();
    expect(state.answers['15']).toBeUndefined();
    expect(run(state, [{ type: 'survey/setAnswer', questionId: 13, row: null, value: 5 }]).events).toEqual([]);
  });
});

describe('the form is closed', () => {
  it('without a link, and while or after sending', () => {
    const set = { type: 'survey/setAnswer' as const, questionId: 17, row: null, value: 2 };
    expect(decideSurvey(initialSurvey, set)[0]).toMatchObject({ reason: SurveyMessages.noLink });
    const sending = fold(openedState(), [{ type: 'survey/submitRequested' }]);
    expect(decideSurvey(sending, set)[0]).toMatchObject({ reason: SurveyMessages.sending });
    expect(decideSurvey(sending, { type: 'survey/submit' })).toEqual([]);
    const sent = fold(sending, [{ type: 'survey/submitSucceeded' }]);
    expect(decideSurvey(sent, set)[0]).toMatchObject({ reason: SurveyMessages.alreadySent });
    expect(Object.keys(sent.answers)).toEqual(['33']);
  });

  it('answers 404-like reasons for unknown questions and before the questions arrive', () => {
    const opened = fold(initialSurvey, openedEvent().slice(0, 1));
    expect(decideSurvey(opened, { type: 'survey/reEnable', questionId: 4 })[0]).toMatchObject({ reason: SurveyMessages.questionsNotLoaded });
    expect(decideSurvey(openedState(), { type: 'survey/reEnable', questionId: 99 })[0]).toMatchObject({ reason: SurveyMessages.unknownQuestion });
  });
});

describe('replaying the survey\'s events', () => {
  it('every event decide yields is valid under the event codec', () => {
    fc.assert(
      fc.property(linkOptions, commands, (options, list) => {
        for (const event of run(openedState(options), list).events) expect(isRight(SurveyEvent.decode(event)), JSON.stringify(event)).toBe(true);
      }),
    );
  });

  it('folding the log, or its JSON export decoded again, gives the same state', () => {
    fc.assert(
      fc.property(linkOptions, commands, (options, list) => {
        const log = openedEvent(options);
        const { state } = run(fold(initialSurvey, log), list, log);
        expect(fold(initialSurvey, log)).toEqual(state);
        const imported = (JSON.parse(JSON.stringify(log)) as unknown[]).map((raw) => {
          const decoded = SurveyEvent.decode(raw);
          if (!isRight(decoded)) throw new Error('undecodable event');
          return decoded.right;
        });
        expect(fold(initialSurvey, imported)).toEqual(state);
      }),
    );
  });

  it('the reducer is total: any decodable event on any state gives a state', () => {
    fc.assert(
      fc.property(reachedState, command, fc.nat({ max: 4 }), fc.integer({ min: -3, max: 30 }), (state, c, questionId, row) => {
        const events = decideSurvey(state, c).filter(isEvent);
        const odd: SurveyEvent[] = [
          { type: 'survey/answerSet', questionId, row, value: { principleId: 1, level: null }, key: 'x' },
          { type: 'survey/answerSet', questionId: 12, row: null, value: 'text', key: 'x' },
          { type: 'survey/rowRemoved', questionId: 12, row },
          { type: 'survey/answerDisabled', questionId: 4, value: [1, 2], key: 'x' },
        ];
        const folded = fold(state, [...events, ...odd]);
        expect(folded).toBeDefined();
        for (const answer of Object.values(folded.answers)) expect(answer.answer).not.toEqual([]);
      }),
    );
  });

  it('a row is a copy: the state never shares an object with an event', () => {
    const value: RowValue = { principleId: 3, level: 'native' };
    const state = fold(openedState(), [{ type: 'survey/answerSet', questionId: 12, row: 0, value, key: 'languages' }]);
    expect(rowsOf(state.answers['12'])[0]).toEqual(value);
    expect(rowsOf(state.answers['12'])[0]).not.toBe(value);
    expect(Object.isFrozen(value)).toBe(false);
  });
});
