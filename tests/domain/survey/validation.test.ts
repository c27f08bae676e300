import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SurveyMessages, type SurveyAnswers, type SurveySubmission } from '../../../domain/contracts/survey';
import {
  submissionMessage,
  validateSubmission,
  validateSurvey,
  validationErrors,
  validationFromErrors,
  type SurveyValidation,
} from '../../../domain/survey/validation';
import { definitions } from './support';

const answer = (value: SurveyAnswers[string]['answer'], key = 'k', disabled = false) => ({ answer: value, key, disabled });

/** A complete, valid set of answers for a named respondent on a whole-organisation link. */
const complete: SurveyAnswers = {
  '33': answer(0),
  '1': answer('Ana'),
  '2': answer('Lima'),
  '3': answer('5d0c0a52-0a4e-4b8c-9a43-2b0f1c5b7a10'),
  '4': answer(14),
  '5': answer(3),
  '12': answer([{ principleId: 7, level: 'native' }]),
  '13': answer(2),
  '17': answer(1),
  '19': answer(4),
  '24': answer(1),
};
const named = { anonymous: false, askGroup: true };

const without = (answers: SurveyAnswers, ...ids: string[]): SurveyAnswers => Object.fromEntries(Object.entries(answers).filter(([id]) => !ids.includes(id)));

describe('validateSurvey: the SPEC section 5 messages', () => {
  it('accepts the complete answers', () => {
    expect(validateSurvey(definitions, complete, named)).toEqual({});
  });

  it.each([
    ['1', 'First name is required.'],
    ['2', 'Last name is required.'],
    ['3', 'Department is required.'],
    ['4', 'Country of birth is required.'],
    ['12', 'Language is required.'],
    ['13', 'Worldview is required.'],
    ['17', 'Gender is required.'],
    ['19', 'Education is required.'],
    ['24', 'You must agree before you continue.'],
  ])('question %s left empty: %s', (id, message) => {
    expect(validateSurvey(definitions, without(complete, id), named)).toEqual({ [id]: { messages: [message], rows: {} } });
  });

  it('asks for the state or province once a country of birth is chosen', () => {
    expect(validateSurvey(definitions, without(complete, '5'), named)).toEqual({ '5': { messages: ['State or province is required.'], rows: {} } });
    // Without a country, the state is not asked at all.
    expect(validateSurvey(definitions, without(complete, '4', '5'), named)).toEqual({ '4': { messages: ['Country of birth is required.'], rows: {} } });
    // A country the lookups say has no states does not ask for one.
    expect(validateSurvey(definitions, without(complete, '5'), { ...named, hasChildOptions: () => false })).toEqual({});
  });

  it('treats names made of spaces as missing, and refuses names over 100 characters', () => {
    expect(validateSurvey(definitions, { ...complete, '1': answer('   ') }, named)['1']?.messages).toEqual(['First name is required.']);
    expect(validateSurvey(definitions, { ...complete, '2': answer('x'.repeat(101)) }, named)['2']?.messages).toEqual([SurveyMessages.nameTooLong(100)]);
    expect(validateSurvey(definitions, { ...complete, '2': answer(` ${'x'.repeat(100)} `) }, named)).toEqual({});
  });

  it('does not validate names when anonymous, by the link or by question 33 (default 1)', () => {
    const nameless = without(complete, '1', '2');
    expect(validateSurvey(definitions, nameless, { ...named, anonymous: true })).toEqual({});
    expect(validateSurvey(definitions, { ...nameless, '33': answer(1) }, named)).toEqual({});
    expect(validateSurvey(definitions, without(nameless, '33'), named)).toEqual({});
    expect(Object.keys(validateSurvey(definitions, nameless, named)).sort()).toEqual(['1', '2']);
  });

  it('asks for the group only on a whole-organisation link', () => {
    expect(validateSurvey(definitions, without(complete, '3'), { anonymous: false })).toEqual({});
    expect(validateSurvey(definitions, without(complete, '3'), { anonymous: false, askGroup: true })['3']?.messages).toEqual(['Department is required.']);
  });

  it('checks language rows one by one', () => {
    const languages = answer([
      { principleId: 7, level: 'native' },
      { principleId: null, level: 'fluent' },
      { principleId: 8, level: null },
      { principleId: 7, level: 'basic' },
    ]);
    expect(validateSurvey(definitions, { ...complete, '12': languages }, named)).toEqual({
      '12': {
        messages: [],
        rows: {
          '1': ['Language is required.'],
          '2': [SurveyMessages.languageLevelRequired],
          '3': [SurveyMessages.duplicateRow],
        },
      },
    });
  });

  it('refuses a repeated cultural heritage and too many rows', () => {
    expect(validateSurvey(definitions, { ...complete, '16': answer([4, 5, 4]) }, named)).toEqual({ '16': { messages: [], rows: { '2': [SurveyMessages.duplicateRow] } } });
    const eleven = Array.from({ length: 11 }, (_, i) => i);
    expect(validateSurvey(definitions, { ...complete, '16': answer(eleven) }, named)).toEqual({ '16': { messages: [SurveyMessages.tooManyRows(10)], rows: {} } });
  });

  it('accepts a disabled ("Prefer not to answer") answer in place of a value', () => {
    expect(validateSurvey(definitions, { ...complete, '6': answer(99, 'mother-country-of-birth', true), '16': answer([99], 'cultural-heritage', true) }, named)).toEqual({});
  });

  it('refuses answers of the wrong form and choices that are not offered', () => {
    expect(validateSurvey(definitions, { ...complete, '17': answer('female') }, named)['17']?.messages).toEqual([SurveyMessages.wrongForm]);
    expect(validateSurvey(definitions, { ...complete, '17': answer(1.5) }, named)['17']?.messages).toEqual([SurveyMessages.wrongForm]);
    expect(validateSurvey(definitions, { ...complete, '12': answer(3) }, named)['12']?.messages).toEqual([SurveyMessages.wrongForm]);
    expect(validateSurvey(definitions, { ...complete, '33': answer(2) }, named)['33']?.messages).toEqual([SurveyMessages.notAChoice]);
    expect(validateSurvey(definitions, { ...complete, '24': answer(0) }, named)['24']?.messages).toEqual(['You must agree before you continue.']);
  });
});

