// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { CompareData } from '../../domain/contracts/compare';
import { initialAppState } from '../../domain/app/state';
import { CompareInternalPage } from '../../src/features/dashboards/CompareInternalPage';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';
import { buttonNamed, chooseOption, commandsOf, deliver, press, text } from './account/support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const SALES = '11111111-1111-4111-8111-111111111111';
const TINY = '22222222-2222-4222-8222-222222222222';

const gender = (women: number, men: number) => ({
  total: women + men,
  multiple: false,
  cells: [
    { key: 'f', label: 'Woman or female', count: women, percent: Math.round((1000 * women) / (women + men)) / 10 },
    { key: 'm', label: 'Man or male', count: men, percent: Math.round((1000 * men) / (women + men)) / 10 },
  ],
});

const data: CompareData = {
  selections: [
    {
      group: SALES, dateTag: null, label: 'Sales', status: 200, respondents: 24,
      index: { overall: 0.61, weights: { country: 1 }, pillars: [{ pillar: 'country', giniSimpson: 0.64, effectiveGroups: 2.8, answered: 24, coverage: 100 }] },
      tops: { heritage: [], country: [{ key: 'AU', label: 'Australia', count: 9, percent: 37.5 }], language: [], worldview: [] },
      shown: { countries: 3, languages: 2, worldviews: 2, heritages: 2 },
      demographics: { gender: gender(12, 12), generation: null, positionLevel: null, disability: null, ageBand: null, longTermCondition: 6, lgbtiq: null },
    },
    { group: TINY, dateTag: null, label: 'Tiny', status: 204, message: 'It needs at least 5 answers.' },
  ],
  facts: [],
};

describe('Compare → Internal', () => {
  it('asks for the chosen selections and shows a withheld one’s sentence in its column', async () => {
    app = await renderApp('/test/compare', { ...initialAppState }, [{ path: '/test/compare', element: <CompareInternalPage page="compare/internal" /> }]);
    await deliver(app, { type: 'resource/loaded', name: 'selectionGroups', data: [{ id: SALES, name: 'Sales', children: [{ id: TINY, name: 'Tiny', children: [] }] }] });
    expect(commandsOf(app, 'resource/load').map((c) => (c as { name: string }).name)).not.toContain('compareData');
    await chooseOption(app, 'group-0', SALES);
    await chooseOption(app, 'group-1', TINY);
    await press(buttonNamed(app, 'Compare'));
    const load = commandsOf(app, 'resource/load').find((c) => (c as { name: string }).name === 'compareData') as { args: unknown } | undefined;
    expect(load?.args).toEqual({ groups: [SALES, TINY], 'date-tags': ['', ''] });

    await deliver(app, { type: 'resource/loaded', name: 'compareData', data });
    const headers = [...app.container.querySelectorAll('table.compare-table thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Sales', 'Tiny']);
    const firstRow = [...app.container.querySelectorAll('table.compare-table tbody tr:first-child td')].map((td) => td.textContent);
    expect(firstRow).toEqual(['24', 'It needs at least 5 answers.']);
    expect(text(app)).toContain('Australia');
    expect(text(app)).toContain('No key facts');
    const ltc = [...app.container.querySelectorAll('table.compare-table tbody tr')].find((row) => row.querySelector('th')?.textContent === 'People with a long-term condition');
    expect([...(ltc?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual(['6', 'not shown']);
    // Five grouped bar charts, the withheld selection drawing no bar.
    expect(app.container.querySelectorAll('svg[role="img"]').length).toBe(5);
  });
});
