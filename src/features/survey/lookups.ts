import { useEffect, useMemo, useState } from 'react';
import type { AppState } from '../../../domain/app/state';
import { PREFER_NOT_CODE, type LookupItem } from '../../../domain/contracts/lookups';
import { SEARCH_MIN, type LookupName, type QuestionDefinition } from '../../../domain/contracts/survey';
import { sectionOf, type SectionStatus } from '../../../domain/resources/state';
import { PREFER_NOT_SEARCH, SURVEY_LOOKUPS, surveyLookup } from '../../../infrastructure/resources/survey.catalogue';
import { useSection } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';

/** One option of a question: the principleId is its value. */
export interface Option {
  readonly id: number;
  readonly name: string;
  readonly preferNot: boolean;
  /** The name is the English one: the page's language has none yet (shown with lang="en"). */
  readonly untranslated?: boolean;
}

const toOptions = (items: readonly LookupItem[] | null): Option[] =>
  (items ?? []).map((item) => ({ id: item.principleId, name: item.value, preferNot: item.code === PREFER_NOT_CODE, ...(item.untranslated ? { untranslated: true } : {}) }));

export interface Options {
  readonly status: SectionStatus;
  readonly options: readonly Option[];
  /** The list's "Prefer not to answer" item, whether or not it is offered in the list. */
  readonly preferNot: Option | undefined;
  readonly message: string | null;
}

/**
 * The options of a question: its lookup list (under the parent's answer for a dependent
 * list). "Prefer not to answer" is an option of the list only where the question allows it
 * and has no tick of its own for it.
 */
export const useQuestionOptions = (definition: QuestionDefinition, parentValue: number | null = null): Options => {
  const lookup = surveyLookup(definition.lookup) ?? SURVEY_LOOKUPS.countries;
  const args = useMemo(() => (lookup.param ? { [lookup.param]: parentValue } : {}), [lookup.param, parentValue]);
  const section = useSection(lookup.section, args);
  return useMemo(() => {
    const all = toOptions(section.data);
    const inList = definition.preferNotAllowed && !definition.isCheck;
    return {
      status: section.status,
      options: all.filter((option) => !option.preferNot || inList),
      preferNot: all.find((option) => option.preferNot),
      message: section.message,
    };
  }, [section, definition.preferNotAllowed, definition.isCheck]);
};

/** The heritages' "Prefer not to answer" item, found by name: the list is too long to load whole. */
export const useHeritagePreferNot = (): Option | undefined => {
  const section = useSection('surveyEthnicityPreferNot', { search: PREFER_NOT_SEARCH });
  return useMemo(() => toOptions(section.data).find((option) => option.preferNot), [section]);
};

export interface Search {
  readonly status: SectionStatus;
  readonly options: readonly Option[];
  /** The text is too short to search (SPEC section 9: at least 3 characters). */
  readonly tooShort: boolean;
}

const SEARCH_DELAY_MS = 200;

/**
 * Searches a long list (languages, heritages) as the person types, once the text has at
 * least 3 characters; a short pause between keys sends one request rather than one per key.
 * Only the answer to this very text is returned, so an older search never shows.
 */
export const useLookupSearch = (lookup: LookupName, text: string, enabled: boolean): Search => {
  const dispatch = useDispatch();
  const { section: name } = surveyLookup(lookup) ?? SURVEY_LOOKUPS.languages;
  const search = text.trim();
  const longEnough = [...search].length >= SEARCH_MIN;
  const [selectSection] = useState(() => (s: AppState) => sectionOf(s.resources, name));
  const section = useSelector(selectSection);
  useEffect(() => {
    if (!enabled || !longEnough) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'resource/load', name, args: { search } }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dispatch, name, search, longEnough, enabled]);
  return useMemo(() => {
    const current = section.args.search === search;
    return {
      status: longEnough ? (current ? section.status : 'pending') : 'idle',
      options: current && longEnough ? toOptions(section.data).filter((option) => !option.preferNot) : [],
      tooShort: !longEnough,
    };
  }, [section, search, longEnough]);
};

/** Accent- and case-insensitive, for filtering a list loaded whole. */
export const normalise = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase()
    .trim();
