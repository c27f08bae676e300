import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { OidcMessages } from '../../domain/contracts/sso';
import { announcementsSettled, apiPost, expectAccessible, latestMail, registerAccount, screenshot, signInThroughPage, signInWithCookie, useSuite } from './harness';

// ---------------------------------------------------------------------------------------------
// The organisation's identity provider: a real oidc-provider on 127.0.0.1. The product talks to
// providers over https only (plain http is a unit-test switch no environment variable sets), so
// this one serves https with a certificate made here, which the product's server is told to trust
// (NODE_EXTRA_CA_CERTS) and the member's browser is told to accept. Its login page is a form that
// asks for the email of one of its accounts.
// ---------------------------------------------------------------------------------------------

const DOMAIN = 'riverbend.test';
const MEMBER = { email: `grace@${DOMAIN}`, password: 'Sturdy-Pass-42' };
const CLIENT_ID = 'commonweave-e2e';
const CLIENT_SECRET = 'provider-client-secret-e2e-7f3a';

const certificates = mkdtempSync(join(tmpdir(), 'e2e-oidc-tls-'));
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  '-keyout', join(certificates, 'key.pem'), '-out', join(certificates, 'cert.pem'),
], { stdio: 'ignore' });

const suite = useSuite({ env: { SSO_SECRET_KEY: 'e2e-sso-secret-key-0123456789abcdef', NODE_EXTRA_CA_CERTS: join(certificates, 'cert.pem') } });

/** Every model of the provider in memory: enough for one journey. */
class MemoryAdapter {
  private static stores = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly store: Map<string, Record<string, unknown>>;
  constructor(name: string) {
    this.store = MemoryAdapter.stores.get(name) ?? new Map();
    MemoryAdapter.stores.set(name, this.store);
  }
  async upsert(id: string, payload: Record<string, unknown>) {
    this.store.set(id, payload);
  }
  async find(id: string) {
    return this.store.get(id);
  }
  async findByUid(uid: string) {
    return [...this.store.values()].find((payload) => payload.uid === uid);
  }
  async findByUserCode(userCode: string) {
    return [...this.store.values()].find((payload) => payload.userCode === userCode);
  }
  async consume(id: string) {
    const payload = this.store.get(id);
    if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    this.store.delete(id);
  }
  async revokeByGrantId(grantId: string) {
    for (const [id, payload] of this.store) if (payload.grantId === grantId) this.store.delete(id);
  }
}

const LOGIN_PAGE = (uid: string) => `<!doctype html><html lang="en"><head><title>Riverbend identity</title></head><body><main>
<h1>Riverbend identity</h1><form method="post" action="/interaction/${uid}/login">
<label for="login">Email at Riverbend</label> <input id="login" name="login" type="email" autocomplete="username">
<button type="submit">Sign in to Riverbend</button></form></main></body></html>`;

const bodyOf = (request: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve, reject) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(new URLSearchParams(text)));
    request.on('error', reject);
  });

let identity: { issuer: string; server: Server } | undefined;
let memberBrowser: Chromium | undefined;

const startProvider = async (redirectUri: string) => {
  const accounts = new Set([MEMBER.email]);
  let handler: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  const server = createServer({ key: readFileSync(join(certificates, 'key.pem')), cert: readFileSync(join(certificates, 'cert.pem')) }, (request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await import('node:crypto').then(({ generateKeyPairSync }) => generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['e2e-provider-cookie-key-0123456789'] },
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      if (!accounts.has(id)) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, given_name: 'Grace', family_name: 'Hopper', name: 'Grace Hopper' }) };
    },
  });
  const callback = provider.callback();
  const login = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'GET') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(LOGIN_PAGE(details.uid));
      return;
    }
    const accountId = (await bodyOf(request)).get('login') ?? '';
    if (!accounts.has(accountId)) {
      response.statusCode = 403;
      response.end('Unknown account');
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };
  handler = (request, response) => {
    if (new URL(request.url ?? '/', issuer).pathname.startsWith('/interaction/')) {
      login(request, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
      return;
    }
    callback(request, response);
  };
  return { issuer, server };
};

