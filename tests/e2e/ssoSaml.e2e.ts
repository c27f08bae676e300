import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import * as samlify from 'samlify';
import { OidcMessages } from '../../domain/contracts/sso';
import { announcementsSettled, apiPost, eventually, expectAccessible, latestMail, registerAccount, screenshot, signInThroughPage, signInWithCookie, useSuite } from './harness';

// ---------------------------------------------------------------------------------------------
// The organisation's SAML identity provider: samlify in IdP mode on 127.0.0.1, signing with the
// test key of tests/fixtures/saml. Its metadata names an https sign-in address (the product takes
// only https addresses from metadata), served with a certificate made here; that address sends
// the browser on to the provider's own login page over plain http, so the page's form posting
// the response to the product (plain http here) is not a secure page posting to an insecure one.
// ---------------------------------------------------------------------------------------------

samlify.setSchemaValidator({ validate: async () => 'skipped: the product validates the response itself' });
// Under Node's own ESM loader some of samlify's CommonJS exports show only on its default export.
const SamlLib = (samlify.SamlLib ?? (samlify as unknown as { default: typeof samlify }).default.SamlLib) as typeof samlify.SamlLib;

const DOMAIN = 'looms.test';
const MEMBER = { email: `ada@${DOMAIN}`, password: 'Sturdy-Pass-42' };
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const fixture = (name: string): string => readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), 'utf8');

const certificates = mkdtempSync(join(tmpdir(), 'e2e-saml-tls-'));
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  '-keyout', join(certificates, 'key.pem'), '-out', join(certificates, 'cert.pem'),
], { stdio: 'ignore' });

const suite = useSuite({ env: { SSO_SECRET_KEY: 'e2e-sso-secret-key-0123456789abcdef', NODE_EXTRA_CA_CERTS: join(certificates, 'cert.pem') } });

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const bodyOf = (request: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve, reject) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(new URLSearchParams(text)));
    request.on('error', reject);
  });

interface IdentityProvider {
  readonly metadata: string;
  close(): Promise<void>;
}

