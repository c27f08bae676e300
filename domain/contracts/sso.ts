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

// ---------------------------------------------------------------------------------------------
// Single sign-on with the organisation's own OpenID Connect provider (issue 30).
// ---------------------------------------------------------------------------------------------

/** Where the provider sends the browser back: the client page that posts code and state to sso/oidc/login. */
export const OIDC_CALLBACK_PATH = '/sso/oidc/callback';

export const OidcPreset = t.keyof({ entra: null, google: null, okta: null, custom: null });
export type OidcPreset = t.TypeOf<typeof OidcPreset>;

/**
 * The issuer address each preset starts from; the administrator replaces the braced part.
 * The discovery document is read from the issuer's /.well-known/openid-configuration.
 */
export const OIDC_PRESET_ISSUERS: Readonly<Record<OidcPreset, string>> = {
  entra: 'https://login.microsoftonline.com/{tenant-id}/v2.0',
  google: 'https://accounts.google.com',
  okta: 'https://{your-okta-domain}/oauth2/default',
  custom: '',
};

/** The roles a just-in-time account may get: never an administrator. */
export const JitRole = t.keyof({ staff: null, sub_admin: null });
export type JitRole = t.TypeOf<typeof JitRole>;

export const SsoDomainMethod = t.keyof({ dns: null, email: null });
export type SsoDomainMethod = t.TypeOf<typeof SsoDomainMethod>;

export const SsoDomain = t.strict({
  id: t.string,
  domain: t.string,
  method: SsoDomainMethod,
  verified: t.boolean,
  /** For the dns method: the TXT record to publish at the domain; null otherwise. */
  dns_record: t.union([t.string, t.null]),
});
export type SsoDomain = t.TypeOf<typeof SsoDomain>;

export const OidcSettings = t.strict({
  configured: t.boolean,
  preset: OidcPreset,
  issuer_url: t.string,
  client_id: t.string,
  /** Whether a client secret is stored; the secret itself never leaves the server. */
  has_client_secret: t.boolean,
  sso_required: t.boolean,
  jit_allowed: t.boolean,
  jit_role: JitRole,
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: t.string,
  domains: t.array(SsoDomain),
});
export type OidcSettings = t.TypeOf<typeof OidcSettings>;

/** Organisation settings → Single sign-on (administrator only). */
export const getOidcSettings = endpoint({ method: 'GET', path: 'organization/sso', data: OidcSettings, primary: true });

export const saveOidcSettings = endpoint({
  method: 'POST',
  path: 'organization/sso',
  body: t.strict({
    preset: OidcPreset,
    issuer_url: t.string,
    client_id: t.string,
    /** Absent or '': keep the stored secret. */
    client_secret: t.union([t.string, t.undefined]),
    sso_required: t.boolean,
    jit_allowed: t.boolean,
    jit_role: JitRole,
  }),
  data: OidcSettings,
  primary: true,
});

/** Claims a domain: dns answers the TXT record to publish; email mails a code to `email`, an address at the domain. */
export const addSsoDomain = endpoint({
  method: 'POST',
  path: 'organization/sso/domains',
  body: t.strict({ domain: t.string, method: SsoDomainMethod, email: t.union([t.string, t.undefined]) }),
  data: SsoDomain,
  primary: true,
});

/** Checks the TXT record (dns) or the mailed code (email). */
export const verifySsoDomain = endpoint({
  method: 'POST',
  path: 'organization/sso/domains/verify',
  body: t.strict({ id: t.string, code: t.union([t.string, t.undefined]) }),
  data: SsoDomain,
  primary: true,
});

/** "Sign in with your organisation": the work email → the provider's address. */
export const oidcStart = endpoint({
  method: 'POST',
  path: 'sso/oidc/start',
  body: t.strict({ email: t.string, return_to: t.union([t.string, t.undefined]) }),
  data: t.strict({ url: t.string }),
});

/** The callback page posts what the provider returned; the answer is that of /login plus the page to go back to. */
export const oidcLogin = endpoint({
  method: 'POST',
  path: 'sso/oidc/login',
  body: t.strict({ code: t.string, state: t.string, iss: t.union([t.string, t.undefined]) }),
  data: t.intersection([LoginResult, t.strict({ return_to: t.string })]),
});

/** Server wording of single sign-on with the organisation's provider (each is a catalogue key's English text). */
export const OidcMessages = {
  notAvailable: 'Single sign-on is not set up for this email address. Please sign in with your password.',
  refused: 'Your organisation could not confirm this sign-in. Please start again.',
  unavailable: "Your organisation's sign-in service could not be reached. Please try again in a few minutes.",
  notAllowed: 'Your organisation has not given you an account here. Please ask your administrator for an invitation.',
  required: 'Your organisation requires single sign-on: please use "Sign in with your organisation".',
  secretKeyMissing: 'Client secrets cannot be stored until SSO_SECRET_KEY is set on the server.',
  requiredNeedsTwoFactor: 'Turn on two-factor authentication first: your password with it stays your way in if single sign-on fails.',
  requiredNeedsDomain: 'Set up the provider and verify an email domain before requiring single sign-on.',
  issuerInvalid: "Please provide the https address of your organisation's provider.",
  domainInvalid: 'Please provide a valid domain, such as example.com.',
  domainTaken: 'This domain is already verified by another organisation.',
  domainEmailMismatch: 'The address must be at the domain you are verifying.',
  domainNotVerified: 'The domain could not be verified yet. Check the TXT record or the code and try again.',
} as const;

// ---------------------------------------------------------------------------------------------
// SAML 2.0: the second kind of the organisation's provider (issue 30). "Sign in with your
// organisation" (sso/oidc/start) answers the identity provider's address when the organisation
// chose SAML; the identity provider posts its response to sso/saml/acs, which sends the browser
// to SAML_CALLBACK_PATH; that page posts the RelayState to sso/saml/login from the browser that
// started, and the answer is that of sso/oidc/login. Refusals use OidcMessages.
// ---------------------------------------------------------------------------------------------