/** A browser of the member's own, which accepts the provider's certificate made above. */
const memberContext = async (): Promise<BrowserContext> => {
  const context = await memberBrowser!.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: `if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', '{"v":1,"choice":"all"}');` });
  return context;
};


const narrow = async (page: Page, label: string) => {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `${label} at 390 px is ${width} px wide`);
  await expectAccessible(page, `${label} at 390 px`);
  return async () => size && page.setViewportSize(size);
};

describe('single sign-on with the organisation’s provider', () => {
  // Inside the suite: the root's hooks (useSuite) have started the product's server by then.
  before(async () => {
    identity = await startProvider(`${suite.server.url}/sso/oidc/callback`);
    memberBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  after(async () => {
    await memberBrowser?.close();
    if (identity) {
      identity.server.closeAllConnections();
      await new Promise((resolve) => identity!.server.close(resolve));
    }
    rmSync(certificates, { recursive: true, force: true });
  });

  it('the administrator sets up the provider and verifies a domain by mailed code; a member signs in through the provider; with SSO required the password is refused', async () => {
    const admin = await registerAccount(suite.server);
    // The session's token, taken before the second factor is on (then signing in asks for a code).
    const token = await signInWithCookie(suite.server, suite.browser.context, admin);
    const page = await suite.browser.context.newPage();

    // The administrator's second factor first: their password with it stays open when SSO is required.
    await page.goto(`${suite.server.url}/dashboard/account-settings/security`);
    await page.getByRole('button', { name: 'Use an authenticator app' }).click({ timeout: 180_000 });
    const secret = (await page.locator('.totp-secret').textContent())!.trim();
    await page.getByLabel('Security code', { exact: true }).fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Your two-factor settings are saved.').waitFor();

    // Organisation settings → Single sign-on: the provider.
    await page.goto(`${suite.server.url}/dashboard/organization-settings`);
    const card = page.getByRole('region', { name: 'Single sign-on' });
    await card.waitFor();
    const providerForm = card.getByRole('form', { name: 'Identity provider' });
    await providerForm.getByRole('button', { name: /Provider/ }).first().click();
    await page.getByRole('option', { name: 'Another OpenID Connect provider', exact: true }).click();
    await providerForm.getByLabel('Issuer address', { exact: true }).fill(identity!.issuer);
    await providerForm.getByLabel('Client ID', { exact: true }).fill(CLIENT_ID);
    await providerForm.getByLabel('Client secret', { exact: true }).fill(CLIENT_SECRET);
    assert.match((await providerForm.textContent()) ?? '', new RegExp(`Redirect URI to register at the provider: ${suite.server.url}/sso/oidc/callback`));
    await providerForm.getByRole('button', { name: 'Save' }).click();
    await providerForm.getByRole('status').getByText('Saved.').waitFor();
    assert.equal(await providerForm.getByLabel('Client secret', { exact: true }).inputValue(), '');
    await providerForm.getByText('A secret is stored. Leave this empty to keep it.').waitFor();

    // A domain, verified by the code mailed to an address at it.
    const addDomain = card.getByRole('form', { name: 'Add a domain' });
    await addDomain.getByLabel('Domain', { exact: true }).fill(DOMAIN);
    // react-aria's radio is a visually hidden input inside its label: the label is what a person clicks.
    await addDomain.getByText('A code sent to an address at the domain', { exact: true }).click();
    assert.equal(await addDomain.getByRole('radio', { name: 'A code sent to an address at the domain' }).isChecked(), true);
    await addDomain.getByLabel('Address at the domain', { exact: true }).fill(`it@${DOMAIN}`);
    await addDomain.getByRole('button', { name: 'Add a domain' }).click();
    const domainRow = card.getByRole('listitem').filter({ hasText: DOMAIN });
    await domainRow.getByText('not verified yet').waitFor();
    // The form is empty again, for another domain.
    assert.equal(await addDomain.getByLabel('Domain', { exact: true }).inputValue(), '');
    await expectAccessible(page, 'single sign-on card, domain to verify');
    const mail = await latestMail(suite.server, `it@${DOMAIN}`);
    assert.equal(mail.subject, 'Confirm your domain for single sign-on');
    const code = /within 24 hours: (\S+)/.exec(mail.text)?.[1];
    assert.ok(code, mail.text);
    await domainRow.getByLabel('Code from the email', { exact: true }).fill(code);
    await domainRow.getByRole('button', { name: 'Verify' }).click();
    await card.getByRole('listitem').filter({ hasText: `${DOMAIN} — verified` }).waitFor();
    await announcementsSettled(page);
    await expectAccessible(page, 'single sign-on card');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'sso-settings');
    const wide = await narrow(page, 'Organisation settings with the single sign-on card');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'sso-settings-390');
    await wide();

    // A member at the domain, with a password of their own (an accepted invitation).
    await apiPost(suite.server, token, '/invite-sub-admin', { email: MEMBER.email, first_name: 'Grace', last_name: 'Hopper' });
    const invitation = new URL((await latestMail(suite.server, MEMBER.email)).link!);
    const accepted = await fetch(`${suite.server.url}/api/invitation/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: invitation.searchParams.get('token'), first_name: 'Grace', last_name: 'Hopper', password: MEMBER.password, password_confirmation: MEMBER.password }),
    });
    assert.equal(accepted.status, 200, await accepted.text());

    // The member: the sign-in page → "Sign in with your organisation" → the provider's login page → the dashboard.
    const member = await memberContext();
    const visit = await member.newPage();
    await visit.goto(`${suite.server.url}/login`);
    await visit.getByRole('link', { name: 'Sign in with your organisation' }).click();
    await visit.getByRole('heading', { name: 'Sign in with your organisation', level: 1 }).waitFor();
    // An address whose domain no organisation has verified is sent back to the password.
    await visit.getByLabel('Work email', { exact: true }).fill('someone@elsewhere.test');
    await visit.getByRole('button', { name: 'Continue to your organisation' }).click();
    await visit.getByRole('alert').getByText(OidcMessages.notAvailable).waitFor();
    await expectAccessible(visit, 'sign in with your organisation, an unknown domain');
    await screenshot(visit, 'sso-start-unknown-domain');
    const back = await narrow(visit, 'Sign in with your organisation');
    await screenshot(visit, 'sso-start-390');
    await back();
    await visit.getByLabel('Work email', { exact: true }).fill(MEMBER.email);
    await visit.getByRole('button', { name: 'Continue to your organisation' }).click();
    await visit.waitForURL(`${identity!.issuer}/interaction/**`);
    await visit.getByLabel('Email at Riverbend', { exact: true }).fill(MEMBER.email);
    await visit.getByRole('button', { name: 'Sign in to Riverbend' }).click();
    await visit.waitForURL(`${suite.server.url}/dashboard/**`, { timeout: 180_000 });
    await visit.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectAccessible(visit, 'the member’s dashboard after single sign-on');
    await screenshot(visit, 'sso-member-dashboard');
    await member.close();

    // The administrator requires single sign-on; the member's password is then refused with SPEC's sentence.
    await providerForm.getByText('Require single sign-on', { exact: true }).click();
    assert.equal(await providerForm.getByRole('switch', { name: 'Require single sign-on' }).isChecked(), true);
    await providerForm.getByRole('button', { name: 'Save' }).click();
    await providerForm.getByRole('status').getByText('Saved.').waitFor();
    const refused = await memberContext();
    const passwordPage = await refused.newPage();
    await signInThroughPage(suite.server, passwordPage, MEMBER);
    await passwordPage.getByRole('alert').getByText(OidcMessages.required).waitFor();
    assert.ok(passwordPage.url().endsWith('/login'), passwordPage.url());
    await expectAccessible(passwordPage, 'password refused, SSO required');
    await screenshot(passwordPage, 'sso-required-password-refused');
    await refused.close();
    await page.close();
  });
});
