// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState } from '../../../domain/app/state';
import { inputLabelled, renderApp, submit, typeInto, type RenderedApp } from '../../support/renderApp';
import { deliver, logged, submitsOf, text } from './support';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const form = (a: RenderedApp) => a.container.querySelector('form')!;

describe('forgot password', () => {
  it('checks the email before sending, then shows the server message', async () => {
    app = await renderApp('/password-reset');
    await typeInto(inputLabelled(app.container, 'Email'), 'ada@');
    await submit(form(app));
    expect(text(app)).toContain('Please provide a valid email.');
    expect(submitsOf(app, 'requestPasswordReset')).toHaveLength(0);
    expect(logged(app, 'action/submitted')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example.org');
    await submit(form(app));
    expect(submitsOf(app, 'requestPasswordReset')).toEqual([{ type: 'action/submit', action: 'requestPasswordReset', body: { email: 'ada@example.org' }, args: {} }]);
    expect(logged(app, 'action/submitted')).toEqual([{ type: 'action/submitted', action: 'requestPasswordReset' }]);

    const answer = 'If an account exists for this email, a link to reset the password has been sent.';
    await deliver(app, { type: 'action/succeeded', action: 'requestPasswordReset', message: answer, data: null });
    expect(app.container.querySelector('[role="status"]')?.textContent).toBe(answer);
    expect(app.container.querySelector('a[href="/login"]')).not.toBeNull();
  });
});

describe('reset password', () => {
  it('without a token says the link is not valid and offers a new one', async () => {
    app = await renderApp('/password/reset');
    expect(text(app)).toContain('This password reset link is not valid.');
    expect(app.container.querySelector('a[href="/password-reset"]')).not.toBeNull();
    expect(app.container.querySelector('form')).toBeNull();
  });

  it('checks the rule and the confirmation, sends the token, and shows a refused token', async () => {
    app = await renderApp('/password/reset?token=abc');
    await typeInto(inputLabelled(app.container, 'New password'), 'short');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'short');
    await submit(form(app));
    expect(text(app)).toContain('Please provide a valid password.');
    expect(submitsOf(app, 'resetPassword')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'New password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-43');
    await submit(form(app));
    expect(text(app)).toContain('The password confirmation does not match.');
    expect(submitsOf(app, 'resetPassword')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await submit(form(app));
    expect(submitsOf(app, 'resetPassword')).toEqual([
      { type: 'action/submit', action: 'resetPassword', body: { token: 'abc', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42' }, args: {} },
    ]);
    // The link was checked as the page opened (its token goes in no event), then the new password sent.
    expect(logged(app, 'action/submitted')).toEqual([
      { type: 'action/submitted', action: 'checkResetLink' },
      { type: 'action/submitted', action: 'resetPassword' },
    ]);

    await deliver(app, { type: 'action/failed', action: 'resetPassword', message: 'This password reset link has already been used or has expired.', errors: {} });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('This password reset link has already been used or has expired.');
  });

  it('says at once that a used link is used, with no form to fill in vain', async () => {
    app = await renderApp('/password/reset?token=used');
    expect(submitsOf(app, 'checkResetLink')).toEqual([{ type: 'action/submit', action: 'checkResetLink', body: { token: 'used' }, args: {} }]);
    await deliver(app, { type: 'action/failed', action: 'checkResetLink', message: 'This password reset link has already been used or has expired.', errors: {} });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('This password reset link has already been used or has expired.');
    expect(app.container.querySelector('form')).toBeNull();
    expect(text(app)).toContain('Ask for a new reset link');
  });

  it('follows the rule the server sent', async () => {
    app = await renderApp('/password/reset?token=abc', { config: { passwordRegex: '^.{4,}$' } });
    await typeInto(inputLabelled(app.container, 'New password'), 'easy');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'easy');
    await submit(form(app));
    expect(submitsOf(app, 'resetPassword')).toHaveLength(1);
  });
});

describe('expired password', () => {
  const expired = { session: { ...initialAppState.session, signedIn: true, passwordExpired: true, userEmail: 'ada@example.org' } };

  it('asks for the current and a new password and goes to the dashboard once changed', async () => {
    app = await renderApp('/update-password', expired);
    expect(text(app)).toContain('Your password has been expired, please change it now!');
    await typeInto(inputLabelled(app.container, 'Current password'), 'Old-Pass-41');
    await typeInto(inputLabelled(app.container, 'New password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await submit(form(app));
    expect(submitsOf(app, 'changePassword')).toEqual([
      { type: 'action/submit', action: 'changePassword', body: { current_password: 'Old-Pass-41', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42' }, args: {} },
    ]);
    const visited: string[] = [];
    app.router.subscribe((state) => visited.push(state.location.pathname));
    await deliver(app, { type: 'action/succeeded', action: 'changePassword', message: null, data: null });
    expect(visited[0]).toBe('/dashboard');
  });

  it('explains itself to someone whose password has not expired', async () => {
    app = await renderApp('/update-password');
    expect(text(app)).toContain('This page is for changing an expired password after signing in.');
    expect(app.container.querySelector('form')).toBeNull();
  });
});
