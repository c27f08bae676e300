// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState } from '../../../domain/app/state';
import { inputLabelled, renderApp, submit, typeInto, type RenderedApp } from '../../support/renderApp';
import { commandsOf, deliver, logged, text } from './support';

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
    expect(commandsOf(app, 'account/requestPasswordReset')).toHaveLength(0);
    expect(logged(app, 'form/submitted')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example.org');
    await submit(form(app));
    expect(commandsOf(app, 'account/requestPasswordReset')).toEqual([{ type: 'account/requestPasswordReset', email: 'ada@example.org' }]);
    expect(logged(app, 'form/submitted')).toEqual([{ type: 'form/submitted', form: 'resetRequest' }]);

    const answer = 'If an account exists for this email, a link to reset the password has been sent.';
    await deliver(app, { type: 'form/succeeded', form: 'resetRequest', message: answer });
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
    expect(commandsOf(app, 'account/resetPassword')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'New password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-43');
    await submit(form(app));
    expect(text(app)).toContain('The password confirmation does not match.');
    expect(commandsOf(app, 'account/resetPassword')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await submit(form(app));
    expect(commandsOf(app, 'account/resetPassword')).toEqual([
      { type: 'account/resetPassword', token: 'abc', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42' },
    ]);
    expect(logged(app, 'form/submitted')).toEqual([{ type: 'form/submitted', form: 'resetPassword' }]);

    await deliver(app, { type: 'form/failed', form: 'resetPassword', message: 'This token is no longer valid.', errors: {} });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('This token is no longer valid.');
  });

  it('follows the rule the server sent', async () => {
    app = await renderApp('/password/reset?token=abc', { config: { passwordRegex: '^.{4,}$' } });
    await typeInto(inputLabelled(app.container, 'New password'), 'easy');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'easy');
    await submit(form(app));
    expect(commandsOf(app, 'account/resetPassword')).toHaveLength(1);
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
    expect(commandsOf(app, 'account/changePassword')).toEqual([
      { type: 'account/changePassword', current_password: 'Old-Pass-41', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42', code: null },
    ]);
    const visited: string[] = [];
    app.router.subscribe((state) => visited.push(state.location.pathname));
    await deliver(app, { type: 'form/succeeded', form: 'changePassword', message: null });
    expect(visited[0]).toBe('/dashboard');
  });

  it('explains itself to someone whose password has not expired', async () => {
    app = await renderApp('/update-password');
    expect(text(app)).toContain('This page is for changing an expired password after signing in.');
    expect(app.container.querySelector('form')).toBeNull();
  });
});
