import {
  ANONYMITY_QUESTION,
  FIRST_NAME_QUESTION,
  LAST_NAME_QUESTION,
  NAME_MAX,
  SEARCH_MIN,
  STAY_ANONYMOUS,
  STAY_ANONYMOUS_KEY,
  SurveyMessages,
  type QuestionDefinition,
} from '../contracts/survey';

/**
 * The questions of survey 1. Ids are stable forever (answers are stored under them): a
 * question that changes meaning gets a new id, a retired one leaves its id unused. 1, 2 and
 * 33 are fixed by SPEC; 3 to 27 are ours; 28 to 32 are unused.
 *
 * Parents' and grandparents' countries of birth are six separate questions rather than rows
 * of one list: each relative is asked exactly once, so the answers stay comparable
 * ("mother born abroad") and a respondent can skip one relative without shifting the others.
 *
 * Questions 25 to 27 (optional) ask about culture as lived rather than inherited: the cultures
 * a person feels they belong to, the one they identify with most, and how others see them.
 * The culture they identify with most is a list of at most one row: the cultures list is too
 * long to load whole, and a list row is the form that searches it (the answer is still one
 * culture).
 */

const LIST_MAX_ROWS = 10;

const base: Omit<QuestionDefinition, 'id' | 'key' | 'order' | 'kind' | 'shape'> = {
  isArray: false,
  isCheck: false,
  required: false,
  lookup: null,
  parent: null,
  preferNotAllowed: false,
  requiredMessage: null,
  searchMin: null,
  maxRows: null,
  maxLength: null,
  choices: [],
  defaultAnswer: null,
};

type Entry = Pick<QuestionDefinition, 'id' | 'key' | 'kind' | 'shape'> & Partial<QuestionDefinition>;

/** A select question answered with one principleId of a lookup. */
const select = (entry: Omit<Entry, 'kind' | 'shape'> & Partial<Pick<Entry, 'kind'>>): Entry => ({ kind: 'select', shape: 'principle', ...entry });

/** A country question; the list is loaded whole (about 250 entries) and filtered as one types. */
const country = (id: number, key: string, extra: Partial<QuestionDefinition> = {}): Entry =>
  select({ id, key, kind: 'search-select', lookup: 'countries', ...extra });

/** A relative's country of birth: optional, and "Prefer not to answer" is a tick beside it. */
const relative = (id: number, key: string): Entry => country(id, key, { isCheck: true, preferNotAllowed: true });

/**
 * A list of cultural heritages (more than 8,000: searched as the person types, at least 3
 * characters), with its own "Prefer not to answer" tick.
 */
const heritageList = (id: number, key: string, maxRows: number = LIST_MAX_ROWS): Entry => ({
  id,
  key,
  kind: 'list',
  shape: 'principle-list',
  isArray: true,
  isCheck: true,
  lookup: 'ethnicities',
  preferNotAllowed: true,
  searchMin: SEARCH_MIN,
  maxRows,
});

