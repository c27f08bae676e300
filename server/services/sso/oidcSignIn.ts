import { type Kysely, sql } from 'kysely';
import { AuthMessages, type LoginResult } from '../../../domain/contracts/auth';
import { OidcMessages } from '../../../domain/contracts/sso';
import type { ServerConfig } from '../../config';
import type { Database, UserRow } from '../../db/database';
import { audit } from '../auth/audit';
import { DomainError, invalid, invalidData } from '../errors';
import { completeSignIn } from '../auth/signIn';
import { randomToken, sha256Hex } from '../auth/tokens';
import { findUserByEmail, normalizeEmail } from '../auth/users';
import { ACCOUNT_KINDS } from '../invitations';
import { createAccount } from '../invitations/acceptance';
import { completeOidcCallback, discoverProvider, oidcAuthorizationUrl, type OidcIdentity, OidcProviderError } from './oidcProvider';
import { decryptSecret, SsoSecretKeyMissing, secretKeyFor } from './oidcSecrets';
import { startSamlSignIn } from './samlSignIn';
import { mappedGroupClaim, placeInMappedGroup } from './groupMappings';
import { rememberSsoSession } from './singleLogout';
import { domainOfEmail, oidcRedirectUri } from './oidcSettings';

export type OidcSignInConfig = Pick<ServerConfig, 'production' | 'ssoSecretKey' | 'ssoAllowInsecureRequests' | 'appUrl' | 'passwordExpiryDays' | 'samlServiceProvider'>;

/** A started sign-in must come back within 10 minutes. */
export const oidcStateTtlMinutes = 10;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_CODE = 2048;
const MAX_RETURN_TO = 512;

/** Where to land after signing in: a path of this site only (never another origin), else the home page. */
export const safeReturnTo = (raw: string | undefined): string => {
  const value = (raw ?? '').trim();
  if (value === '' || value.length > MAX_RETURN_TO || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/[\u0000-\u001f]/.test(value)) return '/';
  return value;
};

type SettingsRow = NonNullable<Awaited<ReturnType<typeof settingsFor>>>;

const settingsFor = (db: Kysely<Database>, organizationId: string) =>
  db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();

/** Which kind of the organisation's provider a sign-in went through, as the audit rows name it. */
export type SsoMethod = 'oidc' | 'saml';

/** Writes the refusal's audit row, then throws the sentence the person sees (the same for both provider kinds). */
export const ssoRefusal = async (
  db: Kysely<Database>,
  entry: { organizationId: string | null; actor: string | null; address: string | null; reason: string; detail?: string; method?: SsoMethod },
  error: DomainError,
): Promise<never> => {
  await audit(db, {
    organizationId: entry.organizationId,
    actor: entry.actor?.slice(0, 320) ?? null,
    action: 'auth.sign_in_failed',
    address: entry.address,
    details: { method: entry.method ?? 'oidc', reason: entry.reason, ...(entry.detail === undefined ? {} : { detail: entry.detail }) },
  });
  throw error;
};
const refusal = ssoRefusal;

/** The client's settings with the secret opened; a secret that no longer opens (the key changed) is the provider being unavailable. */
const clientSettings = async (db: Kysely<Database>, config: OidcSignInConfig, settings: SettingsRow, address: string | null) => {
  let clientSecret: string | undefined;
  if (settings.client_secret_encrypted !== null) {
    let material: string | undefined;
    try {
      material = secretKeyFor(config);
    } catch (error) {
      if (!(error instanceof SsoSecretKeyMissing)) throw error;
    }
    clientSecret = material === undefined ? undefined : decryptSecret(material, settings.organization_id, settings.client_secret_encrypted);
    if (clientSecret === undefined) {
      await refusal(db, { organizationId: settings.organization_id, actor: null, address, reason: 'secret_unreadable' }, new DomainError('unavailable', OidcMessages.unavailable));
    }
  }
  return { issuerUrl: settings.issuer_url, clientId: settings.client_id, clientSecret, allowInsecureRequests: config.ssoAllowInsecureRequests === true };
};

const providerFailure = async (db: Kysely<Database>, organizationId: string, actor: string | null, address: string | null, error: unknown): Promise<never> => {
  if (!(error instanceof OidcProviderError)) throw error;
  const answer = error.kind === 'refused' ? invalid(OidcMessages.refused) : new DomainError('unavailable', OidcMessages.unavailable);
  return refusal(db, { organizationId, actor, address, reason: error.kind === 'refused' ? 'provider_refused' : 'provider_unavailable', detail: error.detail }, answer);
};

