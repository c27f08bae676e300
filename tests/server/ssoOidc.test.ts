import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import { OidcMessages, SsoGroupMessages } from '../../domain/contracts/sso';
import { en } from '../../domain/i18n/en';
import { CATALOGUES as catalogues } from '../../domain/i18n/catalogues';
import { serverMessageReader } from '../../domain/i18n/serverMessages';
import { buildApp } from '../../server/app';
import type { AuthContext } from '../../server/plugins/auth';
import { createCapturingMailer, type MailMessage } from '../../server/services/mail';
import { createInvitation } from '../../server/services/invitations';
import { decryptSecret } from '../../server/services/sso/oidcSecrets';
import { verifyClaimedDomain } from '../../server/services/sso/oidcSettings';
import { freshAddress, get, insertOrganization, insertUser, PASSWORD, post, signIn } from './helpers/accounts';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

// ---------------------------------------------------------------------------------------------
// A real OpenID Connect provider (oidc-provider) on 127.0.0.1, with its own signing key, an
// in-memory adapter, and an interaction page that signs in whichever account the test names.
// In front of its token endpoint, a switch can re-sign the ID token for another audience or
// with a key the provider does not publish, to check that the server refuses both.
// ---------------------------------------------------------------------------------------------

const appUrl = 'http://riverbend.test:3000';
const redirectUri = `${appUrl}/sso/oidc/callback`;
const clientId = 'commonweave-test-client';
const clientSecret = 'provider-client-secret-4c1d';
const ssoSecretKey = 'test-sso-secret-key-0123456789';

interface Account {
  readonly email: string;
  readonly email_verified: boolean;
  readonly given_name: string;
  readonly family_name: string;
  readonly groups?: readonly string[];
}

type Tamper = 'none' | 'audience' | 'signature';

/** Every Adapter model in one Map per model name; enough for one test file. */
class MemoryAdapter {
  private static stores = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly store: Map<string, Record<string, unknown>>;

  constructor(name: string) {
    this.store = MemoryAdapter.stores.get(name) ?? new Map();
    MemoryAdapter.stores.set(name, this.store);
  }

  async upsert(id: string, payload: Record<string, unknown>): Promise<void> {
    this.store.set(id, payload);
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return this.store.get(id);
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    return [...this.store.values()].find((payload) => payload.uid === uid);
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    return [...this.store.values()].find((payload) => payload.userCode === userCode);
  }

  async consume(id: string): Promise<void> {
    const payload = this.store.get(id);
    if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, payload] of this.store) if (payload.grantId === grantId) this.store.delete(id);
  }
}

interface TestProvider {
  readonly issuer: string;
  /** Who the next interaction signs in, by account id. */
  nextAccount: string;
  readonly accounts: Map<string, Account>;
  tamper: Tamper;
  readonly privateKey: KeyObject;
  close(): Promise<void>;
}

const base64urlJson = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Re-signs a JWT (RS256) after changing its payload, with the given key. */
const resign = (jwt: string, key: KeyObject, change: (payload: Record<string, unknown>) => void): string => {
  const [header, payload] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  const signingInput = `${header}.${base64urlJson(claims)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), key).toString('base64url')}`;
};

