import { SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { Insertable, Kysely } from 'kysely';
import type { LoginResult } from '../../../domain/contracts/auth';
import { SSO_LOGGED_OUT_PATH } from '../../../domain/contracts/sso';
import type { Database, SsoSessionsTable } from '../../db/database';
import { signOut } from '../auth/login';
import { sha256Hex } from '../auth/tokens';
import { discoverProvider, oidcEndSessionUrl } from './oidcProvider';
import type { OidcSignInConfig } from './oidcSignIn';
import { samlAcsUrl, samlEntityId, samlSloUrl } from './samlSettings';
import { type ServiceProviderKeys, serviceProviderKeys, signingOptions } from './serviceProviderKeys';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const TOKEN_MAX = 512;

const origin = (appUrl: string): string => appUrl.replace(/\/+$/, '');
/** Where a provider sends the browser back after its own logout. */
export const loggedOutUrl = (appUrl: string): string => `${origin(appUrl)}${SSO_LOGGED_OUT_PATH}`;

/** What a session opened through the provider keeps for its single logout. */
export type SsoSessionFacts =
  | { readonly kind: 'oidc'; readonly idToken: string | undefined }
  | { readonly kind: 'saml'; readonly nameId: string | null; readonly nameIdFormat: string | null; readonly sessionIndex: string | null };

/**
 * After a sign-in through the provider opened a session: keeps what its single logout will
 * need, tied to that session. Nothing is kept when there is nothing to log out with.
 */
export const rememberSsoSession = async (db: Kysely<Database>, organizationId: string, result: LoginResult, facts: SsoSessionFacts): Promise<void> => {
  if (!('access_token' in result) || typeof result.access_token !== 'string') return;
  if (facts.kind === 'oidc' ? facts.idToken === undefined : facts.nameId === null) return;
  const session = await db.selectFrom('sessions').select('id').where('token_hash', '=', sha256Hex(result.access_token)).executeTakeFirst();
  if (session === undefined) return;
  const row: Insertable<SsoSessionsTable> =
    facts.kind === 'oidc'
      ? { session_id: session.id, organization_id: organizationId, kind: 'oidc', id_token: facts.idToken ?? null }
      : {
          session_id: session.id,
          organization_id: organizationId,
          kind: 'saml',
          saml_name_id: facts.nameId,
          saml_name_id_format: facts.nameIdFormat,
          saml_session_index: facts.sessionIndex,
        };
  await db.insertInto('sso_sessions').values(row).execute();
};

/** The HTTP-Redirect SingleLogoutService of the first identity provider in the metadata, if it has one. */
export const singleLogoutServiceOf = (metadata: string | null): string | undefined => {
  if (metadata === null || metadata === '' || /<!DOCTYPE/i.test(metadata)) return undefined;
  let failed = false;
  const document = new DOMParser({ errorHandler: { error: () => (failed = true), fatalError: () => (failed = true) } }).parseFromString(metadata, 'text/xml');
  if (failed || document?.documentElement == null) return undefined;
  const descriptor = Array.from(document.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor'))[0];
  const location = Array.from(descriptor?.getElementsByTagNameNS(METADATA_NS, 'SingleLogoutService') ?? [])
    .find((service) => service.getAttribute('Binding') === REDIRECT_BINDING)
    ?.getAttribute('Location')
    ?.trim();
  return location !== undefined && URL.canParse(location) && /^https?:$/.test(new URL(location).protocol) ? location : undefined;
};

type SettingsRow = NonNullable<Awaited<ReturnType<typeof settingsOf>>>;
const settingsOf = (db: Kysely<Database>, organizationId: string) =>
  db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();

const oidcLogoutUrl = async (config: OidcSignInConfig, settings: SettingsRow, idToken: string): Promise<string | undefined> => {
  // Building the address needs only the discovery document: no client secret is opened for it.
  const configuration = await discoverProvider({
    issuerUrl: settings.issuer_url,
    clientId: settings.client_id,
    clientSecret: undefined,
    allowInsecureRequests: config.ssoAllowInsecureRequests === true,
  });
  return oidcEndSessionUrl(configuration, { idToken, postLogoutRedirectUri: loggedOutUrl(config.appUrl) });
};

const samlLogoutUrl = async (
  config: OidcSignInConfig,
  settings: SettingsRow,
  keys: ServiceProviderKeys,
  session: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null },
) => {
  const logoutUrl = singleLogoutServiceOf(settings.saml_idp_metadata);
  if (logoutUrl === undefined) return undefined;
  const saml = new SAML({
    ...signingOptions(keys),
    issuer: samlEntityId(config.appUrl),
    callbackUrl: samlAcsUrl(config.appUrl),
    entryPoint: settings.saml_idp_sso_url ?? logoutUrl,
    logoutUrl,
    logoutCallbackUrl: samlSloUrl(config.appUrl),
    idpCert: (settings.saml_idp_certificates ?? '').split(/(?<=-----END CERTIFICATE-----)\n/).filter((pem) => pem !== ''),
    // Nothing answers to this request on our side: the session it ends is revoked already.
    cacheProvider: { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null },
  });
  return saml.getLogoutUrlAsync(
    {
      issuer: settings.saml_idp_entity_id ?? '',
      nameID: session.nameId,
      nameIDFormat: session.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      ...(session.sessionIndex === null ? {} : { sessionIndex: session.sessionIndex }),
    },
    '',
    {},
  );
};

/**
 * POST /sso/logout: revokes the calling session exactly as /logout does (first, whatever
 * follows), then answers the provider's logout address when the session was opened through the
 * organisation's provider and the provider supports single logout; null otherwise. A provider
 * that cannot be reached costs only its own logout: ours is done.
 */
export const signOutWithProvider = async (
  db: Kysely<Database>,
  config: OidcSignInConfig,
  token: string | undefined,
  address: string | null,
  log: (detail: string) => void,
): Promise<string | null> => {
  if (token === undefined || token.length > TOKEN_MAX) return null;
  const session = await signOut(db, token, address);
  if (session === undefined) return null;
  const remembered = await db.deleteFrom('sso_sessions').where('session_id', '=', session.id).returningAll().executeTakeFirst();
  if (remembered === undefined) return null;
  const settings = await settingsOf(db, remembered.organization_id);
  if (settings === undefined || settings.kind !== remembered.kind) return null;
  try {
    if (remembered.kind === 'oidc' && remembered.id_token !== null) return (await oidcLogoutUrl(config, settings, remembered.id_token)) ?? null;
    if (remembered.kind === 'saml' && remembered.saml_name_id !== null) {
      return (
        (await samlLogoutUrl(config, settings, await serviceProviderKeys(db, config.samlServiceProvider), {
          nameId: remembered.saml_name_id,
          nameIdFormat: remembered.saml_name_id_format,
          sessionIndex: remembered.saml_session_index,
        })) ?? null
      );
    }
  } catch (error) {
    log(error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'unknown');
  }
  return null;
};
