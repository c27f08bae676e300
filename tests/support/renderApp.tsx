import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { preloadRoutes, routes } from '../../src/app/router';
import { RuntimeProvider } from '../../src/hooks/runtime';
import { createStore, type Store } from '../../infrastructure/bus/store';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { en } from '../../domain/i18n/en';
import { TranslatorProvider } from '../../src/hooks/translation';
import { createSecrets } from '../../infrastructure/app/secrets';
import { counterIds, fixedClock } from '../../domain/kernel/clock';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { AppRuntime } from '../../infrastructure/app/runtime';
import { appCatalogue } from '../../infrastructure/resources/catalogue';
import type { AppCommand } from '../../domain/app/events';
import { dashboardApp } from '../../domain/app/dashboardApp';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface RenderedApp {
  readonly container: HTMLElement;
  readonly store: Store;
  readonly router: ReturnType<typeof createMemoryRouter>;
  /** Every command the screens dispatched, in order. */
  readonly commands: AppCommand[];
  /** The page's i18next, to show it in another language. */
  readonly i18n: AppRuntime['i18n'];
  /** The shown-once secrets holder the screens read (a test plays the effect that fills it). */
  readonly secrets: AppRuntime['secrets'];
  unmount(): void;
}

/**
 * Renders the real routes in jsdom around a real store with no effects, so a test sees what a
 * screen shows and which commands it dispatches, and nothing reaches a network. `english` is
 * the built-in English the translator starts with (the dashboards' runtime gives enFirstLoad).
 */
export const renderApp = async (
  path: string,
  state: Partial<AppState> = {},
  extraRoutes: RouteObject[] = [],
  english: Readonly<Record<string, string>> = en,
): Promise<RenderedApp> => {
  // Lazy pages render at once when their chunks are in, as they are after this.
  await preloadRoutes();
  const store = createStore(dashboardApp, { tabId: 't', clock: fixedClock(), ids: counterIds(), initialState: { ...initialAppState, ...state } });
  const commands: AppCommand[] = [];
  const dispatch = store.dispatch;
  const recordingStore: Store = { ...store, dispatch: (command) => (commands.push(command), dispatch(command)) };
  const runtime = {
    store: recordingStore,
    catalogue: appCatalogue,
    i18n: createTranslator('au', english),
    api: undefined as never,
    secrets: createSecrets(),
    debug: { isEnabled: () => false, exportLog: () => '', replay: () => ({ ok: false, reason: 'notALog' }) },
    dispose: () => undefined,
  } satisfies AppRuntime;
  const tree: RouteObject[] = [{ ...routes[0], index: false, children: [...(routes[0].children ?? []), ...extraRoutes] }];
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  const container = document.body.appendChild(document.createElement('div'));
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(
      <RuntimeProvider runtime={runtime}>
        <TranslatorProvider translator={runtime.i18n}>
          <RouterProvider router={router} />
        </TranslatorProvider>
      </RuntimeProvider>,
    );
  });
  const rendered: RenderedApp = {
    container,
    store,
    router,
    commands,
    i18n: runtime.i18n,
    secrets: runtime.secrets,
    unmount: () => {
      mounted.delete(rendered);
      act(() => root.unmount());
      container.remove();
    },
  };
  mounted.add(rendered);
  return rendered;
};

/** The apps rendered and not yet unmounted, for `unmountRenderedApps`. */
const mounted = new Set<RenderedApp>();

/** Unmounts every app `renderApp` rendered and empties the page: a test file's `afterEach`. */
export const unmountRenderedApps = (): void => {
  for (const app of [...mounted]) app.unmount();
  document.body.innerHTML = '';
};

/** jsdom has no CSS.escape, which react-aria's modal reads while opening: call once per file that opens one. */
export const provideCssEscape = (): void => {
  const css = globalThis as { CSS?: { escape?: (value: string) => string } };
  css.CSS ??= {};
  css.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
};

/** Types into an input the way React sees a person typing. */
export const typeInto = async (input: HTMLInputElement, value: string): Promise<void> => {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

export const submit = async (form: HTMLFormElement): Promise<void> => {
  await act(async () => {
    form.requestSubmit();
  });
};

export const inputLabelled = (container: HTMLElement, label: string): HTMLInputElement => {
  const labelEl = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  if (!labelEl) throw new Error(`no label ${label}`);
  const input = labelEl.htmlFor ? (container.ownerDocument.getElementById(labelEl.htmlFor) as HTMLInputElement | null) : labelEl.querySelector('input');
  if (!input) throw new Error(`no input for ${label}`);
  return input;
};
