import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { ApiError } from './apiError';

export type FieldErrors = Record<string, string[]>;

// Children of these codecs are keyed by member index, which is no field name.
const transparentParents = new Set(['UnionType', 'IntersectionType']);

const fieldName = (context: t.Context, root: string): string => {
  const keys = context
    .filter((entry, index) => index > 0 && entry.key !== '' && !transparentParents.has((context[index - 1]!.type as { _tag?: string })._tag ?? ''))
    .map((entry) => entry.key);
  return keys.length === 0 ? root : keys.join('.');
};

/** Laravel-style `{ field: [message] }` from io-ts errors: absent or null is "required". */
export const fieldErrors = (errors: t.Errors, root: string): FieldErrors => {
  const result: FieldErrors = {};
  for (const error of errors) {
    const field = fieldName(error.context, root);
    const message = error.value === undefined || error.value === null ? Messages.fieldRequired(field) : ServerMessages.fieldInvalid(field);
    const list = (result[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
};

/** PostgreSQL text cannot hold U+0000; refusing it here keeps it from becoming a 500 later. */
const fieldWithNul = (value: unknown, path: string[]): string[] | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = fieldWithNul(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
};

/** Decodes one request part or throws the 422 envelope. */
export const decodeOrThrow = <C extends t.Mixed>(codec: C, value: unknown, root: string): t.TypeOf<C> => {
  const result = codec.decode(value);
  if (isLeft(result)) throw new ApiError(422, Messages.invalidData, fieldErrors(result.left, root));
  const nul = fieldWithNul(result.right, []);
  if (nul) {
    const field = nul.length === 0 ? root : nul.join('.');
    throw new ApiError(422, Messages.invalidData, { [field]: [ServerMessages.fieldInvalid(field)] });
  }
  return result.right;
};
