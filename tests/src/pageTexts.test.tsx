// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { initialAppState, type AppState } from '../../domain/app/state';
import { en } from '../../domain/i18n/en';
import { enFirstLoad } from '../../domain/i18n/en.firstLoad';
import { enPeople } from '../../domain/i18n/en.people';
import { enCampaigns } from '../../domain/i18n/en.campaigns';
import { enHomeParticipation } from '../../domain/i18n/en.homeParticipation';
import { enOrganizationSettings } from '../../domain/i18n/en.organizationSettings';
import { enUpgradeAccount } from '../../domain/i18n/en.upgradeAccount';
import { enSurveyLinks } from '../../domain/i18n/en.surveyLinks';
import { enMembers } from '../../domain/i18n/en.members';
import { enCompareInternal } from '../../domain/i18n/en.compareInternal';
import { enCompareExternal } from '../../domain/i18n/en.compareExternal';
import { enExtraSurvey } from '../../domain/i18n/en.extraSurvey';
import { enCalendar } from '../../domain/i18n/en.calendar';
import { enBenchmark } from '../../domain/i18n/en.benchmark';
import { enReports } from '../../domain/i18n/en.reports';
import { createTranslator } from '../../infrastructure/i18n/translator';
import { lazyNamedWithTexts } from '../../src/app/pageTexts';
import { TranslatorProvider, useTranslation } from '../../src/hooks/translation';
import { renderApp, type RenderedApp } from '../support/renderApp';

const opened: RenderedApp[] = [];
afterEach(() => {
  for (const app of opened.splice(0)) app.unmount();
  document.body.innerHTML = '';
});

const signedIn: Partial<AppState> = {
  session: { ...initialAppState.session, signedIn: true, checked: true },
};

// React's generated ids (useId) differ from one render of the app to the next.
const withoutIds = (html: string): string => html.replace(/_r_[0-9a-z]+_/g, '_r_');

// Each page whose English is not in the dashboards' first load, with its part of the catalogue.
const PAGES: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
  ['/dashboard/control-panel/people', enPeople],
  ['/dashboard/control-panel/campaigns', enCampaigns],
  ['/dashboard/control-panel/members-management', enMembers],
  ['/dashboard/control-panel/surveys-management', enSurveyLinks],
  ['/dashboard/organization-settings', enOrganizationSettings],
  ['/dashboard/upgrade-account', enUpgradeAccount],
  ['/dashboard/compare/internal', enCompareInternal],
  ['/dashboard/compare/external', enCompareExternal],
  ['/dashboard/extra-survey', enExtraSurvey],
  ['/dashboard/calendar', enCalendar],
  ['/dashboard/benchmark/internal', enBenchmark],
  ['/dashboard/reports', enReports],
];

describe("the pages' parts of the built-in English", () => {
  it.each(PAGES)('%s shows, from its first paint, what it shows with the whole catalogue', async (path, part) => {
    // A first render fetches what the page's shell loads after its first paint (the Apply filter
    // button's chunk), so that the two renders compared differ by their English only.
    (await renderApp(path, signedIn)).unmount();
    const whole = await renderApp(path, signedIn);
    const wholeHtml = withoutIds(whole.container.innerHTML);
    whole.unmount();
    const firstLoadOnly = await renderApp(path, signedIn, [], enFirstLoad);
    opened.push(firstLoadOnly);
    expect(firstLoadOnly.router.state.location.pathname).toBe(path);
    expect(withoutIds(firstLoadOnly.container.innerHTML)).toBe(wholeHtml);
    // The page itself was shown, not the loading line of its chunk...
    expect(firstLoadOnly.container.querySelector('.page-loading')).toBeNull();
    // ...having added its part to the translator, and no key of its part shows in place of a text.
    expect(Object.keys(part).filter((key) => firstLoadOnly.i18n.t(key) === key)).toEqual([]);
    expect(Object.keys(part).filter((key) => firstLoadOnly.container.innerHTML.includes(key))).toEqual([]);
  });

  it('keeps the parts out of the first-load English, each key in exactly one place', () => {
    // Home's participation card brings its own part with its chunk (it shows only once a campaign runs).
    const parts = [...PAGES.map(([, part]) => part), enHomeParticipation];
    const keys = [Object.keys(enFirstLoad), ...parts.map((part) => Object.keys(part))].flat();
    expect(keys.length).toBe(new Set(keys).size);
    expect(new Set(keys)).toEqual(new Set(Object.keys(en)));
  });

  it('renders a page only once its part is in, and adds the part once', async () => {
    const translator = createTranslator('au', { loading: 'Loading…' });
    let partLoads = 0;
    const Page = () => {
      const { t } = useTranslation();
      return <h1>{t('page_title')}</h1>;
    };
    const page = lazyNamedWithTexts(
      async () => ({ Page }),
      'Page',
      async () => {
        partLoads += 1;
        return { page_title: 'People' };
      },
    );
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const paints: string[] = [];
    const observer = new MutationObserver(() => paints.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    await act(async () => {
      root.render(
        <TranslatorProvider translator={translator}>
          <page.Page />
        </TranslatorProvider>,
      );
    });
    await act(async () => {
      await page.preload();
    });
    observer.disconnect();
    expect(container.querySelector('h1')?.textContent).toBe('People');
    expect(paints.some((text) => text.includes('page_title'))).toBe(false);
    expect(partLoads).toBe(1);
    act(() => root.unmount());
  });
});
