import * as t from 'io-ts';

/**
 * How long a name or alias may be and which characters it may hold, declared once: the request
 * codecs of domain/contracts refuse with these sentences (the server answers them in its 422),
 * and the client's forms check the same rule as the person types and cap the field's length.
 *
 * Lengths count UTF-16 code units of the trimmed text, as an input's `maxLength` does, so
 * whatever a capped field lets a person type, the server accepts. SPEC gives no limits for
 * these names; 100 characters holds any real group, organisation or person name and still
 * fits a table column once wrapped.
 */
export interface TextLimit {
  readonly max: number;
  /** The characters allowed, tested against the whole trimmed text; absent: any but control characters. */
  readonly allowed?: RegExp;
  readonly tooLong: string;
  readonly badCharacters: string;
  /** The catalogue keys (domain/i18n) whose English is these sentences, for the client's forms. */
  readonly keys: { readonly tooLong: string; readonly badCharacters: string };
}

export type TextProblem = 'tooLong' | 'badCharacters';

// Line breaks, tabs, NUL and the other C0/C1 controls, plus the line and paragraph separators:
// none belongs in a one-line name (format characters such as ZWNJ do, in Persian or emoji).
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** What is wrong with a value under a limit; empty is no problem here (whether a field is required is its form's rule). */
export const textProblem = (limit: TextLimit, value: string): TextProblem | undefined => {
  const trimmed = value.trim();
  if (trimmed.length > limit.max) return 'tooLong';
  if (trimmed === '') return undefined;
  if (CONTROL.test(trimmed) || (limit.allowed !== undefined && !limit.allowed.test(trimmed))) return 'badCharacters';
  return undefined;
};

/** The sentence of a problem, as the server answers it. */
export const textProblemMessage = (limit: TextLimit, problem: TextProblem): string => (problem === 'tooLong' ? limit.tooLong : limit.badCharacters);

/** A string within a limit; a refusal carries the limit's sentence (domain/contracts/fieldErrors.ts reads it). */
export const limitedText = (name: string, limit: TextLimit): t.Type<string, string, unknown> =>
  new t.Type<string, string, unknown>(
    name,
    (value): value is string => typeof value === 'string' && textProblem(limit, value) === undefined,
    (value, context) => {
      if (typeof value !== 'string') return t.failure(value, context);
      const problem = textProblem(limit, value);
      return problem === undefined ? t.success(value) : t.failure(value, context, textProblemMessage(limit, problem));
    },
    t.identity,
  );

export const NAME_MAX = 100;
export const ALIAS_MAX = 60;

/** A tier 2 group's or a tier 3 sub-group's name. */
export const GROUP_NAME_LIMIT: TextLimit = {
  max: NAME_MAX,
  tooLong: `A name can be at most ${NAME_MAX} characters long.`,
  badCharacters: 'A name cannot contain line breaks or other control characters.',
  keys: { tooLong: 'name_too_long', badCharacters: 'name_bad_characters' },
};

/** The organisation's name. */
export const ORGANIZATION_NAME_LIMIT: TextLimit = {
  max: NAME_MAX,
  tooLong: `The organisation name can be at most ${NAME_MAX} characters long.`,
  badCharacters: 'The organisation name cannot contain line breaks or other control characters.',
  keys: { tooLong: 'organization_name_too_long', badCharacters: 'organization_name_bad_characters' },
};

/** A person's first name. */
export const FIRST_NAME_LIMIT: TextLimit = {
  max: NAME_MAX,
  tooLong: `The first name can be at most ${NAME_MAX} characters long.`,
  badCharacters: 'The first name cannot contain line breaks or other control characters.',
  keys: { tooLong: 'first_name_too_long', badCharacters: 'first_name_bad_characters' },
};

/** A person's last name. */
export const LAST_NAME_LIMIT: TextLimit = {
  max: NAME_MAX,
  tooLong: `The last name can be at most ${NAME_MAX} characters long.`,
  badCharacters: 'The last name cannot contain line breaks or other control characters.',
  keys: { tooLong: 'last_name_too_long', badCharacters: 'last_name_bad_characters' },
};

/**
 * A survey link's alias appears in the link's address (`?token=…&alias=…`): letters and digits
 * of any script, spaces, hyphens and underscores. Signs such as #, & or < would be escaped into
 * an unreadable address (or read as markup by a careless mail client); a space is only %20.
 */
export const ALIAS_LIMIT: TextLimit = {
  max: ALIAS_MAX,
  allowed: /^[\p{L}\p{M}\p{N} _-]+$/u,
  tooLong: `The alias must be 1 to ${ALIAS_MAX} characters.`,
  badCharacters: 'An alias can hold only letters, digits, spaces, hyphens (-) and underscores (_).',
  keys: { tooLong: 'link_alias_too_long', badCharacters: 'link_alias_bad_characters' },
};

export const GroupName = limitedText('GroupName', GROUP_NAME_LIMIT);
export const OrganizationName = limitedText('OrganizationName', ORGANIZATION_NAME_LIMIT);
export const FirstName = limitedText('FirstName', FIRST_NAME_LIMIT);
export const LastName = limitedText('LastName', LAST_NAME_LIMIT);
export const LinkAlias = limitedText('LinkAlias', ALIAS_LIMIT);
