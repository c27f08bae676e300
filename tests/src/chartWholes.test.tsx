// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TranslatorProvider } from '../../src/hooks/translation';
import type { CrossTable, Distribution, StatTree } from '../../domain/contracts/stats';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { en } from '../../domain/i18n/en';
import { Donut } from '../../src/features/charts/Donut';
import { Tree } from '../../src/features/charts/Tree';
import { CrossChartTable } from '../../src/features/charts/ChartTable';

/**
 * On screen (issue 31): a chart prints no total of its own (the page says its respondents once),
 * and a part that reaches its whole reads "≤" its share, in the chart and in its table.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  container?.remove();
  document.body.innerHTML = '';
});

const render = async (node: ReactNode): Promise<HTMLElement> => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(<TranslatorProvider translator={createTranslator('au', en)}>{node}</TranslatorProvider>));
  return container;
};

const showTable = async (element: HTMLElement) => {
  const toggle = [...element.querySelectorAll('button')].find((button) => button.textContent === en.chart_show_table)!;
  await act(async () => toggle.click());
};

describe('no card total on screen', () => {
  it('draws the ring without its own total', async () => {
    // The card's total (2,007) is raised to hold its values; the page's respondents may read 2,001.
    const data: Distribution = { total: 2007, multiple: false, cells: [{ key: 'a', label: 'Degree', count: 1200, percent: 59.8 }, { key: 'b', label: 'School', count: 807, percent: 40.2 }] };
    const element = await render(<Donut title="Education" data={data} />);
    expect(element.querySelector('svg')!.textContent).not.toMatch(/2,?007/);
  });

  it('leaves the corner of a cross table empty and keeps its margins', async () => {
    const cell = (key: string, count: number) => ({ key, label: '', count, percent: count / 10 });
    const table: CrossTable = {
      total: 1003, rows: [{ key: 'f', label: 'Women' }, { key: 'm', label: 'Men' }], columns: [{ key: 'y', label: 'Young' }],
      cells: [[cell('f|y', 500)], [cell('m|y', 499)]], rowTotals: [cell('f', 500), cell('m', 499)], columnTotals: [cell('y', 999)],
    };
    const element = await render(<CrossChartTable caption="Gender by age" table={table} />);
    const foot = [...element.querySelectorAll('tfoot td')].map((td) => td.textContent);
    expect(foot).toEqual(['999 (99.9%)', '']);
    expect(element.textContent).not.toContain('1,003');
  });
});

describe('a part never reads as its whole on screen', () => {
  // Christian was raised to hold Lutheran; its other denominations are hidden.
  const tree: StatTree = { total: 3000, multiple: false, nodes: [
    { key: 'christian', label: 'Christian', count: 22, percent: 0.7, children: [{ key: 'lutheran', label: 'Lutheran', count: 22, percent: 0.7, children: [] }] },
    { key: 'none', label: 'No religion', count: 900, percent: 30, children: [{ key: 'atheist', label: 'Atheist', count: 300, percent: 10, children: [] }] },
  ] };

  it('writes the child "≤" its share beside its bar, and not a child smaller than its parent', async () => {
    const element = await render(<Tree title="Worldviews" data={tree} />);
    const valueOf = (key: string) => element.querySelector(`.tree-node[data-key="${key}"] .chart-value`)!.textContent;
    expect(valueOf('lutheran')).toBe('≤ 0.7%');
    expect(valueOf('christian')).toBe('0.7%');
    expect(valueOf('atheist')).toBe('10.0%');
  });

  it('writes it so in the table view too', async () => {
    const element = await render(<Tree title="Worldviews" data={tree} />);
    await showTable(element);
    const row = [...element.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('th')!.textContent!.includes('Lutheran'))!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['22', '≤ 0.7%']);
  });
});
