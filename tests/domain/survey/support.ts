import fc from 'fast-check';
import { LANGUAGE_LEVELS, type QuestionDefinition } from '../../../domain/contracts/survey';
import { decideSurvey, type SurveyDecision } from '../../../domain/survey/decide';
import type { CommandValue, SurveyCommand, SurveyEvent } from '../../../domain/survey/events';
import { SURVEY_QUESTIONS } from '../../../domain/survey/questions';
import { surveyReducer } from '../../../domain/survey/reducer';
import { initialSurvey, type SurveyState } from '../../../domain/survey/state';

export const definitions = SURVEY_QUESTIONS[1]!;
export const question = (id: number): QuestionDefinition => definitions.find((definition) => definition.id === id)!;
export const listQuestions = definitions.filter((definition) => definition.isArray);
export const checkQuestions = definitions.filter((definition) => definition.isCheck && definition.kind !== 'choice');

export const isEvent = (decision: SurveyDecision): decision is SurveyEvent => decision.type !== 'bus/commandRejected';

export interface Run {
  readonly state: SurveyState;
  readonly events: SurveyEvent[];
  readonly decisions: SurveyDecision[];
}

export const fold = (state: SurveyState, events: readonly SurveyEvent[]): SurveyState => events.reduce(surveyReducer, state);

/** Decides each command on the state so far and folds what it yields. */
export const run = (start: SurveyState, commands: readonly SurveyCommand[], events: SurveyEvent[] = []): Run => {
  let state = start;
  const decisions: SurveyDecision[] = [];
  for (const command of commands) {
    const decided = decideSurvey(state, command);
    decisions.push(...decided);
    const produced = decided.filter(isEvent);
    events.push(...produced);
    state = fold(state, produced);
  }
  return { state, events, decisions };
};

export const openedEvent = (options: { token?: string; anonymityEnforced?: boolean; askGroup?: boolean } = {}): SurveyEvent[] => [
  {
    type: 'survey/opened',
    token: options.token ?? 'link-token',
    surveyId: 1,
    anonymityEnforced: options.anonymityEnforced ?? false,
    askGroup: options.askGroup ?? false,
    logo: null,
  },
  { type: 'survey/questionsLoaded', surveyId: 1, questions: [...definitions] },
];

export const openedState = (options: Parameters<typeof openedEvent>[0] = {}): SurveyState => fold(initialSurvey, openedEvent(options));

// Small ranges so that repeats (duplicates, same value again) happen often.
const principle = fc.nat({ max: 12 });
const languageRow = fc.record({
  principleId: fc.option(principle, { nil: null }),
  level: fc.option(fc.constantFrom(...LANGUAGE_LEVELS), { nil: null }),
});

/** A value of the right form for the question (a row for list questions). */
export const fittingValue = (definition: QuestionDefinition): fc.Arbitrary<CommandValue> => {
  switch (definition.shape) {
    case 'text':
      return fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.uuid());
    case 'principle':
      return principle;
    case 'choice':
      return fc.constantFrom(...definition.choices);
    case 'principle-list':
      return principle;
    case 'language-list':
      return languageRow;
  }
};

/** Any value a command may carry, fitting or not. */
const anyValue: fc.Arbitrary<CommandValue> = fc.oneof(fc.constant(''), fc.string({ maxLength: 6 }), fc.integer({ min: -2, max: 14 }), languageRow);

const questionId = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...definitions.map((definition) => definition.id)) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 }) });

export const command: fc.Arbitrary<SurveyCommand> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...definitions)
      .chain((definition) =>
        fc.record({
          type: fc.constant('survey/setAnswer' as const),
          questionId: fc.constant(definition.id),
          row: definition.isArray ? fc.option(fc.nat({ max: 4 }), { nil: null }) : fc.constant(null),
          value: fc.oneof({ weight: 5, arbitrary: fittingValue(definition) }, { weight: 1, arbitrary: fc.constant('') }),
        }),
      ),
  },
  // Rows appended to list questions, so that lists of several rows are common.
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...listQuestions)
      .chain((definition) =>
        fc.record({ type: fc.constant('survey/setAnswer' as const), questionId: fc.constant(definition.id), row: fc.constant(null), value: fittingValue(definition) }),
      ),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('survey/setAnswer' as const), questionId, row: fc.option(fc.integer({ min: -1, max: 5 }), { nil: null }), value: anyValue }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('survey/removeRow' as const), questionId: fc.constantFrom(...listQuestions.map((q) => q.id)), row: fc.integer({ min: -1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('survey/disable' as const), questionId, value: fc.integer({ min: -1, max: 12 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('survey/disable' as const), questionId: fc.constantFrom(...checkQuestions.map((q) => q.id)), value: principle }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('survey/reEnable' as const), questionId }) },
  { weight: 1, arbitrary: fc.constant({ type: 'survey/submit' as const }) },
);

export const commands = fc.array(command, { maxLength: 40 });

export const linkOptions = fc.record({ anonymityEnforced: fc.boolean(), askGroup: fc.boolean() });

/** A survey opened on some link, after some commands. */
export const reachedState: fc.Arbitrary<SurveyState> = fc
  .tuple(linkOptions, commands)
  .map(([options, list]) => run(openedState(options), list.filter((c) => c.type !== 'survey/submit')).state);

/** Commands that answer every required question validly for the link. */
export const fillCommands = (options: { anonymityEnforced: boolean; askGroup: boolean }): fc.Arbitrary<SurveyCommand[]> =>
  fc
    .record({
      named: options.anonymityEnforced ? fc.constant(false) : fc.boolean(),
      first: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
      last: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
      group: fc.uuid(),
      country: principle,
      state: principle,
      languages: fc.uniqueArray(fc.record({ principleId: principle, level: fc.constantFrom(...LANGUAGE_LEVELS) }), {
        minLength: 1,
        maxLength: 3,
        selector: (row) => row.principleId,
      }),
      worldview: principle,
      gender: principle,
      education: principle,
    })
    .map((f) => {
      const set = (questionId: number, value: CommandValue, row: number | null = null): SurveyCommand => ({ type: 'survey/setAnswer', questionId, row, value });
      return [
        ...(f.named ? [set(33, 0), set(1, f.first), set(2, f.last)] : []),
        ...(options.askGroup ? [set(3, f.group)] : []),
        set(4, f.country),
        set(5, f.state),
        ...f.languages.map((row) => set(12, row, null)),
        set(13, f.worldview),
        set(17, f.gender),
        set(19, f.education),
        set(24, 1),
      ];
    });