export interface OidcStart {
  readonly email: string;
  readonly returnTo: string | undefined;
  /** The browser's binding value (the sso_browser cookie). */
  readonly browser: string;
  readonly address: string | null;
}

/**
 * POST /sso/oidc/start: finds the organisation whose verified domain the email is at, and the
 * provider it set; answers the provider's authorization address. An unknown domain and a
 * domain without a provider answer the same sentence, so a caller learns nothing else.
 */
export const startOidcSignIn = async (db: Kysely<Database>, config: OidcSignInConfig, start: OidcStart): Promise<string> => {
  const email = start.email.trim();
  const domain = email.length <= 254 ? domainOfEmail(email) : undefined;
  if (domain === undefined) throw invalidData({ email: [AuthMessages.invalidEmail] });

  const claimed = await db
    .selectFrom('sso_domains')
    .leftJoin('sso_oidc_settings', 'sso_oidc_settings.organization_id', 'sso_domains.organization_id')
    .select(['sso_domains.organization_id', 'sso_oidc_settings.organization_id as configured'])
    .where('sso_domains.domain', '=', domain)
    .where('sso_domains.verified_at', 'is not', null)
    .executeTakeFirst();
  const settings = claimed?.configured == null ? undefined : await settingsFor(db, claimed.organization_id);
  if (settings === undefined) {
    return refusal(
      db,
      { organizationId: claimed?.organization_id ?? null, actor: email, address: start.address, reason: claimed === undefined ? 'unknown_domain' : 'not_configured' },
      invalid(OidcMessages.notAvailable),
    );
  }
  if (settings.kind === 'saml') return startSamlSignIn(db, config, settings, start);

  const configuration = await discoverProvider(await clientSettings(db, config, settings, start.address)).catch((error: unknown) =>
    providerFailure(db, settings.organization_id, email, start.address, error),
  );
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken();
  await db.deleteFrom('sso_oidc_states').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('sso_oidc_states')
    .values({
      state_hash: sha256Hex(state),
      browser_hash: sha256Hex(start.browser),
      organization_id: settings.organization_id,
      code_verifier: codeVerifier,
      nonce,
      return_to: safeReturnTo(start.returnTo),
      expires_at: sql<Date>`now() + make_interval(mins => ${sql.lit(oidcStateTtlMinutes)})`,
    })
    .execute();
  return oidcAuthorizationUrl(configuration, { redirectUri: oidcRedirectUri(config.appUrl), state, nonce, codeVerifier, loginHint: email });
};

export interface OidcReturn {
  readonly code: string;
  readonly state: string;
  readonly iss: string | undefined;
  /** The browser's binding value, undefined when the cookie is missing or malformed. */
  readonly browser: string | undefined;
  readonly address: string | null;
}

