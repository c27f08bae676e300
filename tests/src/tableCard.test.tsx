// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { Cell } from 'react-aria-components';
import type { Section } from '../../src/hooks/resources';
import { ListTable, TableCard } from '../../src/features/control-panel/TableCard';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

interface Fruit { readonly id: string; readonly name: string; readonly ripe: boolean }
const fruits: Fruit[] = [{ id: 'f1', name: 'Apple', ripe: true }, { id: 'f2', name: 'Pear', ripe: false }];
const loaded = (data: Fruit[]): Section<Fruit[]> => ({ status: 'loaded', data, message: null });

const PAGE = '/test/table-card';
const render = (element: ReactElement) => renderApp(PAGE, {}, [{ path: PAGE, element }]);
const cells = (fruit: Fruit) => (
  <>
    <Cell>{fruit.name}</Cell>
    <Cell>{fruit.ripe ? 'ripe' : 'green'}</Cell>
  </>
);

describe('TableCard', () => {
  it('renders the card, its header action and one row per item under a row-header column', async () => {
    app = await render(
      <TableCard headingId="fruit-heading" title="Fruit" action={<button type="button">Add</button>} section={loaded(fruits)}
        empty="No fruit" columns={['Name', <span key="state">State</span>]} cells={cells} />,
    );
    const section = app.container.querySelector('section.card.stack[aria-labelledby="fruit-heading"]');
    expect(section?.querySelector('.card-header > h2#fruit-heading')?.textContent).toBe('Fruit');
    expect(section?.querySelector('.card-header > button')?.textContent).toBe('Add');
    const table = section?.querySelector('.table-scroll > table.data-table');
    expect(table?.getAttribute('aria-label')).toBe('Fruit');
    expect(table?.hasAttribute('aria-labelledby')).toBe(false);
    expect([...table!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'State']);
    expect([...table!.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-key'))).toEqual(['f1', 'f2']);
    expect([...table!.querySelectorAll('tbody tr > :first-child')].map((cell) => cell.getAttribute('role'))).toEqual(['rowheader', 'rowheader']);
  });

  it('names the table by its heading when asked, and puts the intro before the list and the children after it', async () => {
    app = await render(
      <TableCard headingId="fruit-heading" title="Fruit" intro={<p id="intro">Help</p>} section={loaded(fruits)} empty="No fruit"
        columns={['Name', 'State']} cells={cells} tableName="heading">
        <p id="after">Dialogs</p>
      </TableCard>,
    );
    const table = app.container.querySelector('table')!;
    expect(table.getAttribute('aria-labelledby')).toBe('fruit-heading');
    expect(table.hasAttribute('aria-label')).toBe(false);
    const order = [...app.container.querySelectorAll('section > *')].map((child) => child.id || child.className);
    expect(order).toEqual(['card-header', 'intro', 'table-scroll', 'after']);
  });

  it('shows the loading, error or empty line instead of a table', async () => {
    app = await render(<TableCard headingId="h" title="Fruit" section={{ status: 'pending', data: null, message: null }} empty="No fruit" columns={['Name']} cells={cells} />);
    expect(app.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(app.container.querySelector('table')).toBeNull();
    app.unmount();
    app = await render(<TableCard headingId="h" title="Fruit" section={loaded([])} empty="No fruit" columns={['Name']} cells={cells} />);
    expect(app.container.querySelector('p.muted')?.textContent).toBe('No fruit');
    expect(app.container.querySelector('table')).toBeNull();
    app.unmount();
    app = await render(<TableCard headingId="h" title="Fruit" section={{ status: 'error', data: null, message: null }} empty="No fruit" columns={['Name']} cells={cells} />);
    expect(app.container.querySelector('[role="alert"]')).not.toBeNull();
    expect(app.container.querySelector('table')).toBeNull();
  });

  it('lists only the given items of a filtered list, and says it is empty when none is left', async () => {
    app = await render(<ListTable section={loaded(fruits)} items={fruits.filter((fruit) => fruit.ripe)} label="Ripe" empty="None ripe" columns={['Name', 'State']} cells={cells} />);
    expect([...app.container.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-key'))).toEqual(['f1']);
    app.unmount();
    app = await render(<ListTable section={loaded(fruits)} items={[]} label="Ripe" empty="None ripe" columns={['Name', 'State']} cells={cells} />);
    expect(app.container.querySelector('p.muted')?.textContent).toBe('None ripe');
    expect(app.container.querySelector('table')).toBeNull();
  });
});
