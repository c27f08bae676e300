// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { Role, User } from '../../domain/contracts/auth';
import type { ExtraQuestion } from '../../domain/contracts/extraSurvey';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { ExtraSurveyPage } from '../../src/features/extraSurvey/ExtraSurveyPage';
import { inputLabelled, renderApp, type RenderedApp, submit, typeInto, unmountRenderedApps } from '../support/renderApp';
import { buttonNamed, commandsOf, press, text } from './account/support';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/extra-survey';

const user = (role: Role): User => ({
  id: 'u1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role, organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
});

const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const published: ExtraQuestion = {
  id: 'q1', series_id: 'q1', version: 2, kind: 'scale', text: 'I can be myself at work', translations: {}, options: [], status: 'published', position: 0,
  department: { id: 'g1', name: 'Research' }, links: [{ id: 't1', alias: 'Research link' }], published_at: '2026-01-01T00:00:00.000Z',
};

const render = (role: Role) =>
  renderApp(
    PAGE,
    {
      session: { ...initialAppState.session, signedIn: true, checked: true, user: user(role), userEmail: 'ada@example.org' },
      resources: {
        ...initialResources,
        sections: {
          extraSurveys: loaded({ questions: [published] }),
          extraSurveyDetails: loaded({
            results: [
              {
                id: 'q1', series_id: 'q1', version: 2, kind: 'scale', text: 'I can be myself at work', status: 'published',
                result: { status: 200, data: { total: 40, multiple: false, cells: [{ key: '5', label: 'Strongly agree', count: 21, percent: 52.5 }, { key: '1', label: 'Strongly disagree', suppressed: true, threshold: 5 }] } },
              },
            ],
          }),
          extraSurveyGroups: loaded([{ id: 'g1', name: 'Research', parent_id: null, level: 2, capacity: null }]),
          tokenAll: loaded([]),
        },
      },
    } as Partial<AppState>,
    [{ path: PAGE, element: <ExtraSurveyPage page="extra-survey" /> }],
  );

describe('the extra survey page', () => {
  it('shows released results with hidden cells written as such, and says there are no free-text questions', async () => {
    app = await render('admin');
    const table = app.container.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('I can be myself at work (Version 2, Published)');
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([['Strongly agree', '21', '52.5%'], ['Strongly disagree', 'hidden', 'hidden']]);
    expect(text(app)).toContain('There are no free-text questions');
    expect(text(app)).toContain('Asked on: Research link');
  });

  it('lets a group assignee write a question for one of their groups only', async () => {
    app = await render('group_assignee');
    await press(buttonNamed(app, 'New question'));
    const group = app.container.querySelector<HTMLSelectElement>('.extra-editor select')!;
    expect([...group.options].map((option) => option.textContent)).toEqual(['Research']);
    await typeInto(inputLabelled(app.container, 'Question'), 'Do you feel heard?');
    await typeInto(inputLabelled(app.container, 'Option 1'), 'Yes');
    await typeInto(inputLabelled(app.container, 'Option 2'), 'No');
    await submit(app.container.querySelector<HTMLFormElement>('form.extra-editor')!);
    const sent = commandsOf(app, 'action/submit').at(-1) as unknown as { action: string; body: Record<string, unknown> };
    expect(sent.action).toBe('extraSurveyUpdate');
    expect(sent.body).toMatchObject({ action: 'save', kind: 'single', text: 'Do you feel heard?', department_id: 'g1', options: [{ label: 'Yes' }, { label: 'No' }] });
  });

  it('offers an administrator the whole organisation first', async () => {
    app = await render('admin');
    await press(buttonNamed(app, 'New question'));
    const group = app.container.querySelector<HTMLSelectElement>('.extra-editor select')!;
    expect([...group.options].map((option) => option.textContent)).toEqual(['The whole organisation', 'Research']);
    expect(group.value).toBe('');
  });
});
