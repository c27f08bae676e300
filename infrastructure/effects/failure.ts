import { isApiFailure } from '../http/failure';
import { Messages } from '../../domain/contracts/envelope';

export interface FailureText {
  readonly message: string;
  readonly errors: Record<string, string[]>;
}

/**
 * SPEC section 8: show the server's field errors joined, else its message, else the generic
 * sentence; offline gets its own key, which the screens translate.
 */
export const failureText = (error: unknown, fallback: string = Messages.loginFallback): FailureText => {
  if (!isApiFailure(error)) return { message: fallback, errors: {} };
  if (error.code === 'ERR_NETWORK') return { message: 'connection_lost_login', errors: {} };
  const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, list]) => [field, [...list]]));
  const joined = Object.values(errors).flat().join(' ');
  return { message: joined || error.message || fallback, errors };
};
