// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { ImportPreview, ImportSummary, PeoplePage as PeoplePageData } from '../../domain/contracts/people';
import { ar } from '../../domain/i18n/catalogues/ar';
import { idleSection, initialResources, type ActionState, type SectionState } from '../../domain/resources/state';
import { PeoplePage } from '../../src/features/people/PeoplePage';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/people';

const preview: ImportPreview = {
  token: '00000000-0000-4000-8000-000000000001',
  file_name: 'staff.csv',
  format: 'csv',
  columns: ['Courriel', 'Prénom', '', 'Groupe'],
  sample: [['ana@example.org', 'Ana', 'x', 'Sales']],
  row_count: 3,
  suggested: { email: 0, first_name: 1, last_name: null, group: 3, sub_group: null, language: null },
};

const summary: ImportSummary = {
  token: preview.token,
  row_count: 3,
  new_count: 1,
  updated_count: 0,
  unchanged_count: 1,
  problem_count: 1,
  problems: [{ row: 4, email: 'bad', reason: 'Please provide a valid email.' }],
};

const people: PeoplePageData = {
  people: [
    {
      id: 'p1', email: 'ana@example.org', first_name: 'Ana', last_name: 'Ruiz', group: { id: 'g', name: 'Sales' }, sub_group: null,
      preferred_language: 'ar', bounced: false, unsubscribed: true, updated_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  page: 1,
  page_size: 50,
  total: 120,
};

const done = <D,>(data: D): ActionState<D> => ({ status: 'done', message: null, errors: {}, data });
const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const state: Partial<AppState> = {
  session: { ...initialAppState.session, signedIn: true, checked: true },
  resources: { ...initialResources, sections: { people: loaded(people) }, actions: { peopleUpload: done(preview), peopleCheck: done(summary) } },
};

const render = () => renderApp(PAGE, state, [{ path: PAGE, element: <PeoplePage page="control-panel/people" /> }]);

describe('Coordinator → People', () => {
  it('labels every control, shows the mapping over the first rows, the summary, the problems and their download', async () => {
    app = await render();
    const { container } = app;
    for (const control of container.querySelectorAll('input, select')) {
      expect(container.querySelector(`label[for="${control.id}"]`), control.outerHTML).not.toBeNull();
    }
    expect((container.querySelector('#people-map-email') as HTMLSelectElement).value).toBe('0');
    expect((container.querySelector('#people-map-last_name') as HTMLSelectElement).value).toBe('');
    // An unnamed column is named by its place.
    expect([...container.querySelectorAll('#people-map-email option')].map((option) => option.textContent)).toContain('Column 3');
    expect(container.textContent).toContain('1 new, 0 updated, 1 with problems.');
    expect(container.textContent).toContain('Already up to date: 1.');
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Download the rows with problems (CSV)')!;
    expect(link.getAttribute('href')).toBe(`/api/people/import/problems?token=${preview.token}`);
    expect(container.textContent).toContain('Page 1 of 3');
    expect(container.textContent).toContain('العربية');
    expect(container.textContent).toContain('Unsubscribed');
  });

  it('dispatches the confirmation with the token and the check with the chosen mapping; it calls nothing itself', async () => {
    app = await render();
    const confirmButton = [...app.container.querySelectorAll('button')].find((button) => button.textContent === 'Confirm the import')!;
    await act(async () => confirmButton.click());
    expect(app.commands).toContainEqual({ type: 'action/submit', action: 'peopleConfirm', body: { token: preview.token }, args: {} });
    // A new check hides the summary it replaces until it answers.
    const select = app.container.querySelector('#people-map-last_name') as HTMLSelectElement;
    await act(async () => {
      select.value = '2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const checkButton = [...app.container.querySelectorAll('button')].find((button) => button.textContent === 'Check the rows')!;
    await act(async () => checkButton.click());
    expect(app.commands).toContainEqual({
      type: 'action/submit',
      action: 'peopleCheck',
      body: { token: preview.token, mapping: { ...preview.suggested, last_name: 2 } },
      args: {},
    });
    expect([...app.container.querySelectorAll('button')].some((button) => button.textContent === 'Confirm the import')).toBe(false);
  });

  it('shows the bytes of the file sent so far as a progress bar, from the action the upload events fill', async () => {
    const sending: ActionState<never> = { status: 'pending', message: null, errors: {}, data: null, upload: { sent: 512 * 1024, total: 2048 * 1024 } };
    app = await renderApp(PAGE, { ...state, resources: { ...initialResources, sections: { people: loaded(people) }, actions: { peopleUpload: sending } } }, [
      { path: PAGE, element: <PeoplePage page="control-panel/people" /> },
    ]);
    const bar = app.container.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('512 KB of 2,048 KB');
    expect(app.container.querySelector(`#${bar.getAttribute('aria-labelledby')}`)?.textContent).toBe('Sending the file');
  });

  it('reads in Arabic, right to left, with the problems’ reasons translated', async () => {
    app = await render();
    await act(async () => {
      app!.i18n.addResourceBundle('ar', 'translation', ar, true, true);
      await app!.i18n.changeLanguage('ar');
    });
    const text = app.container.textContent ?? '';
    expect(text).toContain(ar.people_import_heading);
    expect(text).toContain(ar.email_invalid);
    expect(text).not.toContain('Please provide a valid email.');
    // People's names and addresses keep their own direction inside the page's.
    expect(app.container.querySelector('td[dir="auto"]')?.textContent).toBe('ana@example.org');
  });
});
