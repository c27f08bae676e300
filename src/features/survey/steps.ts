import type { QuestionDefinition } from '../../../domain/contracts/survey';

/**
 * The survey is asked one topic per step, so a phone shows a few questions at a time and a
 * screen reader user hears where they are. Question keys (stable, from domain/survey) pick
 * the topic; a question this build does not know goes to a last "other" step rather than
 * being lost. The consent (question 24) belongs to the first step, which the person must
 * pass before any personal question.
 */
export interface Topic {
  readonly id: string;
  /** i18n key of the step's heading. */
  readonly title: string;
  readonly keys: readonly string[];
}

export const WELCOME = 'welcome';
const OTHER = 'other';

export const TOPICS: readonly Topic[] = [
  { id: WELCOME, title: 'survey_step_welcome', keys: ['consent'] },
  { id: 'you', title: 'survey_step_you', keys: ['stay-anonymous', 'first-name', 'last-name', 'group'] },
  { id: 'birth', title: 'survey_step_birth', keys: ['country-of-birth', 'state-of-birth'] },
  {
    id: 'family',
    title: 'survey_step_family',
    keys: [
      'mother-country-of-birth', 'father-country-of-birth',
      'maternal-grandmother-country-of-birth', 'maternal-grandfather-country-of-birth',
      'paternal-grandmother-country-of-birth', 'paternal-grandfather-country-of-birth',
    ],
  },
  { id: 'languages', title: 'survey_step_languages', keys: ['languages'] },
  { id: 'worldview', title: 'survey_step_worldview', keys: ['worldview', 'worldview-branch', 'worldview-denomination'] },
  { id: 'heritage', title: 'survey_step_heritage', keys: ['cultural-heritage', 'cultures-belong', 'culture-identity', 'appearance'] },
  { id: 'about', title: 'survey_step_about', keys: ['gender', 'age', 'education', 'disability', 'sexual-orientation'] },
  { id: 'work', title: 'survey_step_work', keys: ['position-level', 'position-type'] },
];

export interface Step {
  readonly id: string;
  readonly title: string;
  /** In display order; dependants (a country's states) stay right under their parent. */
  readonly questions: readonly QuestionDefinition[];
}

/**
 * The steps of a set of definitions (in display order), keeping only questions `shown`
 * accepts. A step left without questions is skipped, except the welcome step.
 */
export const stepsOf = (definitions: readonly QuestionDefinition[], shown: (definition: QuestionDefinition) => boolean): Step[] => {
  const known = new Set(TOPICS.flatMap((topic) => topic.keys));
  const steps: Step[] = TOPICS.map((topic) => ({
    id: topic.id,
    title: topic.title,
    questions: definitions.filter((definition) => topic.keys.includes(definition.key) && shown(definition)),
  }));
  const other = definitions.filter((definition) => !known.has(definition.key) && shown(definition));
  if (other.length > 0) steps.push({ id: OTHER, title: 'survey_step_other', questions: other });
  return steps.filter((step) => step.id === WELCOME || step.questions.length > 0);
};
