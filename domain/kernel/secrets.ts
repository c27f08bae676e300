import * as t from 'io-ts';

/**
 * What the event log may never hold: credentials. The log is exported to a file an auditor
 * takes away, so a survey link's token or its address there would let anyone with the file
 * answer the survey and spend the organisation's seats. One rule, applied wherever an event
 * is recorded and again when the log is written to a file; the state the screens show is
 * folded from the events before they are recorded and keeps the real values.
 *
 * The rule only ever swaps a string for another string, so a recorded event still decodes
 * with its codec and a replayed log still rebuilds every screen, with this marker shown
 * where a secret was.
 */
export const REDACTED = '[redacted]';

/** Nouns that make a field a credential when they end its name: `token`, `access_token`, `editToken`. */
const SECRET_NOUNS = new Set(['token', 'password', 'passcode', 'secret', 'otp', 'invitation']);
/**
 * A bare `code` is a language, country or error code in this product; a code is a credential
 * only when its name says which: `twoFactorCode`, `reset_code`, `otp_code`.
 */
const SECRET_CODE_KINDS = new Set(['factor', 'totp', 'otp', 'verification', 'reset', 'auth', 'authorization', 'sso', 'invitation', 'confirmation']);
/** Words after a secret noun that still name the secret itself: `password_confirmation`, `tokenHash`. */
const SECRET_SUFFIXES = new Set(['confirmation', 'hash', 'value', 'plain']);

const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

/** Whether a field (or a query parameter) of this name holds a credential. */
export const isSecretName = (name: string): boolean => {
  const words = wordsOf(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (SECRET_NOUNS.has(last)) return true;
  const before = words.at(-2);
  if (before === undefined) return false;
  if (last === 'code') return SECRET_CODE_KINDS.has(before);
  return SECRET_SUFFIXES.has(last) && SECRET_NOUNS.has(before);
};

/**
 * A query parameter naming a credential (`?token=`, `&second-admin-token=`, `?invitation=`),
 * and `code=`, which in an address is an authorisation or verification code.
 */
const QUERY_PARAMETER = /[?&#;]([^=&#;?\s]+)=/g;
const carriesSecretParameter = (text: string): boolean =>
  [...text.matchAll(QUERY_PARAMETER)].some(([, name]) => name !== undefined && (isSecretName(name) || wordsOf(name).at(-1) === 'code'));

/**
 * The server's random tokens (32 random bytes in base64url: sessions, survey links, resets,
 * invitations, calendar feeds) are exactly 43 such characters, found wherever they stand.
 */
const TOKEN_SHAPED = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

const redactText = (text: string): string =>
  carriesSecretParameter(text) ? REDACTED : text.replace(TOKEN_SHAPED, REDACTED);

const redact = (value: unknown, fieldIsSecret: boolean): unknown => {
  if (typeof value === 'string') return fieldIsSecret ? REDACTED : redactText(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, fieldIsSecret));
  if (typeof value === 'object' && value !== null) {
    // A record under a credential's name is walked by its own field names: blanking all of
    // it would also blank its literals, and the event would no longer decode on replay.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redact(item, isSecretName(key))]));
  }
  return value;
};

/**
 * The value with every credential replaced by REDACTED: any string under a field named for a
 * credential, any address whose query carries one, and any token-shaped run in other text.
 * Numbers, booleans and the shape of the value are kept.
 */
export const withoutSecrets = <T>(value: T): T => redact(value, false) as T;

/**
 * The codec as a log file uses it: reads like the codec, writes without secrets. The log's
 * codecs write values as they are, so writing is this rule alone.
 */
export const writtenWithoutSecrets = <C extends t.Mixed>(codec: C): t.Type<t.TypeOf<C>, unknown, unknown> =>
  new t.Type<t.TypeOf<C>, unknown, unknown>(`WithoutSecrets<${codec.name}>`, codec.is, codec.validate, withoutSecrets);
