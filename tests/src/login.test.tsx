// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState } from '../../domain/app/state';
import { inputLabelled, renderApp, submit, typeInto, type RenderedApp } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(() => app?.unmount());

const form = (app: RenderedApp) => app.container.querySelector('form')!;

describe('login page', () => {
  it('checks the email before sending, then dispatches one login command', async () => {
    app = await renderApp('/login');
    await typeInto(inputLabelled(app.container, 'Email'), 'not-an-email');
    await typeInto(inputLabelled(app.container, 'Password'), 'Secret123');
    await submit(form(app));
    expect(app.commands.filter((c) => c.type === 'session/login')).toHaveLength(0);
    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example.org');
    await submit(form(app));
    expect(app.commands.filter((c) => c.type === 'session/login')).toEqual([{ type: 'session/login', email: 'ada@example.org', password: 'Secret123' }]);
    expect(app.store.getState().session.pending).toBe(true);
  });

  it('shows the server message in an alert', async () => {
    app = await renderApp('/login', { session: { ...initialAppState.session, loginError: { message: 'Please check your username and password and try again!', errors: {} } } });
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('Please check your username and password and try again!');
  });

  it('asks for the emailed code and sends it with the credentials typed before', async () => {
    app = await renderApp('/login');
    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example.org');
    await typeInto(inputLabelled(app.container, 'Password'), 'Secret123');
    // The effect's answer, delivered as the store would deliver any event.
    await act(async () => app!.store.receiveRemote({ id: 'x', seq: 1, at: 0, tabId: 'other', origin: 'local', actor: null, viewAs: null, v: 1, body: { type: 'session/twoFactorRequired', email: 'ada@example.org', method: 'email', expiresAt: null } }));
    expect(app.container.querySelector('h1')?.textContent).toBe('Enter your security code');
    expect(app.container.textContent).toContain('We emailed a 6-digit code to ada@example.org.');
    await typeInto(inputLabelled(app.container, 'Security code'), '12a3456');
    await submit(form(app));
    expect(app.commands.at(-1)).toEqual({ type: 'session/confirmTwoFactor', email: 'ada@example.org', password: 'Secret123', code: '123456' });
  });
});
