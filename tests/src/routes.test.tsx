// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { Permission } from '../../domain/navigation/permissions';
import { renderApp, type RenderedApp } from '../support/renderApp';

let app: RenderedApp | undefined;

afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

const Boom = () => {
  throw new Error('render failure');
};

const signedIn = (permissions: Permission[] = []): Partial<AppState> => ({
  session: { ...initialAppState.session, signedIn: true, checked: true },
  permissions,
});

describe('routes', () => {
  it('redirects a section hidden by the permissions to /dashboard/home, replacing the entry', async () => {
    app = await renderApp('/dashboard/languages', signedIn([{ hash_id: '3007', attributes: { isShow: false } }]));
    expect(app.router.state.location.pathname).toBe('/dashboard/home');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(app.container.querySelector('h1')?.textContent).toBe('Home');
    // The hidden section is not in the menu (the home page's own cards may name languages).
    const menu = app.container.querySelector('nav');
    expect(menu).not.toBeNull();
    expect(menu?.textContent).not.toContain('Languages');
  });

  it('opens the first sub-page of a section that has no content of its own', async () => {
    app = await renderApp('/dashboard/control-panel', signedIn());
    expect(app.router.state.location.pathname).toBe('/dashboard/control-panel/members-management');
  });

  it('shows the not-found page for an unknown dashboard section', async () => {
    app = await renderApp('/dashboard/nowhere', signedIn());
    expect(app.container.querySelector('h1')?.textContent).toBe('Oops...this page does not exist!');
  });

  it('sends a person whose password expired to /update-password from everywhere else', async () => {
    const expired = { session: { ...initialAppState.session, signedIn: true, passwordExpired: true } };
    app = await renderApp('/dashboard/home', expired);
    expect(app.router.state.location.pathname).toBe('/update-password');
  });

  it('shows the error screen when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    app = await renderApp('/boom', {}, [{ path: '/boom', element: <Boom /> }]);
    expect(app.container.querySelector('h1')?.textContent).toBe('Error');
    expect(app.container.textContent).toContain('Something went wrong while showing this page.');
    expect(app.container.querySelector('button')?.textContent).toBe('Go back home');
  });

  it('Refresh dispatches a reload of the current page', async () => {
    app = await renderApp('/dashboard/worldviews', signedIn());
    const refresh = [...app.container.querySelectorAll('button')].find((b) => b.textContent === 'Refresh')!;
    await act(async () => {
      refresh.click();
    });
    expect(app.store.getState().dashboard.reloads.worldviews).toBe(1);
  });
});
