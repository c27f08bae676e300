import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_CARDS } from '../../domain/contracts/exports';
import { statisticsEndpoints } from '../../domain/contracts/statistics';
import { STATISTICS_GETS } from './helpers/statisticsReads';
import { statisticsTable } from '../../server/services/statistics/table';
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

  it('every export card is a statistic of the table', () => {
    const cards = Object.values(EXPORT_CARDS).flatMap((cards) => cards.map((card) => `/${card.key}`));
    expect(cards.filter((path) => !tablePaths.has(path))).toEqual([]);
  });
});
