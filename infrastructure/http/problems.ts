import type * as t from 'io-ts';

/** At most this many problems go into one api/decodeFailed event. */
export const MAX_PROBLEMS = 10;

/**
 * io-ts errors as short lines such as "data.translations.hello: expected string". The values
 * themselves stay out: a response may carry personal data, and the event log is exported.
 */
export const describeProblems = (errors: t.Errors): string[] =>
  errors.slice(0, MAX_PROBLEMS).map((error) => {
    const path = error.context
      .map((entry) => entry.key)
      .filter((key) => key !== '')
      .join('.');
    const expected = error.context[error.context.length - 1]?.type.name ?? 'unknown';
    return `${path || '(root)'}: expected ${expected}`;
  });
