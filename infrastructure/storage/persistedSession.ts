import * as t from 'io-ts';
import { STATE_VERSION, persistableSession, restorePersistedSession } from '../../domain/session/persisted';
import type { SessionState } from '../../domain/session/state';
import { STORAGE_KEYS } from './keys';
import { jsonItem, removeItem, textItem, type KeyValueStorage } from './local';

// Read as unknown: restorePersistedSession is the one place that decodes a saved session.
const savedState = jsonItem(STORAGE_KEYS.state, t.unknown);
const savedVersion = textItem(STORAGE_KEYS.version);

/** SPEC section 4: the session part of the store, saved with its version. */
export const saveSession = (storage: KeyValueStorage, session: SessionState): void => {
  savedState.write(storage, persistableSession(session));
  savedVersion.write(storage, STATE_VERSION);
};

/** The saved session, only when it was written by version 0.0.1 and still decodes. */
export const loadSession = (storage: KeyValueStorage): SessionState | null =>
  restorePersistedSession(savedVersion.read(storage) ?? null, savedState.read(storage));

/** The stored keys SPEC section 4 clears at logout, plus the saved session itself. */
export const LOGOUT_KEYS = [
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.dashboardIsBuilt,
  STORAGE_KEYS.dateRange,
  STORAGE_KEYS.dateId,
  STORAGE_KEYS.state,
  STORAGE_KEYS.version,
] as const;

export const clearOnLogout = (storage: KeyValueStorage): void => {
  for (const key of LOGOUT_KEYS) removeItem(storage, key);
};