/** In display order; `order` is filled from the position. */
const entries: readonly Entry[] = [
  {
    id: ANONYMITY_QUESTION,
    key: STAY_ANONYMOUS_KEY,
    kind: 'choice',
    shape: 'choice',
    isCheck: true,
    choices: [0, STAY_ANONYMOUS],
    defaultAnswer: STAY_ANONYMOUS,
  },
  { id: FIRST_NAME_QUESTION, key: 'first-name', kind: 'text', shape: 'text', required: true, requiredMessage: SurveyMessages.firstNameRequired, maxLength: NAME_MAX },
  { id: LAST_NAME_QUESTION, key: 'last-name', kind: 'text', shape: 'text', required: true, requiredMessage: SurveyMessages.lastNameRequired, maxLength: NAME_MAX },
  // Asked only on a link for the whole organisation; the answer is the group's id.
  { id: 3, key: 'group', kind: 'select', shape: 'text', lookup: 'groups', required: true, requiredMessage: SurveyMessages.departmentRequired },
  country(4, 'country-of-birth', { required: true, requiredMessage: SurveyMessages.countryOfBirthRequired }),
  select({ id: 5, key: 'state-of-birth', lookup: 'states', parent: 4, required: true, requiredMessage: SurveyMessages.stateRequired }),
  relative(6, 'mother-country-of-birth'),
  relative(7, 'father-country-of-birth'),
  relative(8, 'maternal-grandmother-country-of-birth'),
  relative(9, 'maternal-grandfather-country-of-birth'),
  relative(10, 'paternal-grandmother-country-of-birth'),
  relative(11, 'paternal-grandfather-country-of-birth'),
  {
    id: 12,
    key: 'languages',
    kind: 'list',
    shape: 'language-list',
    isArray: true,
    lookup: 'languages',
    required: true,
    requiredMessage: SurveyMessages.languageRequired,
    searchMin: SEARCH_MIN,
    maxRows: LIST_MAX_ROWS,
  },
  select({ id: 13, key: 'worldview', lookup: 'worldviews', required: true, requiredMessage: SurveyMessages.worldviewRequired, preferNotAllowed: true }),
  select({ id: 14, key: 'worldview-branch', lookup: 'branches', parent: 13 }),
  select({ id: 15, key: 'worldview-denomination', lookup: 'denominations', parent: 14 }),
  heritageList(16, 'cultural-heritage'),
  heritageList(25, 'cultures-belong'),
  heritageList(26, 'culture-identity', 1),
  select({ id: 27, key: 'appearance', lookup: 'appearances', preferNotAllowed: true }),
  select({ id: 17, key: 'gender', lookup: 'genders', required: true, requiredMessage: SurveyMessages.genderRequired, preferNotAllowed: true }),
  select({ id: 18, key: 'age', lookup: 'ages', preferNotAllowed: true }),
  select({ id: 19, key: 'education', lookup: 'educations', required: true, requiredMessage: SurveyMessages.educationRequired, preferNotAllowed: true }),
  select({ id: 20, key: 'disability', lookup: 'disabilities', preferNotAllowed: true }),
  select({ id: 21, key: 'sexual-orientation', lookup: 'sexual-orientations', preferNotAllowed: true }),
  select({ id: 22, key: 'position-level', lookup: 'position-levels', preferNotAllowed: true }),
  select({ id: 23, key: 'position-type', lookup: 'position-types', parent: 22 }),
  // Consent to keep special-category answers; the only accepted answer is the tick.
  { id: 24, key: 'consent', kind: 'choice', shape: 'choice', isCheck: true, required: true, requiredMessage: SurveyMessages.mustAgree, choices: [1] },
];

const build = (list: readonly Entry[]): readonly QuestionDefinition[] =>
  Object.freeze(list.map((entry, index) => Object.freeze({ ...base, ...entry, choices: Object.freeze([...(entry.choices ?? [])]) as number[], order: index + 1 })));

/** Question definitions per survey id; survey 1 is the cultural diversity survey. */
export const SURVEY_QUESTIONS: Readonly<Record<number, readonly QuestionDefinition[]>> = Object.freeze({ 1: build(entries) });

export const surveyQuestions = (surveyId: number): readonly QuestionDefinition[] | null =>
  Object.prototype.hasOwnProperty.call(SURVEY_QUESTIONS, surveyId) ? SURVEY_QUESTIONS[surveyId]! : null;

/** The definitions in display order. */
export const inOrder = (definitions: readonly QuestionDefinition[]): QuestionDefinition[] =>
  [...definitions].sort((a, b) => a.order - b.order || a.id - b.id);

export const questionById = (definitions: readonly QuestionDefinition[], id: number): QuestionDefinition | undefined =>
  definitions.find((definition) => definition.id === id);

/** Questions whose options depend on `id`, directly or through another dependant, nearest first. */
export const dependantsOf = (definitions: readonly QuestionDefinition[], id: number): QuestionDefinition[] => {
  const found: QuestionDefinition[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const child of definitions) {
      if (child.parent === parent && !found.includes(child) && child.id !== id) {
        found.push(child);
        queue.push(child.id);
      }
    }
  }
  return found;
};

/** Questions 1, 2 and 33 have their own fields in the body; all others go under `questions`. */
export const OWN_FIELD_QUESTIONS: readonly number[] = [FIRST_NAME_QUESTION, LAST_NAME_QUESTION, ANONYMITY_QUESTION];
