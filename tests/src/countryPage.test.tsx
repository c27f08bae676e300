// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { User } from '../../domain/contracts/auth';
import { CountryBirthPage } from '../../src/features/dashboards/CountryBirthPage';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';
import { commandsOf, deliver } from './account/support';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/country-birth';
const admin: User = {
  id: 'admin-1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
};
const state: Partial<AppState> = { session: { ...initialAppState.session, signedIn: true, checked: true, user: admin, userEmail: admin.email } };

describe('the country of birth page', () => {
  it('asks once for the countries its bar chart and its map both show', async () => {
    app = await renderApp(PAGE, state, [{ path: PAGE, element: <CountryBirthPage page="dashboard/country-birth" /> }]);
    const loads = commandsOf(app, 'resource/load').map((command) => (command as { name: string }).name);
    expect(loads.filter((name) => name === 'statCountryCountries')).toHaveLength(1);
    expect(loads).toEqual(expect.arrayContaining(['statCountryRowOne', 'statCountryTree', 'statCountryParentGrandparent']));

    await deliver(app, {
      type: 'resource/loaded',
      name: 'statCountryCountries',
      data: { total: 40, multiple: false, cells: [{ key: '14', label: 'Australia', count: 30, percent: 75 }, { key: '77', label: 'India', count: 10, percent: 25 }] },
    });
    const cards = [...app.container.querySelectorAll('[data-section="statCountryCountries"]')];
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(card.getAttribute('data-status')).toBe('loaded');
  });
});
