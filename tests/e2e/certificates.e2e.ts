import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { RESULTS_DIR, expectAccessible, screenshot, signInWithCookie, useDemoSuite, DEMO_ACCOUNT } from './harness';

// The demo administrator issues and revokes from the organisation settings; the certificate is
// checked on the public page by the same browser once signed out.
const demo = useDemoSuite();

describe('certificates', () => {
  it('an administrator issues one; a signed-out visitor verifies it, a tampered code is refused, a revoked one is said so', async () => {
    const page = await demo.browser.context.newPage();
    await page.goto(`${demo.server.url}/dashboard/organization-settings`);
    const card = page.getByTestId('certificates-card');
    await card.getByRole('heading', { name: 'Certificates' }).waitFor();
    await card.getByRole('button', { name: 'Issue a certificate' }).click();
    await card.getByText('Certificate issued.').waitFor();
    const open = card.getByRole('link', { name: 'Open its verification page' });
    await open.first().waitFor();
    const href = (await open.first().getAttribute('href'))!;
    const code = decodeURIComponent(href.replace('/certificate?code=', ''));
    await expectAccessible(page, 'organisation settings with certificates');
    await screenshot(page, 'certificates-settings');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Download the certificate issued on .* as PDF$/ }).first().click()]);
    assert.match(download.suggestedFilename(), /^certificate-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfPath = (await download.path())!;
    const pdf = await PDFDocument.load(await readFile(pdfPath));
    assert.equal(pdf.getPageCount(), 1);
    assert.equal(pdf.getTitle(), 'Certificate: Riverbend Demo Co.');
    // The first page as a picture to look at, where poppler is installed.
    if (existsSync('/usr/bin/pdftoppm')) {
      await mkdir(RESULTS_DIR, { recursive: true });
      execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, join(RESULTS_DIR, 'certificate-pdf')]);
    }

    // Signed out: the page is public.
    await demo.browser.context.clearCookies();
    await page.goto(`${demo.server.url}/certificate`);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    const result = page.getByTestId('certificate-result');
    await result.getByText('This certificate is valid.').waitFor();
    assert.match((await result.textContent()) ?? '', /Riverbend Demo Co\./);
    await expectAccessible(page, 'certificate valid');
    await screenshot(page, 'certificate-valid');

    // One character of the payload changed: the signature no longer holds.
    const [signed, signature] = code.split('.') as [string, string];
    const tampered = `${signed.slice(0, 20)}${signed[20] === 'A' ? 'B' : 'A'}${signed.slice(21)}.${signature}`;
    await page.goto(`${demo.server.url}/certificate?code=${encodeURIComponent(tampered)}`);
    await result.getByText(/not a certificate issued here/).waitFor();
    assert.doesNotMatch((await result.textContent()) ?? '', /Riverbend Demo Co\./);
    await expectAccessible(page, 'certificate unknown');

    // Back as the administrator: revoke it.
    await signInWithCookie(demo.server, demo.browser.context, DEMO_ACCOUNT);
    await page.goto(`${demo.server.url}/dashboard/organization-settings`);
    await card.getByRole('button', { name: /^Revoke the certificate issued on / }).click();
    await card.getByText('Certificate revoked.').waitFor();
    await demo.browser.context.clearCookies();
    await page.goto(`${demo.server.url}${href}`);
    await result.getByText(/was revoked on/).waitFor();
    await screenshot(page, 'certificate-revoked');

    const key = await fetch(`${demo.server.url}/.well-known/certificate-key.pem`);
    assert.match(await key.text(), /BEGIN PUBLIC KEY/);
    await page.close();
  });
});