/** The identity provider's two servers: https for the address in its metadata, http for its pages. */
const startIdentityProvider = async (appUrl: string): Promise<IdentityProvider> => {
  const accounts = new Set([MEMBER.email]);
  let handle: (request: IncomingMessage, response: ServerResponse) => Promise<void> = async () => undefined;
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      // Said in the journey's output: the identity provider failing is not the product failing.
      console.error('the test identity provider failed:', error);
      response.statusCode = 500;
      response.end();
    });
  };
  const pages: HttpServer = createHttpServer(serve);
  const front: HttpsServer = createHttpsServer({ key: readFileSync(join(certificates, 'key.pem')), cert: readFileSync(join(certificates, 'cert.pem')) }, serve);
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const pagesBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  const frontBase = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const entityId = `${frontBase}/idp`;
  const acsUrl = `${appUrl}/api/sso/saml/acs`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT_BINDING, Location: `${frontBase}/sso` }],
    privateKey: fixture('idp-key.pem'),
    signingCert: fixture('idp-cert.pem'),
  });
  const serviceProvider = samlify.ServiceProvider({
    entityID: `${appUrl}/api/sso/saml/metadata`,
    assertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: acsUrl }],
    wantAssertionsSigned: true,
  });

  /** A signed assertion naming the person, in answer to the AuthnRequest of this ID. */
  const respond = async (requestId: string, email: string): Promise<string> => {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const values: Record<string, string> = {
      Destination: acsUrl,
      Audience: `${appUrl}/api/sso/saml/metadata`,
      SubjectRecipient: acsUrl,
      Issuer: entityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: EMAIL_FORMAT,
      NameID: email,
      InResponseTo: requestId,
    };
    const attributes = `<saml:AttributeStatement><saml:Attribute Name="givenName"><saml:AttributeValue xsi:type="xs:string">Ada</saml:AttributeValue></saml:Attribute><saml:Attribute Name="sn"><saml:AttributeValue xsi:type="xs:string">Lovelace</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`;
    const authn = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const { context } = (await idp.createLoginResponse(serviceProvider, { extract: { request: { id: requestId } } }, 'post', { email }, (template: string) => {
      const id = `_${randomUUID()}`;
      const filled = template.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', attributes);
      return { id, context: SamlLib.replaceTagsByValue(filled, { ...values, ID: id, AssertionID: `_${randomUUID()}` }) };
    })) as { context: string };
    return context;
  };

  handle = async (request, response) => {
    const url = new URL(request.url ?? '/', pagesBase);
    const html = (status: number, text: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(text);
    };
    if (url.pathname === '/sso') {
      // The address in the metadata: on to the login page, with the AuthnRequest and RelayState.
      response.writeHead(302, { location: `${pagesBase}/login${url.search}` });
      response.end();
      return;
    }
    if (url.pathname === '/login' && request.method === 'GET') {
      const authnRequest = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      const requestId = /\sID="([^"]+)"/.exec(authnRequest)?.[1] ?? '';
      const relayState = url.searchParams.get('RelayState') ?? '';
      html(
        200,
        page(
          'Looms identity',
          `<form method="post" action="/login"><input type="hidden" name="request_id" value="${escapeHtml(requestId)}"><input type="hidden" name="relay_state" value="${escapeHtml(relayState)}">
<label for="login">Email at Looms</label> <input id="login" name="login" type="email" autocomplete="username">
<button type="submit">Sign in to Looms</button></form>`,
        ),
      );
      return;
    }
    if (url.pathname === '/login' && request.method === 'POST') {
      const form = await bodyOf(request);
      const email = form.get('login') ?? '';
      if (!accounts.has(email)) return html(403, page('Looms identity', '<p>Unknown account.</p>'));
      const samlResponse = await respond(form.get('request_id') ?? '', email);
      // A real provider's page posts itself by script; here the person presses the button.
      html(
        200,
        page(
          'Looms identity',
          `<form method="post" action="${escapeHtml(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}"><input type="hidden" name="RelayState" value="${escapeHtml(form.get('relay_state') ?? '')}">
<button type="submit">Continue to Commonweave</button></form>`,
        ),
      );
      return;
    }
    html(404, page('Not found', ''));
  };

  return {
    metadata: idp.getMetadata(),
    close: async () => {
      for (const server of [pages, front]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
};

let identity: IdentityProvider | undefined;
let memberBrowser: Chromium | undefined;

/** A browser of the member's own, which accepts the identity provider's certificate made above. */
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

const totpCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
/** The authenticator's current 30-second step: the server takes a step's code once. */
const totpStep = () => Math.floor(Date.now() / 30_000);

describe('single sign-on with the organisation’s SAML identity provider', () => {
  // Inside the suite: the root's hooks (useSuite) have started the product's server by then.
  before(async () => {
    identity = await startIdentityProvider(suite.server.url);
    memberBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  after(async () => {
    await memberBrowser?.close();
    await identity?.close();
    rmSync(certificates, { recursive: true, force: true });
  });

  it('the administrator sets up SAML from the metadata; a member signs in through it; with SSO required the password is refused and the break-glass administrator still signs in', async () => {
    const admin = await registerAccount(suite.server);
    const token = await signInWithCookie(suite.server, suite.browser.context, admin);
    const settings = await suite.browser.context.newPage();

    // The administrator's second factor first: their password with it stays open when SSO is required.
    await settings.goto(`${suite.server.url}/dashboard/account-settings/security`);
    await settings.getByRole('button', { name: 'Use an authenticator app' }).click({ timeout: 180_000 });
    const secret = (await settings.locator('.totp-secret').textContent())!.trim();
    const setUpStep = totpStep();
    await settings.getByLabel('Security code', { exact: true }).fill(totpCode(secret));
    await settings.getByRole('button', { name: 'Turn on' }).click();
    await settings.getByText('Your two-factor settings are saved.').waitFor();

    // A group the provider's groups can be mapped to.
    await apiPost(suite.server, token, '/department-register', { name: 'Weaving' });

    // Organisation settings → Single sign-on → SAML 2.0, with the identity provider's metadata pasted.
    await settings.goto(`${suite.server.url}/dashboard/organization-settings`);
    const card = settings.getByRole('region', { name: 'Single sign-on' });
    await card.waitFor();
    await card.getByText('SAML 2.0', { exact: true }).click();
    const samlForm = card.getByRole('form', { name: 'SAML 2.0' });
    await samlForm.getByLabel('Or the metadata XML', { exact: true }).fill(identity!.metadata);
    assert.match((await samlForm.textContent()) ?? '', new RegExp(`Assertion consumer service \\(HTTP-POST\\): ${suite.server.url}/api/sso/saml/acs`));
    await samlForm.getByRole('button', { name: 'Save' }).click();
    await samlForm.getByRole('status').getByText('Saved.').waitFor();
    await samlForm.getByText(/Identity provider: https:\/\/127\.0\.0\.1:\d+\/idp/).waitFor();

    // The domain, verified by the code mailed to an address at it.
    const addDomain = card.getByRole('form', { name: 'Add a domain' });
    await addDomain.getByLabel('Domain', { exact: true }).fill(DOMAIN);
    await addDomain.getByText('A code sent to an address at the domain', { exact: true }).click();
    await addDomain.getByLabel('Address at the domain', { exact: true }).fill(`it@${DOMAIN}`);
    await addDomain.getByRole('button', { name: 'Add a domain' }).click();
    const domainRow = card.getByRole('listitem').filter({ hasText: DOMAIN });
    await domainRow.getByText('not verified yet').waitFor();
    const code = /within 24 hours: (\S+)/.exec((await latestMail(suite.server, `it@${DOMAIN}`)).text)?.[1];
    assert.ok(code);
    await domainRow.getByLabel('Code from the email', { exact: true }).fill(code);
    await domainRow.getByRole('button', { name: 'Verify' }).click();
    await card.getByRole('listitem').filter({ hasText: `${DOMAIN} — verified` }).waitFor();

    // Groups from the provider: the attribute that lists them, and one of its values mapped to a group.
    const groupsForm = card.getByRole('form', { name: 'Groups from your provider' });
    await groupsForm.getByLabel('Name of the claim or attribute', { exact: true }).fill('memberOf');
    await groupsForm.getByRole('button', { name: 'Add a mapping' }).click();
    await groupsForm.getByLabel('Value sent by the provider', { exact: true }).fill('cn=weavers,ou=groups');
    await groupsForm.getByRole('button', { name: /Group/ }).click();
    await settings.getByRole('option', { name: 'Weaving', exact: true }).click();
    // The save's own answer, not only its short-lived confirmation: the form is keyed by the stored
    // list and starts again once the list reloads, which a loaded machine can show before the status.
    const saved = settings.waitForResponse((response) => response.url().endsWith('/api/organization/sso/groups') && response.request().method() === 'POST');
    await groupsForm.getByRole('button', { name: 'Save the mappings' }).click();
    assert.equal((await saved).status(), 200);
    await card.getByRole('form', { name: 'Groups from your provider' }).getByLabel('Value sent by the provider', { exact: true }).waitFor();
    assert.equal(await groupsForm.getByLabel('Value sent by the provider', { exact: true }).inputValue(), 'cn=weavers,ou=groups');
    assert.equal(await groupsForm.getByLabel('Name of the claim or attribute', { exact: true }).inputValue(), 'memberOf');
    await announcementsSettled(settings);
    await expectAccessible(settings, 'single sign-on card with SAML');
    await card.scrollIntoViewIfNeeded();
    await screenshot(settings, 'sso-saml-settings');
    const wide = await narrow(settings, 'Organisation settings with SAML');
    await screenshot(settings, 'sso-saml-settings-390');
    await wide();

    // A member at the domain, with a password of their own (an accepted invitation).
    await apiPost(suite.server, token, '/invite-sub-admin', { email: MEMBER.email, first_name: 'Ada', last_name: 'Lovelace' });
    const invitation = new URL((await latestMail(suite.server, MEMBER.email)).link!);
    const accepted = await fetch(`${suite.server.url}/api/invitation/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: invitation.searchParams.get('token'), first_name: 'Ada', last_name: 'Lovelace', password: MEMBER.password, password_confirmation: MEMBER.password }),
    });
    assert.equal(accepted.status, 200, await accepted.text());

    // The member: "Sign in with your organisation" → the identity provider's page → back → the dashboard.
    const member = await memberContext();
    const visit = await member.newPage();
    await visit.goto(`${suite.server.url}/login`);
    await visit.getByRole('link', { name: 'Sign in with your organisation' }).click();
    await visit.getByLabel('Work email', { exact: true }).fill(MEMBER.email);
    await visit.getByRole('button', { name: 'Continue to your organisation' }).click();
    await visit.getByLabel('Email at Looms', { exact: true }).fill(MEMBER.email);
    await visit.getByRole('button', { name: 'Sign in to Looms' }).click();
    await visit.getByRole('button', { name: 'Continue to Commonweave' }).click();
    await visit.waitForURL(`${suite.server.url}/dashboard/**`, { timeout: 180_000 });
    await visit.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectAccessible(visit, 'the member’s dashboard after SAML sign-in');
    const back = await narrow(visit, 'the member’s dashboard after SAML sign-in');
    await back();
    await screenshot(visit, 'sso-saml-member-dashboard');
    await member.close();

    // "SSO required": the member's password is refused in the SPEC's sentence.
    await samlForm.getByText('Require single sign-on', { exact: true }).click();
    assert.equal(await samlForm.getByRole('switch', { name: 'Require single sign-on' }).isChecked(), true);
    await samlForm.getByRole('button', { name: 'Save' }).click();
    await samlForm.getByRole('status').getByText('Saved.').waitFor();
    const refused = await memberContext();
    const passwordPage = await refused.newPage();
    await signInThroughPage(suite.server, passwordPage, MEMBER);
    await passwordPage.getByRole('alert').getByText(OidcMessages.required).waitFor();
    assert.ok(passwordPage.url().endsWith('/login'), passwordPage.url());
    await expectAccessible(passwordPage, 'password refused, SAML required');
    const narrowRefusal = await narrow(passwordPage, 'password refused, SAML required');
    await narrowRefusal();
    await refused.close();

    // The break-glass administrator: password and second factor, still open.
    const breakGlass = await memberContext();
    const adminPage = await breakGlass.newPage();
    await signInThroughPage(suite.server, adminPage, admin);
    // A code of the step the set-up used would be refused as used: on a quick run the next step is awaited.
    await eventually('the authenticator’s next step', async () => (totpStep() > setUpStep ? true : undefined));
    await adminPage.getByLabel('Security code', { exact: true }).fill(totpCode(secret));
    await adminPage.getByRole('button', { name: 'Confirm' }).click();
    await adminPage.waitForURL(`${suite.server.url}/dashboard/**`, { timeout: 180_000 });
    await adminPage.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await breakGlass.close();
    await settings.close();
  });
});
