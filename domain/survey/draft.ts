import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { ExtraAnswers } from '../contracts/extraAnswers';
import { SurveyAnswers } from '../contracts/survey';
import type { SurveyState } from './state';

/**
 * The answers kept in localStorage while the survey is filled in, one entry per link, so a
 * reload or a lost connection loses nothing. Only version 1 is read back; anything else
 * (another version, another link, a damaged entry) restores nothing.
 */
export const SURVEY_DRAFT_VERSION = 1;

export const SurveyDraft = t.intersection([
  t.strict({
    version: t.literal(SURVEY_DRAFT_VERSION),
    token: t.string,
    surveyId: t.number,
    /** ISO 8601 instant, stamped by whoever saves (the domain has no clock). */
    savedAt: t.string,
    answers: SurveyAnswers,
  }),
  /** The organisation's extra questions answered so far (a draft saved before they existed has none). */
  t.exact(t.partial({ extraAnswers: ExtraAnswers })),
]);
export type SurveyDraft = t.TypeOf<typeof SurveyDraft>;

/** localStorage key of a link's draft. */
export const surveyDraftKey = (token: string): string => `survey-draft:${token}`;

/**
 * What to save now; nothing without a link or once the answers have been sent. Changes made
 * through an emailed edit link are not kept: the draft under the link's token belongs to a
 * new response on this device, and the edit form reads the stored answers again.
 */
export const draftOf = (state: SurveyState, savedAt: string): SurveyDraft | null =>
  state.token === null || state.status === 'submitted' || state.editToken !== null
    ? null
    : {
        version: SURVEY_DRAFT_VERSION,
        token: state.token,
        surveyId: state.surveyId,
        savedAt,
        answers: state.answers,
        ...(Object.keys(state.extraAnswers).length > 0 ? { extraAnswers: Object.fromEntries(Object.entries(state.extraAnswers).map(([id, keys]) => [id, [...keys]])) } : {}),
      };

export const serialiseDraft = (draft: SurveyDraft): string => JSON.stringify(SurveyDraft.encode(draft));

/** Reads a stored draft back for `token`; null when absent, damaged, of another version or another link. */
export const parseDraft = (stored: string | null, token: string): SurveyDraft | null => {
  if (stored === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return null;
  }
  const decoded = SurveyDraft.decode(raw);
  return isRight(decoded) && decoded.right.token === token ? decoded.right : null;
};
