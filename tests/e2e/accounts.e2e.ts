import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { eventually, expectAccessible, latestMail, registerAccount, screenshot, signInThroughPage as signInThroughServerPage, signInWithCookie, useSuite, type Account } from './harness';

const suite = useSuite();

const signInThroughPage = (page: Page, account: Pick<Account, 'email' | 'password'>) => signInThroughServerPage(suite.server, page, account);

/** A fresh account signed in on a page whose clock the test moves. */
const signedInWithPageClock = async (): Promise<Page> => {
  const account = await registerAccount(suite.server);
  const page = await suite.browser.context.newPage();
  await page.clock.install();
  await signInThroughPage(page, account);
  await page.waitForURL('**/dashboard/home');
  return page;
};

describe('signing in and out', () => {
  it('a wrong password shows the server message and keeps the person on /login', async () => {
    const account = await registerAccount(suite.server);
    const page = await suite.browser.context.newPage();
    await signInThroughPage(page, { email: account.email, password: 'Wrong-Pass-1' });
    await page.getByRole('alert').getByText('Please check your username and password and try again!').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await expectAccessible(page, 'login with an error');
    await screenshot(page, 'login-wrong-password');
    await page.close();
  });

  it('an unknown email gets the very same message', async () => {
    const page = await suite.browser.context.newPage();
    await signInThroughPage(page, { email: 'nobody-here@example.org', password: 'Wrong-Pass-1' });
    await page.getByRole('alert').getByText('Please check your username and password and try again!').waitFor();
    await page.close();
  });

  it('signs in, sees the dashboard shell, and logs out', async () => {
    const account = await registerAccount(suite.server);
    const page = await suite.browser.context.newPage();
    await signInThroughPage(page, account);
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    assert.equal((await suite.browser.context.cookies()).some((c) => c.name === 'token'), false);
    await page.close();
  });

  it('after 28 idle minutes warns, and after 30 logs out with the auto-logout message', async () => {
    const page = await signedInWithPageClock();
    await page.clock.fastForward('27:00');
    assert.equal(await page.getByRole('alertdialog').count(), 0);
    await page.clock.fastForward('01:30');
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await warning.waitFor();
    await expectAccessible(page, 'inactivity warning');
    await screenshot(page, 'inactivity-warning');
    await page.clock.fastForward('02:00');
    await page.waitForURL('**/login');
    await page.getByRole('alert').getByText('You were logged out after 30 minutes without activity.').waitFor();
    await page.close();
  });

  it('staying signed in from the warning keeps the session', async () => {
    const page = await signedInWithPageClock();
    await page.clock.fastForward('28:30');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.clock.fastForward('10:00');
    assert.equal(new URL(page.url()).pathname, '/dashboard/home');
    await page.close();
  });
});

const emailedCode = async (to: string, after: string | null = null): Promise<string> => {
  return eventually(`a new code mailed to ${to}`, async () => {
    const code = /\b(\d{6})\b/.exec((await latestMail(suite.server, to)).text)?.[1];
    return code && code !== after ? code : undefined;
  });
};

describe('registration, two-factor sign-in and password reset', () => {
  it('registers an organisation through the wizard, then signs in', async () => {
    const email = `wizard-${Date.now()}@example.org`;
    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/head-register`);
    await page.getByRole('heading', { name: 'Register your organisation' }).waitFor();
    await expectAccessible(page, 'registration step 1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('The organisation name is required.').waitFor();
    await page.getByLabel('Organisation name', { exact: true }).fill('Harbour City Council');
    await page.getByRole('button', { name: /Country/ }).click();
    await page.getByRole('option', { name: 'Australia' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('First name', { exact: true }).fill('Grace');
    await page.getByLabel('Last name', { exact: true }).fill('Hopper');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expectAccessible(page, 'registration step 2');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Sturdy-Pass-42');
    await page.getByLabel('Confirm password', { exact: true }).fill('Sturdy-Pass-42');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('You must agree before you continue.').waitFor();
    await page.getByText('I agree to the terms and the privacy policy').click();
    await screenshot(page, 'registration-step-3');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/head-register/success');
    await page.getByText(`You can now log in with ${email}.`).waitFor();
    await expectAccessible(page, 'registration success');
    await page.getByRole('link', { name: 'Log in' }).click();
    await signInThroughPage(page, { email, password: 'Sturdy-Pass-42' });
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.close();
  });

  it('turns on emailed 2FA in the settings, then signs in with the code from the mailbox', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/account-settings/security`);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await expectAccessible(page, 'security settings');
    await page.getByRole('button', { name: 'Use emailed codes' }).click();
    const setupCode = await emailedCode(account.email);
    await page.getByLabel('Security code', { exact: true }).fill(setupCode);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Your two-factor settings are saved.').waitFor();
    await screenshot(page, 'security-2fa-on');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    await signInThroughPage(page, account);
    await page.getByRole('heading', { name: 'Enter your security code' }).waitFor();
    await expectAccessible(page, '2FA code step');
    const loginCode = await emailedCode(account.email, setupCode);
    // A mistyped code is refused with a message; the right one still signs in.
    const wrongCode = String((Number(loginCode) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Security code', { exact: true }).fill(wrongCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.getByLabel('Security code', { exact: true }).fill(loginCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.close();
  });

  it('resets a forgotten password through the emailed link, which works once', async () => {
    const account = await registerAccount(suite.server);
    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/password-reset');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('If an account exists for this email, a link to reset the password has been sent.').waitFor();
    await expectAccessible(page, 'forgot password');
    const mail = await latestMail(suite.server, account.email);
    assert.ok(mail.link?.includes('/password/reset?token='), mail.link ?? 'no link');
    await page.goto(mail.link!.replace(/^https?:\/\/[^/]+/, suite.server.url));
    await page.getByLabel('New password', { exact: true }).fill('Fresh-Pass-77');
    await page.getByLabel('Confirm password', { exact: true }).fill('Fresh-Pass-77');
    await expectAccessible(page, 'reset password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password has been changed. You can now log in with it.').waitFor();

    await signInThroughPage(page, { email: account.email, password: 'Fresh-Pass-77' });
    await page.waitForURL('**/dashboard/home');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    // A used link says so as it opens, before anyone types a new password into it.
    await page.goto(mail.link!.replace(/^https?:\/\/[^/]+/, suite.server.url));
    await page.getByRole('alert').getByText('This password reset link has already been used or has expired.').waitFor();
    assert.equal(await page.getByLabel('New password', { exact: true }).count(), 0);
    await page.close();
  });

  it('sets up an authenticator app from the QR screen and signs in with its codes', async () => {
    const account = await registerAccount(suite.server);
    await signInWithCookie(suite.server, suite.browser.context, account);
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.server.url}/dashboard/account-settings/security`);
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.locator('.totp-secret').textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await expectAccessible(page, 'authenticator set-up');
    await screenshot(page, 'security-totp-setup');
    const setUpCode = totp.generate();
    await page.getByLabel('Security code', { exact: true }).fill(setUpCode);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Your two-factor settings are saved.').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    await signInThroughPage(page, account);
    await page.getByText('Open your authenticator app and enter the 6-digit code it shows.').waitFor();
    // A code is accepted once per time step: sign in with the next step's code, once the app shows it.
    const nextCode = await eventually('the next time step\'s code', async () => {
      const code = totp.generate();
      return code === setUpCode ? undefined : code;
    }, 60_000);
    await page.getByLabel('Security code', { exact: true }).fill(nextCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/dashboard/home');
    await page.close();
  });
});
