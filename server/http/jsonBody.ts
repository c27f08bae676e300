import type { FastifyInstance } from 'fastify';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { ApiError } from './apiError';

/** No contract body nests deeper than a few levels; 32 leaves room and stops a stack-eating body. */
export const MAX_BODY_DEPTH = 32;
/** Request bodies above this answer 413 before they are parsed (a logo upload has its own limit). */
export const MAX_BODY_BYTES = 1_048_576;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of objects and arrays in a JSON text, read in one pass without parsing,
 * so a body of ten thousand levels is refused in microseconds instead of being walked.
 * Brackets inside strings do not count. Stops as soon as `limit` is passed.
 */
export const jsonDepthExceeds = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
};

/**
 * Fastify's own JSON parser (which refuses `__proto__` and `constructor.prototype` keys),
 * behind a depth limit: too deep answers 422 with the body named as the invalid field.
 */
export const registerJsonBodyParser = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH)) {
      done(new ApiError(422, Messages.invalidData, { body: [ServerMessages.fieldInvalid('body')] }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
};
