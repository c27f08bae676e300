/**
 * What an error report may carry out of the browser, and out of the server to a tracing
 * service: no credentials, no email addresses, no survey answers and no query strings.
 * Applied by the client before a report is sent and by the server again on intake.
 *
 * The rules are deliberately blunt: a report is for finding a bug, and a redacted stack
 * frame costs less than a leaked token.
 */

/** `Bearer <anything>`: the credential after it goes, whatever it looks like. */
const BEARER = /\bbearer\s+\S+/gi;
/** Three dot-separated base64url segments: a JWT or a similar signed token. */
const JWT_LIKE = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
/**
 * Runs of base64url or hex characters long enough to be random secrets: 40 or more, or 20 or
 * more with a digit among them (session tokens, survey links, reset links, UUIDs). Shorter
 * runs and digit-free words of up to 39 letters (function names, route segments) stay.
 */
const LONG_RUN = /[A-Za-z0-9_-]{20,}/g;
const isRandomLooking = (run: string): boolean => run.length >= 40 || /\d/.test(run);
/** A built chunk's name (`/assets/DashboardSection-Bx8d7f2a.js`) is kept: stacks are read by it. */
const isBuiltAsset = (text: string, offset: number, run: string): boolean =>
  text.endsWith('/assets/', offset) && /^[A-Za-z]+-[A-Za-z0-9_-]{8}$/.test(run) && /^\.(js|css)\b/.test(text.slice(offset + run.length));
/** Anything glued to an `@`: every email address, and anything that merely looks like one. */
const EMAIL_LIKE = /[^\s@]*@[^\s@]*/g;
/** A query string or fragment of a URL, up to the next space or quote. */
const QUERY = /[?#][^\s"'<>`]*/g;

export const REDACTED_TOKEN = '[token]';
export const REDACTED_EMAIL = '[email]';
export const REDACTED_ANSWER = '[answer]';

/** Answer texts shorter than this are choice codes ('1', 'no'): meaningless without the question. */
export const MIN_ANSWER_LENGTH = 3;

const removeAll = (text: string, needle: string, by: string): string => text.split(needle).join(by);

/**
 * One text scrubbed. `answers` are the survey answer texts the caller knows of (a name, a
 * free-text answer): every occurrence goes. If a replacement ever brought one back (an answer
 * that is part of a marker), the whole text is dropped rather than sent.
 */
export const scrubText = (text: string, answers: readonly string[] = []): string => {
  const known = answers.filter((answer) => answer.length >= MIN_ANSWER_LENGTH).sort((a, b) => b.length - a.length);
  let out = text;
  for (const answer of known) out = removeAll(out, answer, REDACTED_ANSWER);
  out = out
    .replace(BEARER, `Bearer ${REDACTED_TOKEN}`)
    .replace(QUERY, '')
    .replace(EMAIL_LIKE, REDACTED_EMAIL)
    .replace(JWT_LIKE, REDACTED_TOKEN)
    .replace(LONG_RUN, (run, offset: number, whole: string) => (isRandomLooking(run) && !isBuiltAsset(whole, offset, run) ? REDACTED_TOKEN : run));
  return known.some((answer) => out.includes(answer)) ? '' : out;
};

/** A URL or path without its query string and fragment, then scrubbed like any text. */
export const scrubUrl = (url: string): string => scrubText(url.replace(/[?#].*$/s, ''));

/** Every string inside a survey's answers (names, free text), for `scrubText`. */
export const answerTexts = (answers: unknown): string[] => {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof value === 'string') {
      if (value.trim().length >= MIN_ANSWER_LENGTH) found.push(value, value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) walk(item, depth + 1);
    }
  };
  walk(answers, 0);
  return [...new Set(found)];
};