/** The client page the assertion consumer sends the browser to, with ?relay_state=. */
export const SAML_CALLBACK_PATH = '/sso/saml/callback';
/** The assertion consumer service (HTTP-POST binding), below the API prefix. */
export const SAML_ACS_PATH = '/api/sso/saml/acs';
/** Our entity id as a service provider: the address of our metadata. */
export const SAML_METADATA_PATH = '/api/sso/saml/metadata';

export const SamlSettings = t.strict({
  /** Whether sign-ins currently go to the SAML identity provider (else to OpenID Connect, or nowhere). */
  active: t.boolean,
  idp_metadata_url: t.string,
  /** Taken from the metadata: the identity provider's entity id and where AuthnRequests go. */
  idp_entity_id: t.string,
  idp_sso_url: t.string,
  sso_required: t.boolean,
  jit_allowed: t.boolean,
  jit_role: JitRole,
  /** What to register at the identity provider: our entity id and assertion consumer address. */
  sp_entity_id: t.string,
  acs_url: t.string,
});
export type SamlSettings = t.TypeOf<typeof SamlSettings>;

export const getSamlSettings = endpoint({ method: 'GET', path: 'organization/sso/saml', data: SamlSettings, primary: true });

/** Either the metadata XML or its https address (read once, when saved). Saving makes SAML the organisation's provider. */
export const saveSamlSettings = endpoint({
  method: 'POST',
  path: 'organization/sso/saml',
  body: t.strict({
    idp_metadata: t.union([t.string, t.undefined]),
    idp_metadata_url: t.union([t.string, t.undefined]),
    sso_required: t.boolean,
    jit_allowed: t.boolean,
    jit_role: JitRole,
  }),
  data: SamlSettings,
  primary: true,
});

/** Our service provider metadata, for the administrator to download and give the identity provider. */
export const getSamlServiceProviderMetadata = endpoint({
  method: 'GET',
  path: 'organization/sso/saml/sp-metadata',
  data: t.strict({ filename: t.string, xml: t.string }),
  primary: true,
});

/** The callback page posts the RelayState; the answer is that of sso/oidc/login. */
export const samlLogin = endpoint({
  method: 'POST',
  path: 'sso/saml/login',
  body: t.strict({ relay_state: t.string }),
  data: t.intersection([LoginResult, t.strict({ return_to: t.string })]),
});

export const SamlMessages = {
  metadataInvalid: "Please provide your identity provider's SAML metadata: the XML, or its https address.",
  logoutRefused: "This sign-out request could not be confirmed as your organisation's, so nothing was changed.",
} as const;

// ---------------------------------------------------------------------------------------------
// Group claims (issue 30): a value of the provider's group claim (an OpenID Connect claim or a
// SAML attribute, by name) mapped to one of the organisation's groups; a person carrying it is
// placed in that group when they sign in through the provider. The same for both kinds.
// ---------------------------------------------------------------------------------------------

export const SsoGroupMapping = t.strict({ claim_value: t.string, group_id: t.string });
export type SsoGroupMapping = t.TypeOf<typeof SsoGroupMapping>;

export const SsoGroupMappings = t.strict({
  /** The claim (OpenID Connect) or attribute (SAML) that lists the person's groups at the provider. */
  claim_name: t.string,
  /** In the administrator's order: the first whose value the person carries wins. */
  mappings: t.array(SsoGroupMapping),
  /** The organisation's groups a value may be mapped to. */
  groups: t.array(t.strict({ id: t.string, name: t.string })),
});
export type SsoGroupMappings = t.TypeOf<typeof SsoGroupMappings>;

export const getSsoGroupMappings = endpoint({ method: 'GET', path: 'organization/sso/groups', data: SsoGroupMappings, primary: true });

export const saveSsoGroupMappings = endpoint({
  method: 'POST',
  path: 'organization/sso/groups',
  body: t.strict({ claim_name: t.string, mappings: t.array(SsoGroupMapping) }),
  data: SsoGroupMappings,
  primary: true,
});

/** At most this many mappings per organisation. */
export const MAX_SSO_GROUP_MAPPINGS = 100;

export const SsoGroupMessages = {
  needsProvider: 'Set up the provider before mapping its groups.',
  claimNameInvalid: 'Please provide the name of the claim or attribute that lists the groups.',
  claimValueInvalid: 'Each mapping needs the group value as the provider sends it, once only.',
  groupUnknown: 'Please choose one of your organisation\'s groups.',
  tooMany: 'Please keep to 100 group mappings.',
} as const;

// ---------------------------------------------------------------------------------------------
// Single logout (issue 30): signing out of a session opened through the organisation's provider
// revokes our session first, then answers where to send the browser so the provider ends its
// own session too (OpenID Connect RP-initiated logout, or a SAML LogoutRequest), when the
// provider supports it; null otherwise. The provider sends the browser back to SSO_LOGGED_OUT_PATH.
// ---------------------------------------------------------------------------------------------

/** Where a provider sends the browser after its logout (register it as the post-logout redirect URI). */
export const SSO_LOGGED_OUT_PATH = '/login';
/** Our SAML single logout service (HTTP-Redirect): the identity provider's LogoutResponse comes back here. */
export const SAML_SLO_PATH = '/api/sso/saml/slo';

/** Instead of /logout for a single sign-on session: the same revocation, and the provider's logout address or null. */
export const ssoLogout = endpoint({ method: 'POST', path: 'sso/logout', data: t.strict({ url: t.union([t.string, t.null]) }), primary: true });
