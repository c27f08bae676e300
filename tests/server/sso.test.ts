import { createHash, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { OidcMessages, SsoMessages } from '../../domain/contracts/sso';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { type AmazonConfig, fetchAmazonProfile, pkceChallenge, SsoProviderError } from '../../server/services/sso/amazon';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

// ---------------------------------------------------------------------------------------------
// A small fake Login with Amazon provider: authorize (mints a code bound to the PKCE challenge
// and redirect address it received), token (checks client, code, redirect and verifier) and
// profile (bearer token → profile).
// ---------------------------------------------------------------------------------------------

const clientId = 'amzn1.application-oa2-client.test';
const clientSecret = 'fake-provider-secret';
const providerSecretDetail = 'INTERNAL-PROVIDER-DETAIL-7f3a';

interface Grant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string;
  readonly profile: { user_id: string; email: string; name: string };
  used: boolean;
}

interface FakeProvider {
  readonly url: string;
  /** The Amazon account the next authorization signs in as. */
  account: { user_id: string; email: string; name: string };
  /** Forces the token endpoint to answer this HTTP status. */
  tokenStatus: number | undefined;
  /** Delays every answer (ms). */
  delay: number;
  /** Leaves email out of the profile. */
  profileWithoutEmail: boolean;
  readonly tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const json = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const startFakeProvider = async (): Promise<FakeProvider> => {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant['profile']>();
  const state: Omit<FakeProvider, 'url' | 'close'> = {
    account: { user_id: 'amzn1.account.ADA', email: 'ada@example.test', name: 'Ada Lovelace' },
    tokenStatus: undefined,
    delay: 0,
    profileWithoutEmail: false,
    tokenRequests: [],
  };
  const refuse = (response: ServerResponse, status: number, error: string) =>
    json(response, status, { error, error_description: `${error}: ${providerSecretDetail}` });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (state.delay > 0) await new Promise((resolve) => setTimeout(resolve, state.delay));
    const url = new URL(request.url ?? '/', 'http://provider.test');

    if (request.method === 'GET' && url.pathname === '/ap/oa') {
      const params = url.searchParams;
      const redirectUri = params.get('redirect_uri') ?? '';
      const ok =
        params.get('client_id') === clientId &&
        params.get('response_type') === 'code' &&
        params.get('scope') === 'profile' &&
        params.get('code_challenge_method') === 'S256' &&
        /^[A-Za-z0-9_-]{43}$/.test(params.get('code_challenge') ?? '') &&
        redirectUri !== '';
      if (!ok) return refuse(response, 400, 'invalid_request');
      const code = randomBytes(16).toString('hex');
      grants.set(code, { clientId, redirectUri, challenge: params.get('code_challenge')!, profile: { ...state.account }, used: false });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      return void response.end();
    }

    if (request.method === 'POST' && url.pathname === '/auth/o2/token') {
      const form = new URLSearchParams(await readBody(request));
      state.tokenRequests.push(form);
      if (state.tokenStatus !== undefined) return refuse(response, state.tokenStatus, 'server_error');
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return refuse(response, 401, 'invalid_client');
      if (form.get('grant_type') !== 'authorization_code') return refuse(response, 400, 'unsupported_grant_type');
      const grant = grants.get(form.get('code') ?? '');
      if (grant === undefined || grant.used || grant.redirectUri !== form.get('redirect_uri')) return refuse(response, 400, 'invalid_grant');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== grant.challenge) return refuse(response, 400, 'invalid_grant');
      grant.used = true;
      const accessToken = `Atza|${randomBytes(16).toString('hex')}`;
      tokens.set(accessToken, grant.profile);
      return json(response, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, refresh_token: 'Atzr|x' });
    }

    if (request.method === 'GET' && url.pathname === '/user/profile') {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const profile = bearer === undefined ? undefined : tokens.get(bearer);
      if (profile === undefined) return refuse(response, 401, 'invalid_token');
      return json(response, 200, state.profileWithoutEmail ? { user_id: profile.user_id, name: profile.name } : profile);
    }

    json(response, 404, { error: 'not_found' });
  };

  const server: Server = createHttpServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};

const closedPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const amazonConfig = (base: string): AmazonConfig => ({
  clientId,
  clientSecret,
  authorizeUrl: `${base}/ap/oa`,
  tokenUrl: `${base}/auth/o2/token`,
  profileUrl: `${base}/user/profile`,
});

// ---------------------------------------------------------------------------------------------

const appUrl = 'http://riverbend.test:3000';
let database: OpenDatabase;
let provider: FakeProvider;
let app: FastifyInstance;
let unconfiguredApp: FastifyInstance;
let providerDownApp: FastifyInstance;
let organizationId: string;

