// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { User } from '../../domain/contracts/auth';
import type { CensusTableLoaded } from '../../domain/contracts/mutuality';
import { initialResources } from '../../domain/resources/state';
import { CensusUploadForm } from '../../src/features/dashboards/CensusUploadForm';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/census-upload';

const admin: User = {
  id: 'admin-1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
};

const loaded: CensusTableLoaded = {
  country: 'US', pillar: 'language', office: 'acs', publisher: 'U.S. Census Bureau', table: 'C16001', title: 'Language spoken at home for the population 5 years and over', year: 2022,
  licence: { name: 'Public domain (U.S. Government work, 17 U.S.C. 105)', url: 'https://www.census.gov/data/developers/about/terms-of-service.html' },
  files: [{ name: 'ACSDT5Y2022.C16001-Data.csv', sha256: 'a'.repeat(64) }],
  rows: 6, mapped: 5, items: 5, notStated: [],
  unmapped: [{ code: 'C16001_010E', name: 'Other Indo-European languages', count: 5_000_000 }],
  unreadable: [],
};

const stateWith = (upload?: CensusTableLoaded): Partial<AppState> => ({
  session: { ...initialAppState.session, signedIn: true, checked: true, user: admin, userEmail: admin.email },
  resources: { ...initialResources, ...(upload === undefined ? {} : { actions: { uploadCensusTable: { status: 'done', message: null, errors: {}, data: upload } } }) },
});

describe('the census upload form', () => {
  it('shows what the loaded table holds and every category that did not map', async () => {
    app = await renderApp(PAGE, stateWith(loaded), [{ path: PAGE, element: <CensusUploadForm /> }]);
    const report = app.container.querySelector('.census-report')!;
    expect(report.textContent).toContain('C16001: Language spoken at home for the population 5 years and over (2022) is loaded as the census\'s Language: 5 of its 6 categories mapped onto 5 items');
    const table = report.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Categories that did not map, left out: 1');
    expect([...table.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['C16001_010EOther Indo-European languages5,000,000']);
  });

  it('says one item in the singular', async () => {
    app = await renderApp(PAGE, stateWith({ ...loaded, rows: 1, mapped: 1, items: 1 }), [{ path: PAGE, element: <CensusUploadForm /> }]);
    expect(app.container.querySelector('.census-report')!.textContent).toContain("mapped onto 1 item of the product's list.");
  });

  it('asks for a file before sending anything', async () => {
    app = await renderApp(PAGE, stateWith(), [{ path: PAGE, element: <CensusUploadForm /> }]);
    const form = app.container.querySelector('form.census-upload')!;
    await act(async () => {
      form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    expect(app.commands.filter((command) => command.type === 'action/submit')).toEqual([]);
    expect(form.querySelector('#census-file-error')?.textContent).toBe('Choose the table file to load.');
    expect(form.querySelector('#census-file')?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the server’s census sentences', () => {
  it('are catalogue sentences, so the page says them in its language', async () => {
    const { en } = await import('../../domain/i18n/en');
    const { CensusUploadMessages } = await import('../../domain/contracts/mutuality');
    const english = new Set(Object.values(en));
    for (const sentence of Object.values(CensusUploadMessages)) if (typeof sentence === 'string') expect(english.has(sentence), sentence).toBe(true);
  });
});
