import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_CARDS, RETIRED_CARDS } from '../../domain/contracts/exports';
import { statisticsEndpoints } from '../../domain/contracts/statistics';
import { STATISTICS_GETS } from './helpers/statisticsReads';
import { statisticsComputes, statisticsTable } from '../../server/services/statistics/table';
import { RETIRED_STATISTICS, STATISTIC_IDS, STATISTICS_ON_PAGES, statisticRow } from '../../domain/stats/catalogue';
import { statisticSectionName, statisticsSections } from '../../domain/resources/sections/statistics';
import type { StatisticsFigures } from '../../server/services/statistics/figures';

/**
 * Figures about people leave the server through one door (server/services/statistics/released.ts):
 * no server file reads the application's own endpoints over HTTP, every statistics endpoint has its
 * compute in the one table, and every export card names a statistic of that table.
 */
const root = join(__dirname, '../..');
const serverSources = readdirSync(join(root, 'server'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)));

// The table's computes are never called here: a figures object of no use is enough to list its rows.
const rows = statisticsTable({} as StatisticsFigures);
const tablePaths = new Set(rows.map((row) => row.endpoint.path));

describe('one door for released figures', () => {
  it('no server file calls its own endpoints in the process (app.inject) or keeps a loopback reader', () => {
    const offending = serverSources.filter((file) => /\.inject\(|internalRead|releasedReaderOf/.test(readFileSync(join(root, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('every statistics endpoint of the contract but the key facts has its compute in the table, once', () => {
    const contract = STATISTICS_GETS.filter((endpoint) => endpoint !== statisticsEndpoints.keyFacts).map((endpoint) => endpoint.path);
    expect([...tablePaths].sort()).toEqual([...new Set(contract)].sort());
    expect(rows).toHaveLength(tablePaths.size);
  });

  it('campaign participation is read through the door: only released.ts imports its figures, and its routes read app.releasedStatistics', () => {
    // The figures' module, imported by its path from anywhere, or as './participation' from beside it (in routes/campaigns that is the route file).
    const importsFigures = (file: string) => {
      const text = readFileSync(join(root, file), 'utf8');
      return /from '[^']*\/statistics\/participation'/.test(text) || (file.startsWith(join('server', 'services', 'statistics')) && /from '\.\/participation'/.test(text));
    };
    const importers = serverSources.filter(importsFigures);
    expect(importers).toEqual([join('server', 'services', 'statistics', 'released.ts')]);
    const route = readFileSync(join(root, 'server/routes/campaigns/participation.ts'), 'utf8');
    expect(route).toMatch(/releasedStatistics/);
    expect(route).not.toMatch(/services\/statistics\/participation/);
    // The answered figures are released by the cell key method of domain/stats, never sent as counted.
    expect(readFileSync(join(root, 'server/services/statistics/participation.ts'), 'utf8')).toMatch(/releaseParticipation\(/);
  });

  it('every catalogue row has its compute, its section (but the server-only ones) and its export card (but the untitled ones)', () => {
    const computes = statisticsComputes({} as StatisticsFigures);
    expect(Object.keys(computes).sort()).toEqual([...STATISTIC_IDS].sort());
    expect(rows.map((row) => row.id)).toEqual(STATISTIC_IDS);
    const cardKeys = new Set([...Object.values(EXPORT_CARDS).flat(), ...RETIRED_CARDS].map((card) => card.key));
    for (const id of STATISTIC_IDS) {
      const row = statisticRow(id);
      expect(typeof computes[id], id).toBe('function');
      expect(statisticSectionName(id) in statisticsSections, id).toBe(row.section);
      expect(cardKeys.has(row.path.slice(1)), id).toBe(row.title !== undefined);
    }
    const onSomePage = new Set(Object.values(STATISTICS_ON_PAGES).flat());
    for (const id of Object.keys(RETIRED_STATISTICS)) expect(onSomePage.has(id as never), id).toBe(false);
  });

  it('every export card is a statistic of the table', () => {
    const cards = Object.values(EXPORT_CARDS).flatMap((cards) => cards.map((card) => `/${card.key}`));
    expect(cards.filter((path) => !tablePaths.has(path))).toEqual([]);
  });
});
