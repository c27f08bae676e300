import { M49_CONTINENTS, M49_SUBREGIONS, M49_TERRITORY_SUBREGION } from './standards/m49';
import type { LocalName, LookupRow, NameLocale, RowRef } from './types';
import { LAST } from './types';

/**
 * The zones, from the UN M49 tree (data typed in standards/m49.ts, names from CLDR):
 * - micro-zone: the M49 sub-region (Western Europe, Eastern Africa, Melanesia...);
 * - zone: the broad region above it, as the UN's SDG regions draw it: Sub-Saharan Africa
 *   (M49 202) and Latin America and the Caribbean (419) gather their sub-regions, Northern
 *   Africa and Northern America stand alone, and Asia, Europe and Oceania are whole;
 * - macro-zone: the continent.
 * Each level has an "Other" item for what no territory places.
 */
export const ZONE_OF_SUBREGION: Readonly<Record<string, string>> = {
  '015': '015',
  '011': '202',
  '014': '202',
  '017': '202',
  '018': '202',
  '021': '021',
  '005': '419',
  '013': '419',
  '029': '419',
  '143': '142',
  '145': '142',
  '030': '142',
  '034': '142',
  '035': '142',
  '151': '150',
  '154': '150',
  '155': '150',
  '039': '150',
  '053': '009',
  '054': '009',
  '057': '009',
  '061': '009',
  QO: '009',
};

const CONTINENT_OF_ZONE: Readonly<Record<string, string>> = {
  '015': '002',
  '202': '002',
  '021': '019',
  '419': '019',
  '142': '142',
  '150': '150',
  '009': '009',
};

// CLDR's English name of 419 is "Latin America"; M49 names it with the Caribbean it includes.
const ENGLISH_OVERRIDES: Readonly<Record<string, string>> = { '419': 'Latin America and the Caribbean' };

export const OTHER_CODE = 'other';

/** The micro-zone a territory (ISO 3166-1 alpha-2) belongs to, or Other. */
export const microZoneOfTerritory = (territory: string | undefined): RowRef => ({
  list: 'micro-zones',
  code: (territory !== undefined && M49_TERRITORY_SUBREGION[territory]) || OTHER_CODE,
});

export const buildRegions = (territoryNames: (locale: string) => Readonly<Record<string, string>> | undefined, locales: readonly NameLocale[]) => {
  const english = territoryNames('en') ?? {};
  const nameOf = (code: string, fallback: string) => ENGLISH_OVERRIDES[code] ?? english[code] ?? fallback;
  const rows: LookupRow[] = [];
  const add = (row: LookupRow) => rows.push(row);

  Object.entries(M49_CONTINENTS).forEach(([code, name]) => add({ list: 'macro-zones', code, name: nameOf(code, name), sort: rows.length }));
  add({ list: 'macro-zones', code: OTHER_CODE, name: 'Other', sort: LAST });

  for (const zone of Object.keys(CONTINENT_OF_ZONE)) {
    add({ list: 'zones', code: zone, name: nameOf(zone, zone), sort: rows.length, parent: { list: 'macro-zones', code: CONTINENT_OF_ZONE[zone]! } });
  }
  add({ list: 'zones', code: OTHER_CODE, name: 'Other', sort: LAST, parent: { list: 'macro-zones', code: OTHER_CODE } });

  for (const [code, subregion] of Object.entries(M49_SUBREGIONS)) {
    add({ list: 'micro-zones', code, name: nameOf(code, subregion.name), sort: rows.length, parent: { list: 'zones', code: ZONE_OF_SUBREGION[code]! } });
  }
  add({ list: 'micro-zones', code: OTHER_CODE, name: 'Other', sort: LAST, parent: { list: 'zones', code: OTHER_CODE } });

  const names: LocalName[] = [];
  for (const locale of locales) {
    const local = territoryNames(locale.cldr);
    if (local === undefined) continue;
    for (const row of rows) {
      const name = local[row.code];
      if (name !== undefined) names.push({ list: row.list, code: row.code, locale: locale.code, name, sort: null });
    }
  }
  return { rows, names };
};
