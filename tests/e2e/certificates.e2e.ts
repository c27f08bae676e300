import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, launchBrowser, screenshot, startServer, type Browser, type RunningServer } from './harness';

// Issued through the API by the demo administrator, checked on the public page by a browser that never signed in.
let server: RunningServer;
let browser: Browser;
let code: string;
let id: string;
let token: string;

const api = async (path: string, body?: unknown) => {
  const response = await fetch(`${server.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { status: number; data?: { code: string; certificate: { id: string } }; message?: string };
};

before(async () => {
  server = await startServer({ demo: true });
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@diversity-atlas.test', password: 'Demo-Atlas-2026' }),
  });
  token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const issued = await api('/certificate/issue', {});
  assert.equal(issued.status, 200, JSON.stringify(issued));
  code = issued.data!.code;
  id = issued.data!.certificate.id;
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('certificates', () => {
  it('a signed-out visitor verifies a certificate, sees a tampered code refused and a revoked one said so', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/certificate`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    const result = page.getByTestId('certificate-result');
    await result.getByText('This certificate is valid.').waitFor();
    assert.match((await result.textContent()) ?? '', /Atlas Demo Co\./);
    await expectAccessible(page, 'certificate valid');
    await screenshot(page, 'certificate-valid');

    // One character of the payload changed: the signature no longer holds.
    const [signed, signature] = code.split('.') as [string, string];
    const tampered = `${signed.slice(0, 20)}${signed[20] === 'A' ? 'B' : 'A'}${signed.slice(21)}.${signature}`;
    await page.goto(`${server.url}/certificate?code=${encodeURIComponent(tampered)}`);
    await result.getByText(/not a certificate issued here/).waitFor();
    assert.doesNotMatch((await result.textContent()) ?? '', /Atlas Demo Co\./);
    await expectAccessible(page, 'certificate unknown');

    const revoked = await api('/certificate/revoke', { id });
    assert.equal(revoked.status, 200, JSON.stringify(revoked));
    await page.goto(`${server.url}/certificate?code=${encodeURIComponent(code)}`);
    await result.getByText(/was revoked on/).waitFor();
    await screenshot(page, 'certificate-revoked');

    const key = await fetch(`${server.url}/.well-known/certificate-key.pem`);
    assert.match(await key.text(), /BEGIN PUBLIC KEY/);
    await page.close();
  });
});
