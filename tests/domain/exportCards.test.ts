import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportPage, RETIRED_CARDS, currentCardKey } from '../../domain/contracts/exports';
import { statisticSectionName, statisticsSections } from '../../domain/resources/sections/statistics';
import { STATISTICS_ON_PAGES } from '../../domain/stats/catalogue';

/**
 * What a page exports (spreadsheets, the report builder, the AI export) is what it shows: each
 * dashboard page's StatCards, read from its source, name the same figures with the same titles,
 * in the same order, as its export cards (a card marked exportable={false} aside). A figure drawn twice (the countries as a bar chart and
 * as a map) is one export card, under the title of its first drawing.
 */

const PAGE_SOURCES: Record<ExportPage, string> = {
  home: 'src/features/dashboards/HomePage.tsx',
  overview: 'src/features/dashboards/OverviewPage.tsx',
  demographics: 'src/features/dashboards/DemographicsPage.tsx',
  'country-birth': 'src/features/dashboards/CountryBirthPage.tsx',
  languages: 'src/features/dashboards/LanguagesPage.tsx',
  worldviews: 'src/features/dashboards/WorldviewsPage.tsx',
  'cultural-heritage': 'src/features/dashboards/CulturalHeritagePage.tsx',
};

/** The page's cards in the order they are written: the endpoint path each shows and its title key, once per path. */
const shownCards = (page: ExportPage): { path: string; title: string; name: string }[] => {
  const source = readFileSync(PAGE_SOURCES[page], 'utf8');
  const seen = new Set<string>();
  const cards: { path: string; title: string; name: string }[] = [];
  for (const [, name, title, rest] of source.matchAll(/<StatCard\s+name="(\w+)"\s+title=\{t\('([^']+)'\)\}([^>]*)>/g)) {
    // A card that offers no export of its own (the page's respondents, said once beside its charts).
    if (/exportable=\{false\}/.test(rest!)) continue;
    const section = statisticsSections[name as keyof typeof statisticsSections];
    expect(section, `${name} on ${page} is a statistics section`).toBeDefined();
    const path = section.endpoint.path;
    if (seen.has(path)) continue;
    seen.add(path);
    cards.push({ path, title: title!, name: name! });
  }
  return cards;
};

describe('each page’s export cards', () => {
  it('are the figures the page shows, with their titles, in the page’s order', () => {
    for (const page of EXPORT_PAGES) {
      const shown = shownCards(page);
      expect(shown.length, page).toBeGreaterThan(2);
      expect(EXPORT_CARDS[page].map((card) => ({ path: card.endpoint.path, title: card.title })), page).toEqual(shown.map(({ path, title }) => ({ path, title })));
      // The page draws the sections of the catalogue's statistics for it (domain/stats/catalogue.ts), in its order.
      expect(shown.map((card) => card.name), page).toEqual(STATISTICS_ON_PAGES[page].map(statisticSectionName));
    }
  });

  it('list each figure once under a key of its own', () => {
    for (const page of EXPORT_PAGES) {
      const keys = EXPORT_CARDS[page].map((card) => card.key);
      expect(new Set(keys).size, page).toBe(keys.length);
    }
  });
});

describe('retired card keys', () => {
  it('each lead to a card the Languages page shows today, and none is still offered itself', () => {
    const offered = new Set(EXPORT_CARDS.languages.map((card) => card.key));
    for (const { key: retired, now: current } of RETIRED_CARDS) {
      expect(offered.has(retired), retired).toBe(false);
      expect(offered.has(current), `${retired} → ${current}`).toBe(true);
      expect(currentCardKey(retired)).toBe(current);
    }
    expect(currentCardKey('language/native')).toBe('language/native');
  });
});
