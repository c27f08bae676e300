import * as client from 'openid-client';
import { claimValues } from './groupMappings';

/** How long a call to the organisation's provider may take. */
export const oidcTimeoutSeconds = 10;

export interface OidcClientSettings {
  readonly issuerUrl: string;
  readonly clientId: string;
  /** Undefined: a public client (PKCE only, no client authentication). */
  readonly clientSecret: string | undefined;
  /** Plain http on loopback: tests only (ServerConfig.ssoAllowInsecureRequests). */
  readonly allowInsecureRequests: boolean;
}

/**
 * Why talking to the provider failed. `refused`: the provider or its answer was checked and
 * rejected (an unknown code, a state, nonce, audience, issuer or signature that does not match)
 * → the person is told the sign-in could not be confirmed. `unavailable`: unreachable, too slow
 * or an unreadable discovery document. `detail` is for the audit row and the log only.
 */
export class OidcProviderError extends Error {
  override name = 'OidcProviderError';

  constructor(
    readonly kind: 'refused' | 'unavailable',
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

/** The issuer as the administrator may have typed it: the discovery document's address works too. */
export const issuerOf = (address: string): string => address.trim().replace(/\/\.well-known\/openid-configuration\/?$/, '').replace(/\/+$/, '');

// A short code of the failure, safe to keep: openid-client's error codes, the OAuth error, or the error's class.
const failureCode = (error: unknown): string => {
  if (error instanceof client.ResponseBodyError) return `oauth:${error.error}`.slice(0, 80);
  if (error instanceof client.AuthorizationResponseError) return `oauth:${error.error}`.slice(0, 80);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[\w.-]{1,64}$/.test(code)) {
    // Which check failed, in a word: the claim compared (nonce, aud, iss) or the signature.
    // openid-client wraps the check's own error (oauth4webapi's), which names them.
    const check = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const claim = ((check as { cause?: { claim?: unknown } }).cause ?? {}).claim;
    if (typeof claim === 'string' && /^\w{1,16}$/.test(claim)) return `${code} ${claim}`;
    if (check instanceof Error && /signature/i.test(check.message)) return `${code} signature`;
    return code;
  }
  return error instanceof Error ? error.name.slice(0, 64) : 'unknown';
};

// Network failures and timeouts reach us as fetch's TypeError or an abort; everything else is a check that failed.
const isNetworkFailure = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isNetworkFailure(cause);
};

const classify = (step: string, error: unknown): OidcProviderError => {
  if (error instanceof OidcProviderError) return error;
  const code = failureCode(error);
  if (step === 'discovery' || isNetworkFailure(error)) return new OidcProviderError('unavailable', `${step}: ${code}`);
  return new OidcProviderError('refused', `${step}: ${code}`);
};

/** Reads the provider's discovery document and sets the client up (client_secret_post when a secret is known). */
export const discoverProvider = async (settings: OidcClientSettings): Promise<client.Configuration> => {
  try {
    return await client.discovery(
      new URL(issuerOf(settings.issuerUrl)),
      settings.clientId,
      settings.clientSecret === undefined ? undefined : { client_secret: settings.clientSecret },
      settings.clientSecret === undefined ? client.None() : client.ClientSecretPost(settings.clientSecret),
      {
        timeout: oidcTimeoutSeconds,
        // The ID token's signature is checked against the provider's published keys too: TLS alone
        // would be enough for the issuer (OIDC Core 3.1.3.7), but a signature that does not verify
        // must be refused, and the audit row must be able to say so.
        execute: settings.allowInsecureRequests ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks],
      },
    );
  } catch (error) {
    throw classify('discovery', error);
  }
};

export interface OidcAuthorizationRequest {
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly loginHint: string;
}

/** The provider's authorization address: code flow, PKCE S256, state and nonce. */
export const oidcAuthorizationUrl = async (configuration: client.Configuration, request: OidcAuthorizationRequest): Promise<string> =>
  client
    .buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      login_hint: request.loginHint,
    })
    .toString();

/** Who the provider says signed in. */
export interface OidcIdentity {
  readonly subject: string;
  readonly email: string;
  /** False only when the provider says the address is not verified. */
  readonly emailVerified: boolean;
  readonly givenName: string;
  readonly familyName: string;
  /** The values of the organisation's group claim, when it asked for one. */
  readonly groups: readonly string[];
  /** The ID token as received: the id_token_hint of a later RP-initiated logout. */
  readonly idToken?: string;
}

export interface OidcCallback {
  readonly redirectUri: string;
  readonly code: string;
  readonly state: string;
  readonly iss: string | undefined;
  readonly codeVerifier: string;
  readonly nonce: string;
  /** The claim that lists the person's groups, when the organisation maps groups; else undefined. */
  readonly groupClaim: string | undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Exchanges the code (with the PKCE verifier) and checks the ID token: signature against the
 * provider's keys, issuer, audience (our client id), expiry, and the nonce of this sign-in;
 * the state must be the one we issued. The email comes from the ID token, else from UserInfo
 * (for the same subject). Throws OidcProviderError.
 */
export const completeOidcCallback = async (configuration: client.Configuration, callback: OidcCallback): Promise<OidcIdentity> => {
  const currentUrl = new URL(callback.redirectUri);
  currentUrl.searchParams.set('code', callback.code);
  currentUrl.searchParams.set('state', callback.state);
  if (callback.iss !== undefined) currentUrl.searchParams.set('iss', callback.iss);
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: callback.codeVerifier,
      expectedState: callback.state,
      expectedNonce: callback.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw classify('token', error);
  }
  const claims = tokens.claims();
  if (claims === undefined) throw new OidcProviderError('refused', 'token: no ID token');
  let profile: Record<string, unknown> = claims;
  // Most providers put email and groups in the ID token; others only answer them from UserInfo.
  const groupsMissing = callback.groupClaim !== undefined && claims[callback.groupClaim] === undefined;
  if (text(claims.email) === '' || groupsMissing) {
    try {
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      profile = text(claims.email) === '' ? { ...userInfo, sub: claims.sub } : { ...claims, [callback.groupClaim!]: userInfo[callback.groupClaim!] };
    } catch (error) {
      // Email is required; groups are not: a provider without UserInfo still signs the person in.
      if (text(claims.email) === '') throw classify('userinfo', error);
    }
  }
  const email = text(profile.email);
  if (email === '') throw new OidcProviderError('refused', 'claims: no email');
  const name = text(profile.name);
  return {
    subject: claims.sub,
    email,
    emailVerified: profile.email_verified !== false,
    givenName: text(profile.given_name) || name.split(/\s+/)[0] || '',
    familyName: text(profile.family_name) || name.split(/\s+/).slice(1).join(' '),
    groups: callback.groupClaim === undefined ? [] : claimValues(claims[callback.groupClaim] ?? profile[callback.groupClaim]),
    ...(tokens.id_token === undefined ? {} : { idToken: tokens.id_token }),
  };
};

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider's end_session
 * address with the session's ID token as id_token_hint, or undefined when the provider
 * publishes none.
 */
export const oidcEndSessionUrl = (configuration: client.Configuration, logout: { readonly idToken: string; readonly postLogoutRedirectUri: string }): string | undefined => {
  if (configuration.serverMetadata().end_session_endpoint === undefined) return undefined;
  return client.buildEndSessionUrl(configuration, { id_token_hint: logout.idToken, post_logout_redirect_uri: logout.postLogoutRedirectUri }).href;
};
