import { randomUUID, verify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import { OidcMessages, SamlMessages } from '../../domain/contracts/sso';
import { en } from '../../domain/i18n/en';
import { CATALOGUES as catalogues } from '../../domain/i18n/catalogues';
import { serverMessageReader } from '../../domain/i18n/serverMessages';
import { buildApp } from '../../server/app';
import { createCapturingMailer } from '../../server/services/mail';
import { freshAddress, get, insertOrganization, insertUser, PASSWORD, post, signIn } from './helpers/accounts';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

// ---------------------------------------------------------------------------------------------
// samlify plays the organisation's SAML identity provider on 127.0.0.1: it publishes its
// metadata, reads the AuthnRequest the browser brings to its sign-in address, and answers the
// signed response the browser would post to our assertion consumer service. `variant` makes it
// answer wrongly in one way at a time, to check that the server refuses each.
// ---------------------------------------------------------------------------------------------

samlify.setSchemaValidator({ validate: async () => 'skipped: the service provider under test validates the response itself' });

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), 'utf8');

const appUrl = 'http://riverbend.test:3000';
const acsUrl = `${appUrl}/api/sso/saml/acs`;
const spEntityId = `${appUrl}/api/sso/saml/metadata`;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const domain = 'looms.test';

type Variant = 'none' | 'unsigned' | 'audience' | 'expired' | 'conditions_expired' | 'skewed' | 'stranger' | 'tampered' | 'unknown_request' | 'recipient';

interface Person {
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  /** The values of a memberOf attribute, when the person carries one. */
  readonly groups?: readonly string[];
}

interface TestIdentityProvider {
  readonly entityId: string;
  readonly metadataUrl: string;
  readonly metadata: string;
  variant: Variant;
  /** The SessionIndex of the last assertion it answered. */
  readonly sessionIndex: string;
  /** Who signs in at the next visit of the sign-in address. */
  person: Person;
  /** What the browser visiting the sign-in address gets to post back; the AuthnRequest as the provider read it. */
  visit(url: string): Promise<{ form: { SAMLResponse: string; RelayState: string }; authnRequest: string }>;
  /** A LogoutRequest the provider starts itself, naming a person (and a session), signed by its key, by another, or not at all. */
  logoutRequest(
    binding: 'redirect' | 'post',
    who: { nameId: string; sessionIndex?: string },
    signing: 'signed' | 'unsigned' | 'stranger',
    relayState?: string,
    issuedMinutesAgo?: number,
  ): LogoutRequestSent;
  close(): Promise<void>;
}

/** What the browser carries to our single logout service: the address (redirect) or the form (post), and the request's ID. */
interface LogoutRequestSent {
  readonly id: string;
  readonly url?: URL;
  readonly form?: { SAMLRequest: string; RelayState: string };
}

/** A multi-valued memberOf attribute, as directories send group memberships. */
const memberOf = (groups: readonly string[] | undefined): string =>
  groups === undefined
    ? ''
    : `<saml:Attribute Name="memberOf">${groups.map((group) => `<saml:AttributeValue xsi:type="xs:string">${group}</saml:AttributeValue>`).join('')}</saml:Attribute>`;

const minutesFromNow = (minutes: number): string => new Date(Date.now() + minutes * 60_000).toISOString();

