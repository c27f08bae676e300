import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { fieldErrors } from '../../domain/contracts/fieldErrors';
import { ApiError } from './apiError';

/**
 * PostgreSQL cannot store U+0000 in text, nor a lone UTF-16 surrogate in json or jsonb (22P02):
 * such a string is refused here, at the contract's border, before any query sees it.
 */
export const isStorableText = (value: string): boolean => value.isWellFormed() && !value.includes('\u0000');

/**
 * The path of the first key or string value PostgreSQL could not store, or undefined. Walks
 * with its own stack rather than recursion, so no nesting can overflow the call stack; the
 * JSON parser (./jsonBody.ts) has already bounded the depth.
 */
export const unstorableField = (value: unknown): string[] | undefined => {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (!isStorableText(next.value)) return next.path;
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    for (const [key, child] of Object.entries(next.value)) {
      const path = [...next.path, key];
      if (!isStorableText(key)) return path;
      pending.push({ value: child, path });
    }
  }
  return undefined;
};

/** Decodes one request part or throws the 422 envelope. */
export const decodeOrThrow = <C extends t.Mixed>(codec: C, value: unknown, root: string): t.TypeOf<C> => {
  const unstorable = unstorableField(value);
  if (unstorable) {
    // A key that cannot be stored is named by its parent: its own spelling would not survive JSON.
    const named = unstorable.filter(isStorableText);
    const field = named.length === 0 ? root : named.join('.');
    throw new ApiError(422, Messages.invalidData, { [field]: [ServerMessages.fieldInvalid(field)] });
  }
  const result = codec.decode(value);
  if (isLeft(result)) throw new ApiError(422, Messages.invalidData, fieldErrors(result.left, root));
  return result.right;
};
