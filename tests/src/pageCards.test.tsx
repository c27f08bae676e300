// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { User } from '../../domain/contracts/auth';
import type { ExportPage } from '../../domain/contracts/exports';
import { en } from '../../domain/i18n/en';
import { statisticSectionName } from '../../domain/resources/sections/statistics';
import { type CardStatisticId, STATISTICS_ON_PAGES, statisticRow } from '../../domain/stats/catalogue';
import { isFigureStatistic } from '../../domain/stats/pageFigures';
import { CountryBirthPage } from '../../src/features/dashboards/CountryBirthPage';
import { CulturalHeritagePage } from '../../src/features/dashboards/CulturalHeritagePage';
import { DemographicsPage } from '../../src/features/dashboards/DemographicsPage';
import { HomePage } from '../../src/features/dashboards/HomePage';
import { LanguagesPage } from '../../src/features/dashboards/LanguagesPage';
import { OverviewPage } from '../../src/features/dashboards/OverviewPage';
import { WorldviewsPage } from '../../src/features/dashboards/WorldviewsPage';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

/**
 * Each dashboard page, rendered, shows the cards of its list in STATISTICS_ON_PAGES
 * (domain/stats/catalogue.ts) in the list's order, each under its catalogue title, its figures in
 * the stat grid and its charts in the chart grid. A card drawn beside them (the demographics'
 * respondents, the countries' map) shows a statistic of the catalogue too, and adds no card.
 */

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const admin: User = {
  id: 'admin-1', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace', role: 'admin', organization_id: 'o1',
  locale_id: 'au', two_factor: 'off', setting: { banners: {} },
};
const state: Partial<AppState> = { session: { ...initialAppState.session, signedIn: true, checked: true, user: admin, userEmail: admin.email } };

const PAGES: Record<ExportPage, (page: string) => ReactElement> = {
  home: (page) => <HomePage page={page} />,
  overview: (page) => <OverviewPage page={page} />,
  demographics: (page) => <DemographicsPage page={page} />,
  'country-birth': (page) => <CountryBirthPage page={page} />,
  languages: (page) => <LanguagesPage page={page} />,
  worldviews: (page) => <WorldviewsPage page={page} />,
  'cultural-heritage': (page) => <CulturalHeritagePage page={page} />,
};

interface ShownCard {
  readonly section: string;
  readonly title: string;
  readonly grid: string;
}

const cardsShown = (container: HTMLElement): ShownCard[] =>
  [...container.querySelectorAll<HTMLElement>('section.stat-card[data-section]')].map((card) => ({
    section: card.dataset['section']!,
    title: card.querySelector('h2')?.textContent ?? '',
    grid: card.parentElement?.className ?? '',
  }));

const expected = (id: CardStatisticId): ShownCard => ({
  section: statisticSectionName(id),
  title: en[statisticRow(id).title as keyof typeof en],
  grid: isFigureStatistic(id) ? 'stat-grid' : 'chart-grid',
});

describe('the dashboard pages', () => {
  for (const [page, element] of Object.entries(PAGES) as [ExportPage, (page: string) => ReactElement][]) {
    it(`${page} shows its catalogue cards in order, under their titles, in their grids`, async () => {
      const path = `/test/${page}`;
      app = await renderApp(path, state, [{ path, element: element(page) }]);
      const list: readonly CardStatisticId[] = STATISTICS_ON_PAGES[page];
      const sections = new Set<string>(list.map(statisticSectionName));
      const shown = cardsShown(app.container);
      // The cards of the list, each at its first drawing.
      const firsts = shown.filter((card, index) => sections.has(card.section) && shown.findIndex((other) => other.section === card.section) === index);
      expect(firsts).toEqual(list.map(expected));
    });
  }

  it('draw in their grids beside the lists only the demographics’ respondents and the countries’ map', async () => {
    const extras: string[] = [];
    for (const [page, element] of Object.entries(PAGES) as [ExportPage, (page: string) => ReactElement][]) {
      const path = `/test/${page}`;
      app = await renderApp(path, state, [{ path, element: element(page) }]);
      const listed = new Set(STATISTICS_ON_PAGES[page].map((id: CardStatisticId) => JSON.stringify(expected(id))));
      const inGrids = cardsShown(app.container).filter((card) => card.grid === 'stat-grid' || card.grid === 'chart-grid');
      extras.push(...inGrids.filter((card) => !listed.has(JSON.stringify(card))).map((card) => `${page} ${card.section} ${card.title}`));
      app.unmount();
      app = undefined;
    }
    expect(extras).toEqual([`demographics statOverviewTotalRegistered ${en['stat.overview.total_registered']}`, `country-birth statCountryCountries ${en['stat.country.map']}`]);
  });
});
