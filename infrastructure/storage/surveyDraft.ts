import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { parseDraft, serialiseDraft, surveyDraftKey, type SurveyDraft } from '../../domain/survey/draft';
import type { KeyValueStorage } from './local';

/**
 * The survey's answers kept in localStorage under the link (SurveyDraft v1 at
 * surveyDraftKey(token)), so a reload or a lost connection loses nothing, plus the names of
 * the options picked from searched lists beside it (public lookup names, needed to show those
 * answers again). Storage failures (private mode, a full quota) cost only the copy.
 */
export interface SurveyDraftStore {
  /** The link's draft and option names; null draft when none, damaged, or of another version. */
  load(token: string): { readonly draft: SurveyDraft | null; readonly names: Readonly<Record<string, string>> };
  save(draft: SurveyDraft, names: Readonly<Record<string, string>>): void;
  /** After a successful submit: nothing of the answers stays on the device. */
  clear(token: string): void;
}

/** Beside the draft, never inside it: SurveyDraft v1 stays exactly what the domain reads. */
export const surveyNamesKey = (token: string): string => `${surveyDraftKey(token)}:names`;

const Names = t.record(t.string, t.string);

const attempt = <A>(run: () => A, fallback: A): A => {
  try {
    return run();
  } catch {
    return fallback;
  }
};

const readNames = (text: string | null): Readonly<Record<string, string>> => {
  if (text === null) return {};
  const decoded = Names.decode(attempt(() => JSON.parse(text) as unknown, undefined));
  return isRight(decoded) ? decoded.right : {};
};

export const createSurveyDraftStore = (storage: KeyValueStorage): SurveyDraftStore => ({
  load: (token) => ({
    draft: parseDraft(attempt(() => storage.getItem(surveyDraftKey(token)), null), token),
    names: readNames(attempt(() => storage.getItem(surveyNamesKey(token)), null)),
  }),
  save: (draft, names) => {
    attempt(() => storage.setItem(surveyDraftKey(draft.token), serialiseDraft(draft)), undefined);
    attempt(() => storage.setItem(surveyNamesKey(draft.token), JSON.stringify(names)), undefined);
  },
  clear: (token) => {
    attempt(() => storage.removeItem(surveyDraftKey(token)), undefined);
    attempt(() => storage.removeItem(surveyNamesKey(token)), undefined);
  },
});
