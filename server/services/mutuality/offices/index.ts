import { createHash } from 'node:crypto';
import { type CensusOffice, type CensusTableLoaded, CensusUploadMessages } from '../../../../domain/contracts/mutuality';
import type { CensusPillar, Licence } from '../../../../domain/mutuality/census';
import { STATS_NZ } from '../../../../domain/mutuality/census';
import { type OfficeRow, type Resolution, RESOLVERS, mapOfficeRows, officeEnglishName } from '../officeTables';
import { readAbs } from './abs';
import { readAcs } from './acs';
import { CensusFileError, parseOfficeFile } from './csv';
import { readOns } from './ons';
import { readStatCan } from './statcan';
import { readStatsNz } from './statsnz';
import { LIST_OF_PILLAR, type OfficeReader, type ReadOptions } from './types';

export { CensusFileError } from './csv';

/**
 * A statistical office's published table file, read in the office's own layout (one module per
 * layout in this folder), its categories mapped onto the product's lookup lists, and made into a
 * census pillar with its provenance and the report of what did not map (docs/dashboards.md,
 * "Loading an office's table"). Used by the operator command and the administrator's upload.
 */

interface Office {
  readonly name: string;
  readonly publisher: string;
  readonly country: string;
  readonly licence: Licence;
  readonly url: string;
  readonly read: OfficeReader;
}

const CC_BY_4: Licence = { name: 'Creative Commons Attribution 4.0 International', url: 'https://creativecommons.org/licenses/by/4.0/' };

export const OFFICES: Readonly<Record<CensusOffice, Office>> = {
  abs: {
    name: 'Australia',
    publisher: 'Australian Bureau of Statistics',
    country: 'AU',
    licence: CC_BY_4,
    url: 'https://www.abs.gov.au/census/find-census-data/datapacks',
    read: readAbs,
  },
  ons: {
    name: 'England and Wales',
    publisher: 'Office for National Statistics',
    country: 'GB',
    licence: { name: 'Open Government Licence v3.0', url: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/' },
    url: 'https://www.nomisweb.co.uk/sources/census_2021_bulk',
    read: readOns,
  },
  statcan: {
    name: 'Canada',
    publisher: 'Statistics Canada',
    country: 'CA',
    licence: { name: 'Statistics Canada Open Licence', url: 'https://www.statcan.gc.ca/en/reference/licence' },
    url: 'https://www12.statcan.gc.ca/census-recensement/2021/dp-pd/prof/index.cfm',
    read: readStatCan,
  },
  acs: {
    name: 'United States',
    publisher: 'U.S. Census Bureau',
    country: 'US',
    licence: { name: 'Public domain (U.S. Government work, 17 U.S.C. 105)', url: 'https://www.census.gov/data/developers/about/terms-of-service.html' },
    url: 'https://data.census.gov/',
    read: readAcs,
  },
  statsnz: {
    name: 'New Zealand',
    publisher: STATS_NZ,
    country: 'NZ',
    licence: CC_BY_4,
    url: 'https://www.stats.govt.nz/information-releases/2018-census-totals-by-topic-national-highlights-updated/',
    read: readStatsNz,
  },
};

export interface OfficeUpload {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface OfficeLoadOptions extends ReadOptions {
  /** The people the shares are of, when the table does not give them (or to replace its total). */
  readonly population?: number;
}

/** A loaded table: its pillar as compared, where it is from, and what did not map. */
export interface LoadedOfficeTable {
  readonly country: string;
  /** The census's name, as datasets are named ("Australia"). */
  readonly censusName: string;
  readonly pillar: CensusPillar;
  readonly summary: CensusTableLoaded;
}

/**
 * Not stated rows by the name readers give them, and an office's own codes; else by name, then
 * without a bracketed note ("Tagalog (incl. Filipino)") or an exclusion ("United Kingdom,
 * excluding England and Scotland"; England and Scotland are rows of their own).
 */
const resolverOf = (list: keyof typeof RESOLVERS, own: ((row: OfficeRow) => Resolution) | undefined) => (row: OfficeRow): Resolution => {
  if (/^not stated$/i.test(row.name)) return 'not-stated';
  if (own !== undefined) return own(row);
  const plain = row.name.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  const unqualified = plain.replace(/,?\s+(?:excluding|excludes|excl\.?|except)\s.*$/i, '').trim();
  for (const name of new Set([row.name, plain, unqualified])) {
    const resolved = RESOLVERS[list]({ ...row, name });
    if (resolved !== null) return resolved;
  }
  return null;
};

export const loadOfficeTable = (office: CensusOffice, uploads: readonly OfficeUpload[], options: OfficeLoadOptions = {}): LoadedOfficeTable => {
  const source = OFFICES[office];
  if (uploads.length === 0) throw new CensusFileError(CensusUploadMessages.fileRequired);
  const files = uploads.map((upload) => parseOfficeFile(upload.name, upload.bytes));
  const read = source.read(files, options);
  const population = options.population ?? read.population;
  if (population === null || !(population > 0)) throw new CensusFileError(CensusUploadMessages.populationNeeded);
  const list = LIST_OF_PILLAR[read.pillar];
  const mapped = mapOfficeRows(list, read.rows, resolverOf(list, read.resolve), population, (code) => officeEnglishName(list, code));
  if (mapped.categories.length === 0) throw new CensusFileError(CensusUploadMessages.nothingMapped);
  const hashes = uploads.map((upload) => ({ name: upload.name, sha256: createHash('sha256').update(upload.bytes).digest('hex') }));
  const unmappedCount = mapped.report.unmapped.reduce((sum, row) => sum + row.count, 0);
  const unmappedNote =
    mapped.report.unmapped.length === 0
      ? ''
      : ` ${mapped.report.unmapped.length} of the office's ${mapped.report.rows} categories (${Math.round((unmappedCount / population) * 10_000) / 100}% of the population) have no counterpart in the product's list and are left out.`;
  const pillar: CensusPillar = {
    pillar: read.pillar,
    measure: read.measure,
    multiple: read.multiple,
    rest: read.rest,
    notStated: mapped.notStated,
    categories: mapped.categories,
    source: {
      publisher: source.publisher,
      urls: [source.url],
      table: `${read.table}: ${read.title}`,
      readFrom: `The office's file${hashes.length > 1 ? 's' : ''} ${hashes.map((file) => `${file.name} (sha256 ${file.sha256})`).join(', ')}, loaded into the product`,
    },
    note: `${read.note}${unmappedNote}`,
  };
  return {
    country: source.country,
    censusName: source.name,
    pillar,
    summary: {
      country: source.country,
      pillar: read.pillar,
      office,
      publisher: source.publisher,
      table: read.table,
      title: read.title,
      year: read.year,
      licence: source.licence,
      files: hashes,
      rows: mapped.report.rows,
      mapped: mapped.report.mapped,
      items: mapped.categories.length,
      notStated: [...mapped.report.notStated],
      unmapped: [...mapped.report.unmapped],
      unreadable: [...read.unreadable],
    },
  };
};
