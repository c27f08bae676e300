// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { routes } from '../../src/app/router';
import { RuntimeProvider } from '../../src/app/runtime';
import { createStore } from '../../infrastructure/bus/store';
import { createI18n } from '../../infrastructure/i18n/i18n';
import { counterIds, fixedClock } from '../../domain/kernel/clock';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { AppRuntime } from '../../infrastructure/app/runtime';
import type { Permission } from '../../domain/navigation/permissions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.restoreAllMocks();
});

const Boom = () => {
  throw new Error('render failure');
};

const render = async (path: string, state: Partial<AppState> = {}) => {
  const store = createStore({ tabId: 't', clock: fixedClock(), ids: counterIds(), initialState: { ...initialAppState, ...state } });
  const runtime = {
    store,
    i18n: createI18n('au'),
    api: undefined as never,
    debug: { isEnabled: () => false, exportLog: () => '', replay: () => ({ ok: false, reason: 'notALog' }) },
    dispose: () => undefined,
  } satisfies AppRuntime;
  const withBoom: RouteObject[] = [{ ...routes[0], index: false, children: [...(routes[0].children ?? []), { path: '/boom', element: <Boom /> }] }];
  const router = createMemoryRouter(withBoom, { initialEntries: [path] });
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <RuntimeProvider runtime={runtime}>
        <I18nextProvider i18n={runtime.i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </RuntimeProvider>,
    );
  });
  return { router, store };
};

const signedIn = (permissions: Permission[] = []): Partial<AppState> => ({
  session: { ...initialAppState.session, signedIn: true },
  permissions,
});

describe('routes', () => {
  it('redirects a section hidden by the permissions to /dashboard/home, replacing the entry', async () => {
    const { router } = await render('/dashboard/languages', signedIn([{ hash_id: '3007', attributes: { isShow: false } }]));
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(container!.querySelector('h1')?.textContent).toBe('Home');
    expect(container!.textContent).not.toContain('Languages');
  });

  it('opens the first sub-page of a section that has no content of its own', async () => {
    const { router } = await render('/dashboard/control-panel', signedIn());
    expect(router.state.location.pathname).toBe('/dashboard/control-panel/members-management');
  });

  it('shows the not-found page for an unknown dashboard section', async () => {
    await render('/dashboard/nowhere', signedIn());
    expect(container!.querySelector('h1')?.textContent).toBe('Oops...this page does not exist!');
  });

  it('shows the error screen when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await render('/boom');
    expect(container!.querySelector('h1')?.textContent).toBe('Error');
    expect(container!.textContent).toContain('Something went wrong while showing this page.');
    expect(container!.querySelector('button')?.textContent).toBe('Go back home');
  });

  it('Refresh dispatches a reload of the current page', async () => {
    const { store } = await render('/dashboard/worldviews', signedIn());
    const refresh = [...container!.querySelectorAll('button')].find((b) => b.textContent === 'Refresh')!;
    await act(async () => {
      refresh.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      refresh.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      refresh.click();
    });
    expect(store.getState().dashboard.reloads.worldviews).toBe(1);
  });
});
