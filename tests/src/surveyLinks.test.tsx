// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { TokenLink } from '../../domain/contracts/tokens';
import { fr } from '../../domain/i18n/catalogues/fr';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { SurveysManagement } from '../../src/features/control-panel/SurveysManagement';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/links';

const link: TokenLink = {
  id: 'l1', alias: 'Open day', token: 'tok', url: 'https://riverbend.example.org/?token=tok&alias=Open%20day',
  survey: { id: 1, name: 'Diversity survey' }, department: null, anonymity: 1,
  starts_at: '2026-03-01T00:00:00.000Z', expires_at: '2026-03-08T10:30:00.000Z', capacity: 1500, used: 1204, usage_left: 296,
  active: true, status: 'active', created_at: '2026-03-01T00:00:00.000Z',
};

const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const state: Partial<AppState> = {
  session: { ...initialAppState.session, signedIn: true, checked: true },
  resources: { ...initialResources, sections: { tokenAll: loaded([link]) } },
};

describe('survey links in another language', () => {
  it("words the rows again when the language's texts arrive, seats written the language's way", async () => {
    app = await renderApp(PAGE, state, [{ path: PAGE, element: <SurveysManagement page="control-panel/surveys-management" /> }]);
    const row = () => [...app!.container.querySelectorAll('tr')].find((r) => r.textContent?.startsWith('Open day'))!;
    expect(row().textContent).toContain('Anonymous');
    expect(row().textContent).toContain('1,204');
    await act(async () => {
      app!.i18n.addResourceBundle('fr', 'translation', fr, true, true);
      await app!.i18n.changeLanguage('fr');
    });
    const text = row().textContent ?? '';
    expect(text).toContain(fr.link_anonymous);
    expect(text).toContain(fr.link_whole_organisation);
    expect(text).not.toContain('Anonymous');
    expect(text).toMatch(/1[\u00a0\u202f]204/);
  });
});
