// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { User } from '../../domain/contracts/auth';
import type { OrganizationInformation } from '../../domain/contracts/organization';
import { fr } from '../../domain/i18n/catalogues/fr';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { OrganizationSettingsPage } from '../../src/features/organization/OrganizationSettingsPage';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/organization-settings';

const admin: User = {
  id: 'admin-1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
};

const info: OrganizationInformation = {
  id: 'o1', name: 'Riverbend University', country: 'AU', industry: null, seat_capacity: 12_500, package_expires_at: null,
  view_as_consent: false, details: null, logo_url: null, survey_locale: 'ar',
};

const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const state: Partial<AppState> = {
  session: { ...initialAppState.session, signedIn: true, checked: true, user: admin, userEmail: admin.email },
  resources: { ...initialResources, sections: { orgInfo: loaded(info) } },
};

describe('organisation settings', () => {
  it("shows the organisation's survey language and writes the seat capacity the page language's way", async () => {
    app = await renderApp(PAGE, state, [{ path: PAGE, element: <OrganizationSettingsPage /> }]);
    const form = app.container.querySelector('form[aria-labelledby="org-info-heading"]')!;
    // The link language's select shows the organisation's choice, named in its own language.
    expect(form.querySelector('.select-button')?.textContent).toContain('العربية');
    expect(form.textContent).toContain('Seat capacity: 12,500 participants.');
    await act(async () => {
      app!.i18n.addResourceBundle('fr', 'translation', fr, true, true);
      await app!.i18n.changeLanguage('fr');
    });
    expect(form.textContent).toMatch(/Capacité : 12[\u00a0\u202f]500 participants\./);
    expect(form.textContent).toContain(fr.organization_survey_language);
  });
});
