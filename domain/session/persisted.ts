import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { SessionState } from './state';

/** SPEC section 4 and 9: the session part of the store is saved with this version. */
export const STATE_VERSION = '0.0.1';

/** Decodes what was saved; anything else, including another version, restores nothing. */
export const restorePersistedSession = (version: string | null, raw: unknown): SessionState | null => {
  if (version !== STATE_VERSION) return null;
  const decoded = SessionState.decode(raw);
  if (!isRight(decoded)) return null;
  return { ...decoded.right, pending: false, error: false };
};

export const persistableSession = (state: SessionState): t.OutputOf<typeof SessionState> => ({
  ...state,
  pending: false,
  error: false,
});