const createUser = async (email: string, active = true): Promise<string> => {
  const row = await database.db
    .insertInto('users')
    .values({ organization_id: organizationId, email, password_hash: null, role: 'admin', first_name: 'Ada', last_name: 'Lovelace', locale_id: null, active, totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startFakeProvider();
  const organization = await database.db
    .insertInto('organizations')
    .values({ name: 'Analytical Engines', country: 'AU', industry: null, package_expires_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  organizationId = organization.id;
  await createUser('Ada@Example.test');
  await createUser('retired@example.test', false);

  const deps = { db: database.db, dbKind: database.kind };
  app = await buildApp(testConfig({ appUrl, amazon: amazonConfig(provider.url) }), deps);
  unconfiguredApp = await buildApp(testConfig({ appUrl, amazon: undefined }), deps);
  providerDownApp = await buildApp(testConfig({ appUrl, amazon: amazonConfig(`http://127.0.0.1:${await closedPort()}`) }), deps);
});

afterAll(async () => {
  await app?.close();
  await unconfiguredApp?.close();
  await providerDownApp?.close();
  await provider?.close();
  await database?.close();
});

beforeEach(() => {
  provider.account = { user_id: 'amzn1.account.ADA', email: 'ada@example.test', name: 'Ada Lovelace' };
  provider.tokenStatus = undefined;
  provider.delay = 0;
  provider.profileWithoutEmail = false;
  provider.tokenRequests.length = 0;
});

interface Started {
  readonly url: URL;
  readonly state: string;
  readonly browser: string;
}

/** The client's first step: POST start, keep the browser cookie, read the provider address. */
const start = async (instance: FastifyInstance = app, browser?: string): Promise<Started> => {
  const response = await instance.inject({ method: 'POST', url: '/api/sso/amazon/start', ...(browser ? { cookies: { sso_browser: browser } } : {}) });
  expect(response.statusCode).toBe(200);
  const url = new URL(response.json().data.url);
  const cookie = response.cookies.find((entry) => entry.name === 'sso_browser');
  expect(cookie).toBeDefined();
  return { url, state: url.searchParams.get('state')!, browser: cookie!.value };
};

/** The browser at the provider: follows the authorization address, reads where it is sent back. */
const authorize = async (url: URL): Promise<{ code: string; state: string; redirect: URL }> => {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const redirect = new URL(response.headers.get('location')!);
  return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect };
};

/** The check-token page: posts the code and state with the browser's cookie. */
const login = (code: string, state: string, browser: string | undefined, instance: FastifyInstance = app): Promise<LightMyRequestResponse> =>
  instance.inject({
    method: 'POST',
    url: '/api/sso/amazon/login',
    payload: { code, state },
    ...(browser === undefined ? {} : { cookies: { sso_browser: browser } }),
  });

const expectRefused = (response: LightMyRequestResponse, status: number, message: string): void => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ status, message });
  expect(response.body).not.toContain(providerSecretDetail);
  expect(response.body).not.toContain(clientSecret);
};