const startProvider = async (): Promise<TestProvider> => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', use: 'sig', alg: 'RS256' };

  let handler: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  const server: Server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, Account>();
  const state = { nextAccount: '', tamper: 'none' as Tamper };

  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [`${appUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // groups with the profile scope: oidc-provider then answers it from UserInfo, as some providers do.
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'groups'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (account === undefined) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account, name: `${account.given_name} ${account.family_name}` }) };
    },
  });

  // The interaction page: signs in state.nextAccount and grants the scopes asked for.
  const interact = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(request, response);
    const grant = new provider.Grant({ accountId: state.nextAccount, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId: state.nextAccount }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };

  // Rewrites the token endpoint's answer when a tamper is switched on.
  const tamperToken = (response: ServerResponse): void => {
    const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
    response.end = ((chunk?: unknown) => {
      if (state.tamper === 'none' || chunk === undefined || response.statusCode !== 200) return end(chunk);
      const body = JSON.parse(String(chunk)) as { id_token?: string };
      if (body.id_token !== undefined) {
        body.id_token =
          state.tamper === 'audience'
            ? resign(body.id_token, privateKey, (claims) => void (claims.aud = 'another-relying-party'))
            : resign(body.id_token, strangerKey, () => undefined);
      }
      response.removeHeader('content-length');
      return end(JSON.stringify(body));
    }) as typeof response.end;
  };

  const callback = provider.callback();
  handler = (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (path.startsWith('/interaction/')) {
      interact(request, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
      return;
    }
    if (request.method === 'POST' && path === '/token') tamperToken(response);
    callback(request, response);
  };

  return Object.assign(state, {
    issuer,
    accounts,
    privateKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};

/**
 * The browser at the provider: follows redirects (keeping the provider's cookies) until it is
 * sent back to our callback page, and answers what that page would post.
 */
const authorize = async (start: string): Promise<{ code: string; state: string; iss: string | undefined }> => {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUri)) {
      const params = new URL(url).searchParams;
      expect(params.get('error'), params.get('error_description') ?? '').toBeNull();
      return { code: params.get('code')!, state: params.get('state')!, iss: params.get('iss') ?? undefined };
    }
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    expect(location, `hop ${hop}: HTTP ${response.status}`).not.toBeNull();
    url = new URL(location!, url).href;
  }
  throw new Error('the provider never sent the browser back');
};

// ---------------------------------------------------------------------------------------------

let database: TestDatabase;
let provider: TestProvider;
let app: FastifyInstance;
let productionApp: FastifyInstance;
let mails: MailMessage[];
let organizationId: string;
let adminToken: string;
let admin: { id: string; email: string };
let totpSecret: string;

const domain = 'engines.test';

const auditRows = async (reason: string) =>
  (await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign_in_failed').execute()).filter(
    (row) => (row.details as { reason?: string }).reason === reason,
  );

const authContext = async (userId: string): Promise<AuthContext> => {
  const user = await database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const organization = await database.db.selectFrom('organizations').selectAll().where('id', '=', user.organization_id).executeTakeFirstOrThrow();
  return { user, organization, session: {} as AuthContext['session'], viewAsGroupId: null };
};

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  preset: 'custom',
  issuer_url: provider.issuer,
  client_id: clientId,
  client_secret: clientSecret,
  sso_required: false,
  jit_allowed: false,
  jit_role: 'staff',
  ...overrides,
});

const addAccount = (id: string, account: Partial<Account> & { email: string }): void => {
  provider.accounts.set(id, { email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...account });
};

/** POST /api/sso/oidc/start as a browser with its own sso_browser cookie. */
const start = async (email: string, returnTo?: string, instance: FastifyInstance = app) => {
  const response = await instance.inject({ method: 'POST', url: '/api/sso/oidc/start', payload: { email, ...(returnTo ? { return_to: returnTo } : {}) } });
  const browser = response.cookies.find((cookie) => cookie.name === 'sso_browser')?.value;
  return { response, browser, url: response.statusCode === 200 ? new URL(response.json().data.url as string) : undefined };
};

const login = (body: { code: string; state: string; iss: string | undefined }, browser: string | undefined): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: '/api/sso/oidc/login', payload: body, ...(browser === undefined ? {} : { cookies: { sso_browser: browser } }) });

/** Start, the provider, and the callback, as one person signing in. */
const signInThroughProvider = async (accountId: string, email: string, returnTo?: string) => {
  provider.nextAccount = accountId;
  const started = await start(email, returnTo);
  expect(started.response.statusCode, started.response.body).toBe(200);
  const back = await authorize(started.url!.href);
  return { started, back, response: await login(back, started.browser) };
};

const expectRefusal = (response: LightMyRequestResponse, status: number, message: string): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status, message });
  expect(response.body).not.toContain(clientSecret);
  expect(response.body).not.toContain('access_token');
};

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startProvider();
  const capturing = createCapturingMailer();
  mails = capturing.messages;
  const deps = { db: database.db, dbKind: database.kind, mailer: capturing.mailer };
  app = await buildApp(testConfig({ appUrl, ssoSecretKey, ssoAllowInsecureRequests: true }), deps);
  productionApp = await buildApp(testConfig({ appUrl, production: true, ssoSecretKey: undefined, ssoAllowInsecureRequests: true }), deps);

  organizationId = await insertOrganization(database.db);
  admin = await insertUser(database.db, { organizationId, email: `admin@${domain}`, role: 'admin' });
  adminToken = await signIn(app, admin.email);
  // The administrator's second factor (TOTP), set directly: it is what keeps the break-glass password open.
  totpSecret = new Secret({ size: 20 }).base32;
  await database.db.updateTable('users').set({ two_factor: 'totp', totp_secret: totpSecret }).where('id', '=', admin.id).execute();
});

afterAll(async () => {
  await app?.close();
  await productionApp?.close();
  await provider?.close();
  await database?.close();
});

beforeEach(() => {
  provider.tamper = 'none';
});

describe('Organisation settings: the provider (administrator only)', () => {
  it('refuses everyone but the administrator', async () => {
    const staff = await insertUser(database.db, { organizationId, email: `staff.settings@${domain}`, role: 'staff' });
    const token = await signIn(app, staff.email);
    expect((await get(app, '/api/organization/sso', { token })).statusCode).toBe(403);
    expect((await post(app, '/api/organization/sso', settingsBody(), { token })).statusCode).toBe(403);
    expect((await get(app, '/api/organization/sso')).statusCode).toBe(401);
  });

  it('keeps the client secret only encrypted, with AES-256-GCM under SSO_SECRET_KEY, and never answers it', async () => {
    const saved = await post(app, '/api/organization/sso', settingsBody(), { token: adminToken });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ configured: true, issuer_url: provider.issuer, client_id: clientId, has_client_secret: true, jit_role: 'staff', redirect_uri: redirectUri });
    expect(saved.body).not.toContain(clientSecret);
    const row = await database.db.selectFrom('sso_oidc_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).toMatch(/^v1\./);
    expect(row.client_secret_encrypted).not.toContain(clientSecret);
    expect(decryptSecret(ssoSecretKey, organizationId, row.client_secret_encrypted!)).toBe(clientSecret);
    expect(decryptSecret('another-key-0123456789abcdef', organizationId, row.client_secret_encrypted!)).toBeUndefined();
    expect(decryptSecret(ssoSecretKey, '00000000-0000-4000-8000-000000000000', row.client_secret_encrypted!)).toBeUndefined();

    // Saving again without a secret keeps the stored one.
    const kept = await post(app, '/api/organization/sso', settingsBody({ client_secret: '' }), { token: adminToken });
    expect(kept.json().data.has_client_secret).toBe(true);
    const again = await database.db.selectFrom('sso_oidc_settings').select('client_secret_encrypted').where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(again.client_secret_encrypted).toBe(row.client_secret_encrypted);
  });

  it('refuses to store a secret in production without SSO_SECRET_KEY', async () => {
    const other = await insertUser(database.db, { email: 'admin@production.test', role: 'admin' });
    const token = await signIn(productionApp, other.email);
    const refused = await post(productionApp, '/api/organization/sso', settingsBody(), { token });
    expect(refused.json()).toMatchObject({ status: 422, message: OidcMessages.secretKeyMissing });
    expect(await database.db.selectFrom('sso_oidc_settings').select('organization_id').where('organization_id', '=', other.organizationId).execute()).toEqual([]);
  });

  it('refuses an issuer that is not https (plain http only on loopback, with the test-only option) and an empty client id', async () => {
    const response = await post(app, '/api/organization/sso', settingsBody({ issuer_url: 'http://idp.example.com', client_id: ' ' }), { token: adminToken });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({ issuer_url: [OidcMessages.issuerInvalid], client_id: ['The client id field is required'] });
  });

  it('refuses "SSO required" without a verified domain', async () => {
    const response = await post(app, '/api/organization/sso', settingsBody({ sso_required: true }), { token: adminToken });
    expect(response.json()).toMatchObject({ status: 422, message: OidcMessages.requiredNeedsDomain });
  });
});

describe('Organisation settings: verified domains', () => {
  it('verifies a domain by a code mailed to an address at the domain', async () => {
    const mismatch = await post(app, '/api/organization/sso/domains', { domain, method: 'email', email: 'it@elsewhere.test' }, { token: adminToken });
    expect(mismatch.json().errors).toEqual({ email: [OidcMessages.domainEmailMismatch] });

    mails.length = 0;
    const claimed = await post(app, '/api/organization/sso/domains', { domain: ' Engines.TEST. ', method: 'email', email: `it@${domain}` }, { token: adminToken });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({ domain, method: 'email', verified: false, dns_record: null });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(`it@${domain}`);
    const code = /: ([A-Za-z0-9_-]{12})\n/.exec(mails[0]!.text)![1]!;
    expect(claimed.body).not.toContain(code);

    const wrong = await post(app, '/api/organization/sso/domains/verify', { id: claimed.json().data.id, code: 'not-the-code' }, { token: adminToken });
    expect(wrong.json()).toMatchObject({ status: 422, message: OidcMessages.domainNotVerified });
    const right = await post(app, '/api/organization/sso/domains/verify', { id: claimed.json().data.id, code }, { token: adminToken });
    expect(right.json().data).toMatchObject({ domain, verified: true });
  });

  it('verifies a domain by its DNS TXT record, and refuses while the record is missing', async () => {
    const claimed = await post(app, '/api/organization/sso/domains', { domain: 'dns.engines.test', method: 'dns' }, { token: adminToken });
    const record = claimed.json().data.dns_record as string;
    expect(record).toMatch(/^commonweave-sso-verification=[A-Za-z0-9_-]{32}$/);
    const auth = await authContext(admin.id);
    const lookups: string[] = [];
    await expect(
      verifyClaimedDomain(database.db, auth, { id: claimed.json().data.id, code: undefined }, null, async (name) => {
        lookups.push(name);
        return [['v=spf1 -all'], ['commonweave-sso-verification=', 'wrong']];
      }),
    ).rejects.toMatchObject({ message: OidcMessages.domainNotVerified });
    // A long TXT value arrives in chunks; they are joined before comparing.
    const verified = await verifyClaimedDomain(database.db, auth, { id: claimed.json().data.id, code: undefined }, null, async (name) => {
      lookups.push(name);
      return [[record.slice(0, 20), record.slice(20)]];
    });
    expect(verified).toMatchObject({ domain: 'dns.engines.test', verified: true, dns_record: null });
    expect(lookups).toEqual(['dns.engines.test', 'dns.engines.test']);
  });

  it('refuses a domain another organisation has verified, and an invalid domain', async () => {
    const other = await insertUser(database.db, { email: 'admin@other-org.test', role: 'admin' });
    const token = await signIn(app, other.email);
    const taken = await post(app, '/api/organization/sso/domains', { domain, method: 'dns' }, { token });
    expect(taken.json().errors).toEqual({ domain: [OidcMessages.domainTaken] });
    const invalid = await post(app, '/api/organization/sso/domains', { domain: 'not a domain', method: 'dns' }, { token });
    expect(invalid.json().errors).toEqual({ domain: [OidcMessages.domainInvalid] });
  });
});

describe('Sign in with your organisation', () => {
  it('runs the authorization code flow with PKCE, state and nonce, and opens a session like the password does', async () => {
    await insertUser(database.db, { organizationId, email: `ada@${domain}`, role: 'staff' });
    addAccount('ada-subject', { email: `Ada@${domain}`, given_name: 'Ada', family_name: 'Lovelace' });
    const { started, back, response } = await signInThroughProvider('ada-subject', `ada@${domain}`, '/dashboard/languages?tab=2');

    const params = started.url!.searchParams;
    expect(`${started.url!.origin}${started.url!.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(params)).toMatchObject({ client_id: clientId, response_type: 'code', redirect_uri: redirectUri, code_challenge_method: 'S256', login_hint: `ada@${domain}` });
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.url!.href).not.toContain(clientSecret);
    expect(back.iss).toBe(provider.issuer);

    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ password_expired: false, return_to: '/dashboard/languages?tab=2', user: { email: `ada@${domain}`, organization_id: organizationId, role: 'staff' } });
    // The same session as after a password: the session check accepts it, logout revokes it.
    expect((await post(app, '/api/check-access-token', {}, { token: data.access_token })).statusCode).toBe(200);
    await post(app, '/api/logout', {}, { token: data.access_token });
    expect((await post(app, '/api/check-access-token', {}, { token: data.access_token })).statusCode).toBe(401);
    const signedIn = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.signed_in').where('actor', '=', data.user.id).execute();
    expect(signedIn.map((row) => (row.details as { method: string }).method)).toEqual(['sso']);

    // The state was used up: the same answer posted again is refused.
    expectRefusal(await login(back, started.browser), 422, AuthMessages.ssoStateInvalid);
  });

  it('never sends the person to another site after signing in', async () => {
    addAccount('ada-subject', { email: `ada@${domain}` });
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { response } = await signInThroughProvider('ada-subject', `ada@${domain}`, returnTo);
      expect(response.json().data.return_to).toBe('/');
    }
  });

  it('answers an unknown domain and a known domain without a provider alike, and audits both', async () => {
    const lonely = await insertOrganization(database.db);
    await database.db.insertInto('sso_domains').values({ organization_id: lonely, domain: 'lonely.test', method: 'dns', challenge: 'x', challenge_expires_at: new Date(), verified_at: new Date() }).execute();
    const unknown = await start('someone@nowhere.test');
    const unconfigured = await start('someone@lonely.test');
    const unverified = await start('someone@unverified.test');
    for (const { response } of [unknown, unconfigured, unverified]) expectRefusal(response, 422, OidcMessages.notAvailable);
    expect(unconfigured.response.body).toBe(unknown.response.body);
    expect((await auditRows('unknown_domain')).length).toBeGreaterThanOrEqual(2);
    expect((await auditRows('not_configured')).map((row) => row.organization_id)).toEqual([lonely]);

    const invalid = await start('not-an-email');
    expect(invalid.response.json().errors).toEqual({ email: [AuthMessages.invalidEmail] });
  });

  it('refuses a tampered state, or one from another browser, and audits it', async () => {
    addAccount('ada-subject', { email: `ada@${domain}` });
    provider.nextAccount = 'ada-subject';
    const started = await start(`ada@${domain}`);
    const back = await authorize(started.url!.href);
    const before = (await auditRows('state_invalid')).length;
    const flipped = back.state.slice(0, -1) + (back.state.endsWith('A') ? 'B' : 'A');
    expectRefusal(await login({ ...back, state: flipped }, started.browser), 422, AuthMessages.ssoStateInvalid);
    expectRefusal(await login(back, 'x'.repeat(43)), 422, AuthMessages.ssoStateInvalid);
    expectRefusal(await login(back, undefined), 422, AuthMessages.ssoStateInvalid);
    expect((await auditRows('state_invalid')).length).toBe(before + 3);
    // The real state still works once: the refusals did not use it up.
    expect((await login(back, started.browser)).statusCode).toBe(200);
  });

  it('refuses an ID token whose nonce is not the one of this sign-in', async () => {
    addAccount('ada-subject', { email: `ada@${domain}` });
    provider.nextAccount = 'ada-subject';
    const started = await start(`ada@${domain}`);
    const url = new URL(started.url!.href);
    url.searchParams.set('nonce', 'a-nonce-the-server-never-issued-0123456789ab');
    const back = await authorize(url.href);
    expectRefusal(await login(back, started.browser), 422, OidcMessages.refused);
    const rows = await auditRows('provider_refused');
    expect(rows.at(-1)!.details).toMatchObject({ method: 'oidc', detail: 'token: OAUTH_JWT_CLAIM_COMPARISON_FAILED nonce' });
  });

  it('refuses an ID token issued for another audience', async () => {
    addAccount('ada-subject', { email: `ada@${domain}` });
    provider.tamper = 'audience';
    const before = (await auditRows('provider_refused')).length;
    const { response } = await signInThroughProvider('ada-subject', `ada@${domain}`);
    expectRefusal(response, 422, OidcMessages.refused);
    const after = await auditRows('provider_refused');
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.details).toMatchObject({ method: 'oidc', detail: 'token: OAUTH_JWT_CLAIM_COMPARISON_FAILED aud' });
  });

  it('refuses an ID token signed with a key the provider does not publish', async () => {
    // openid-client skips this check unless asked (enableNonRepudiationChecks): this test failed before it was asked.
    addAccount('ada-subject', { email: `ada@${domain}` });
    provider.tamper = 'signature';
    const before = await auditRows('provider_refused');
    const { response } = await signInThroughProvider('ada-subject', `ada@${domain}`);
    expectRefusal(response, 422, OidcMessages.refused);
    const after = await auditRows('provider_refused');
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.details).toMatchObject({ method: 'oidc', detail: 'token: OAUTH_INVALID_RESPONSE signature' });
  });

  it('refuses an email at a domain the organisation has not verified, even for a member', async () => {
    await insertUser(database.db, { organizationId, email: 'member@unverified.test', role: 'staff' });
    addAccount('unverified-subject', { email: 'member@unverified.test' });
    const { response } = await signInThroughProvider('unverified-subject', `ada@${domain}`);
    expectRefusal(response, 422, OidcMessages.notAllowed);
    expect((await auditRows('domain_not_verified')).length).toBe(1);
  });

  it('refuses an address the provider says is not verified, and a member of another organisation', async () => {
    addAccount('unconfirmed-subject', { email: `ada@${domain}`, email_verified: false });
    expectRefusal((await signInThroughProvider('unconfirmed-subject', `ada@${domain}`)).response, 422, OidcMessages.notAllowed);
    expect((await auditRows('email_not_verified')).length).toBe(1);

    const elsewhere = await insertOrganization(database.db);
    await insertUser(database.db, { organizationId: elsewhere, email: `moved@${domain}`, role: 'admin' });
    addAccount('moved-subject', { email: `moved@${domain}` });
    expectRefusal((await signInThroughProvider('moved-subject', `moved@${domain}`)).response, 422, OidcMessages.notAllowed);
    expect((await auditRows('other_organization')).length).toBe(1);
  });

  it('signs up a person with a pending invitation, in the invited role, without a password', async () => {
    const { row } = await createInvitation(database.db, {
      organizationId,
      kind: 'sub_admin',
      email: `Invited@${domain}`,
      firstName: 'Katherine',
      lastName: 'Johnson',
      departmentId: null,
      invitedBy: admin.id,
    });
    addAccount('invited-subject', { email: `invited@${domain}` });
    const { response } = await signInThroughProvider('invited-subject', `invited@${domain}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.user).toMatchObject({ role: 'sub_admin', first_name: 'Katherine', last_name: 'Johnson', organization_id: organizationId });
    const user = await database.db.selectFrom('users').selectAll().where('id', '=', response.json().data.user.id).executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    const invitation = await database.db.selectFrom('invitations').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(invitation.accepted_at).not.toBeNull();
    expect(invitation.user_id).toBe(user.id);
  });

  it('without just-in-time accounts refuses a person with no account; with them creates one in the chosen role', async () => {
    addAccount('new-subject', { email: `newcomer@${domain}`, given_name: 'Mary', family_name: 'Somerville' });
    const off = await signInThroughProvider('new-subject', `newcomer@${domain}`);
    expectRefusal(off.response, 422, OidcMessages.notAllowed);
    expect((await auditRows('no_account')).length).toBe(1);
    expect(await database.db.selectFrom('users').select('id').where('email', '=', `newcomer@${domain}`).execute()).toEqual([]);

    // The role may not be an administrator: the contract knows only staff and sub_admin.
    expect((await post(app, '/api/organization/sso', settingsBody({ client_secret: '', jit_allowed: true, jit_role: 'admin' }), { token: adminToken })).statusCode).toBe(422);
    const saved = await post(app, '/api/organization/sso', settingsBody({ client_secret: '', jit_allowed: true }), { token: adminToken });
    expect(saved.json().data).toMatchObject({ jit_allowed: true, jit_role: 'staff' });

    const on = await signInThroughProvider('new-subject', `newcomer@${domain}`);
    expect(on.response.statusCode, on.response.body).toBe(200);
    expect(on.response.json().data.user).toMatchObject({ email: `newcomer@${domain}`, role: 'staff', first_name: 'Mary', last_name: 'Somerville', organization_id: organizationId });
    const created = await database.db.selectFrom('users').selectAll().where('email', '=', `newcomer@${domain}`).executeTakeFirstOrThrow();
    expect(created.password_hash).toBeNull();
    const audit = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.created_just_in_time').execute();
    expect(audit.map((row) => row.actor)).toEqual([created.id]);

    await post(app, '/api/organization/sso', settingsBody({ client_secret: '', jit_allowed: false }), { token: adminToken });
  });
});

describe('Group claims mapped to groups', () => {
  const department = async (name: string, organization = organizationId) =>
    (await database.db.insertInto('departments').values({ organization_id: organization, name, parent_id: null }).returning('id').executeTakeFirstOrThrow()).id;
  const departmentOf = async (email: string) =>
    (await database.db.selectFrom('users').select('department_id').where('email', '=', email).executeTakeFirstOrThrow()).department_id;
  let weaving: string;
  let dyeing: string;

  beforeAll(async () => {
    weaving = await department('Weaving');
    dyeing = await department('Dyeing');
  });

  it('lets only the administrator map values, to the organisation\'s own groups, once the provider is set', async () => {
    const staffMember = await insertUser(database.db, { organizationId, email: `groups.staff@${domain}`, role: 'staff' });
    const staffToken = await signIn(app, staffMember.email);
    expect((await get(app, '/api/organization/sso/groups', { token: staffToken })).statusCode).toBe(403);
    expect((await post(app, '/api/organization/sso/groups', { claim_name: 'groups', mappings: [] }, { token: staffToken })).statusCode).toBe(403);

    const read = await get(app, '/api/organization/sso/groups', { token: adminToken });
    expect(read.json().data).toMatchObject({ claim_name: 'groups', mappings: [] });
    expect(read.json().data.groups.map((group: { name: string }) => group.name)).toEqual(['Dyeing', 'Weaving']);

    // Another organisation: its group is unknown here, and it cannot map before it has a provider.
    const elsewhere = await insertOrganization(database.db);
    const foreignGroup = await department('Foreign looms', elsewhere);
    const otherAdmin = await insertUser(database.db, { organizationId: elsewhere, role: 'admin' });
    const early = await post(app, '/api/organization/sso/groups', { claim_name: 'groups', mappings: [] }, { token: await signIn(app, otherAdmin.email) });
    expect(early.json()).toMatchObject({ status: 422, message: SsoGroupMessages.needsProvider });

    const refused = await post(
      app,
      '/api/organization/sso/groups',
      {
        claim_name: ' ',
        mappings: [
          { claim_value: 'weavers', group_id: foreignGroup },
          { claim_value: 'dyers', group_id: 'not-a-uuid' },
          { claim_value: 'dyers ', group_id: dyeing },
        ],
      },
      { token: adminToken },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      claim_name: [SsoGroupMessages.claimNameInvalid],
      'mappings.0.group_id': [SsoGroupMessages.groupUnknown],
      'mappings.1.group_id': [SsoGroupMessages.groupUnknown],
      'mappings.2.claim_value': [SsoGroupMessages.claimValueInvalid],
    });
    expect(await database.db.selectFrom('sso_group_mappings').selectAll().execute()).toEqual([]);
  });

  it('places a just-in-time and a returning member in the group of the first mapping they carry, and leaves assignees where they are', async () => {
    const mappings = [
      { claim_value: 'dyers', group_id: dyeing },
      { claim_value: 'weavers', group_id: weaving },
    ];
    const saved = await post(app, '/api/organization/sso/groups', { claim_name: 'groups', mappings }, { token: adminToken });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ claim_name: 'groups', mappings });
    await post(app, '/api/organization/sso', settingsBody({ client_secret: '', jit_allowed: true }), { token: adminToken });
    try {
      // Just in time, carrying both: the administrator's first mapping wins.
      addAccount('groups-new', { email: `groups.new@${domain}`, groups: ['everyone', 'weavers', 'dyers'] });
      expect((await signInThroughProvider('groups-new', `groups.new@${domain}`)).response.statusCode).toBe(200);
      expect(await departmentOf(`groups.new@${domain}`)).toBe(dyeing);

      // Returning: moved when the provider now says weavers; left alone when it says nothing mapped.
      const returning = await insertUser(database.db, { organizationId, email: `groups.returning@${domain}`, role: 'staff' });
      addAccount('groups-returning', { email: returning.email, groups: ['weavers'] });
      const first = await signInThroughProvider('groups-returning', returning.email);
      expect(first.response.json().data.user.id).toBe(returning.id);
      expect(await departmentOf(returning.email)).toBe(weaving);
      addAccount('groups-returning', { email: returning.email, groups: ['everyone'] });
      expect((await signInThroughProvider('groups-returning', returning.email)).response.statusCode).toBe(200);
      expect(await departmentOf(returning.email)).toBe(weaving);

      // An assignee's group is part of their role: the claim does not move it.
      const assignee = await insertUser(database.db, { organizationId, email: `groups.assignee@${domain}`, role: 'group_assignee' });
      await database.db.updateTable('users').set({ department_id: weaving }).where('id', '=', assignee.id).execute();
      addAccount('groups-assignee', { email: assignee.email, groups: ['dyers'] });
      expect((await signInThroughProvider('groups-assignee', assignee.email)).response.statusCode).toBe(200);
      expect(await departmentOf(assignee.email)).toBe(weaving);

      const moves = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.group_from_sso').execute();
      expect(moves.map((row) => row.details)).toEqual([
        expect.objectContaining({ method: 'oidc', claim_value: 'dyers', department_id: dyeing, previous_department_id: null }),
        expect.objectContaining({ method: 'oidc', claim_value: 'weavers', department_id: weaving, previous_department_id: null }),
      ]);
    } finally {
      await post(app, '/api/organization/sso', settingsBody({ client_secret: '', jit_allowed: false }), { token: adminToken });
    }
  });

  it('reads the claim the administrator names, and no mapping leaves groups alone', async () => {
    const member = await insertUser(database.db, { organizationId, email: `groups.named@${domain}`, role: 'sub_admin' });
    // Mapped under another claim name: the provider's groups claim is not read.
    await post(app, '/api/organization/sso/groups', { claim_name: 'departments', mappings: [{ claim_value: 'weavers', group_id: weaving }] }, { token: adminToken });
    addAccount('groups-named', { email: member.email, groups: ['weavers'] });
    expect((await signInThroughProvider('groups-named', member.email)).response.statusCode).toBe(200);
    expect(await departmentOf(member.email)).toBeNull();

    await post(app, '/api/organization/sso/groups', { claim_name: 'groups', mappings: [{ claim_value: 'weavers', group_id: weaving }] }, { token: adminToken });
    expect((await signInThroughProvider('groups-named', member.email)).response.statusCode).toBe(200);
    expect(await departmentOf(member.email)).toBe(weaving);

    const cleared = await post(app, '/api/organization/sso/groups', { claim_name: 'groups', mappings: [] }, { token: adminToken });
    expect(cleared.json().data.mappings).toEqual([]);
  });
});

describe('Single logout', () => {
  const jwtPayload = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

  it('revokes our session first, then sends the browser to the provider\'s end_session_endpoint with the ID token as hint', async () => {
    const member = await insertUser(database.db, { organizationId, email: `logout.member@${domain}`, role: 'staff' });
    addAccount('logout-member', { email: member.email });
    const { response } = await signInThroughProvider('logout-member', member.email);
    const token = response.json().data.access_token as string;

    const loggedOut = await post(app, '/api/sso/logout', {}, { token });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    const url = new URL(loggedOut.json().data.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${appUrl}/login`);
    expect(jwtPayload(url.searchParams.get('id_token_hint')!)).toMatchObject({ sub: 'logout-member', aud: clientId, iss: provider.issuer });

    // Our session is over whatever the provider does next, and the sign-out is audited as /logout's.
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    const signedOut = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.signed_out').where('actor', '=', member.id).execute();
    expect(signedOut).toHaveLength(1);
    // The provider accepts the hint: it answers its logout confirmation, not an error.
    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status, await atProvider.text()).toBe(200);

    // The hint is used once: the same token again has nothing left to end.
    expect((await post(app, '/api/sso/logout', {}, { token })).json().data).toEqual({ url: null });
    const kept = await database.db
      .selectFrom('sso_sessions')
      .innerJoin('sessions', 'sessions.id', 'sso_sessions.session_id')
      .select('sso_sessions.session_id')
      .where('sessions.user_id', '=', member.id)
      .execute();
    expect(kept).toEqual([]);
  });

  it('answers no address for a password session, and for no session, and still revokes', async () => {
    const member = await insertUser(database.db, { organizationId, email: `logout.password@${domain}`, role: 'staff' });
    const passwordToken = await signIn(app, member.email);
    expect((await post(app, '/api/sso/logout', {}, { token: passwordToken })).json()).toEqual({ status: 200, data: { url: null } });
    expect((await post(app, '/api/check-access-token', {}, { token: passwordToken })).statusCode).toBe(401);
    expect((await post(app, '/api/sso/logout', {})).json()).toEqual({ status: 200, data: { url: null } });
  });

  it('still revokes our session when the provider cannot be reached', async () => {
    const member = await insertUser(database.db, { organizationId, email: `logout.down@${domain}`, role: 'staff' });
    addAccount('logout-down', { email: member.email });
    const token = (await signInThroughProvider('logout-down', member.email)).response.json().data.access_token as string;
    const closed = `http://127.0.0.1:${await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const port = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    })}`;
    await database.db.updateTable('sso_oidc_settings').set({ issuer_url: closed }).where('organization_id', '=', organizationId).execute();
    try {
      expect((await post(app, '/api/sso/logout', {}, { token })).json()).toEqual({ status: 200, data: { url: null } });
      expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    } finally {
      await database.db.updateTable('sso_oidc_settings').set({ issuer_url: provider.issuer }).where('organization_id', '=', organizationId).execute();
    }
  });
});

