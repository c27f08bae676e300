import { createHash } from 'node:crypto';
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { ServerConfig } from '../../config';

/** Login with Amazon settings (client id and secret, the three provider addresses). */
export type AmazonConfig = NonNullable<ServerConfig['amazon']>;

/** How long a call to the provider may take before the sign-in answers 502. */
export const providerTimeoutMs = 10_000;

/** Where the provider sends the browser back: the client page that posts code and state. */
export const amazonRedirectUri = (appUrl: string): string => `${appUrl.replace(/\/+$/, '')}/sso/amazon/check-token`;

/** PKCE S256 (RFC 7636): base64url of the SHA-256 of the verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The provider's authorization address the browser is sent to. */
export const authorizationUrl = (
  amazon: AmazonConfig,
  request: { readonly redirectUri: string; readonly state: string; readonly codeChallenge: string },
): string => {
  const url = new URL(amazon.authorizeUrl);
  url.searchParams.set('client_id', amazon.clientId);
  url.searchParams.set('scope', 'profile');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
};

/**
 * Why the exchange failed. `refused`: the provider answered but would not accept the code
 * (expired, reused, wrong verifier or client) → 422. `unavailable`: unreachable, too slow, a
 * server error or an unreadable answer → 502. `detail` is for the server log only: it names
 * the step and status, never a provider body or a secret.
 */
export class SsoProviderError extends Error {
  override name = 'SsoProviderError';

  constructor(
    readonly kind: 'refused' | 'unavailable',
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

const TokenResponse = t.type({ access_token: t.string });
const ProfileResponse = t.intersection([t.type({ user_id: t.string, email: t.string }), t.partial({ name: t.string })]);

export interface AmazonProfile {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
}

export interface ExchangeOptions {
  readonly timeoutMs?: number;
}

// The short OAuth error code (invalid_grant, ...) is safe to log; descriptions are not kept.
const oauthErrorCode = (body: unknown): string | undefined => {
  const code = (body as { error?: unknown } | null)?.error;
  return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
};

const call = async (step: string, url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new SsoProviderError('unavailable', `${step}: ${timedOut ? `no answer within ${timeoutMs} ms` : 'could not connect'}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.status >= 500) throw new SsoProviderError('unavailable', `${step}: HTTP ${response.status}`);
  if (response.status >= 400) {
    const code = oauthErrorCode(body);
    throw new SsoProviderError('refused', `${step}: HTTP ${response.status}${code ? ` ${code}` : ''}`);
  }
  if (response.status !== 200 || body === undefined) throw new SsoProviderError('unavailable', `${step}: unreadable answer (HTTP ${response.status})`);
  return { status: response.status, body };
};

/**
 * Exchanges the authorization code (with its PKCE verifier) for an access token, then reads
 * the profile with it. Throws SsoProviderError; never returns a partial profile.
 */
export const fetchAmazonProfile = async (
  amazon: AmazonConfig,
  grant: { readonly code: string; readonly redirectUri: string; readonly codeVerifier: string },
  options: ExchangeOptions = {},
): Promise<AmazonProfile> => {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs;
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    client_id: amazon.clientId,
    client_secret: amazon.clientSecret,
    code_verifier: grant.codeVerifier,
  });
  const token = await call(
    'token',
    amazon.tokenUrl,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' }, body: form.toString() },
    timeoutMs,
  );
  const tokenBody = TokenResponse.decode(token.body);
  if (isLeft(tokenBody) || tokenBody.right.access_token === '') throw new SsoProviderError('unavailable', 'token: answer without access_token');

  const profile = await call(
    'profile',
    amazon.profileUrl,
    { method: 'GET', headers: { authorization: `Bearer ${tokenBody.right.access_token}`, accept: 'application/json' } },
    timeoutMs,
  );
  const profileBody = ProfileResponse.decode(profile.body);
  if (isLeft(profileBody) || profileBody.right.email.trim() === '') throw new SsoProviderError('unavailable', 'profile: answer without user_id or email');
  return { userId: profileBody.right.user_id, email: profileBody.right.email.trim(), name: profileBody.right.name ?? null };
};
