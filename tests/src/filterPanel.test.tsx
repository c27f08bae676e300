// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState } from '../../domain/app/state';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { HeaderActions } from '../../src/features/shell/HeaderActions';
import { provideCssEscape, renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';
import { commandsOf, press } from './account/support';

provideCssEscape();

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/filters';

const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const render = () =>
  renderApp(
    PAGE,
    {
      session: { ...initialAppState.session, signedIn: true, checked: true },
      resources: {
        ...initialResources,
        sections: {
          filterGenders: loaded([
            { value: 'Woman', principleId: 11, code: 'woman' },
            { value: 'Man', principleId: 12, code: 'man' },
          ]),
          filterPositionLevels: loaded([
            { value: 'Executive', principleId: 21, code: 'executive' },
            { value: 'Manager', principleId: 22, code: 'manager' },
          ]),
        },
      },
    },
    [{ path: PAGE, element: <HeaderActions actions={['refresh', 'applyFilter']} page="home" /> }],
  );

const buttonNamed = (root: ParentNode, name: string): HTMLButtonElement => {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
};

const dialog = () => {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('the filter panel is not open');
  return found;
};

const checkbox = (label: string): HTMLInputElement => {
  const found = [...dialog().querySelectorAll('label')].find((l) => l.textContent?.trim() === label)?.querySelector('input');
  if (!found) throw new Error(`no checkbox ${label}`);
  return found;
};

// The button's text carries the badge's number after its name.
// The dialog and its panel come in a chunk of their own (HeaderActions): wait for the dialog it opens.
const openPanel = async () => {
  await press(app!.container.querySelector<HTMLButtonElement>('button[aria-describedby="active-filter-summary"]')!);
  for (let waited = 0; document.querySelector('[role="dialog"]') === null && waited < 5_000; waited += 20) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
};
const badge = () => app!.container.querySelector('[data-testid="filter-badge"]')?.textContent ?? null;
const apply = async () => {
  const form = dialog().querySelector('form')!;
  await act(async () => {
    form.requestSubmit();
  });
};

describe('the filter panel', () => {
  it('offers gender and position level from their lists and applies them as principle ids', async () => {
    app = await render();
    await openPanel();
    const legends = [...dialog().querySelectorAll('[role="group"] > label, [role="group"] > span')].map((l) => l.textContent);
    expect(legends.slice(0, 2)).toEqual(['Position level', 'Gender']);
    await press(checkbox('Woman'));
    await press(checkbox('Manager'));
    await apply();
    expect(commandsOf(app, 'filters/apply').at(-1)).toEqual({ type: 'filters/apply', filters: { 'position-level': ['22'], gender: ['11'] } });
    expect(badge()).toBe('2');
  });

  it('opens empty after Clear filters, so the next Apply does not bring the old selection back', async () => {
    app = await render();
    await openPanel();
    await press(checkbox('Gen X'));
    await apply();
    expect(badge()).toBe('1');

    await openPanel();
    expect(checkbox('Gen X').checked).toBe(true);
    await press(buttonNamed(dialog(), 'Clear filters'));
    expect(badge()).toBeNull();

    await openPanel();
    expect(checkbox('Gen X').checked).toBe(false);
    await apply();
    expect(badge()).toBeNull();
    expect(app.store.getState().filters.active).toEqual({});
  });
});
