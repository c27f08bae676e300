import * as t from 'io-ts';
import { endpoint } from './endpoint';

/**
 * The part of the extra survey's contract the participant's page needs (kept apart from the
 * dashboard's, so the survey bundle stays small): the questions of one survey link, the
 * answers in a submission and the messages.
 */

export const EXTRA_KINDS = ['single', 'multiple', 'scale'] as const;
export const ExtraKind = t.keyof({ single: null, multiple: null, scale: null });
export type ExtraKind = t.TypeOf<typeof ExtraKind>;

export const ExtraStatus = t.keyof({ draft: null, published: null, retired: null });
export type ExtraStatus = t.TypeOf<typeof ExtraStatus>;

/** The option key of "Prefer not to answer", offered by every question. */
export const EXTRA_PREFER_NOT = 'prefer-not';
/** The agreement scale's options, 1 (strongly disagree) to 5 (strongly agree). */
export const SCALE_KEYS = ['1', '2', '3', '4', '5'] as const;

export const EXTRA_TEXT_MAX = 300;
export const EXTRA_OPTION_MAX = 120;
export const EXTRA_OPTIONS_MIN = 2;
export const EXTRA_OPTIONS_MAX = 12;
export const EXTRA_QUESTIONS_MAX = 30;

/** Other languages the author wrote, by product language code. */
export const Translations = t.record(t.string, t.string);
export type Translations = t.TypeOf<typeof Translations>;

export const ExtraOption = t.strict({ key: t.string, label: t.string, translations: Translations });
export type ExtraOption = t.TypeOf<typeof ExtraOption>;

/** A question as a participant sees it. */
export const LinkQuestion = t.strict({
  id: t.string,
  kind: ExtraKind,
  text: t.string,
  translations: Translations,
  options: t.array(ExtraOption),
});
export type LinkQuestion = t.TypeOf<typeof LinkQuestion>;

export const linkQuestions = endpoint({
  method: 'GET',
  path: '/extra-survey/link-questions',
  query: t.intersection([t.strict({ token: t.string }), t.exact(t.partial({ alias: t.string }))]),
  data: t.array(LinkQuestion),
});

/** Answers to extra questions in a survey submission: question version id to the option keys chosen. */
export const ExtraAnswers = t.record(t.string, t.array(t.string));
export type ExtraAnswers = t.TypeOf<typeof ExtraAnswers>;

export const ExtraSurveyMessages = {
  notFound: 'This question does not exist.',
  textRequired: 'The question field is required',
  textTooLong: `The question may not be longer than ${EXTRA_TEXT_MAX} characters.`,
  optionsCount: `A choice question needs ${EXTRA_OPTIONS_MIN} to ${EXTRA_OPTIONS_MAX} options.`,
  optionEmpty: 'Every option needs a label.',
  optionTooLong: `An option may not be longer than ${EXTRA_OPTION_MAX} characters.`,
  optionTwice: 'Two options have the same label.',
  optionUnknown: 'This option is not one of the question’s.',
  scaleHasNoOptions: 'An agreement scale has its own five options.',
  languageUnknown: 'This language is not one the product speaks.',
  tooMany: `An organisation may have at most ${EXTRA_QUESTIONS_MAX} extra questions in use.`,
  linksRequired: 'Choose at least one survey link.',
  linkUnknown: 'This survey link does not exist.',
  notDraft: 'Only a draft can be deleted; retire a published question instead.',
  notPublished: 'Only a published question can be retired.',
  retired: 'A retired question can no longer be changed.',
  groupRequired: 'Choose one of your groups for this question.',
  kindFixed: 'The kind of a published question cannot change.',
  /** SPEC section 8's 'single question error' and 'multiple question error'. */
  singleAnswer: 'Please choose one answer.',
  multipleAnswer: 'Please choose one or more answers, or only Prefer not to answer.',
  notOnLink: 'This question is not asked on this survey link.',
} as const;
