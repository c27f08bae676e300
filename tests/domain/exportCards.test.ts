import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportPage, RETIRED_CARDS, currentCardKey } from '../../domain/contracts/exports';
import { type CardStatisticId, STATISTICS_ON_PAGES, statisticRow } from '../../domain/stats/catalogue';
import { isFigureStatistic } from '../../domain/stats/pageFigures';

/**
 * What a page exports (spreadsheets, the report builder, the AI export) is what it shows. Each
 * dashboard page draws its cards from its list in STATISTICS_ON_PAGES (domain/stats/catalogue.ts)
 * through PageCards, which keeps the list's order (its figures, then its charts); its export cards
 * come from the same list, titled by the catalogue. Read from the page's source: the page hands
 * PageCards its own list, and any card it draws beside them adds no export card (exportable={false},
 * or `shared`: the same figure drawn a second way, one export card under its first title).
 * tests/src/pageCards.test.tsx renders the pages and reads the cards in the order shown.
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

/** The pages' lists each page's source hands to PageCards ('overview', 'country-birth'). */
const listsDrawn = (source: string): string[] =>
  [...source.matchAll(/<PageCards\b[^]*?\bstatistics=\{STATISTICS_ON_PAGES(?:\.([\w]+)|\['([\w-]+)'\])\}/g)].map(([, dotted, quoted]) => (dotted ?? quoted)!);

/** The cards a page's source draws outside its list: their ids and whether they may add an export card. */
const cardsBeside = (source: string): { id: string; exportsNothing: boolean }[] =>
  [...source.matchAll(/<StatisticCard\s+id="([\w.]+)"([^>]*)>/g)].map(([, id, rest]) => ({ id: id!, exportsNothing: /exportable=\{false\}|\bshared\b/.test(rest!) }));

describe('each page’s export cards', () => {
  it('are the figures the page shows, with their titles, in the page’s order', () => {
    for (const page of EXPORT_PAGES) {
      const source = readFileSync(PAGE_SOURCES[page], 'utf8');
      const list: readonly CardStatisticId[] = STATISTICS_ON_PAGES[page];
      expect(list.length, page).toBeGreaterThan(2);
      // The page draws its own list, once, and no card but through the catalogue.
      expect(listsDrawn(source), page).toEqual([page]);
      expect(source, page).not.toMatch(/<StatCard\b/);
      for (const card of cardsBeside(source)) expect(card.exportsNothing, `${card.id} beside ${page}’s cards`).toBe(true);
      // Its figures come first in the list, as PageCards draws them (stat grid, then chart grid).
      const figures = list.filter(isFigureStatistic);
      expect(list.slice(0, figures.length), page).toEqual(figures);
      expect(new Set(list).size, page).toBe(list.length);
      const shown = list.map((id) => ({ path: statisticRow(id).path, title: statisticRow(id).title }));
      expect(EXPORT_CARDS[page].map((card) => ({ path: card.endpoint.path, title: card.title })), page).toEqual(shown);
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