describe('SSO required', () => {
  let staff: { email: string };
  let secondAdmin: { email: string };

  beforeAll(async () => {
    staff = await insertUser(database.db, { organizationId, email: `staff.required@${domain}`, role: 'staff' });
    secondAdmin = await insertUser(database.db, { organizationId, email: `second.required@${domain}`, role: 'second_admin' });
  });

  it('needs the administrator to have a second factor', async () => {
    await database.db.updateTable('users').set({ two_factor: 'off' }).where('id', '=', admin.id).execute();
    const refused = await post(app, '/api/organization/sso', settingsBody({ client_secret: '', sso_required: true }), { token: adminToken });
    expect(refused.json()).toMatchObject({ status: 422, message: OidcMessages.requiredNeedsTwoFactor });
    await database.db.updateTable('users').set({ two_factor: 'totp' }).where('id', '=', admin.id).execute();
    const saved = await post(app, '/api/organization/sso', settingsBody({ client_secret: '', sso_required: true }), { token: adminToken });
    expect(saved.json().data.sso_required).toBe(true);
  });

  it("refuses members' passwords once proven, keeps a wrong password's usual answer, and still lets them in through the provider", async () => {
    const wrong = await post(app, '/api/login', { email: staff.email, password: 'Wrong-Horse1' }, { address: freshAddress() });
    expect(wrong.json().message).toBe(AuthMessages.invalidCredentials);

    const before = (await auditRows('sso_required')).length;
    for (const person of [staff, secondAdmin]) {
      const refused = await post(app, '/api/login', { email: person.email, password: PASSWORD }, { address: freshAddress() });
      expectRefusal(refused, 422, OidcMessages.required);
    }
    expect((await auditRows('sso_required')).length).toBe(before + 2);

    addAccount('staff-required', { email: staff.email });
    expect((await signInThroughProvider('staff-required', staff.email)).response.statusCode).toBe(200);
  });

  it('refuses accepting an invitation with a password, the second administrator\'s link too, and lets the person in through the provider', async () => {
    const invite = (kind: 'staff' | 'second_admin', email: string) =>
      createInvitation(database.db, { organizationId, kind, email, firstName: 'Dorothy', lastName: 'Vaughan', departmentId: null, invitedBy: admin.id });
    const staffInvitation = await invite('staff', `invited.required@${domain}`);
    const secondInvitation = await invite('second_admin', `second.invited@${domain}`);
    const before = (await auditRows('sso_required')).length;

    // The link's page learns it before any password is typed, and offers the provider instead.
    const checked = await get(app, `/api/check-activation?token=${encodeURIComponent(staffInvitation.token)}`);
    expect(checked.json().data).toMatchObject({ email: `invited.required@${domain}`, sso_required: true });
    // The second administrator's page (/login?second-admin-token=) asks the same check.
    const checkedSecond = await get(app, `/api/check-activation?token=${encodeURIComponent(secondInvitation.token)}`);
    expect(checkedSecond.json().data).toMatchObject({ kind: 'second_admin', email: `second.invited@${domain}`, sso_required: true });

    const accepted = await post(
      app,
      '/api/invitation/accept',
      { token: staffInvitation.token, first_name: 'Dorothy', last_name: 'Vaughan', password: PASSWORD, password_confirmation: PASSWORD },
      { address: freshAddress() },
    );
    expectRefusal(accepted, 422, OidcMessages.required);
    const secondLink = await post(app, '/api/login-second-admin', { email: `second.invited@${domain}`, password: PASSWORD, token: secondInvitation.token }, { address: freshAddress() });
    expectRefusal(secondLink, 422, OidcMessages.required);
    expect((await auditRows('sso_required')).length).toBe(before + 2);
    // Nothing was created or claimed: the invitations wait for the provider.
    expect(await database.db.selectFrom('users').select('id').where('email', 'in', [`invited.required@${domain}`, `second.invited@${domain}`]).execute()).toEqual([]);
    const pending = await database.db.selectFrom('invitations').select('accepted_at').where('id', '=', staffInvitation.row.id).executeTakeFirstOrThrow();
    expect(pending.accepted_at).toBeNull();

    // A link that is not pending still answers as before, so the refusal tells nothing to someone without one.
    const unknown = await post(
      app,
      '/api/invitation/accept',
      { token: 'no-such-token', first_name: 'Dorothy', last_name: 'Vaughan', password: PASSWORD, password_confirmation: PASSWORD },
      { address: freshAddress() },
    );
    expect(unknown.json().message).not.toBe(OidcMessages.required);

    addAccount('invited-required', { email: `invited.required@${domain}` });
    const through = await signInThroughProvider('invited-required', `invited.required@${domain}`);
    expect(through.response.statusCode, through.response.body).toBe(200);
    expect(through.response.json().data.user).toMatchObject({ role: 'staff', first_name: 'Dorothy', last_name: 'Vaughan' });
  });

  it("keeps the administrator's break-glass password with the second factor", async () => {
    const first = await post(app, '/api/login', { email: admin.email, password: PASSWORD }, { address: freshAddress() });
    expect(first.json()).toEqual({ status: 200, data: { password_expired: false, two_factor: 'totp' } });
    const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30 });
    const second = await post(app, '/api/login-2fa', { email: admin.email, password: PASSWORD, code }, { address: freshAddress() });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user.role).toBe('admin');
  });

  it('turns the administrator without a second factor away too', async () => {
    await database.db.updateTable('users').set({ two_factor: 'off' }).where('id', '=', admin.id).execute();
    try {
      expectRefusal(await post(app, '/api/login', { email: admin.email, password: PASSWORD }, { address: freshAddress() }), 422, OidcMessages.required);
    } finally {
      await database.db.updateTable('users').set({ two_factor: 'totp' }).where('id', '=', admin.id).execute();
    }
  });
});

describe('the refusals in the five languages', () => {
  it('maps every sentence to a catalogue key that each language translates', () => {
    const read = serverMessageReader(en);
    for (const sentence of Object.values(OidcMessages)) {
      const ref = read(sentence);
      expect(ref, sentence).toBeDefined();
      for (const [language, catalogue] of Object.entries(catalogues)) {
        const translated = (catalogue as Record<string, string>)[ref!.key];
        expect(translated, `${language}: ${ref!.key}`).toBeTruthy();
        if (language !== 'en' && language !== 'au') expect(translated, `${language}: ${ref!.key}`).not.toBe(sentence);
      }
    }
  });
});

