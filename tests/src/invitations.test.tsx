// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState } from '../../domain/app/state';
import type { User } from '../../domain/contracts/auth';
import { MemberMessages, type InvitationCheck } from '../../domain/contracts/members';
import { inputLabelled, renderApp, submit, typeInto, type RenderedApp } from '../support/renderApp';
import { buttonNamed, commandsOf, deliver, press, text } from './account/support';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const checked: InvitationCheck = {
  kind: 'group_assignee',
  email: 'grace@example.org',
  first_name: 'Grace',
  last_name: 'Hopper',
  organization_name: 'Riverbend University',
  department: { id: 'g1', name: 'Engineering', parent_id: null },
  expires_at: '2030-03-08T10:00:00.000Z',
  sso_required: false,
};

const user: User = {
  id: 'u2', email: 'grace@example.org', first_name: 'Grace', last_name: 'Hopper', role: 'group_assignee', organization_id: 'o1',
  locale_id: null, two_factor: 'off', setting: { banners: {} },
};

const form = (a: RenderedApp) => a.container.querySelector('form')!;

describe('invitation pages', () => {
  it('checks the token through an action, so the token stays out of the log, then shows whose invitation it is', async () => {
    app = await renderApp('/check-department-invitation?token=secret-token-1');
    expect(commandsOf(app, 'action/submit')).toEqual([{ type: 'action/submit', action: 'checkDepartmentInvitation', body: {}, args: { token: 'secret-token-1' } }]);
    expect(text(app)).toContain('Checking your invitation…');
    await deliver(app, { type: 'action/succeeded', action: 'checkDepartmentInvitation', message: null, data: checked });
    expect(text(app)).toContain('Riverbend University');
    expect(text(app)).toContain('Engineering');
    expect(text(app)).toContain('grace@example.org');
    expect(inputLabelled(app.container, 'First name').value).toBe('Grace');
    expect(JSON.stringify(app.store.getLifted().entries)).not.toContain('secret-token-1');
  });

  it('checks the password before sending, then accepts with one command and lands on the dashboard', async () => {
    app = await renderApp('/check-department-invitation?token=secret-token-1');
    await deliver(app, { type: 'action/succeeded', action: 'checkDepartmentInvitation', message: null, data: checked });
    await typeInto(inputLabelled(app.container, 'Password'), 'short');
    await submit(form(app));
    expect(commandsOf(app, 'session/acceptInvitation')).toHaveLength(0);
    expect(text(app)).toContain('Please provide a valid password.');

    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await submit(form(app));
    expect(commandsOf(app, 'session/acceptInvitation')).toEqual([
      {
        type: 'session/acceptInvitation', email: 'grace@example.org', token: 'secret-token-1', first_name: 'Grace', last_name: 'Hopper',
        password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42',
      },
    ]);
    await deliver(app, { type: 'session/loggedIn', user });
    expect(app.router.state.location.pathname).toBe('/dashboard/home');
  });

  it('a refused acceptance shows the field errors at the fields and says so above the form', async () => {
    app = await renderApp('/check-activation?token=t');
    await deliver(app, { type: 'action/succeeded', action: 'checkActivation', message: null, data: checked });
    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await submit(form(app));
    await deliver(app, { type: 'session/loginFailed', message: 'Please provide a valid password.', errors: { password: ['Please provide a valid password.'] } });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('Please correct the fields below.');
    expect(text(app)).toContain('Please provide a valid password.');
    expect(app.router.state.location.pathname).toBe('/check-activation');
  });

  it('an unknown, used or expired token shows the server sentence with the way to sign in', async () => {
    app = await renderApp('/subgroup-register?token=old');
    expect(commandsOf(app, 'action/submit')[0]).toMatchObject({ action: 'checkActivationAssignee', args: { token: 'old' } });
    await deliver(app, { type: 'action/failed', action: 'checkActivationAssignee', message: MemberMessages.activationInvalid, errors: { token: [MemberMessages.activationInvalid] } });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('This activation link does not exist or has expired.');
    expect(app.container.querySelector('a[href="/login"]')).not.toBeNull();
    expect(app.container.querySelector('form')).toBeNull();
  });

  it('when the organisation requires SSO, offers its sign-in instead of a password form', async () => {
    app = await renderApp('/check-activation?token=t', { session: initialAppState.session });
    await deliver(app, { type: 'action/succeeded', action: 'checkActivation', message: null, data: { ...checked, sso_required: true } });
    expect(text(app)).toContain('Riverbend University');
    expect(text(app)).toContain('no password to choose');
    expect(app.container.querySelector('input[type="password"]')).toBeNull();
    expect(app.container.querySelector('form')).toBeNull();
    await press(buttonNamed(app, 'Sign in with your organisation'));
    expect(commandsOf(app, 'session/startOrganizationSso')).toEqual([{ type: 'session/startOrganizationSso', email: 'grace@example.org', returnTo: '' }]);
    expect(commandsOf(app, 'session/acceptInvitation')).toHaveLength(0);
    await deliver(app, { type: 'session/loginFailed', message: 'Please sign in with your organisation.', errors: {} });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('Please sign in with your organisation.');
  });

  it('a link without a token goes to /invalid-invitation-token', async () => {
    app = await renderApp('/check-invitation');
    expect(app.router.state.location.pathname).toBe('/invalid-invitation-token');
    expect(commandsOf(app, 'action/submit')).toHaveLength(0);
  });

  it('the second administrator link signs in through POST /login-second-admin', async () => {
    app = await renderApp('/login?second-admin-token=admin-token-9');
    // The token is checked first, like every invitation link, to learn whether the organisation requires SSO.
    expect(commandsOf(app, 'action/submit')).toEqual([{ type: 'action/submit', action: 'checkActivation', body: {}, args: { token: 'admin-token-9' } }]);
    expect(app.container.querySelector('input[type="password"]')).toBeNull();
    await deliver(app, { type: 'action/succeeded', action: 'checkActivation', message: null, data: { ...checked, kind: 'second_admin', department: null } });
    expect(text(app)).toContain('You were invited as second administrator.');
    await typeInto(inputLabelled(app.container, 'Email'), 'grace@example.org');
    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await submit(form(app));
    expect(commandsOf(app, 'session/loginSecondAdmin')).toEqual([
      { type: 'session/loginSecondAdmin', email: 'grace@example.org', password: 'Sturdy-Pass-42', token: 'admin-token-9' },
    ]);
    expect(commandsOf(app, 'session/login')).toHaveLength(0);
    expect(app.store.getState().session.pending).toBe(true);
  });

  it('the second administrator link under "SSO required" offers the organisation sign-in, not a password', async () => {
    app = await renderApp('/login?second-admin-token=admin-token-9', { session: initialAppState.session });
    await deliver(app, { type: 'action/succeeded', action: 'checkActivation', message: null, data: { ...checked, kind: 'second_admin', department: null, sso_required: true } });
    expect(text(app)).toContain('You were invited as second administrator.');
    expect(text(app)).toContain('grace@example.org');
    expect(text(app)).toContain('no password to choose');
    expect(app.container.querySelector('input[type="password"]')).toBeNull();
    expect(app.container.querySelector('form')).toBeNull();
    await press(buttonNamed(app, 'Sign in with your organisation'));
    expect(commandsOf(app, 'session/startOrganizationSso')).toEqual([{ type: 'session/startOrganizationSso', email: 'grace@example.org', returnTo: '' }]);
    expect(commandsOf(app, 'session/loginSecondAdmin')).toHaveLength(0);
    await deliver(app, { type: 'session/loginFailed', message: 'Please sign in with your organisation.', errors: {} });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('Please sign in with your organisation.');
  });

  it('the second administrator link whose token no longer checks (already accepted) signs in with the password', async () => {
    app = await renderApp('/login?second-admin-token=used-token', { session: initialAppState.session });
    await deliver(app, { type: 'action/failed', action: 'checkActivation', message: MemberMessages.activationInvalid, errors: { token: [MemberMessages.activationInvalid] } });
    await typeInto(inputLabelled(app.container, 'Email'), 'grace@example.org');
    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await submit(form(app));
    expect(commandsOf(app, 'session/loginSecondAdmin')).toEqual([
      { type: 'session/loginSecondAdmin', email: 'grace@example.org', password: 'Sturdy-Pass-42', token: 'used-token' },
    ]);
  });

  it('a plain /login still posts /login', async () => {
    app = await renderApp('/login', { session: initialAppState.session });
    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example.org');
    await typeInto(inputLabelled(app.container, 'Password'), 'Secret123');
    await submit(form(app));
    expect(commandsOf(app, 'session/loginSecondAdmin')).toHaveLength(0);
    expect(commandsOf(app, 'session/login')).toHaveLength(1);
  });
});
