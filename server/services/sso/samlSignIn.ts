import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { type Kysely, sql } from 'kysely';
import { AuthMessages, type LoginResult } from '../../../domain/contracts/auth';
import { OidcMessages, SAML_CALLBACK_PATH } from '../../../domain/contracts/sso';
import type { Database, SsoOidcSettingsTable } from '../../db/database';
import { invalid } from '../errors';
import { randomToken, sha256Hex } from '../auth/tokens';
import { admitSsoIdentity, type OidcSignInConfig, type OidcStart, oidcStateTtlMinutes, safeReturnTo, type SsoIdentity, ssoRefusal } from './oidcSignIn';
import { EMAIL_NAME_ID_FORMAT, samlAcsUrl, samlEntityId } from './samlSettings';
import { claimValues } from './groupMappings';
import { rememberSsoSession } from './singleLogout';
import { type ServiceProviderKeys, serviceProviderKeys, signingOptions } from './serviceProviderKeys';

/** Clocks of the identity provider and ours may differ by this much on NotBefore and NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** A response is a few kilobytes; anything far larger is refused before it is parsed. */
const MAX_RESPONSE_CHARS = 500_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type SamlSettingsRow = Pick<
  SsoOidcSettingsTable,
  'organization_id' | 'saml_idp_entity_id' | 'saml_idp_sso_url' | 'saml_idp_certificates'
>;

/**
 * Our service provider for one organisation's identity provider; the cache is the one request this
 * exchange may answer. Given our keys it signs its requests; verifying a response needs none.
 */
const serviceProvider = (config: OidcSignInConfig, settings: SamlSettingsRow, cacheProvider: CacheProvider, keys?: ServiceProviderKeys): SAML =>
  new SAML({
    ...signingOptions(keys),
    issuer: samlEntityId(config.appUrl),
    callbackUrl: samlAcsUrl(config.appUrl),
    entryPoint: settings.saml_idp_sso_url ?? '',
    idpIssuer: settings.saml_idp_entity_id ?? '',
    idpCert: (settings.saml_idp_certificates ?? '').split(/(?<=-----END CERTIFICATE-----)\n/).filter((pem) => pem !== ''),
    audience: samlEntityId(config.appUrl),
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: oidcStateTtlMinutes * 60_000,
    disableRequestedAuthnContext: true,
    cacheProvider,
  });

const noCache: Omit<CacheProvider, 'saveAsync'> = { getAsync: async () => null, removeAsync: async () => null };

/**
 * "Sign in with your organisation" when the organisation chose SAML: an AuthnRequest by
 * HTTP-Redirect whose ID and RelayState are kept, bound to this browser, for 10 minutes.
 */
export const startSamlSignIn = async (db: Kysely<Database>, config: OidcSignInConfig, settings: SamlSettingsRow, start: OidcStart): Promise<string> => {
  const issued: { id?: string; instant?: string } = {};
  const capture: CacheProvider = {
    ...noCache,
    saveAsync: async (key, value) => {
      issued.id = key;
      issued.instant = value;
      return { value, createdAt: Date.now() };
    },
  };
  const relayState = randomToken();
  const url = await serviceProvider(config, settings, capture, await serviceProviderKeys(db, config.samlServiceProvider)).getAuthorizeUrlAsync(relayState, undefined, {});
  if (issued.id === undefined || issued.instant === undefined) throw new Error('node-saml issued an AuthnRequest without keeping its ID');
  await db.deleteFrom('sso_saml_requests').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('sso_saml_requests')
    .values({
      request_id: issued.id,
      relay_hash: sha256Hex(relayState),
      browser_hash: sha256Hex(start.browser),
      organization_id: settings.organization_id,
      return_to: safeReturnTo(start.returnTo),
      issued_at: issued.instant,
      expires_at: sql<Date>`now() + make_interval(mins => ${sql.lit(oidcStateTtlMinutes)})`,
    })
    .execute();
  return url;
};

/** The first text of an attribute under any of its usual names (SAML attribute names differ per provider). */
const attribute = (profile: Profile, names: readonly string[]): string | undefined => {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') return first.trim();
  }
  return undefined;
};

