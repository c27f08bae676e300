import { EXTRA_PREFER_NOT, ExtraSurveyMessages, type LinkQuestion, SCALE_KEYS } from '../contracts/extraAnswers';

/**
 * The rules of an extra question's answer, the same as the server's
 * (server/services/extraSurvey/answers.ts): keys of the question's options or "Prefer not to
 * answer"; one for a single choice or the scale; several for a multiple choice, but "Prefer
 * not to answer" only alone. No keys: not answered (every extra question is optional).
 */
export const extraOptionKeys = (question: Pick<LinkQuestion, 'kind' | 'options'>): string[] => [
  ...(question.kind === 'scale' ? SCALE_KEYS : question.options.map((option) => option.key)),
  EXTRA_PREFER_NOT,
];

export const extraKeysProblem = (question: Pick<LinkQuestion, 'kind' | 'options'>, keys: readonly string[]): string | null => {
  const accepted = new Set(extraOptionKeys(question));
  const chosen = [...new Set(keys)];
  if (chosen.some((key) => !accepted.has(key))) return ExtraSurveyMessages.optionUnknown;
  if (question.kind !== 'multiple' && chosen.length > 1) return ExtraSurveyMessages.singleAnswer;
  if (chosen.length > 1 && chosen.includes(EXTRA_PREFER_NOT)) return ExtraSurveyMessages.multipleAnswer;
  return null;
};

/** The text of a question or option in the participant's language where the author wrote one. */
export const inLanguage = (item: { readonly translations: Readonly<Record<string, string>> }, fallback: string, language: string): string =>
  item.translations[language] ?? item.translations[language.split('-')[0] ?? ''] ?? fallback;
