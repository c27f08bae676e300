import { isRight } from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import * as t from 'io-ts';
import { QuestionDefinition, SEARCH_MIN } from '../../../domain/contracts/survey';
import { dependantsOf, inOrder, surveyQuestions } from '../../../domain/survey/questions';
import { definitions, question } from './support';

describe('the question definitions of survey 1', () => {
  it('decode with the contract codec', () => {
    expect(isRight(t.array(QuestionDefinition).decode(JSON.parse(JSON.stringify(definitions))))).toBe(true);
  });

  it('keep the SPEC ids: 1 and 2 first and last name, 33 the anonymity choice with default 1', () => {
    expect(question(1)).toMatchObject({ key: 'first-name', kind: 'text', required: true });
    expect(question(2)).toMatchObject({ key: 'last-name', kind: 'text', required: true });
    expect(question(33)).toMatchObject({ key: 'stay-anonymous', kind: 'choice', defaultAnswer: 1, choices: [0, 1] });
  });

  it('have unique ids, keys and orders, and are listed in order', () => {
    expect(new Set(definitions.map((d) => d.id)).size).toBe(definitions.length);
    expect(new Set(definitions.map((d) => d.key)).size).toBe(definitions.length);
    expect(new Set(definitions.map((d) => d.order)).size).toBe(definitions.length);
    expect(inOrder(definitions)).toEqual(definitions);
  });

  it('are consistent: lists are arrays, choices have choices, required ones have a message, searchable lists ask for 3 characters', () => {
    for (const d of definitions) {
      expect(d.isArray, d.key).toBe(d.kind === 'list');
      expect(d.isArray, d.key).toBe(d.shape === 'principle-list' || d.shape === 'language-list');
      expect(d.choices.length > 0, d.key).toBe(d.kind === 'choice');
      if (d.required) expect(d.requiredMessage, d.key).not.toBeNull();
      if (d.kind === 'list') expect(d.searchMin, d.key).toBe(SEARCH_MIN);
      if (d.kind === 'list') expect(d.maxRows, d.key).toBeGreaterThan(0);
      expect(d.lookup === null, d.key).toBe(d.kind === 'text' || d.kind === 'choice');
    }
  });

  it('have parents that exist, come earlier and form no cycle', () => {
    for (const d of definitions.filter((q) => q.parent !== null)) {
      const parent = question(d.parent!);
      expect(parent, d.key).toBeDefined();
      expect(parent.order, d.key).toBeLessThan(d.order);
      expect(dependantsOf(definitions, d.id).map((q) => q.id)).not.toContain(d.id);
    }
    expect(dependantsOf(definitions, 13).map((q) => q.id)).toEqual([14, 15]);
    expect(dependantsOf(definitions, 4).map((q) => q.id)).toEqual([5]);
  });

  it('cover the topics: country of birth of self, parents and grandparents, languages with levels, worldview with branch and denomination, heritage, demographics, position, group', () => {
    expect(definitions.filter((d) => d.lookup === 'countries')).toHaveLength(7);
    expect(question(5)).toMatchObject({ lookup: 'states', parent: 4 });
    expect(question(12)).toMatchObject({ shape: 'language-list', lookup: 'languages' });
    expect(question(14)).toMatchObject({ lookup: 'branches', parent: 13 });
    expect(question(15)).toMatchObject({ lookup: 'denominations', parent: 14 });
    expect(question(16)).toMatchObject({ shape: 'principle-list', lookup: 'ethnicities' });
    for (const lookup of ['genders', 'ages', 'educations', 'disabilities', 'sexual-orientations', 'position-levels', 'position-types', 'groups'] as const) {
      expect(definitions.some((d) => d.lookup === lookup), lookup).toBe(true);
    }
    expect(question(23)).toMatchObject({ lookup: 'position-types', parent: 22 });
  });

  it('exist for survey 1 only', () => {
    expect(surveyQuestions(1)).toBe(definitions);
    expect(surveyQuestions(2)).toBeNull();
    expect(surveyQuestions(0)).toBeNull();
  });
});