/** The newest pending invitation to an account of this organisation for this address. */
export const pendingAccountInvitation = (db: Kysely<Database>, organizationId: string, email: string) =>
  db
    .selectFrom('invitations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
    .where('kind', 'in', ACCOUNT_KINDS)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** A new account for a person the provider vouches for, in the role the administrator chose (never an administrator). */
const createJitAccount = async (
  db: Kysely<Database>,
  settings: Pick<SettingsRow, 'organization_id' | 'jit_role'>,
  identity: SsoIdentity,
  address: string | null,
  method: SsoMethod,
): Promise<UserRow> => {
  const user = await db
    .insertInto('users')
    .values({
      organization_id: settings.organization_id,
      email: identity.email,
      password_hash: null,
      role: settings.jit_role,
      first_name: identity.givenName.slice(0, 100),
      last_name: identity.familyName.slice(0, 100),
      locale_id: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(db, {
    organizationId: settings.organization_id,
    actor: user.id,
    action: 'user.created_just_in_time',
    address,
    details: { method, role: settings.jit_role, subject: identity.subject.slice(0, 255) },
  });
  return user;
};

/**
 * POST /sso/oidc/login: the state must be one this browser started and not used or expired;
 * the provider's answer must verify (code with PKCE, ID token signature, issuer, audience,
 * nonce); the email must be at one of the organisation's verified domains and belong to one of
 * its members, or become a just-in-time account when the administrator allows it. Then a
 * session opens exactly as after a password (completeSignIn).
 */
export const completeOidcSignIn = async (
  db: Kysely<Database>,
  config: OidcSignInConfig,
  input: OidcReturn,
): Promise<LoginResult & { return_to: string }> => {
  const { address } = input;
  const stateInvalid = invalid(AuthMessages.ssoStateInvalid);
  if (!TOKEN_SHAPE.test(input.state) || input.browser === undefined) {
    return refusal(db, { organizationId: null, actor: null, address, reason: 'state_invalid' }, stateInvalid);
  }
  const started = await db
    .deleteFrom('sso_oidc_states')
    .where('state_hash', '=', sha256Hex(input.state))
    .where('browser_hash', '=', sha256Hex(input.browser))
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
  if (started === undefined) return refusal(db, { organizationId: null, actor: null, address, reason: 'state_invalid' }, stateInvalid);
  const organizationId = started.organization_id;
  if (input.code === '' || input.code.length > MAX_CODE || (input.iss?.length ?? 0) > MAX_CODE) {
    return refusal(db, { organizationId, actor: null, address, reason: 'code_invalid' }, invalid(OidcMessages.refused));
  }
  const settings = await settingsFor(db, organizationId);
  if (settings === undefined) return refusal(db, { organizationId, actor: null, address, reason: 'not_configured' }, invalid(OidcMessages.refused));

  let identity: OidcIdentity;
  try {
    const configuration = await discoverProvider(await clientSettings(db, config, settings, address));
    identity = await completeOidcCallback(configuration, {
      redirectUri: oidcRedirectUri(config.appUrl),
      code: input.code,
      state: input.state,
      iss: input.iss,
      codeVerifier: started.code_verifier,
      nonce: started.nonce,
      groupClaim: await mappedGroupClaim(db, organizationId),
    });
  } catch (error) {
    return providerFailure(db, organizationId, null, address, error);
  }

  const result = await admitSsoIdentity(db, config, { organizationId, settings, identity, address, method: 'oidc' });
  await rememberSsoSession(db, organizationId, result, { kind: 'oidc', idToken: identity.idToken });
  return { ...result, return_to: started.return_to };
};

/** The person a provider vouched for: the OpenID Connect identity, or what a verified SAML assertion named. */
export type SsoIdentity = Pick<OidcIdentity, 'subject' | 'email' | 'emailVerified' | 'givenName' | 'familyName' | 'groups'>;

/**
 * After either provider kind verified its answer: the email must be at one of the
 * organisation's verified domains and belong to one of its members, or to a pending
 * invitation, or become a just-in-time account when the administrator allows it. A group claim
 * the administrator mapped places them in that group. Then a session opens exactly as after a
 * password (completeSignIn).
 */
export const admitSsoIdentity = async (
  db: Kysely<Database>,
  config: OidcSignInConfig,
  admission: {
    organizationId: string;
    settings: Pick<SettingsRow, 'organization_id' | 'jit_allowed' | 'jit_role'>;
    identity: SsoIdentity;
    address: string | null;
    method: SsoMethod;
  },
): Promise<LoginResult> => {
  const { organizationId, settings, identity, address, method } = admission;
  const notAllowed = invalid(OidcMessages.notAllowed);
  const actor = identity.email;
  const refusal = (entry: { organizationId: string; actor: string; address: string | null; reason: string }, error: DomainError) =>
    ssoRefusal(db, { ...entry, method }, error);
  if (!identity.emailVerified) return refusal({ organizationId, actor, address, reason: 'email_not_verified' }, notAllowed);
  const domain = domainOfEmail(identity.email);
  const domainVerified =
    domain !== undefined &&
    (await db
      .selectFrom('sso_domains')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('domain', '=', domain)
      .where('verified_at', 'is not', null)
      .executeTakeFirst()) !== undefined;
  if (!domainVerified) return refusal({ organizationId, actor, address, reason: 'domain_not_verified' }, notAllowed);

  let user = await findUserByEmail(db, normalizeEmail(identity.email));
  if (user !== undefined && user.organization_id !== organizationId) {
    return refusal({ organizationId, actor, address, reason: 'other_organization' }, notAllowed);
  }
  if (user === undefined) {
    // A person invited but not yet signed up: the provider's word replaces the password they would have chosen.
    const invitation = await pendingAccountInvitation(db, organizationId, identity.email);
    if (invitation !== undefined) {
      user = await createAccount(db, {
        invitation,
        firstName: invitation.first_name.trim() || identity.givenName.slice(0, 100),
        lastName: invitation.last_name.trim() || identity.familyName.slice(0, 100),
        passwordHash: null,
        address,
      });
    } else if (settings.jit_allowed) {
      user = await createJitAccount(db, settings, identity, address, method);
    } else {
      return refusal({ organizationId, actor, address, reason: 'no_account' }, notAllowed);
    }
  }
  user = await placeInMappedGroup(db, user, identity.groups, { address, method });
  return completeSignIn(db, config, { user, method: 'sso', address });
};