describe('POST /api/sso/amazon/start', () => {
  it('answers the provider address with client, scope, redirect, state and an S256 challenge', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/sso/amazon/start' });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/ap/oa`);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(clientId);
    expect(params.get('scope')).toBe('profile');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${appUrl}/sso/amazon/check-token`);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(response.body).not.toContain(clientSecret);

    const cookie = response.cookies.find((entry) => entry.name === 'sso_browser')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/sso', sameSite: 'Lax', maxAge: 600 });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only hashes of the state and a verifier that matches the challenge', async () => {
    const { url, state } = await start();
    const hash = createHash('sha256').update(state).digest('hex');
    const row = await database.db.selectFrom('sso_states').selectAll().where('state_hash', '=', hash).executeTakeFirstOrThrow();
    expect(pkceChallenge(row.code_verifier)).toBe(url.searchParams.get('code_challenge'));
    const minutes = (row.expires_at.getTime() - row.created_at.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 3);
    const stored = await database.db.selectFrom('sso_states').select(['state_hash', 'browser_hash']).execute();
    expect(JSON.stringify(stored)).not.toContain(state);
  });

  it('gives every start its own state and keeps the browser cookie across starts', async () => {
    const first = await start();
    const second = await start(app, first.browser);
    expect(second.state).not.toBe(first.state);
    expect(second.url.searchParams.get('code_challenge')).not.toBe(first.url.searchParams.get('code_challenge'));
    expect(second.browser).toBe(first.browser);
  });
});

describe('POST /api/sso/amazon/login', () => {
  it('signs in the existing user whose email the Amazon profile carries', async () => {
    const started = await start();
    const { code, state, redirect } = await authorize(started.url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${appUrl}/sso/amazon/check-token`);
    expect(state).toBe(started.state);

    const response = await login(code, state, started.browser);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(body.data.password_expired).toBe(false);
    expect(body.data.user).toMatchObject({ email: 'Ada@Example.test', organization_id: organizationId, role: 'admin' });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The code was exchanged once, with the client secret and the verifier of this start.
    expect(provider.tokenRequests).toHaveLength(1);
    const form = provider.tokenRequests[0]!;
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${appUrl}/sso/amazon/check-token`,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(pkceChallenge(form.get('code_verifier')!)).toBe(started.url.searchParams.get('code_challenge'));

    const session = await database.db.selectFrom('sessions').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.user_id).toBe(body.data.user.id);
    const audit = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.signed_in').execute();
    expect(audit.some((entry) => (entry.details as { method?: string }).method === 'sso')).toBe(true);
  });

  it('refuses a state it never issued, without calling the provider', async () => {
    const started = await start();
    const { code } = await authorize(started.url);
    expectRefused(await login(code, randomBytes(32).toString('base64url'), started.browser), 422, AuthMessages.ssoStateInvalid);
    expectRefused(await login(code, 'not-a-state', started.browser), 422, AuthMessages.ssoStateInvalid);
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('refuses a state used a second time', async () => {
    const started = await start();
    const { code, state } = await authorize(started.url);
    expect((await login(code, state, started.browser)).statusCode).toBe(200);
    expectRefused(await login(code, state, started.browser), 422, AuthMessages.ssoStateInvalid);
    expect(provider.tokenRequests).toHaveLength(1);
  });

  it('refuses an expired state', async () => {
    const started = await start();
    const { code, state } = await authorize(started.url);
    // Ten minutes and a second later.
    const stateHash = createHash('sha256').update(state).digest('hex');
    await sql`update sso_states set expires_at = now() - interval '1 second' where state_hash = ${stateHash}`.execute(database.db);
    expectRefused(await login(code, state, started.browser), 422, AuthMessages.ssoStateInvalid);
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('refuses a state started in another browser (login CSRF) and keeps it for its own browser', async () => {
    const started = await start();
    const { code, state } = await authorize(started.url);
    expectRefused(await login(code, state, undefined), 422, AuthMessages.ssoStateInvalid);
    expectRefused(await login(code, state, randomBytes(32).toString('base64url')), 422, AuthMessages.ssoStateInvalid);
    expect(provider.tokenRequests).toHaveLength(0);
    expect((await login(code, state, started.browser)).statusCode).toBe(200);
  });

  it('answers a clear error when the provider refuses the verifier (tampered challenge)', async () => {
    const started = await start();
    const tampered = new URL(started.url);
    tampered.searchParams.set('code_challenge', pkceChallenge(randomBytes(32).toString('base64url')));
    const { code, state } = await authorize(tampered);
    expectRefused(await login(code, state, started.browser), 422, SsoMessages.providerRefused);
    expect(provider.tokenRequests).toHaveLength(1);
  });

  it('answers a clear error for a code the provider does not know', async () => {
    const started = await start();
    expectRefused(await login('forged-code', started.state, started.browser), 422, SsoMessages.providerRefused);
  });

  it('refuses an Amazon account whose email no active user has', async () => {
    for (const email of ['stranger@example.test', 'retired@example.test']) {
      provider.account = { user_id: 'amzn1.account.X', email, name: 'Someone' };
      const started = await start();
      const { code, state } = await authorize(started.url);
      expectRefused(await login(code, state, started.browser), 422, AuthMessages.ssoNoAccount);
    }
    const failures = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign_in_failed').where('actor', '=', 'stranger@example.test').execute();
    expect(failures).toHaveLength(1);
  });

  it('answers 502 with a clear message when the provider fails or answers without an email', async () => {
    provider.tokenStatus = 500;
    let started = await start();
    let grant = await authorize(started.url);
    expectRefused(await login(grant.code, grant.state, started.browser), 502, SsoMessages.providerUnavailable);

    provider.tokenStatus = undefined;
    provider.profileWithoutEmail = true;
    started = await start();
    grant = await authorize(started.url);
    expectRefused(await login(grant.code, grant.state, started.browser), 502, SsoMessages.providerUnavailable);
  });

  it('answers 502 with a clear message when the provider cannot be reached, never 500', async () => {
    const started = await start(providerDownApp);
    const state = started.url.searchParams.get('state')!;
    expectRefused(await login('some-code', state, started.browser, providerDownApp), 502, SsoMessages.providerUnavailable);
  });

  it('refuses an empty code or a missing field as invalid data', async () => {
    const started = await start();
    const empty = await login('', started.state, started.browser);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ status: 422, message: Messages.invalidData, errors: { code: expect.any(Array) } });
    const missing = await app.inject({ method: 'POST', url: '/api/sso/amazon/login', payload: { code: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ status: 422, message: Messages.invalidData, errors: { state: expect.any(Array) } });
  });
});

describe('Login with Amazon under "SSO required"', () => {
  it('turns away every member, the administrator with a second factor too, after the provider vouched, and audits it', async () => {
    await database.db.updateTable('users').set({ two_factor: 'totp', totp_secret: 'JBSWY3DPEHPK3PXP' }).where('email', '=', 'Ada@Example.test').execute();
    await database.db
      .insertInto('sso_oidc_settings')
      .values({ organization_id: organizationId, issuer_url: 'https://login.example.test', client_id: 'commonweave', sso_required: true })
      .execute();
    try {
      const started = await start();
      const { code, state } = await authorize(started.url);
      const refused = await login(code, state, started.browser);
      expectRefused(refused, 422, OidcMessages.required);
      expect(refused.body).not.toContain('access_token');
      const failures = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign_in_failed').execute();
      expect(failures.filter((row) => (row.details as { method?: string; reason?: string }).reason === 'sso_required')).toHaveLength(1);
      expect(failures.find((row) => (row.details as { reason?: string }).reason === 'sso_required')?.details).toMatchObject({ method: 'amazon' });
    } finally {
      await database.db.deleteFrom('sso_oidc_settings').where('organization_id', '=', organizationId).execute();
      await database.db.updateTable('users').set({ two_factor: 'off', totp_secret: null }).where('email', '=', 'Ada@Example.test').execute();
    }
    // The same account signs in with Amazon again once single sign-on is no longer required.
    const started = await start();
    const { code, state } = await authorize(started.url);
    expect((await login(code, state, started.browser)).statusCode).toBe(200);
  });
});

describe('Login with Amazon not configured', () => {
  it('answers both endpoints with a clear message', async () => {
    const startResponse = await unconfiguredApp.inject({ method: 'POST', url: '/api/sso/amazon/start' });
    expect(startResponse.statusCode).toBe(422);
    expect(startResponse.json()).toEqual({ status: 422, message: AuthMessages.ssoNotConfigured });
    const loginResponse = await login('code', randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url'), unconfiguredApp);
    expect(loginResponse.statusCode).toBe(422);
    expect(loginResponse.json()).toEqual({ status: 422, message: AuthMessages.ssoNotConfigured });
  });
});

describe('fetchAmazonProfile', () => {
  const verifier = randomBytes(32).toString('base64url');
  const grantFor = async (challenge: string) => {
    const url = new URL(`${provider.url}/ap/oa`);
    Object.entries({
      client_id: clientId,
      response_type: 'code',
      scope: 'profile',
      redirect_uri: `${appUrl}/sso/amazon/check-token`,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).forEach(([key, value]) => url.searchParams.set(key, value));
    return (await authorize(url)).code;
  };
  const exchange = (code: string, config: AmazonConfig = amazonConfig(provider.url), timeoutMs?: number) =>
    fetchAmazonProfile(config, { code, redirectUri: `${appUrl}/sso/amazon/check-token`, codeVerifier: verifier }, { timeoutMs });

  it('returns the profile for a valid code and verifier', async () => {
    const code = await grantFor(pkceChallenge(verifier));
    await expect(exchange(code)).resolves.toEqual({ userId: 'amzn1.account.ADA', email: 'ada@example.test', name: 'Ada Lovelace' });
  });

  it('is refused for a wrong client secret', async () => {
    const code = await grantFor(pkceChallenge(verifier));
    const error = await exchange(code, { ...amazonConfig(provider.url), clientSecret: 'wrong' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SsoProviderError);
    expect(error).toMatchObject({ kind: 'refused', detail: 'token: HTTP 401 invalid_client' });
  });

  it('gives up after the timeout', async () => {
    const code = await grantFor(pkceChallenge(verifier));
    provider.delay = 1_000;
    const began = Date.now();
    const error = await exchange(code, amazonConfig(provider.url), 150).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'unavailable', detail: 'token: no answer within 150 ms' });
    expect(Date.now() - began).toBeLessThan(900);
  });
});
