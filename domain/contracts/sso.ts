import * as t from 'io-ts';
import { LoginResult } from './auth';
import { endpoint } from './endpoint';

/**
 * Login with Amazon (SPEC sections 2, 4, 7): the client asks for the provider address, sends
 * the browser there, and the provider comes back to /sso/amazon/check-token with a code and
 * the state, which the client posts to sso/amazon/login. The outcomes are those of /login.
 */
export const ssoStart = endpoint({
  method: 'POST',
  path: 'sso/amazon/start',
  data: t.strict({ url: t.string }),
});

export const ssoLogin = endpoint({
  method: 'POST',
  path: 'sso/amazon/login',
  body: t.strict({ code: t.string, state: t.string }),
  data: LoginResult,
});

/** Provider failures, in words the client shows as they are (beside AuthMessages.sso*). */
export const SsoMessages = {
  providerRefused: 'Amazon did not accept this sign-in. Please start again.',
  providerUnavailable: 'Amazon could not be reached. Please try again in a few minutes.',
} as const;