const startIdentityProvider = async (): Promise<TestIdentityProvider> => {
  const server: Server = createServer((request, response) => handle(request.url ?? '/').then(({ status, type, body }) => response.writeHead(status, { 'content-type': type }).end(body)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/idp`;
  const settings = {
    entityID: entityId,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${base}/sso` }],
    singleLogoutService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${base}/slo` }],
  };
  const idp = samlify.IdentityProvider({ ...settings, privateKey: fixture('idp-key.pem'), signingCert: fixture('idp-cert.pem') });
  // The same entity id and address with a key the service provider was never given.
  const stranger = samlify.IdentityProvider({ ...settings, privateKey: fixture('stranger-key.pem'), signingCert: fixture('stranger-cert.pem') });
  const metadata = idp.getMetadata();
  const serviceProvider = (signAssertions: boolean) =>
    samlify.ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: acsUrl }],
      wantAssertionsSigned: signAssertions,
      // Without signed assertions samlify signs the whole response: what is left unsigned is the assertion alone.
      wantMessageSigned: !signAssertions,
    });

  const sloUrl = `${appUrl}/api/sso/saml/slo`;
  const logoutTarget = (signed: boolean) =>
    samlify.ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: acsUrl }],
      singleLogoutService: [
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: sloUrl },
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sloUrl },
      ],
      wantLogoutRequestSigned: signed,
    });
  const logoutRequest: TestIdentityProvider['logoutRequest'] = (binding, who, signing, relayState = '', issuedMinutesAgo) => {
    const signer = signing === 'stranger' ? stranger : idp;
    const user = { logoutNameID: who.nameId, ...(who.sessionIndex === undefined ? {} : { sessionIndex: who.sessionIndex }) };
    // Only redirect requests are back-dated (samlify hands the redirect template its values).
    const backDated =
      issuedMinutesAgo === undefined
        ? undefined
        : // samlify's redirect binding hands the template's values as a second argument, which its types leave out.
          (template: string, values?: Record<string, string>) => {
            const id = `_${randomUUID()}`;
            return { id, context: samlify.SamlLib.replaceTagsByValue(template, { ...values, ID: id, IssueInstant: minutesFromNow(-issuedMinutesAgo) }) };
          };
    const sent = signer.createLogoutRequest(logoutTarget(signing !== 'unsigned'), binding, user, { relayState, ...(backDated === undefined ? {} : { customTagReplacement: backDated }) }) as {
      id: string;
      context: string;
    };
    return binding === 'redirect' ? { id: sent.id, url: new URL(sent.context) } : { id: sent.id, form: { SAMLRequest: sent.context, RelayState: relayState } };
  };

  const state = { variant: 'none' as Variant, person: { email: '', givenName: '', familyName: '' } as Person, sessionIndex: '' };

  const respond = async (requestId: string): Promise<string> => {
    const { variant, person } = state;
    const expired = variant === 'expired';
    const issued = expired ? minutesFromNow(-30) : new Date().toISOString();
    const values: Record<string, string> = {
      Destination: acsUrl,
      Audience: variant === 'audience' ? 'https://another-service.test/saml' : spEntityId,
      SubjectRecipient: variant === 'recipient' ? 'https://another-service.test/acs' : acsUrl,
      Issuer: entityId,
      IssueInstant: issued,
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      // skewed: the identity provider's clock runs 30 seconds ahead of ours, within the accepted skew.
      ConditionsNotBefore: expired ? minutesFromNow(-30) : variant === 'skewed' ? minutesFromNow(0.5) : issued,
      ConditionsNotOnOrAfter: expired || variant === 'conditions_expired' ? minutesFromNow(-20) : minutesFromNow(5),
      SubjectConfirmationDataNotOnOrAfter: expired ? minutesFromNow(-20) : minutesFromNow(5),
      NameIDFormat: EMAIL_FORMAT,
      NameID: person.email,
      InResponseTo: variant === 'unknown_request' ? `_${randomUUID()}` : requestId,
    };
    const attributes = `<saml:AttributeStatement><saml:Attribute Name="givenName"><saml:AttributeValue xsi:type="xs:string">${person.givenName}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="sn"><saml:AttributeValue xsi:type="xs:string">${person.familyName}</saml:AttributeValue></saml:Attribute>${memberOf(person.groups)}</saml:AttributeStatement>`;
    state.sessionIndex = `_${randomUUID()}`;
    const authn = `<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="${state.sessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const signer = variant === 'stranger' ? stranger : idp;
    const { context } = (await signer.createLoginResponse(serviceProvider(variant !== 'unsigned'), { extract: { request: { id: requestId } } }, 'post', { email: person.email }, (template: string) => {
      const id = `_${randomUUID()}`;
      const filled = template.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', attributes);
      return { id, context: samlify.SamlLib.replaceTagsByValue(filled, { ...values, ID: id, AssertionID: `_${randomUUID()}` }) };
    })) as { context: string };
    if (variant !== 'tampered') return context;
    // After signing, someone changes who the assertion names.
    const xml = Buffer.from(context, 'base64').toString('utf8');
    expect(xml).toContain(`>${person.email}<`);
    return Buffer.from(xml.replace(`>${person.email}<`, `>mallory@${domain}<`)).toString('base64');
  };

  const handle = async (path: string): Promise<{ status: number; type: string; body: string }> => {
    const url = new URL(path, base);
    if (url.pathname === '/metadata') return { status: 200, type: 'application/samlmetadata+xml', body: metadata };
    if (url.pathname === '/sso') {
      const authnRequest = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      const requestId = /\sID="([^"]+)"/.exec(authnRequest)?.[1] ?? '';
      const form = { SAMLResponse: await respond(requestId), RelayState: url.searchParams.get('RelayState') ?? '' };
      // A real provider answers an HTML form that posts itself; the test is the browser that posts it.
      return { status: 200, type: 'application/json', body: JSON.stringify({ form, authnRequest }) };
    }
    return { status: 404, type: 'text/plain', body: 'not found' };
  };

  return {
    entityId,
    metadataUrl: `${base}/metadata`,
    metadata,
    get variant() {
      return state.variant;
    },
    get sessionIndex() {
      return state.sessionIndex;
    },
    set variant(value) {
      state.variant = value;
    },
    get person() {
      return state.person;
    },
    set person(value) {
      state.person = value;
    },
    visit: async (url) => (await fetch(url)).json() as Promise<{ form: { SAMLResponse: string; RelayState: string }; authnRequest: string }>,
    logoutRequest,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

// ---------------------------------------------------------------------------------------------

let database: TestDatabase;
let identityProvider: TestIdentityProvider;
let app: FastifyInstance;
let organizationId: string;
let adminToken: string;
let admin: { id: string; email: string };

const auditRows = async (reason: string) =>
  (await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign_in_failed').execute()).filter((row) => {
    const details = row.details as { reason?: string; method?: string };
    return details.reason === reason && details.method === 'saml';
  });

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  idp_metadata: identityProvider.metadata,
  idp_metadata_url: undefined,
  sso_required: false,
  jit_allowed: false,
  jit_role: 'staff',
  ...overrides,
});

/** "Sign in with your organisation" as a browser with its own sso_browser cookie. */
const start = async (email: string, returnTo?: string) => {
  const response = await app.inject({ method: 'POST', url: '/api/sso/oidc/start', payload: { email, ...(returnTo ? { return_to: returnTo } : {}) } });
  expect(response.statusCode, response.body).toBe(200);
  const browser = response.cookies.find((cookie) => cookie.name === 'sso_browser')?.value;
  return { browser, url: new URL(response.json().data.url as string) };
};

/** The identity provider's form, posted by the browser to the assertion consumer service: answers where it sends the browser. */
const postToAcs = async (form: { SAMLResponse: string; RelayState: string }): Promise<string> => {
  const response = await app.inject({ method: 'POST', url: '/api/sso/saml/acs', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location as string;
};

/** Our callback page posting the RelayState from the browser that started. */
const login = (relayState: string, browser: string | undefined): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: '/api/sso/saml/login', payload: { relay_state: relayState }, ...(browser === undefined ? {} : { cookies: { sso_browser: browser } }) });

const signInThroughIdentityProvider = async (person: Partial<Person> & { email: string }, variant: Variant = 'none', returnTo?: string) => {
  identityProvider.person = { givenName: 'Grace', familyName: 'Hopper', ...person };
  identityProvider.variant = variant;
  const started = await start(person.email, returnTo);
  const visited = await identityProvider.visit(started.url.href);
  const location = await postToAcs(visited.form);
  const response = await login(visited.form.RelayState, started.browser);
  return { started, visited, location, response };
};

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

