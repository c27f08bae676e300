// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceSelect, choicesOfTree, type Choice } from '../../src/components/ChoiceSelect';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const render = (element: React.ReactElement): HTMLElement => {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(element));
  return container;
};

const COLOURS: readonly Choice<'red' | 'blue'>[] = [
  { id: 'red', name: 'Red' },
  { id: 'blue', name: 'Blue' },
];

describe('ChoiceSelect, the one select of the product', () => {
  it('sends the chosen id, as a form field under its name', () => {
    const chosen: string[] = [];
    const container = render(<ChoiceSelect label="Colour" name="colour" value="red" items={COLOURS} onChange={(id) => chosen.push(id)} />);
    const select = container.querySelector<HTMLSelectElement>('select[name="colour"]');
    expect(select).not.toBeNull();
    act(() => {
      select!.value = 'blue';
      select!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(chosen).toEqual(['blue']);
    expect(container.querySelector('.react-aria-Label')?.textContent).toBe('Colour');
  });

  it('shows the problem it is given and marks the field invalid; without one it is valid', () => {
    const invalid = render(<ChoiceSelect label="Colour" value={null} items={COLOURS} onChange={() => undefined} problem="Choose a colour." />);
    expect(invalid.textContent).toContain('Choose a colour.');
    expect(invalid.querySelector('.field')?.hasAttribute('data-invalid')).toBe(true);
    act(() => root?.unmount());
    const valid = render(<ChoiceSelect label="Colour" value="red" items={COLOURS} onChange={() => undefined} problem={null} />);
    expect(valid.querySelector('.field')?.hasAttribute('data-invalid')).toBe(false);
  });

  it("wears the form's chevron by default and the toolbar's button when asked", () => {
    const form = render(<ChoiceSelect label="Colour" value="red" items={COLOURS} onChange={() => undefined} />);
    expect(form.querySelector('.select-button .select-chevron')).not.toBeNull();
    expect(form.querySelector('.select-button')?.classList.contains('secondary')).toBe(false);
    act(() => root?.unmount());
    const toolbar = render(<ChoiceSelect look="toolbar" label="Colour" value={null} items={COLOURS} onChange={() => undefined} placeholder="Pick one" />);
    expect(toolbar.querySelector('.select-button')?.classList.contains('secondary')).toBe(true);
    expect(toolbar.querySelector('.select-button')?.textContent).toContain('Pick one');
  });
});

describe('choicesOfTree', () => {
  it('lists parents before their children, each one level deeper', () => {
    const tree = [
      { id: 'a', name: 'A', children: [{ id: 'a1', name: 'A1', children: [{ id: 'a11', name: 'A11', children: [] }] }] },
      { id: 'b', name: 'B', children: [] },
    ];
    expect(choicesOfTree(tree)).toEqual([
      { id: 'a', name: 'A', depth: 0 },
      { id: 'a1', name: 'A1', depth: 1 },
      { id: 'a11', name: 'A11', depth: 2 },
      { id: 'b', name: 'B', depth: 0 },
    ]);
  });
});
