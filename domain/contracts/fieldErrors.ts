import type * as t from 'io-ts';
import { Messages } from './envelope';
import { ServerMessages } from './errors';

/**
 * The field errors of a body or query its codec refused, in the SPEC's words: what the server
 * answers with a 422 (server/http/decode.ts), and what the client says without asking when an
 * action's request does not fit its endpoint (infrastructure/resources/resources.effects.ts).
 */
export type FieldErrors = Record<string, string[]>;

// Children of these codecs are keyed by member index, which is no field name.
const transparentParents = new Set(['UnionType', 'IntersectionType']);

const fieldName = (context: t.Context, root: string): string => {
  const keys = context
    .filter((entry, index) => index > 0 && entry.key !== '' && !transparentParents.has((context[index - 1]!.type as { _tag?: string })._tag ?? ''))
    .map((entry) => entry.key);
  return keys.length === 0 ? root : keys.join('.');
};

/** Laravel-style `{ field: [message] }` from io-ts errors: a codec's own sentence, else absent or null is "required". */
export const fieldErrors = (errors: t.Errors, root: string): FieldErrors => {
  const result: FieldErrors = {};
  // An optional object (`t.union([Person, t.null])`) refused for a field inside it also fails
  // its null branch at its own name; that "invalid" says nothing the inner sentence does not.
  const explained = errors.filter((error) => error.message !== undefined).map((error) => `${fieldName(error.context, root)}.`);
  for (const error of errors) {
    if (error.message === undefined && explained.some((inner) => inner.startsWith(`${fieldName(error.context, root)}.`))) continue;
    const field = fieldName(error.context, root);
    const message = error.message ?? (error.value === undefined || error.value === null ? Messages.fieldRequired(field) : ServerMessages.fieldInvalid(field));
    const list = (result[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
};
