import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { type Kysely, sql } from 'kysely';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import {
  SAML_ACS_PATH,
  SAML_METADATA_PATH,
  SAML_SLO_PATH,
  SamlMessages,
  type SamlSettings,
  type saveSamlSettings,
} from '../../../domain/contracts/sso';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { invalidData } from '../errors';
import { requireRole } from '../organization/scope';
import { type SsoSettingsConfig, assertSsoCanBeRequired } from './oidcSettings';
import { serviceProviderKeys, signingOptions } from './serviceProviderKeys';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Identity provider metadata is a few kilobytes; a federation's aggregate is not what this field is for. */
const MAX_METADATA_CHARS = 200_000;
const METADATA_FETCH_MS = 10_000;
/** We ask for the person's email as the NameID; the assertion's email attributes are read too. */
export const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

const origin = (appUrl: string): string => appUrl.replace(/\/+$/, '');
/** Our entity id as a service provider (the address our metadata is published at). */
export const samlEntityId = (appUrl: string): string => `${origin(appUrl)}${SAML_METADATA_PATH}`;
/** Where identity providers post their responses. */
export const samlAcsUrl = (appUrl: string): string => `${origin(appUrl)}${SAML_ACS_PATH}`;
/** Our single logout service: where the identity provider's LogoutResponse comes back. */
export const samlSloUrl = (appUrl: string): string => `${origin(appUrl)}${SAML_SLO_PATH}`;

/** What the server keeps from an identity provider's metadata. */
export interface IdentityProviderMetadata {
  readonly entityId: string;
  readonly ssoUrl: string;
  /** PEM certificates the identity provider signs with. */
  readonly certificates: readonly string[];
}

const pemOf = (base64: string): string => {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
};

const isWebAddress = (raw: string, allowInsecure: boolean): boolean => {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  return url.protocol === 'https:' || (allowInsecure && url.protocol === 'http:' && loopback);
};

/**
 * The entity id, the HTTP-Redirect sign-in address and the signing certificates of the first
 * identity provider in the metadata; undefined when any is missing. A DOCTYPE is refused so
 * no entity declaration is ever read.
 */
export const parseIdentityProviderMetadata = (xml: string, allowInsecure: boolean): IdentityProviderMetadata | undefined => {
  if (xml.length === 0 || xml.length > MAX_METADATA_CHARS || /<!DOCTYPE/i.test(xml)) return undefined;
  let failed = false;
  const document = new DOMParser({ errorHandler: { error: () => (failed = true), fatalError: () => (failed = true) } }).parseFromString(xml, 'text/xml');
  if (failed || document?.documentElement == null) return undefined;
  const descriptors = Array.from(document.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor'));
  const descriptor = descriptors[0];
  const entity = descriptor?.parentNode as Element | null | undefined;
  if (descriptor === undefined || entity == null || entity.localName !== 'EntityDescriptor') return undefined;
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  const ssoUrl =
    Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, 'SingleSignOnService'))
      .find((service) => service.getAttribute('Binding') === REDIRECT_BINDING)
      ?.getAttribute('Location')
      ?.trim() ?? '';
  const certificates = Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(SIGNATURE_NS, 'X509Certificate')))
    .map((node) => (node.textContent ?? '').replace(/\s+/g, ''))
    .filter((text) => /^[A-Za-z0-9+/]+=*$/.test(text))
    .map(pemOf);
  if (entityId === '' || entityId.length > 1024 || !isWebAddress(ssoUrl, allowInsecure) || certificates.length === 0) return undefined;
  return { entityId, ssoUrl, certificates };
};

/** Reads the metadata from the identity provider's address, once, when the administrator saves it. */
const fetchMetadata = async (url: string): Promise<string | undefined> => {
  try {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(METADATA_FETCH_MS) });
    if (!response.ok) return undefined;
    const text = await response.text();
    return text.length > MAX_METADATA_CHARS ? undefined : text;
  } catch {
    return undefined;
  }
};

