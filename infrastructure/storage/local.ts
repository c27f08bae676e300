import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { STORAGE_KEYS, type StorageKey } from './keys';

/** The part of the Web Storage API the client uses; tests may pass any stand-in. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One stored value: decoded on read, so a damaged or foreign value reads as absent. */
export interface StoredItem<A> {
  read(storage: KeyValueStorage): A | undefined;
  write(storage: KeyValueStorage, value: A): void;
  remove(storage: KeyValueStorage): void;
}

// Private browsing, a blocked origin (SecurityError) or a full quota must not break the page:
// storage only ever holds what the client can do without.
const attempt = <A>(run: () => A, fallback: A): A => {
  try {
    return run();
  } catch {
    return fallback;
  }
};

const readRaw = (storage: KeyValueStorage, key: StorageKey): string | null => attempt(() => storage.getItem(key), null);

const writeRaw = (storage: KeyValueStorage, key: StorageKey, value: string): void =>
  attempt(() => storage.setItem(key, value), undefined);

export const removeItem = (storage: KeyValueStorage, key: StorageKey): void => attempt(() => storage.removeItem(key), undefined);

const decodeOrAbsent = <C extends t.Mixed>(codec: C, value: unknown): t.TypeOf<C> | undefined => {
  const decoded = codec.decode(value);
  return isRight(decoded) ? decoded.right : undefined;
};

const parseJson = (text: string): unknown => attempt(() => JSON.parse(text) as unknown, undefined);

/** A value stored as its plain text (newLang, regex, version, dateId, refresh_token). */
export const textItem = <C extends t.Mixed = t.StringC>(key: StorageKey, codec?: C): StoredItem<t.TypeOf<C>> => {
  const decoder: t.Mixed = codec ?? t.string;
  return {
    read: (storage) => {
      const raw = readRaw(storage, key);
      return raw === null ? undefined : decodeOrAbsent(decoder, raw);
    },
    write: (storage, value) => writeRaw(storage, key, String(decoder.encode(value))),
    remove: (storage) => removeItem(storage, key),
  };
};

/** A value stored as JSON (state, dateRange, dashboardIsBuilt). */
export const jsonItem = <C extends t.Mixed>(key: StorageKey, codec: C): StoredItem<t.TypeOf<C>> => ({
  read: (storage) => {
    const raw = readRaw(storage, key);
    return raw === null ? undefined : decodeOrAbsent(codec, parseJson(raw));
  },
  write: (storage, value) => {
    const text = attempt(() => JSON.stringify(codec.encode(value)), undefined);
    if (text !== undefined) writeRaw(storage, key, text);
  },
  remove: (storage) => removeItem(storage, key),
});

const LANGUAGE_CODE = /^[A-Za-z0-9_-]{1,35}$/;

/** A locale code such as 'au' or 'fr-CA'; anything else in newLang reads as absent. */
export const LanguageCode = new t.Type<string, string, unknown>(
  'LanguageCode',
  (u): u is string => typeof u === 'string' && LANGUAGE_CODE.test(u),
  (u, c) => (typeof u === 'string' && LANGUAGE_CODE.test(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** The stored values whose shape the client knows; state and version live in persistedSession. */
export const storedItems = {
  newLang: textItem(STORAGE_KEYS.newLang, LanguageCode),
  regex: textItem(STORAGE_KEYS.regex),
  dateId: textItem(STORAGE_KEYS.dateId),
  dashboardIsBuilt: jsonItem(STORAGE_KEYS.dashboardIsBuilt, t.boolean),
};
