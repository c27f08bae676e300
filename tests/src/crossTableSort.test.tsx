// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TranslatorProvider } from '../../src/hooks/translation';
import type { CrossTable } from '../../domain/contracts/stats';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { en } from '../../domain/i18n/en';
import { CrossChartTable, orderCrossRows } from '../../src/features/charts/ChartTable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const HIDDEN_5 = 'hidden (fewer than 5 after adjustment)';
const released = (count: number, total = 60) => ({ key: '', label: '', count, percent: Math.round((count / total) * 1000) / 10 });
const hidden = { key: '', label: '', suppressed: true as const, threshold: 5 };

/** Languages (rows) by gender (columns), as the Languages page's cross table releases them. */
const table: CrossTable = {
  total: 60,
  rows: [
    { key: 'eng', label: 'English' },
    { key: 'hin', label: 'Hindi' },
    { key: 'fra', label: 'French' },
    { key: 'ara', label: 'Arabic' },
  ],
  columns: [{ key: 'f', label: 'Woman or female' }, { key: 'm', label: 'Man or male' }],
  cells: [
    [released(20), released(18)],
    [released(6), released(9)],
    [hidden, released(7)],
    [released(8), hidden],
  ],
  rowTotals: [released(38), released(15), released(9), hidden],
  columnTotals: [released(32), released(36)],
};

const render = async () => {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(<TranslatorProvider translator={createTranslator('au', en)}><CrossChartTable caption="Languages by gender" table={table} /></TranslatorProvider>));
  return container;
};

const rowNames = (el: HTMLElement) => [...el.querySelectorAll('tbody tr')].map((row) => row.querySelector('th')!.textContent);
const header = (el: HTMLElement, name: string) => [...el.querySelectorAll('thead th')].find((th) => th.textContent?.startsWith(name))!;
const press = async (el: HTMLElement, name: string) => act(async () => header(el, name).querySelector('button')!.click());

describe('the table view of a cross table', () => {
  it('starts in the released order with no column sorted', async () => {
    const el = await render();
    expect(rowNames(el)).toEqual(['English', 'Hindi', 'French', 'Arabic']);
    expect([...el.querySelectorAll('thead th')].map((th) => th.getAttribute('aria-sort'))).toEqual(['none', 'none', 'none', 'none']);
  });

  it('orders the rows by any column’s figures, largest first, then smallest first, hidden ones last', async () => {
    const el = await render();
    await press(el, 'Man or male');
    expect(header(el, 'Man or male').getAttribute('aria-sort')).toBe('descending');
    expect(rowNames(el)).toEqual(['English', 'Hindi', 'French', 'Arabic']);
    await press(el, 'Woman or female');
    expect(header(el, 'Woman or female').getAttribute('aria-sort')).toBe('descending');
    expect(header(el, 'Man or male').getAttribute('aria-sort')).toBe('none');
    expect(rowNames(el)).toEqual(['English', 'Arabic', 'Hindi', 'French']);
    await press(el, 'Woman or female');
    expect(header(el, 'Woman or female').getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames(el)).toEqual(['Hindi', 'Arabic', 'English', 'French']);
    // The row's own figures move with it; a hidden one is still said as hidden, never as zero.
    const french = [...el.querySelectorAll('tbody tr')].find((row) => row.querySelector('th')!.textContent === 'French')!;
    expect([...french.children].map((cell) => cell.textContent)).toEqual(['French', HIDDEN_5, '7 (11.7%)', '9 (15.0%)']);
  });

  it('orders the rows by their totals and by name; the totals row stays at the foot', async () => {
    const el = await render();
    await press(el, 'Total');
    expect(rowNames(el)).toEqual(['English', 'Hindi', 'French', 'Arabic']);
    await press(el, 'Total');
    expect(rowNames(el)).toEqual(['French', 'Hindi', 'English', 'Arabic']);
    await press(el, 'Name');
    expect(header(el, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames(el)).toEqual(['Arabic', 'English', 'French', 'Hindi']);
    await press(el, 'Name');
    expect(rowNames(el)).toEqual(['Hindi', 'French', 'English', 'Arabic']);
    // The corner is empty: a card prints no total of its own, the page says its respondents once (issue 31).
    expect([...el.querySelector('tfoot tr')!.children].map((cell) => cell.textContent)).toEqual(['Total', '32 (53.3%)', '36 (60.0%)', '']);
  });

  it('keeps every row exactly once whatever the order', () => {
    const collator = new Intl.Collator('en');
    for (const by of ['name', 'total', 0, 1] as const) {
      for (const descending of [false, true]) {
        expect([...orderCrossRows(table, { by, descending }, collator)].sort()).toEqual([0, 1, 2, 3]);
      }
    }
    expect(orderCrossRows(table, null, collator)).toEqual([0, 1, 2, 3]);
  });
});