const samlSettingsOf = async (db: Kysely<Database>, config: SsoSettingsConfig, organizationId: string): Promise<SamlSettings> => {
  const row = await db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  return {
    active: row?.kind === 'saml',
    idp_metadata_url: row?.saml_idp_metadata_url ?? '',
    idp_entity_id: row?.saml_idp_entity_id ?? '',
    idp_sso_url: row?.saml_idp_sso_url ?? '',
    sso_required: row?.sso_required ?? false,
    jit_allowed: row?.jit_allowed ?? false,
    jit_role: row?.jit_role ?? 'staff',
    sp_entity_id: samlEntityId(config.appUrl),
    acs_url: samlAcsUrl(config.appUrl),
  };
};

/** GET /organization/sso/saml (administrator only). */
export const readSamlSettings = async (db: Kysely<Database>, config: SsoSettingsConfig, auth: AuthContext): Promise<SamlSettings> => {
  requireRole(auth, ['admin']);
  return samlSettingsOf(db, config, auth.organization.id);
};

/**
 * POST /organization/sso/saml (administrator only): keeps the identity provider's metadata and
 * makes SAML the organisation's provider. "SSO required" has the same conditions as for
 * OpenID Connect. The OpenID Connect columns of an existing row are left as they were.
 */
export const writeSamlSettings = async (
  db: Kysely<Database>,
  config: SsoSettingsConfig,
  auth: AuthContext,
  body: BodyOf<typeof saveSamlSettings>,
  address: string | null,
): Promise<SamlSettings> => {
  requireRole(auth, ['admin']);
  const organizationId = auth.organization.id;
  const allowInsecure = config.ssoAllowInsecureRequests === true;
  const metadataUrl = (body.idp_metadata_url ?? '').trim();
  let xml = (body.idp_metadata ?? '').trim();
  if (metadataUrl !== '') {
    if (metadataUrl.length > 2048 || !isWebAddress(metadataUrl, allowInsecure)) throw invalidData({ idp_metadata_url: [SamlMessages.metadataInvalid] });
    xml = (await fetchMetadata(metadataUrl)) ?? '';
  }
  const metadata = parseIdentityProviderMetadata(xml, allowInsecure);
  if (metadata === undefined) throw invalidData({ [metadataUrl === '' ? 'idp_metadata' : 'idp_metadata_url']: [SamlMessages.metadataInvalid] });
  if (body.sso_required) await assertSsoCanBeRequired(db, auth, organizationId);

  const values = {
    kind: 'saml' as const,
    saml_idp_metadata: xml,
    saml_idp_metadata_url: metadataUrl === '' ? null : metadataUrl,
    saml_idp_entity_id: metadata.entityId,
    saml_idp_sso_url: metadata.ssoUrl,
    saml_idp_certificates: metadata.certificates.join('\n'),
    sso_required: body.sso_required,
    jit_allowed: body.jit_allowed,
    jit_role: body.jit_role,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('sso_oidc_settings')
    .values({ organization_id: organizationId, issuer_url: '', client_id: '', client_secret_encrypted: null, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
  await audit(db, {
    organizationId,
    actor: auth.user.id,
    action: 'sso.settings_changed',
    address,
    details: { kind: 'saml', idp_entity_id: metadata.entityId, sso_required: body.sso_required, jit_allowed: body.jit_allowed, jit_role: body.jit_role },
  });
  return samlSettingsOf(db, config, organizationId);
};

/** GET /organization/sso/saml/sp-metadata (administrator only): what to give the identity provider, with the certificate our requests are signed with. */
export const serviceProviderMetadata = async (db: Kysely<Database>, config: SsoSettingsConfig, auth: AuthContext): Promise<{ filename: string; xml: string }> => {
  requireRole(auth, ['admin']);
  const keys = await serviceProviderKeys(db, config.samlServiceProvider);
  const xml = generateServiceProviderMetadata({
    ...signingOptions(keys),
    publicCerts: keys.certificate,
    issuer: samlEntityId(config.appUrl),
    callbackUrl: samlAcsUrl(config.appUrl),
    logoutCallbackUrl: samlSloUrl(config.appUrl),
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    wantAssertionsSigned: true,
  });
  return { filename: 'commonweave-saml-sp-metadata.xml', xml };
};
