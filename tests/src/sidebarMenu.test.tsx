// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState } from '../../domain/app/state';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const signedIn = { session: { ...initialAppState.session, signedIn: true, checked: true } };

describe("the sidebar's menu button (shown on phones)", () => {
  it('opens and folds the menu it controls, and folds it again on a new page', async () => {
    app = await renderApp('/dashboard/home', signedIn);
    const button = [...app.container.querySelectorAll('button')].find((b) => b.textContent === 'Menu')!;
    const sidebar = app.container.querySelector('aside.sidebar')!;
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu.querySelector('nav')).not.toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(sidebar.hasAttribute('data-open')).toBe(false);
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar.hasAttribute('data-open')).toBe(true);
    await act(async () => app!.router.navigate('/dashboard/overview'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