/**
 * Whether a message sent by HTTP-Redirect carries a valid signature of `certificate` (the SAML
 * bindings, 3.4.4.1: the query up to Signature, as sent, signed with the named algorithm).
 */
const redirectSignedBy = (url: URL, certificate: string): boolean => {
  const query = url.search.slice(1);
  const at = query.indexOf('&Signature=');
  const signature = url.searchParams.get('Signature');
  if (at < 0 || signature === null || url.searchParams.get('SigAlg') !== RSA_SHA256) return false;
  return verify('sha256', Buffer.from(query.slice(0, at)), new X509Certificate(certificate).publicKey, Buffer.from(signature, 'base64'));
};

/** The same address with one character of its message changed, as a party between would. */
const alteredMessage = (url: URL, parameter: 'SAMLRequest' | 'SAMLResponse'): URL => {
  const altered = new URL(url.href);
  const message = url.searchParams.get(parameter)!;
  altered.search = url.search.replace(encodeURIComponent(message), encodeURIComponent(`${message[0] === 'A' ? 'B' : 'A'}${message.slice(1)}`));
  return altered;
};

const expectRefusal = (response: LightMyRequestResponse, status: number, message: string): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status, message });
  expect(response.body).not.toContain('access_token');
};

beforeAll(async () => {
  database = await createTestDatabase();
  identityProvider = await startIdentityProvider();
  const capturing = createCapturingMailer();
  app = await buildApp(testConfig({ appUrl, ssoAllowInsecureRequests: true }), { db: database.db, dbKind: database.kind, mailer: capturing.mailer });
  organizationId = await insertOrganization(database.db);
  admin = await insertUser(database.db, { organizationId, email: `admin@${domain}`, role: 'admin' });
  adminToken = await signIn(app, admin.email);
  await database.db.updateTable('users').set({ two_factor: 'totp', totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).where('id', '=', admin.id).execute();
  await database.db
    .insertInto('sso_domains')
    .values({ organization_id: organizationId, domain, method: 'dns', challenge: 'x', challenge_expires_at: new Date(), verified_at: new Date() })
    .execute();
});

afterAll(async () => {
  await app?.close();
  await identityProvider?.close();
  await database?.close();
});

describe('Organisation settings: SAML (administrator only)', () => {
  it('refuses everyone but the administrator', async () => {
    const staff = await insertUser(database.db, { organizationId, email: `staff.settings@${domain}`, role: 'staff' });
    const token = await signIn(app, staff.email);
    expect((await get(app, '/api/organization/sso/saml', { token })).statusCode).toBe(403);
    expect((await post(app, '/api/organization/sso/saml', settingsBody(), { token })).statusCode).toBe(403);
    expect((await get(app, '/api/organization/sso/saml/sp-metadata', { token })).statusCode).toBe(403);
    expect((await get(app, '/api/organization/sso/saml')).statusCode).toBe(401);
  });

  it('refuses metadata that is not an identity provider\'s, and an address that is not https', async () => {
    for (const body of [
      settingsBody({ idp_metadata: '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>' }),
      settingsBody({ idp_metadata: 'not xml at all' }),
      settingsBody({ idp_metadata: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${identityProvider.metadata}` }),
      settingsBody({ idp_metadata: undefined, idp_metadata_url: 'http://idp.example.test/metadata' }),
    ]) {
      const refused = await post(app, '/api/organization/sso/saml', body, { token: adminToken });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(JSON.stringify(refused.json().errors)).toContain(SamlMessages.metadataInvalid);
    }
  });

  it('reads the metadata from its address, keeps the entity id, sign-in address and certificate, and makes SAML the provider', async () => {
    const saved = await post(app, '/api/organization/sso/saml', settingsBody({ idp_metadata: undefined, idp_metadata_url: identityProvider.metadataUrl }), { token: adminToken });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      active: true,
      idp_metadata_url: identityProvider.metadataUrl,
      idp_entity_id: identityProvider.entityId,
      idp_sso_url: identityProvider.metadataUrl.replace('/metadata', '/sso'),
      sp_entity_id: spEntityId,
      acs_url: acsUrl,
    });
    const row = await database.db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row.kind).toBe('saml');
    expect(row.saml_idp_certificates).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('gives the administrator the service provider metadata to download, which the identity provider can read', async () => {
    const response = await get(app, '/api/organization/sso/saml/sp-metadata', { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const { xml, filename } = response.json().data as { xml: string; filename: string };
    expect(filename).toMatch(/\.xml$/);
    const sp = samlify.ServiceProvider({ metadata: xml });
    expect(sp.entityMeta.getEntityID()).toBe(spEntityId);
    expect(sp.entityMeta.getAssertionConsumerService('post')).toBe(acsUrl);
    expect(sp.entityMeta.isWantAssertionsSigned()).toBe(true);
  });
});

describe('Sign in with your organisation, through SAML', () => {
  beforeAll(async () => {
    const saved = await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('sends an AuthnRequest by redirect and opens a session like the password does, on the page the person wanted', async () => {
    await insertUser(database.db, { organizationId, email: `ada@${domain}`, role: 'staff' });
    const { started, visited, location, response } = await signInThroughIdentityProvider({ email: `ada@${domain}` }, 'none', '/dashboard/languages?tab=2');

    expect(`${started.url.origin}${started.url.pathname}`).toBe(identityProvider.metadataUrl.replace('/metadata', '/sso'));
    expect(started.url.searchParams.get('RelayState')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visited.authnRequest).toContain(`AssertionConsumerServiceURL="${acsUrl}"`);
    expect(visited.authnRequest).toContain(`>${spEntityId}</saml:Issuer>`);
    expect(location).toBe(`/sso/saml/callback?relay_state=${visited.form.RelayState}`);

    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ return_to: '/dashboard/languages?tab=2', user: { email: `ada@${domain}`, organization_id: organizationId, role: 'staff' } });
    expect((await post(app, '/api/check-access-token', {}, { token: data.access_token })).statusCode).toBe(200);
    const signedIn = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.signed_in').where('actor', '=', data.user.id).execute();
    expect(signedIn.map((row) => (row.details as { method: string }).method)).toEqual(['sso']);

    // The sign-in was used up: the callback posted again is refused.
    expectRefusal(await login(visited.form.RelayState, started.browser), 422, AuthMessages.ssoStateInvalid);
  });

  it('accepts an identity provider whose clock runs a little ahead', async () => {
    await insertUser(database.db, { organizationId, email: `skewed@${domain}`, role: 'staff' });
    const { response } = await signInThroughIdentityProvider({ email: `skewed@${domain}` }, 'skewed');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('completes only in the browser that started', async () => {
    await insertUser(database.db, { organizationId, email: `other.browser@${domain}`, role: 'staff' });
    identityProvider.person = { email: `other.browser@${domain}`, givenName: 'A', familyName: 'B' };
    identityProvider.variant = 'none';
    const started = await start(`other.browser@${domain}`);
    const visited = await identityProvider.visit(started.url.href);
    await postToAcs(visited.form);
    const before = (await auditRows('state_invalid')).length;
    expectRefusal(await login(visited.form.RelayState, 'A'.repeat(43)), 422, AuthMessages.ssoStateInvalid);
    expectRefusal(await login(visited.form.RelayState, undefined), 422, AuthMessages.ssoStateInvalid);
    expect((await auditRows('state_invalid')).length).toBe(before + 2);
    expect((await login(visited.form.RelayState, started.browser)).statusCode).toBe(200);
  });

  const refusedAssertions: ReadonlyArray<[string, Variant, string]> = [
    ['an assertion that is not signed (only the response around it is)', 'unsigned', 'Invalid signature'],
    ['an assertion for another audience', 'audience', 'audience'],
    ['an expired assertion', 'expired', 'no valid subject confirmation'],
    ['an assertion whose conditions expired', 'conditions_expired', 'expired'],
    ['an assertion signed with a key the identity provider did not publish', 'stranger', 'signature'],
    ['an assertion changed after it was signed', 'tampered', 'signature'],
    ['a response to a request we never issued', 'unknown_request', 'InResponseTo'],
    ['an assertion for another recipient', 'recipient', 'recipient'],
  ];
  for (const [what, variant, detail] of refusedAssertions) {
    it(`refuses ${what}, in the OpenID Connect refusal's words, and audits it`, async () => {
      const email = `${variant}@${domain}`;
      await insertUser(database.db, { organizationId, email, role: 'staff' });
      const before = (await auditRows('assertion_invalid')).length;
      const { response } = await signInThroughIdentityProvider({ email }, variant);
      expectRefusal(response, 422, OidcMessages.refused);
      const rows = await auditRows('assertion_invalid');
      expect(rows.length).toBe(before + 1);
      expect(String((rows.at(-1)!.details as { detail?: string }).detail).toLowerCase()).toContain(detail.toLowerCase());
      expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', (await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id).execute()).toEqual([]);
    });
  }

  it('answers junk at the assertion consumer service with the callback page, never an error page', async () => {
    for (const payload of ['', 'SAMLResponse=not-base64&RelayState=short', `SAMLResponse=${'A'.repeat(100)}&RelayState=${'B'.repeat(43)}`]) {
      const response = await app.inject({ method: 'POST', url: '/api/sso/saml/acs', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toMatch(/^\/sso\/saml\/callback(\?relay_state=B{43})?$/);
    }
    const json = await app.inject({ method: 'POST', url: '/api/sso/saml/acs', payload: ['not', 'a', 'form'] });
    expect(json.statusCode, json.body).toBe(303);
    // A started sign-in, and a response that is not SAML: refused at the callback.
    identityProvider.person = { email: `junk@${domain}`, givenName: 'J', familyName: 'K' };
    const started = await start(`junk@${domain}`);
    const relayState = started.url.searchParams.get('RelayState')!;
    await postToAcs({ SAMLResponse: Buffer.from('<not-saml/>').toString('base64'), RelayState: relayState });
    expectRefusal(await login(relayState, started.browser), 422, OidcMessages.refused);
  });

  it('refuses a response posted a second time, before and after the sign-in completed', async () => {
    await insertUser(database.db, { organizationId, email: `replay@${domain}`, role: 'staff' });
    identityProvider.person = { email: `replay@${domain}`, givenName: 'R', familyName: 'P' };
    identityProvider.variant = 'none';
    const started = await start(`replay@${domain}`);
    const visited = await identityProvider.visit(started.url.href);
    await postToAcs(visited.form);
    const replayedBefore = (await auditRows('response_replayed')).length;
    await postToAcs(visited.form);
    expect((await auditRows('response_replayed')).length).toBe(replayedBefore + 1);
    expect((await login(visited.form.RelayState, started.browser)).statusCode).toBe(200);

    const stateBefore = (await auditRows('state_invalid')).length;
    await postToAcs(visited.form);
    expect((await auditRows('state_invalid')).length).toBe(stateBefore + 1);
    expectRefusal(await login(visited.form.RelayState, started.browser), 422, AuthMessages.ssoStateInvalid);
  });

  it('refuses the same assertion answering a second request of the same browser', async () => {
    await insertUser(database.db, { organizationId, email: `replay.two@${domain}`, role: 'staff' });
    identityProvider.person = { email: `replay.two@${domain}`, givenName: 'R', familyName: 'T' };
    identityProvider.variant = 'none';
    const first = await start(`replay.two@${domain}`);
    const visited = await identityProvider.visit(first.url.href);
    await postToAcs(visited.form);
    expect((await login(visited.form.RelayState, first.browser)).statusCode).toBe(200);
    // A new sign-in, and the old response posted with its RelayState: it answers another request.
    const second = await start(`replay.two@${domain}`);
    const relayState = second.url.searchParams.get('RelayState')!;
    const before = (await auditRows('assertion_invalid')).length;
    await postToAcs({ SAMLResponse: visited.form.SAMLResponse, RelayState: relayState });
    expect((await auditRows('assertion_invalid')).length).toBe(before + 1);
    expectRefusal(await login(relayState, second.browser), 422, OidcMessages.refused);
  });

  it('refuses an email at a domain the organisation has not verified, even for a member', async () => {
    await insertUser(database.db, { organizationId, email: 'member@unverified.test', role: 'staff' });
    identityProvider.person = { email: 'member@unverified.test', givenName: 'U', familyName: 'V' };
    identityProvider.variant = 'none';
    // Started with a verified address; the identity provider names another.
    const started = await start(`ada@${domain}`);
    const visited = await identityProvider.visit(started.url.href);
    await postToAcs(visited.form);
    const before = (await auditRows('domain_not_verified')).length;
    expectRefusal(await login(visited.form.RelayState, started.browser), 422, OidcMessages.notAllowed);
    expect((await auditRows('domain_not_verified')).length).toBe(before + 1);
  });

  it('without just-in-time accounts refuses a person with no account; with them creates one in the chosen role', async () => {
    const email = `newcomer@${domain}`;
    const refused = await signInThroughIdentityProvider({ email });
    expectRefusal(refused.response, 422, OidcMessages.notAllowed);
    expect((await auditRows('no_account')).length).toBeGreaterThan(0);

    expect((await post(app, '/api/organization/sso/saml', settingsBody({ jit_allowed: true, jit_role: 'sub_admin' }), { token: adminToken })).statusCode).toBe(200);
    const admitted = await signInThroughIdentityProvider({ email, givenName: 'Nia', familyName: 'Okafor' });
    expect(admitted.response.statusCode, admitted.response.body).toBe(200);
    const user = await database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'sub_admin', first_name: 'Nia', last_name: 'Okafor', password_hash: null });
    const created = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.created_just_in_time').where('actor', '=', user.id).executeTakeFirstOrThrow();
    expect(created.details).toMatchObject({ method: 'saml', role: 'sub_admin' });
    await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken });
  });

  it('places a just-in-time and a returning member in the group mapped from the attribute the administrator names', async () => {
    const department = async (name: string) =>
      (await database.db.insertInto('departments').values({ organization_id: organizationId, name, parent_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    const departmentOf = async (email: string) =>
      (await database.db.selectFrom('users').select('department_id').where('email', '=', email).executeTakeFirstOrThrow()).department_id;
    const spinning = await department('Spinning');
    const finishing = await department('Finishing');
    const mappings = [
      { claim_value: 'cn=finishers,ou=groups', group_id: finishing },
      { claim_value: 'cn=spinners,ou=groups', group_id: spinning },
    ];
    const saved = await post(app, '/api/organization/sso/groups', { claim_name: 'memberOf', mappings }, { token: adminToken });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(app, '/api/organization/sso/saml', settingsBody({ jit_allowed: true }), { token: adminToken })).statusCode).toBe(200);
    // Saving the provider again keeps the mappings.
    expect((await get(app, '/api/organization/sso/groups', { token: adminToken })).json().data).toMatchObject({ claim_name: 'memberOf', mappings });
    try {
      const newcomer = `spinner@${domain}`;
      const admitted = await signInThroughIdentityProvider({ email: newcomer, groups: ['cn=everyone,ou=groups', 'cn=spinners,ou=groups', 'cn=finishers,ou=groups'] });
      expect(admitted.response.statusCode, admitted.response.body).toBe(200);
      expect(await departmentOf(newcomer)).toBe(finishing);

      const returning = await insertUser(database.db, { organizationId, email: `returning.spinner@${domain}`, role: 'staff' });
      expect((await signInThroughIdentityProvider({ email: returning.email, groups: ['cn=spinners,ou=groups'] })).response.statusCode).toBe(200);
      expect(await departmentOf(returning.email)).toBe(spinning);
      // Without the attribute, the group stays as it is.
      expect((await signInThroughIdentityProvider({ email: returning.email })).response.statusCode).toBe(200);
      expect(await departmentOf(returning.email)).toBe(spinning);

      const moves = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.group_from_sso').execute();
      expect(moves.map((row) => row.details)).toEqual([
        expect.objectContaining({ method: 'saml', claim_value: 'cn=finishers,ou=groups', department_id: finishing }),
        expect.objectContaining({ method: 'saml', claim_value: 'cn=spinners,ou=groups', department_id: spinning }),
      ]);
    } finally {
      await post(app, '/api/organization/sso/groups', { claim_name: 'groups', mappings: [] }, { token: adminToken });
      await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken });
    }
  });

  it('with "SSO required" turns the password away for members and still lets them in through SAML', async () => {
    const member = await insertUser(database.db, { organizationId, email: `required@${domain}`, role: 'staff' });
    expect((await post(app, '/api/organization/sso/saml', settingsBody({ sso_required: true }), { token: adminToken })).statusCode).toBe(200);
    expectRefusal(await post(app, '/api/login', { email: member.email, password: PASSWORD }, { address: freshAddress() }), 422, OidcMessages.required);
    expect((await signInThroughIdentityProvider({ email: member.email })).response.statusCode).toBe(200);
    await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken });
  });
});

