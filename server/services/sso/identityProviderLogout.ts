import { inflateRawSync } from 'node:zlib';
import { type Profile, SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { type Kysely, sql } from 'kysely';
import { SamlMessages, SSO_LOGGED_OUT_PATH } from '../../../domain/contracts/sso';
import type { Database, SsoOidcSettingsTable } from '../../db/database';
import { audit } from '../auth/audit';
import { revokeSessionById } from '../auth/sessions';
import { invalid } from '../errors';
import type { OidcSignInConfig } from './oidcSignIn';
import { SAML_CLOCK_SKEW_MS } from './samlSignIn';
import { samlAcsUrl, samlEntityId, samlSloUrl } from './samlSettings';
import { singleLogoutServiceOf } from './singleLogout';
import { type ServiceProviderKeys, serviceProviderKeys, signingOptions } from './serviceProviderKeys';

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
/** A LogoutRequest is well under a kilobyte; anything far larger is refused before it is read. */
const MAX_MESSAGE_CHARS = 100_000;
/** Organisations sharing one identity provider's entity id, tried in turn. */
const MAX_CANDIDATES = 20;
/** How old a LogoutRequest may be: a captured one cannot be replayed later to end new sessions. */
export const LOGOUT_REQUEST_MAX_AGE_MS = 5 * 60_000;

/** A LogoutRequest the identity provider started, as it reached /api/sso/saml/slo. */
export type IdentityProviderLogout =
  | {
      readonly binding: 'redirect';
      /** The query string exactly as it came: the signature covers its encoded form. */
      readonly rawQuery: string;
      readonly query: Readonly<Record<string, string | undefined>>;
      readonly address: string | null;
    }
  | {
      readonly binding: 'post';
      readonly form: Readonly<Record<string, string | undefined>>;
      readonly address: string | null;
    };

type SamlSettingsRow = Pick<SsoOidcSettingsTable, 'organization_id' | 'saml_idp_entity_id' | 'saml_idp_sso_url' | 'saml_idp_certificates' | 'saml_idp_metadata'>;

/**
 * Our service provider as the identity provider's logout sees it: its certificate, its entity id,
 * its logout address. Given our keys it signs its LogoutResponse; verifying the request needs none.
 */
const serviceProvider = (config: OidcSignInConfig, settings: SamlSettingsRow, logoutUrl: string | undefined, keys?: ServiceProviderKeys): SAML =>
  new SAML({
    ...signingOptions(keys),
    issuer: samlEntityId(config.appUrl),
    callbackUrl: samlAcsUrl(config.appUrl),
    entryPoint: logoutUrl ?? settings.saml_idp_sso_url ?? samlSloUrl(config.appUrl),
    ...(logoutUrl === undefined ? {} : { logoutUrl }),
    logoutCallbackUrl: samlSloUrl(config.appUrl),
    idpIssuer: settings.saml_idp_entity_id ?? '',
    idpCert: (settings.saml_idp_certificates ?? '').split(/(?<=-----END CERTIFICATE-----)\n/).filter((pem) => pem !== ''),
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // A LogoutRequest answers nothing of ours: no request ID to look up.
    cacheProvider: { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null },
  });

/** The request's XML, before anything in it is trusted: only to find whose identity provider it names. */
const messageXml = (request: IdentityProviderLogout): string | undefined => {
  const encoded = request.binding === 'redirect' ? request.query.SAMLRequest : request.form.SAMLRequest;
  if (encoded === undefined || encoded === '' || encoded.length > MAX_MESSAGE_CHARS) return undefined;
  try {
    const bytes = Buffer.from(encoded, 'base64');
    return (request.binding === 'redirect' ? inflateRawSync(bytes, { maxOutputLength: MAX_MESSAGE_CHARS }) : bytes).toString('utf8');
  } catch {
    return undefined;
  }
};

interface Unverified {
  readonly issuer: string;
  readonly destination: string | null;
  readonly issuedAt: number;
}

const unverifiedFacts = (xml: string): Unverified | undefined => {
  if (/<!DOCTYPE/i.test(xml)) return undefined;
  let failed = false;
  const document = new DOMParser({ errorHandler: { error: () => (failed = true), fatalError: () => (failed = true) } }).parseFromString(xml, 'text/xml');
  const root = document?.documentElement;
  if (failed || root == null || root.namespaceURI !== PROTOCOL_NS || root.localName !== 'LogoutRequest') return undefined;
  const issuer = Array.from(root.getElementsByTagNameNS(ASSERTION_NS, 'Issuer')).find((node) => node.parentNode === root)?.textContent?.trim();
  if (issuer === undefined || issuer === '') return undefined;
  const destination = root.getAttribute('Destination');
  return { issuer, destination: destination === null || destination === '' ? null : destination, issuedAt: Date.parse(root.getAttribute('IssueInstant') ?? '') };
};

/** The LogoutRequest verified against one organisation's identity provider, or why not. */
const verifyFor = async (saml: SAML, request: IdentityProviderLogout): Promise<Profile | string> => {
  try {
    if (request.binding === 'redirect') {
      const { SAMLRequest, RelayState, Signature, SigAlg } = request.query;
      // node-saml accepts a redirect without a signature: a request nobody signed ends nothing here.
      if (Signature === undefined || Signature === '' || SigAlg === undefined || SigAlg === '') return 'unsigned';
      const container = { SAMLRequest: SAMLRequest ?? '', Signature, SigAlg, ...(RelayState === undefined ? {} : { RelayState }) };
      const { profile } = await saml.validateRedirectAsync(container, request.rawQuery);
      return profile ?? 'no request';
    }
    const { profile } = await saml.validatePostRequestAsync({ SAMLRequest: request.form.SAMLRequest ?? '' });
    return profile ?? 'no request';
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'not verified';
  }
};

/** Beside the assertion IDs sign-in records (same table, same issuer): the prefix keeps the two kinds apart. */
const LOGOUT_REQUEST_KEY_PREFIX = 'logout-request:';
const MAX_KEY_CHARS = 512;

/**
 * Records the verified request's ID for the organisation whose identity provider (so whose
 * issuer) signed it, until the request is too old to be accepted anyway; false when it was
 * recorded already. Within its window a captured request sent again must not end a session
 * the person opened after the first one.
 */
const firstUseOf = async (db: Kysely<Database>, organizationId: string, requestId: string, issuedAt: number): Promise<boolean> => {
  await db.deleteFrom('sso_saml_assertions').where('expires_at', '<', sql<Date>`now()`).execute();
  const windowEnd = Math.max(issuedAt + LOGOUT_REQUEST_MAX_AGE_MS + SAML_CLOCK_SKEW_MS, Date.now());
  const fresh = await db
    .insertInto('sso_saml_assertions')
    .values({ organization_id: organizationId, assertion_id: `${LOGOUT_REQUEST_KEY_PREFIX}${requestId}`.slice(0, MAX_KEY_CHARS), expires_at: new Date(windowEnd) })
    .onConflict((oc) => oc.columns(['organization_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return fresh !== undefined;
};

/** Ends the sessions our sign-ins through this identity provider opened for the person (and session) the request names. */
const endNamedSessions = async (db: Kysely<Database>, organizationId: string, profile: Profile, address: string | null): Promise<number> => {
  const ended = await db
    .deleteFrom('sso_sessions')
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'saml')
    .where('saml_name_id', '=', profile.nameID)
    .$if(typeof profile.sessionIndex === 'string' && profile.sessionIndex !== '', (query) => query.where('saml_session_index', '=', profile.sessionIndex!))
    .returning('session_id')
    .execute();
  let count = 0;
  for (const { session_id } of ended) {
    const session = await revokeSessionById(db, session_id);
    if (session === undefined) continue;
    count += 1;
    await audit(db, {
      organizationId: session.organization_id,
      actor: session.user_id,
      action: 'auth.signed_out',
      address,
      details: { method: 'saml', initiator: 'identity_provider' },
    });
  }
  return count;
};

/**
 * A LogoutRequest the identity provider started (HTTP-Redirect or HTTP-POST to
 * /api/sso/saml/slo). It names its issuer; each organisation whose SAML identity provider has
 * that entity id is tried, and only a request whose signature verifies against that
 * provider's metadata certificate (and whose issuer, time window and destination hold) ends
 * the named person's sessions opened through it, once: its ID is recorded until its time
 * window ends, and the same request sent again is refused. Answers where the browser goes next: the
 * identity provider's logout address with our LogoutResponse, or the sign-in page when its
 * metadata names none. Anything else is refused with an audit row, ending nothing.
 */
export const answerIdentityProviderLogout = async (db: Kysely<Database>, config: OidcSignInConfig, request: IdentityProviderLogout): Promise<string> => {
  const refuse = async (organizationIds: readonly (string | null)[], reason: string, detail?: string): Promise<never> => {
    for (const organizationId of organizationIds) {
      await audit(db, {
        organizationId,
        actor: null,
        action: 'auth.sso_logout_refused',
        address: request.address,
        details: { method: 'saml', binding: request.binding, reason, ...(detail === undefined ? {} : { detail }) },
      });
    }
    throw invalid(SamlMessages.logoutRefused);
  };

  const xml = messageXml(request);
  const facts = xml === undefined ? undefined : unverifiedFacts(xml);
  if (facts === undefined) return refuse([null], 'request_invalid');
  if (facts.destination !== null && facts.destination !== samlSloUrl(config.appUrl)) return refuse([null], 'destination');
  // Read before the signature is checked, but acted on only once it verified (it is part of what is signed).
  const age = Date.now() - facts.issuedAt;
  if (Number.isNaN(age) || age > LOGOUT_REQUEST_MAX_AGE_MS + SAML_CLOCK_SKEW_MS || age < -SAML_CLOCK_SKEW_MS) return refuse([null], 'request_expired');
  const candidates = await db
    .selectFrom('sso_oidc_settings')
    .select(['organization_id', 'saml_idp_entity_id', 'saml_idp_sso_url', 'saml_idp_certificates', 'saml_idp_metadata'])
    .where('kind', '=', 'saml')
    .where('saml_idp_entity_id', '=', facts.issuer)
    // Always the same order, so a request sent again reaches the organisation that recorded its ID.
    .orderBy('organization_id')
    .limit(MAX_CANDIDATES)
    .execute();
  if (candidates.length === 0) return refuse([null], 'issuer_unknown');

  const failures: string[] = [];
  for (const settings of candidates) {
    const logoutUrl = singleLogoutServiceOf(settings.saml_idp_metadata);
    const verified = await verifyFor(serviceProvider(config, settings, logoutUrl), request);
    if (typeof verified === 'string') {
      failures.push(verified);
      continue;
    }
    // node-saml refuses a request without an ID; one that still came through could not be told from its replay.
    const requestId = typeof verified.ID === 'string' ? verified.ID : '';
    if (requestId === '') return refuse([settings.organization_id], 'request_invalid');
    if (!(await firstUseOf(db, settings.organization_id, requestId, facts.issuedAt))) return refuse([settings.organization_id], 'replayed');
    await endNamedSessions(db, settings.organization_id, verified, request.address);
    if (logoutUrl === undefined) return SSO_LOGGED_OUT_PATH;
    const relayState = request.binding === 'redirect' ? request.query.RelayState : request.form.RelayState;
    const signing = serviceProvider(config, settings, logoutUrl, await serviceProviderKeys(db, config.samlServiceProvider));
    return signing.getLogoutResponseUrlAsync(verified, relayState ?? '', {}, true);
  }
  const reason = failures.every((failure) => failure === 'unsigned') ? 'unsigned' : 'signature_invalid';
  return refuse(
    candidates.map((settings) => settings.organization_id),
    reason,
    failures[0],
  );
};