const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const GIVEN_NAME_ATTRIBUTES = ['givenName', 'given_name', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const FAMILY_NAME_ATTRIBUTES = ['sn', 'surname', 'family_name', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];

type XmlJs = { $?: Record<string, string> } & { [child: string]: XmlJs[] | Record<string, string> | undefined };
const children = (node: XmlJs | undefined, name: string): XmlJs[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value : [];
};

/** What node-saml leaves to us once the signature, audience, time window and InResponseTo verified. */
interface AssertionFacts {
  readonly assertionId: string;
  readonly expiresAt: Date;
  readonly recipients: readonly string[];
  readonly destination: string | null;
}

const assertionFacts = (profile: Profile): AssertionFacts | undefined => {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (assertion === undefined || assertionId === undefined) return undefined;
  const confirmations = children(assertion, 'Subject').flatMap((subject) => children(subject, 'SubjectConfirmation'));
  const data = confirmations.flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'));
  const ends = [...children(assertion, 'Conditions'), ...data]
    .map((node) => node.$?.NotOnOrAfter)
    .filter((value): value is string => value !== undefined && !Number.isNaN(Date.parse(value)))
    .map((value) => Date.parse(value));
  // Kept at least until the request it answers could no longer be answered.
  const expiresAt = new Date(Math.max(Date.now() + oidcStateTtlMinutes * 60_000, ...ends) + SAML_CLOCK_SKEW_MS);
  const responseXml = profile.getSamlResponseXml?.() ?? '';
  const destination = new DOMParser().parseFromString(responseXml, 'text/xml').documentElement?.getAttribute('Destination') ?? null;
  return { assertionId, expiresAt, recipients: data.map((node) => node.$?.Recipient ?? ''), destination: destination === '' ? null : destination };
};

export interface SamlPost {
  readonly samlResponse: string | undefined;
  readonly relayState: string | undefined;
  readonly address: string | null;
}

/**
 * POST /api/sso/saml/acs, from the identity provider through the browser. The browser's cookie
 * does not come with this cross-site POST, so the response is verified here and its outcome
 * kept on the request it answers; the browser then confirms from our own page
 * (completeSamlSignIn). Answers where to send the browser; refusals are audited here and
 * answered there.
 */
export const consumeSamlResponse = async (db: Kysely<Database>, config: OidcSignInConfig, post: SamlPost): Promise<string> => {
  const { address } = post;
  const relayState = post.relayState ?? '';
  const callback = TOKEN_SHAPE.test(relayState) ? `${SAML_CALLBACK_PATH}?relay_state=${relayState}` : SAML_CALLBACK_PATH;
  const request = TOKEN_SHAPE.test(relayState)
    ? await db
        .selectFrom('sso_saml_requests')
        .innerJoin('sso_oidc_settings', 'sso_oidc_settings.organization_id', 'sso_saml_requests.organization_id')
        .selectAll('sso_saml_requests')
        .select(['kind', 'saml_idp_entity_id', 'saml_idp_sso_url', 'saml_idp_certificates', 'group_claim'])
        .where('relay_hash', '=', sha256Hex(relayState))
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst()
    : undefined;
  const audited = (organizationId: string | null, reason: string, detail?: string) =>
    ssoRefusal(db, { organizationId, actor: null, address, reason, method: 'saml', ...(detail === undefined ? {} : { detail }) }, invalid(OidcMessages.refused)).catch(
      () => undefined,
    );
  if (request === undefined) {
    await audited(null, 'state_invalid');
    return callback;
  }
  const organizationId = request.organization_id;
  if (request.verified_email !== null || request.refusal !== null) {
    // This request was answered already: a second response to it is a replay, and leaves the first outcome as it was.
    await audited(organizationId, 'response_replayed');
    return callback;
  }
  const refuse = async (reason: string, detail?: string): Promise<string> => {
    await audited(organizationId, reason, detail?.slice(0, 200));
    await db.updateTable('sso_saml_requests').set({ refusal: OidcMessages.refused }).where('request_id', '=', request.request_id).execute();
    return callback;
  };
  if (request.kind !== 'saml') return refuse('not_configured');
  const samlResponse = post.samlResponse ?? '';
  if (samlResponse === '' || samlResponse.length > MAX_RESPONSE_CHARS) return refuse('assertion_invalid', 'no response');

  const onlyThisRequest: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === request.request_id ? request.issued_at : null),
    removeAsync: async () => null,
  };
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(config, request, onlyThisRequest).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    return refuse('assertion_invalid', error instanceof Error ? error.message : 'not verified');
  }
  const facts = profile === null ? undefined : assertionFacts(profile);
  if (profile === null || facts === undefined) return refuse('assertion_invalid', 'no assertion');
  const acsUrl = samlAcsUrl(config.appUrl);
  if (facts.destination !== null && facts.destination !== acsUrl) return refuse('assertion_invalid', 'destination');
  if (facts.recipients.length === 0 || facts.recipients.some((recipient) => recipient !== acsUrl)) return refuse('assertion_invalid', 'recipient');

  await db.deleteFrom('sso_saml_assertions').where('expires_at', '<', sql<Date>`now()`).execute();
  const fresh = await db
    .insertInto('sso_saml_assertions')
    .values({ organization_id: organizationId, assertion_id: facts.assertionId.slice(0, 512), expires_at: facts.expiresAt })
    .onConflict((oc) => oc.columns(['organization_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  if (fresh === undefined) return refuse('assertion_replayed');

  const email = attribute(profile, EMAIL_ATTRIBUTES) ?? (profile.nameID?.includes('@') ? profile.nameID.trim() : undefined);
  if (email === undefined || email.length > 254) return refuse('email_missing');
  await db
    .updateTable('sso_saml_requests')
    .set({
      verified_email: email,
      verified_given_name: (attribute(profile, GIVEN_NAME_ATTRIBUTES) ?? '').slice(0, 100),
      verified_family_name: (attribute(profile, FAMILY_NAME_ATTRIBUTES) ?? '').slice(0, 100),
      verified_subject: (profile.nameID ?? email).slice(0, 255),
      // The attribute the administrator named for groups, all its values (mapped at sign-in).
      verified_groups: JSON.stringify(claimValues(profile[request.group_claim])),
      // What a LogoutRequest must name to end this session at the identity provider.
      verified_name_id_format: profile.nameIDFormat?.slice(0, 255) ?? null,
      verified_session_index: profile.sessionIndex?.slice(0, 255) ?? null,
    })
    .where('request_id', '=', request.request_id)
    .execute();
  return callback;
};

export interface SamlReturn {
  readonly relayState: string;
  /** The browser's binding value, undefined when the cookie is missing or malformed. */
  readonly browser: string | undefined;
  readonly address: string | null;
}

/**
 * POST /api/sso/saml/login, from our callback page in the browser that started: the verified
 * person signs in through the same rules as after OpenID Connect (admitSsoIdentity).
 */
export const completeSamlSignIn = async (
  db: Kysely<Database>,
  config: OidcSignInConfig,
  input: SamlReturn,
): Promise<LoginResult & { return_to: string }> => {
  const { address } = input;
  const stateInvalid = invalid(AuthMessages.ssoStateInvalid);
  if (!TOKEN_SHAPE.test(input.relayState) || input.browser === undefined) {
    return ssoRefusal(db, { organizationId: null, actor: null, address, reason: 'state_invalid', method: 'saml' }, stateInvalid);
  }
  const answered = await db
    .deleteFrom('sso_saml_requests')
    .where('relay_hash', '=', sha256Hex(input.relayState))
    .where('browser_hash', '=', sha256Hex(input.browser))
    .where('expires_at', '>', sql<Date>`now()`)
    .where((eb) => eb.or([eb('verified_email', 'is not', null), eb('refusal', 'is not', null)]))
    .returningAll()
    .executeTakeFirst();
  if (answered === undefined) return ssoRefusal(db, { organizationId: null, actor: null, address, reason: 'state_invalid', method: 'saml' }, stateInvalid);
  // Already audited when the identity provider's response was refused.
  if (answered.refusal !== null || answered.verified_email === null) throw invalid(answered.refusal ?? OidcMessages.refused);

  const organizationId = answered.organization_id;
  const settings = await db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  if (settings?.kind !== 'saml') {
    return ssoRefusal(db, { organizationId, actor: null, address, reason: 'not_configured', method: 'saml' }, invalid(OidcMessages.refused));
  }
  const identity: SsoIdentity = {
    subject: answered.verified_subject ?? answered.verified_email,
    email: answered.verified_email,
    // The identity provider answers for its own directory's addresses; the domain check follows.
    emailVerified: true,
    givenName: answered.verified_given_name ?? '',
    familyName: answered.verified_family_name ?? '',
    groups: answered.verified_groups ?? [],
  };
  const result = await admitSsoIdentity(db, config, { organizationId, settings, identity, address, method: 'saml' });
  await rememberSsoSession(db, organizationId, result, {
    kind: 'saml',
    nameId: answered.verified_subject,
    nameIdFormat: answered.verified_name_id_format,
    sessionIndex: answered.verified_session_index,
  });
  return { ...result, return_to: answered.return_to };
};