describe('Single logout through SAML', () => {
  it('revokes our session first, then sends a LogoutRequest naming the person and session to the identity provider', async () => {
    expect((await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken })).statusCode).toBe(200);
    const member = await insertUser(database.db, { organizationId, email: `slo@${domain}`, role: 'staff' });
    const { response } = await signInThroughIdentityProvider({ email: member.email });
    const token = response.json().data.access_token as string;
    const sessionIndex = identityProvider.sessionIndex;

    const loggedOut = await post(app, '/api/sso/logout', {}, { token });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    const url = new URL(loggedOut.json().data.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(identityProvider.metadataUrl.replace('/metadata', '/slo'));
    const logoutRequest = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(logoutRequest).toContain('LogoutRequest');
    expect(logoutRequest).toContain(`>${member.email}</saml:NameID>`);
    expect(logoutRequest).toMatch(new RegExp(`:SessionIndex[^>]*>${sessionIndex}</\\w+:SessionIndex>`));
    expect(logoutRequest).toContain(`>${spEntityId}</saml:Issuer>`);

    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    expect((await post(app, '/api/sso/logout', {}, { token })).json().data).toEqual({ url: null });

    // The identity provider's LogoutResponse lands the browser on the sign-in page.
    const back = await app.inject({ method: 'GET', url: `/api/sso/saml/slo?SAMLResponse=${encodeURIComponent('anything')}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/login');
    const posted = await app.inject({ method: 'POST', url: '/api/sso/saml/slo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'SAMLResponse=anything' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/login');
    // Our metadata tells the identity provider where that is.
    const spMetadata = (await get(app, '/api/organization/sso/saml/sp-metadata', { token: adminToken })).json().data.xml as string;
    expect(spMetadata).toMatch(new RegExp(`SingleLogoutService[^>]*Location="${appUrl}/api/sso/saml/slo"`));
  });

  it('answers no address when the identity provider has no single logout service, and still revokes', async () => {
    const withoutSlo = identityProvider.metadata.replace(/<(\w+:)?SingleLogoutService[^>]*(\/>|><\/(\w+:)?SingleLogoutService>)/g, '');
    expect(withoutSlo).not.toContain('SingleLogoutService');
    expect((await post(app, '/api/organization/sso/saml', settingsBody({ idp_metadata: withoutSlo }), { token: adminToken })).statusCode).toBe(200);
    try {
      const member = await insertUser(database.db, { organizationId, email: `no.slo@${domain}`, role: 'staff' });
      const token = (await signInThroughIdentityProvider({ email: member.email })).response.json().data.access_token as string;
      expect((await post(app, '/api/sso/logout', {}, { token })).json()).toEqual({ status: 200, data: { url: null } });
      expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    } finally {
      await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken });
    }
  });
});

describe('What our service provider sends is signed', () => {
  /** The certificate our metadata publishes for signing, as the identity provider reads it. */
  const publishedCertificate = async (): Promise<string> => {
    const xml = (await get(app, '/api/organization/sso/saml/sp-metadata', { token: adminToken })).json().data.xml as string;
    expect(xml).toMatch(/AuthnRequestsSigned="true"/);
    const sp = samlify.ServiceProvider({ metadata: xml });
    expect(sp.entityMeta.isAuthnRequestSigned()).toBe(true);
    const body = /<(?:\w+:)?KeyDescriptor use="signing">[\s\S]*?<(?:\w+:)?X509Certificate>([^<]+)</.exec(xml)?.[1];
    expect(body, 'a signing certificate in the metadata').toBeDefined();
    return `-----BEGIN CERTIFICATE-----\n${body!.replace(/\s+/g, '')}\n-----END CERTIFICATE-----\n`;
  };

  beforeAll(async () => {
    expect((await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken })).statusCode).toBe(200);
  });

  it('publishes one certificate, kept in the database, and signs its AuthnRequest, LogoutRequest and LogoutResponse with its key', async () => {
    const certificate = await publishedCertificate();
    expect(await publishedCertificate(), 'the same certificate each time').toBe(certificate);
    const kept = await database.db.selectFrom('saml_service_provider_keys').select('certificate').executeTakeFirstOrThrow();
    expect(new X509Certificate(kept.certificate).raw.equals(new X509Certificate(certificate).raw)).toBe(true);

    const member = await insertUser(database.db, { organizationId, email: `signed@${domain}`, role: 'staff' });
    const { started, response } = await signInThroughIdentityProvider({ email: member.email });
    expect(redirectSignedBy(started.url, certificate), 'AuthnRequest').toBe(true);
    expect(redirectSignedBy(alteredMessage(started.url, 'SAMLRequest'), certificate), 'an altered AuthnRequest').toBe(false);

    const loggedOut = await post(app, '/api/sso/logout', {}, { token: response.json().data.access_token as string });
    const logoutRequest = new URL(loggedOut.json().data.url as string);
    expect(redirectSignedBy(logoutRequest, certificate), 'LogoutRequest').toBe(true);
    expect(redirectSignedBy(alteredMessage(logoutRequest, 'SAMLRequest'), certificate), 'an altered LogoutRequest').toBe(false);

    const person = await insertUser(database.db, { organizationId, email: `signed.idp@${domain}`, role: 'staff' });
    await signInThroughIdentityProvider({ email: person.email });
    const sent = identityProvider.logoutRequest('redirect', { nameId: person.email, sessionIndex: identityProvider.sessionIndex }, 'signed');
    const answered = await app.inject({ method: 'GET', url: `/api/sso/saml/slo${sent.url!.search}` });
    expect(answered.statusCode, answered.body).toBe(303);
    const logoutResponse = new URL(answered.headers.location as string);
    expect(redirectSignedBy(logoutResponse, certificate), 'LogoutResponse').toBe(true);
    // Signed with the key whose certificate is published, not merely some key.
    expect(redirectSignedBy(logoutResponse, fixture('stranger-cert.pem'))).toBe(false);
  });

  it('publishes and signs with the configured key and certificate instead (SAML_SP_PRIVATE_KEY, SAML_SP_CERTIFICATE)', async () => {
    const samlServiceProvider = { privateKey: fixture('stranger-key.pem'), certificate: fixture('stranger-cert.pem') };
    const other = await buildApp(testConfig({ appUrl, ssoAllowInsecureRequests: true, samlServiceProvider }), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
    try {
      const xml = (await get(other, '/api/organization/sso/saml/sp-metadata', { token: adminToken })).json().data.xml as string;
      expect(xml.replace(/\s+/g, '')).toContain(fixture('stranger-cert.pem').replace(/-----[A-Z ]+-----|\s+/g, ''));
      const started = await other.inject({ method: 'POST', url: '/api/sso/oidc/start', payload: { email: `configured@${domain}` } });
      expect(started.statusCode, started.body).toBe(200);
      const url = new URL(started.json().data.url as string);
      expect(redirectSignedBy(url, fixture('stranger-cert.pem'))).toBe(true);
      expect(redirectSignedBy(url, await publishedCertificate())).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('Single logout started by the identity provider', () => {
  const refusals = async () =>
    (await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sso_logout_refused').execute()).filter(
      (row) => row.organization_id === organizationId,
    );
  const alive = async (token: string) => (await post(app, '/api/check-access-token', {}, { token })).statusCode === 200;
  const sendToLogoutService = (sent: LogoutRequestSent) =>
    sent.url !== undefined
      ? app.inject({ method: 'GET', url: `/api/sso/saml/slo${sent.url.search}` })
      : app.inject({ method: 'POST', url: '/api/sso/saml/slo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(sent.form).toString() });
  /** A member signed in twice through the provider: two sessions, two session indexes. */
  const signedInTwice = async (email: string) => {
    const member = await insertUser(database.db, { organizationId, email, role: 'staff' });
    const first = (await signInThroughIdentityProvider({ email })).response.json().data.access_token as string;
    const firstIndex = identityProvider.sessionIndex;
    const second = (await signInThroughIdentityProvider({ email })).response.json().data.access_token as string;
    return { member, first, firstIndex, second, secondIndex: identityProvider.sessionIndex };
  };

  beforeAll(async () => {
    expect((await post(app, '/api/organization/sso/saml', settingsBody(), { token: adminToken })).statusCode).toBe(200);
  });

  for (const binding of ['redirect', 'post'] as const) {
    it(`by ${binding}: a signed request ends the session it names, only that one, and answers a LogoutResponse`, async () => {
      const person = await signedInTwice(`idp.logout.${binding}@${domain}`);
      const sent = identityProvider.logoutRequest(binding, { nameId: person.member.email, sessionIndex: person.firstIndex }, 'signed', 'back-to-portal');
      const answered = await sendToLogoutService(sent);
      expect(answered.statusCode, answered.body).toBe(303);
      const location = new URL(answered.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(identityProvider.metadataUrl.replace('/metadata', '/slo'));
      expect(location.searchParams.get('RelayState')).toBe('back-to-portal');
      const logoutResponse = inflateRawSync(Buffer.from(location.searchParams.get('SAMLResponse')!, 'base64')).toString('utf8');
      expect(logoutResponse).toContain(`InResponseTo="${sent.id}"`);
      expect(logoutResponse).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
      expect(logoutResponse).toContain(`>${spEntityId}</saml:Issuer>`);

      expect(await alive(person.first)).toBe(false);
      expect(await alive(person.second)).toBe(true);
      const signedOut = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.signed_out').where('actor', '=', person.member.id).execute();
      expect(signedOut.map((row) => row.details)).toEqual([{ method: 'saml', initiator: 'identity_provider' }]);
    });
  }

  it('without a session index ends every session the person opened through the provider', async () => {
    const person = await signedInTwice(`idp.logout.all@${domain}`);
    const answered = await sendToLogoutService(identityProvider.logoutRequest('redirect', { nameId: person.member.email }, 'signed'));
    expect(answered.statusCode, answered.body).toBe(303);
    expect(await alive(person.first)).toBe(false);
    expect(await alive(person.second)).toBe(false);
  });

  const refused: [string, string, () => Promise<LogoutRequestSent>][] = [
    ['an unsigned request by redirect', 'unsigned', async () => identityProvider.logoutRequest('redirect', { nameId: `idp.logout.refused@${domain}` }, 'unsigned')],
    ['an unsigned request by post', 'signature_invalid', async () => identityProvider.logoutRequest('post', { nameId: `idp.logout.refused@${domain}` }, 'unsigned')],
    ['a request by redirect signed with a key the metadata does not name', 'signature_invalid', async () => identityProvider.logoutRequest('redirect', { nameId: `idp.logout.refused@${domain}` }, 'stranger')],
    ['a request by post signed with a key the metadata does not name', 'signature_invalid', async () => identityProvider.logoutRequest('post', { nameId: `idp.logout.refused@${domain}` }, 'stranger')],
    [
      'a signed redirect whose request was swapped for another person',
      'signature_invalid',
      async () => {
        const signedForSomeoneElse = identityProvider.logoutRequest('redirect', { nameId: `someone.else@${domain}` }, 'signed');
        const wanted = identityProvider.logoutRequest('redirect', { nameId: `idp.logout.refused@${domain}` }, 'unsigned');
        const url = new URL(signedForSomeoneElse.url!);
        url.searchParams.set('SAMLRequest', wanted.url!.searchParams.get('SAMLRequest')!);
        return { id: wanted.id, url };
      },
    ],
    [
      'a signed post whose request was changed after signing',
      'signature_invalid',
      async () => {
        const signed = identityProvider.logoutRequest('post', { nameId: `someone.else@${domain}` }, 'signed');
        const xml = Buffer.from(signed.form!.SAMLRequest, 'base64').toString('utf8');
        expect(xml).toContain(`someone.else@${domain}`);
        const changed = Buffer.from(xml.replace(`someone.else@${domain}`, `idp.logout.refused@${domain}`)).toString('base64');
        return { id: signed.id, form: { SAMLRequest: changed, RelayState: '' } };
      },
    ],
  ];
  let refusedMember: { first: string; second: string } | undefined;
  for (const [what, reason, request] of refused) {
    it(`refuses ${what}, ends nothing, and audits it`, async () => {
      refusedMember ??= await signedInTwice(`idp.logout.refused@${domain}`);
      const before = new Set((await refusals()).map((row) => row.id));
      const answered = await sendToLogoutService(await request());
      expectRefusal(answered, 422, SamlMessages.logoutRefused);
      expect(await alive(refusedMember.first)).toBe(true);
      expect(await alive(refusedMember.second)).toBe(true);
      const added = (await refusals()).filter((row) => !before.has(row.id));
      expect(added.map((row) => row.details)).toEqual([expect.objectContaining({ method: 'saml', reason })]);
    });
  }

  it('refuses a signed request issued too long ago, so a captured one cannot end later sessions', async () => {
    const person = await signedInTwice(`idp.logout.stale@${domain}`);
    const stale = identityProvider.logoutRequest('redirect', { nameId: person.member.email }, 'signed', '', 10);
    const staleXml = inflateRawSync(Buffer.from(stale.url!.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    // The fixture really back-dates the request (and keeps it signed).
    expect(Date.now() - Date.parse(/IssueInstant="([^"]+)"/.exec(staleXml)![1]!)).toBeGreaterThan(9 * 60_000);
    expect(stale.url!.searchParams.get('Signature')).toBeTruthy();
    expectRefusal(await sendToLogoutService(stale), 422, SamlMessages.logoutRefused);
    expect(await alive(person.first)).toBe(true);
    const recent = identityProvider.logoutRequest('redirect', { nameId: person.member.email }, 'signed', '', 2);
    expect((await sendToLogoutService(recent)).statusCode).toBe(303);
    expect(await alive(person.first)).toBe(false);
  });

  for (const binding of ['redirect', 'post'] as const) {
    it(`by ${binding}: refuses the same signed request sent again, so it cannot end a session opened after the first`, async () => {
      const email = `idp.logout.replay.${binding}@${domain}`;
      const person = await signedInTwice(email);
      const sent = identityProvider.logoutRequest(binding, { nameId: email }, 'signed');
      expect((await sendToLogoutService(sent)).statusCode).toBe(303);
      expect(await alive(person.first)).toBe(false);
      expect(await alive(person.second)).toBe(false);

      const openedMeanwhile = (await signInThroughIdentityProvider({ email })).response.json().data.access_token as string;
      const before = new Set((await refusals()).map((row) => row.id));
      expectRefusal(await sendToLogoutService(sent), 422, SamlMessages.logoutRefused);
      expect(await alive(openedMeanwhile)).toBe(true);
      const added = (await refusals()).filter((row) => !before.has(row.id));
      expect(added.map((row) => row.details)).toEqual([expect.objectContaining({ method: 'saml', binding, reason: 'replayed' })]);

      // A new request from the provider still ends it: only the used ID is refused.
      expect((await sendToLogoutService(identityProvider.logoutRequest(binding, { nameId: email }, 'signed'))).statusCode).toBe(303);
      expect(await alive(openedMeanwhile)).toBe(false);
    });
  }

  it("answers a refusal to the person's browser with a page in its language, and keeps the JSON envelope for other callers", async () => {
    const person = await signedInTwice(`idp.logout.page@${domain}`);
    const unsigned = identityProvider.logoutRequest('redirect', { nameId: person.member.email }, 'unsigned');
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const [acceptLanguage, code, lang, dir] of [
      ['fr-CA,fr;q=0.9,en;q=0.8', 'fr', 'fr', 'ltr'],
      ['de-DE, ar-EG;q=0.7', 'ar', 'ar', 'rtl'],
      ['ja', 'en', 'en', 'ltr'],
    ] as const) {
      const answered = await app.inject({ method: 'GET', url: `/api/sso/saml/slo${unsigned.url!.search}`, headers: { ...browser, 'accept-language': acceptLanguage } });
      expect(answered.statusCode).toBe(422);
      expect(answered.headers['content-type']).toMatch(/^text\/html/);
      const texts = catalogues[code] as Record<string, string>;
      expect(answered.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(answered.body).toContain(texts.server_saml_logout_refused!.replace(/'/g, '&#39;'));
      expect(answered.body).toContain('href="/login"');
    }
    const posted = identityProvider.logoutRequest('post', { nameId: person.member.email }, 'stranger');
    const postedAnswer = await app.inject({
      method: 'POST',
      url: '/api/sso/saml/slo',
      headers: { ...browser, 'accept-language': 'es', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(posted.form).toString(),
    });
    expect(postedAnswer.statusCode).toBe(422);
    expect(postedAnswer.body).toContain((catalogues.es as Record<string, string>).server_saml_logout_refused!);
    expectRefusal(await app.inject({ method: 'GET', url: `/api/sso/saml/slo${unsigned.url!.search}`, headers: { accept: 'application/json' } }), 422, SamlMessages.logoutRefused);
    expect(await alive(person.first)).toBe(true);
  });

  it('refuses junk and a stranger identity provider with the same sentence, audited without an organisation', async () => {
    for (const query of ['SAMLRequest=not-base64-deflate', `SAMLRequest=${encodeURIComponent(Buffer.from('<x/>').toString('base64'))}`]) {
      const answered = await app.inject({ method: 'GET', url: `/api/sso/saml/slo?${query}` });
      expectRefusal(answered, 422, SamlMessages.logoutRefused);
    }
    const rows = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sso_logout_refused').where('organization_id', 'is', null).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the SAML wording in the five languages', () => {
  it('maps the new sentence to a catalogue key that each language translates', () => {
    const ref = serverMessageReader(en)(SamlMessages.metadataInvalid);
    expect(ref?.key).toBe('server_saml_metadata_invalid');
    for (const catalogue of Object.values(catalogues)) expect((catalogue as Record<string, string>)[ref!.key]).toBeTruthy();
  });
});