const body = (overrides: Partial<SurveySubmission> = {}, questions: SurveySubmission['questions'] = {}): SurveySubmission => ({
  token: 't',
  'first-name': 'Ana',
  'last-name': 'Lima',
  'stay-anonymous': 0,
  ...overrides,
  questions: { '3': 'group-id', '4': 14, '5': 3, '12': [{ principleId: 7, level: 'native' }], '13': 2, '17': 1, '19': 4, '24': 1, ...questions },
});

describe('validateSubmission: the server\'s check of a body', () => {
  it('accepts a complete body, and treats questions missing from it as unanswered', () => {
    expect(validateSubmission(definitions, body(), named)).toEqual({});
    expect(validateSubmission(definitions, body({}, { '6': '', '16': [] }), named)).toEqual({});
    const { '17': _gender, ...rest } = body().questions;
    expect(validateSubmission(definitions, { ...body(), questions: rest }, named)).toEqual({ '17': ['Gender is required.'] });
  });

  it('keys field errors by question id, and rows as id.row', () => {
    expect(validateSubmission(definitions, body({ 'first-name': '' }, { '12': [{ principleId: 7, level: 'native' }, { principleId: 7, level: 'basic' }] }), named)).toEqual({
      '1': ['First name is required.'],
      '12.1': [SurveyMessages.duplicateRow],
    });
  });

  it('refuses questions that are not in the survey, or answered twice', () => {
    expect(validateSubmission(definitions, body({}, { '99': 1, '04': 1, '1': 'Ana', '33': 1 }), named)).toEqual({
      '99': [SurveyMessages.unknownQuestion],
      '04': [SurveyMessages.unknownQuestion],
      '1': [SurveyMessages.answeredTwice],
      '33': [SurveyMessages.answeredTwice],
    });
  });

  it('refuses a named answer on a link that enforces anonymity, and ignores names when anonymous', () => {
    expect(validateSubmission(definitions, body(), { anonymous: true, askGroup: true })).toEqual({ '33': [SurveyMessages.anonymityEnforced] });
    expect(validateSubmission(definitions, body({ 'stay-anonymous': 1, 'first-name': '', 'last-name': '' }), { anonymous: true, askGroup: true })).toEqual({});
    expect(validateSubmission(definitions, body({ 'stay-anonymous': 1, 'first-name': 'x'.repeat(500) }), named)).toEqual({});
  });

  it('refuses a value of the wrong form for its question', () => {
    expect(validateSubmission(definitions, body({}, { '17': 'female', '16': [1.5], '4': [14] }), named)).toEqual({
      '4': [SurveyMessages.wrongForm],
      '16': [SurveyMessages.wrongForm],
      '17': [SurveyMessages.wrongForm],
    });
  });
});

describe('field errors and the refusal message', () => {
  it('read back into the same validations', () => {
    const validation: fc.Arbitrary<SurveyValidation> = fc.dictionary(
      fc.nat({ max: 40 }).map(String),
      fc.record({
        messages: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 2 }),
        rows: fc.dictionary(fc.nat({ max: 9 }).map(String), fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 2 }), { maxKeys: 3 }),
      }).filter((v) => v.messages.length > 0 || Object.keys(v.rows).length > 0),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(validation, (v) => {
        expect(validationFromErrors(validationErrors(v))).toEqual(v);
      }),
    );
  });

  it('reads the body decoder\'s field names and the own fields', () => {
    expect(validationFromErrors({ 'questions.12.0.level': ['bad'], 'first-name': ['x'], token: ['y'] })).toEqual({
      '12': { messages: [], rows: { '0': ['bad'] } },
      '1': { messages: ['x'], rows: {} },
    });
  });

  it('says one question or how many (SPEC section 8, single/multiple question errors)', () => {
    expect(submissionMessage({ '12.0': ['a'], '12': ['b'] })).toBe(SurveyMessages.questionError);
    expect(submissionMessage({ '12.0': ['a'], '4': ['b'], '17': ['c'] })).toBe('Please check your answers to 3 questions.');
  });
});
